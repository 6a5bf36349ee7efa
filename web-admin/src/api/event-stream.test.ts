// Given a text/event-stream cut into arbitrary chunks, then every event is read whole, with its name, data and
// id; comments (the server's heartbeat) are skipped.
import { describe, expect, it } from 'vitest';
import { readEvents, type ServerSentEvent } from './event-stream.ts';

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readEvents', () => {
  it('given events split across chunks, then each is read once and whole', async () => {
    const events: ServerSentEvent[] = [];
    await readEvents(
      streamOf(
        'retry: 3000\n\nid: 1\nevent: bo',
        'ard\ndata: {"round":1}\n',
        '\n: heartbeat\n\n',
        'id: 2\r\nevent: board\r\ndata: {"round":2}\r\n\r\n',
      ),
      (e) => events.push(e),
    );
    expect(events).toEqual([
      { event: 'board', data: '{"round":1}', id: '1' },
      { event: 'board', data: '{"round":2}', id: '2' },
    ]);
  });

  it('given data on several lines and no event name, then one message with the lines joined', async () => {
    const events: ServerSentEvent[] = [];
    await readEvents(streamOf('data: a\ndata: b\n\n'), (e) => events.push(e));
    expect(events).toEqual([{ event: 'message', data: 'a\nb', id: undefined }]);
  });
});
