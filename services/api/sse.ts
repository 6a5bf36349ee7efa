// Server-sent events (the live tables board, a player's view of their hand): a helper that sets the stream
// up, keeps proxies from closing it with comment heartbeats, and stops when the client goes.
import type { Request, Response } from 'express';

export interface EventStream {
  /** The id the client last saw (Last-Event-ID), to resume after. */
  readonly lastEventId: string | undefined;
  /** Sends one event; `data` is written as JSON. Ignored once closed. */
  send(event: string, data: unknown, id?: string): void;
  /** As send, with the data already JSON text (a caller that compared it with the last sent). */
  sendJson(event: string, json: string, id?: string): void;
  /** Ends the stream from the server's side. */
  close(): void;
  readonly closed: boolean;
  /** Runs when the stream ends, whichever side ended it (unsubscribe here). */
  onClose(listener: () => void): void;
}

export interface EventStreamOptions {
  /** Between heartbeat comments (default 15 s). */
  readonly heartbeatMs?: number;
  /** How long a client waits before reconnecting (the `retry:` field), default 3 s. */
  readonly retryMs?: number;
}

export function openEventStream(req: Request, res: Response, options: EventStreamOptions = {}): EventStream {
  const header = req.get('last-event-id');
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  // nginx buffers responses unless told not to.
  res.setHeader('X-Accel-Buffering', 'no');
  // The headers leave with this first write, and with whatever is sent in the same tick (a stream's first
  // frame): one write to the socket where flushHeaders() made it two. At a round's start every seat opens its
  // stream at once, and those writes were a tenth of the server's time.
  res.write(`retry: ${options.retryMs ?? 3000}\n\n`);

  let closed = false;
  const listeners: (() => void)[] = [];
  const heartbeat = setInterval(() => {
    if (!closed) res.write(': heartbeat\n\n');
  }, options.heartbeatMs ?? 15_000);

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners.splice(0)) listener();
  };
  res.on('close', finish);

  const sendJson = (event: string, json: string, id?: string) => {
    if (closed) return;
    let frame = '';
    if (id !== undefined) frame += `id: ${singleLine(id)}\n`;
    frame += `event: ${singleLine(event)}\n`;
    // JSON.stringify escapes newlines inside strings, but keep each line a data: line all the same.
    for (const line of json.split('\n')) frame += `data: ${line}\n`;
    res.write(`${frame}\n`);
  };
  return {
    lastEventId: header === undefined || header === '' ? undefined : header,
    send: (event, data, id) => sendJson(event, JSON.stringify(data ?? null), id),
    sendJson,
    close() {
      if (closed) return;
      finish();
      res.end();
    },
    get closed() {
      return closed;
    },
    onClose(listener) {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}

const singleLine = (text: string): string => text.replace(/[\r\n]/g, ' ');

export interface Coalesced {
  /** Something changed: `send` runs soon, once for every poke since it last ran. */
  poke(): void;
  /** No more runs (the stream closed); one already running finishes. */
  stop(): void;
  /** The state was just sent by other means (a stream's first frame): the next run waits its interval. */
  sent(): void;
}

/**
 * Runs `send` after a poke at most once per `minIntervalMs` and never twice at once; pokes in between fold
 * into one run, which reads the state as it is then, so the latest state is always sent and a burst of
 * changes (a busy round: every discard at every table) costs a stream a few sends a second, not one each.
 * `send` deals with its own failures (closes its stream, say): a rejection is dropped here.
 */
export function coalesce(send: () => Promise<void>, minIntervalMs: number): Coalesced {
  let dirty = false;
  let running = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastAt = Number.NEGATIVE_INFINITY;

  const schedule = () => {
    if (stopped || running || timer !== undefined || !dirty) return;
    timer = setTimeout(run, Math.max(0, lastAt + minIntervalMs - Date.now()));
  };
  const run = () => {
    timer = undefined;
    if (stopped || !dirty) return;
    dirty = false;
    running = true;
    lastAt = Date.now();
    const settle = () => {
      running = false;
      schedule();
    };
    void send().then(settle, settle);
  };
  return {
    poke() {
      dirty = true;
      schedule();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
    sent() {
      lastAt = Date.now();
    },
  };
}
