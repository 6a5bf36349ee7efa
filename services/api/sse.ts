// Server-sent events (the live tables board, a player's view of their hand): a helper that sets the stream
// up, keeps proxies from closing it with comment heartbeats, and stops when the client goes.
import type { Request, Response } from 'express';

export interface EventStream {
  /** The id the client last saw (Last-Event-ID), to resume after. */
  readonly lastEventId: string | undefined;
  /** Sends one event; `data` is written as JSON. Ignored once closed. */
  send(event: string, data: unknown, id?: string): void;
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
  res.flushHeaders();
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

  return {
    lastEventId: header === undefined || header === '' ? undefined : header,
    send(event, data, id) {
      if (closed) return;
      let frame = '';
      if (id !== undefined) frame += `id: ${singleLine(id)}\n`;
      frame += `event: ${singleLine(event)}\n`;
      // JSON.stringify escapes newlines inside strings, but keep each line a data: line all the same.
      for (const line of JSON.stringify(data ?? null).split('\n')) frame += `data: ${line}\n`;
      res.write(`${frame}\n`);
    },
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
