import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineRoute } from './route.ts';
import { coalesce, openEventStream } from './sse.ts';
import { startTestApi, type TestApi } from './testing.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** Reads the stream until `until` holds for the text so far. */
async function readUntil(
  body: ReadableStream<Uint8Array>,
  until: (text: string) => boolean,
): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

describe('openEventStream', () => {
  it('given a client, when two events are sent, then it gets both, heartbeats, and the close is noticed', async () => {
    let resumedAfter: string | undefined;
    let closed!: () => void;
    const clientGone = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const live = defineRoute({
      method: 'get',
      path: '/api/test/live',
      summary: 'test: an event stream',
      responses: { 200: { description: 'events', contentType: 'text/event-stream' } },
      handler: ({ req, res }) => {
        const stream = openEventStream(req, res, { heartbeatMs: 30 });
        resumedAfter = stream.lastEventId;
        stream.onClose(closed);
        stream.send('TileDiscarded', { seat: 'E', tile: '5p' }, '41');
        stream.send('TileDiscarded', { seat: 'S', tile: '9z' }, '42');
        return undefined;
      },
    });
    api = await startTestApi({ routes: [live] });
    const abort = new AbortController();
    const response = await fetch(`${api.url}/api/test/live`, {
      headers: { 'last-event-id': '40' },
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const text = await readUntil(response.body!, (so) => so.includes(': heartbeat'));
    abort.abort();
    await clientGone;

    expect(resumedAfter).toBe('40');
    expect(text).toContain('id: 41\nevent: TileDiscarded\ndata: {"seat":"E","tile":"5p"}\n\n');
    expect(text).toContain('id: 42\nevent: TileDiscarded\ndata: {"seat":"S","tile":"9z"}\n\n');
    expect(text.indexOf('id: 41')).toBeLessThan(text.indexOf('id: 42'));
    expect(text).toContain(': heartbeat\n\n');
  });

  it('given the server closes the stream, then the client sees the end', async () => {
    const once = defineRoute({
      method: 'get',
      path: '/api/test/once',
      summary: 'test: one event then the end',
      responses: { 200: { description: 'events' } },
      handler: ({ req, res }) => {
        const stream = openEventStream(req, res);
        stream.send('HandEnded', { hand: 1 });
        stream.close();
        stream.send('Ignored', {});
        return undefined;
      },
    });
    api = await startTestApi({ routes: [once] });
    const text = await (await fetch(`${api.url}/api/test/once`)).text();
    expect(text).toBe('retry: 3000\n\nevent: HandEnded\ndata: {"hand":1}\n\n');
  });
});

describe('coalesce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A send that records the state it read and takes `ms` to finish. */
  function recorder(state: { value: number }, ms = 0) {
    const sent: number[] = [];
    const send = async () => {
      sent.push(state.value);
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    };
    return { sent, send };
  }

  it('given 100 pokes inside one interval, then one send at once and one after the interval, with the latest state', async () => {
    vi.useFakeTimers();
    const state = { value: 0 };
    const { sent, send } = recorder(state);
    const pushes = coalesce(send, 250);

    pushes.poke();
    await vi.advanceTimersByTimeAsync(0);
    for (let n = 1; n <= 100; n++) {
      state.value = n;
      pushes.poke();
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(1000);

    expect(sent).toEqual([0, 100]);
  });

  it('given pokes for 2 s, then at most one send per 250 ms, and the last state sent', async () => {
    vi.useFakeTimers();
    const state = { value: 0 };
    const { sent, send } = recorder(state);
    const pushes = coalesce(send, 250);

    for (let n = 1; n <= 200; n++) {
      state.value = n;
      pushes.poke();
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(1000);

    // 2 s of pokes: a send at 0 ms and at most one per 250 ms after, the trailing one included.
    expect(sent.length).toBeGreaterThanOrEqual(8);
    expect(sent.length).toBeLessThanOrEqual(9);
    expect(sent.at(-1)).toBe(200);
  });

  it('given a send slower than the interval, then sends never overlap and the poke during one is sent after', async () => {
    vi.useFakeTimers();
    const state = { value: 0 };
    let running = 0;
    let overlapped = false;
    const sent: number[] = [];
    const pushes = coalesce(async () => {
      running += 1;
      overlapped ||= running > 1;
      sent.push(state.value);
      await new Promise((resolve) => setTimeout(resolve, 600));
      running -= 1;
    }, 250);

    pushes.poke();
    await vi.advanceTimersByTimeAsync(100);
    state.value = 1;
    pushes.poke();
    await vi.advanceTimersByTimeAsync(2000);

    expect(overlapped).toBe(false);
    expect(sent).toEqual([0, 1]);
  });

  it('given a stop, then pokes send nothing more', async () => {
    vi.useFakeTimers();
    const state = { value: 0 };
    const { sent, send } = recorder(state);
    const pushes = coalesce(send, 250);
    pushes.poke();
    await vi.advanceTimersByTimeAsync(0);
    pushes.poke();
    pushes.stop();
    pushes.poke();
    await vi.advanceTimersByTimeAsync(1000);

    expect(sent).toEqual([0]);
  });
});
