// Server-sent events from the API, for the pages that follow a tournament live (the projector board, the
// standings). Read with fetch rather than EventSource, because EventSource cannot send the Authorization
// header: the board stream is public, but the server bounds open streams per client (8), and a client without
// a token is its IP address, so every screen and phone behind a venue's one router would share eight. With
// the session's token (the API client's middleware adds it) each signed-in screen has its own.
// The stream is opened again after a drop, a refusal (429 too-many-streams) or a silence longer than the
// server's heartbeat, with a growing pause, so a projector left running all day comes back by itself.
import { useEffect, useRef, useState } from 'react';
import { ApiProblem, type ProblemBody } from './problem.ts';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface ServerSentEvent {
  readonly event: string;
  readonly data: string;
  readonly id: string | undefined;
}

/** Opens the stream: an openapi-fetch call with `parseAs: 'stream'` and the signal given. */
export type OpenStream = (signal: AbortSignal) => Promise<{
  readonly data?: ReadableStream<Uint8Array> | null;
  readonly error?: unknown;
  readonly response: Response;
}>;

export interface EventStreamOptions {
  /** Pause before the first reopening; doubled after each failure up to maxDelayMs. */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  /** Nothing at all (not even the server's heartbeat, every 15 s) for this long: the connection is dead. */
  readonly silenceMs?: number;
}

/** Reads an event stream to its end, calling `onEvent` for each event (the text/event-stream format). */
export async function readEvents(
  stream: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  onChunk: () => void = () => undefined,
): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let fields = { event: '', data: [] as string[], id: undefined as string | undefined };
  const line = (text: string) => {
    if (text === '') {
      if (fields.data.length > 0)
        onEvent({ event: fields.event || 'message', data: fields.data.join('\n'), id: fields.id });
      fields = { event: '', data: [], id: fields.id };
      return;
    }
    if (text.startsWith(':')) return; // a comment: the server's heartbeat
    const colon = text.indexOf(':');
    const name = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (name === 'event') fields.event = value;
    else if (name === 'data') fields.data.push(value);
    else if (name === 'id') fields.id = value;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk();
    buffer += decoder.decode(value, { stream: true });
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const text of lines) line(text);
  }
}

/**
 * Follows the stream `open` gives (named by `key`: a new key, a new stream; undefined, none), calling
 * `onMessage` with the JSON data of each event named `event`. The status says whether what the page shows
 * is live, so it can say "reconnecting" while it is not.
 */
export function useEventStream<T>(
  key: string | undefined,
  open: OpenStream,
  event: string,
  onMessage: (data: T) => void,
  options: EventStreamOptions = {},
): StreamStatus {
  const [status, setStatus] = useState<StreamStatus>('connecting');
  // The latest callbacks, so a page's re-render never reopens the stream.
  const latest = useRef({ open, onMessage });
  latest.current = { open, onMessage };
  const initialDelay = options.initialDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const silence = options.silenceMs ?? 45_000;

  useEffect(() => {
    if (key === undefined) return;
    let stopped = false;
    let delay = initialDelay;
    let current: AbortController | undefined;
    let pause: ReturnType<typeof setTimeout> | undefined;
    let watchdog: ReturnType<typeof setTimeout> | undefined;

    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => current?.abort(), silence);
    };

    const run = async () => {
      while (!stopped) {
        current = new AbortController();
        try {
          heard();
          const result = await latest.current.open(current.signal);
          if (!result.response.ok || result.data == null)
            throw new ApiProblem(result.response.status, result.error as ProblemBody | undefined);
          delay = initialDelay;
          setStatus('live');
          await readEvents(
            result.data,
            (message) => {
              if (message.event !== event) return;
              try {
                latest.current.onMessage(JSON.parse(message.data) as T);
              } catch {
                // Data that is not JSON is the server's fault; the next event replaces it.
              }
            },
            heard,
          );
        } catch {
          // Dropped, refused or silent: opened again below.
        }
        clearTimeout(watchdog);
        if (stopped) return;
        setStatus('reconnecting');
        await new Promise((resolve) => {
          pause = setTimeout(resolve, delay);
        });
        delay = Math.min(delay * 2, maxDelay);
      }
    };

    setStatus('connecting');
    void run();
    return () => {
      stopped = true;
      clearTimeout(pause);
      clearTimeout(watchdog);
      current?.abort();
    };
  }, [key, event, initialDelay, maxDelay, silence]);

  return status;
}
