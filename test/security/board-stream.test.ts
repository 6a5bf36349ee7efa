// The public board stream cannot be turned into a firehose or a socket hog (issue 9, item 4), over real
// connections to the platform server: a burst of board changes costs a stream one more board, not one per
// change, and the board it ends on is the latest; a client holds at most 8 streams (429 too-many-streams
// before the ninth opens), a token counts apart from its IP, and a closed stream gives its slot back.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatTiles } from '../../domain/tiles/index.ts';
import { bearer, type LiveTable, startLiveTable } from '../fuzz/live-table.ts';

let table: LiveTable;
const TOURNAMENT = 'streams-open';

beforeAll(async () => {
  table = await startLiveTable(TOURNAMENT);
}, 60_000);
afterAll(() => table?.close());

/** An open board stream: the boards so far, and a way to wait for more. */
async function openBoardStream(headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${table.server.url}/api/tournaments/${TOURNAMENT}/board/stream`, {
    headers,
    signal: controller.signal,
  });
  const boards: unknown[] = [];
  const reading =
    response.status !== 200
      ? Promise.resolve()
      : (async () => {
          const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += value;
            for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
              const lines = buffer.slice(0, end).split('\n');
              buffer = buffer.slice(end + 2);
              if (lines.includes('event: board'))
                boards.push(JSON.parse(lines.find((l) => l.startsWith('data: '))!.slice(6)));
            }
          }
        })().catch(() => undefined);
  return {
    response,
    boards,
    /** Waits (at most 5 s) until the stream holds `count` boards. */
    async until(count: number) {
      for (let tries = 0; boards.length < count && tries < 250; tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(boards.length).toBeGreaterThanOrEqual(count);
    },
    async close() {
      controller.abort();
      await reading;
    },
  };
}

const board = async () =>
  (await fetch(`${table.server.url}/api/tournaments/${TOURNAMENT}/board`)).json() as Promise<unknown>;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls (at most 5 s) until the condition holds. */
async function eventually(condition: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 250 && !(await condition()); tries++) await settle(20);
  expect(await condition()).toBe(true);
}

/** The seat's move if it has one (discards the first tile it holds on its turn, passes an offer): acted. */
async function actFrom(seat: { readonly token: string }): Promise<boolean> {
  const response = await fetch(`${table.server.url}/api/games/${table.gameId}/seat`, {
    headers: bearer(seat.token),
  });
  const view = (await response.json()) as {
    phase: { kind: string };
    concealed: { counts: number[] };
  };
  const kind = view.phase.kind;
  if (kind !== 'turn' && kind !== 'claim') return false;
  const tile = view.concealed.counts.findIndex((n, i) => n > 0 && i < 34);
  const action = kind === 'turn' ? { action: 'discard', tile: formatTiles([tile]) } : { action: 'pass' };
  const reply = await fetch(`${table.server.url}/api/games/${table.gameId}/hands/1/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(seat.token) },
    body: JSON.stringify(action),
  });
  expect(reply.status).toBe(200);
  return true;
}

describe('coalescing', () => {
  it('given an open stream, when a discard is noticed 200 times at once, then it gets one more board, not 200', async () => {
    const stream = await openBoardStream();
    try {
      await stream.until(1);
      // One real change (a discard shows on the board), then 200 notices of it at once. A notice of nothing
      // new sends nothing (the same board is never sent twice), so the board must really change first.
      expect(await actFrom(table.acting)).toBe(true);
      await table.server.projections.catchUp();
      for (let n = 0; n < 200; n++) table.server.feed.changed([TOURNAMENT]);
      await stream.until(2);
      // Four intervals more: nothing else is on the way.
      await settle(4 * table.server.feed.minIntervalMs);

      expect(stream.boards).toHaveLength(2);
      expect(stream.boards[1]).toEqual(await board());
    } finally {
      await stream.close();
    }
  });

  it('given a table playing on, then the stream sends fewer boards than changes and ends on the latest', async () => {
    const changed = vi.spyOn(table.server.feed, 'changed');
    const stream = await openBoardStream();
    try {
      await stream.until(1);
      // Twelve actions, as fast as HTTP goes: the seat to act discards, a seat offered a claim passes. Each is
      // projected before the next (the projection thread would gather several into one batch, one notice), so
      // the board changes twelve times.
      const seats = [table.acting, ...table.waiting];
      for (let step = 0; step < 12; step++)
        for (const seat of seats) {
          if (!(await actFrom(seat))) continue;
          await table.server.projections.catchUp();
          break;
        }
      await table.server.projections.catchUp();
      const latest = await board();
      await eventually(() => JSON.stringify(stream.boards.at(-1)) === JSON.stringify(latest));

      const changes = changed.mock.calls.filter(([ids]) => ids.includes(TOURNAMENT)).length;
      console.log(`board stream: ${changes} board changes sent as ${stream.boards.length} boards`);
      expect(changes).toBeGreaterThanOrEqual(12);
      expect(stream.boards.length).toBeLessThan(changes);
    } finally {
      changed.mockRestore();
      await stream.close();
    }
  });
});

describe('open streams per client', () => {
  it('given 8 anonymous streams from one address, then the 9th is 429 too-many-streams; a token counts apart', async () => {
    const streams = [];
    try {
      for (let n = 0; n < 8; n++) streams.push(await openBoardStream());
      const ninth = await openBoardStream();
      const withToken = await openBoardStream(bearer(table.acting.token));
      streams.push(withToken);

      expect(streams.map((s) => s.response.status)).toEqual(Array(9).fill(200));
      expect(ninth.response.status).toBe(429);
      expect(ninth.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await ninth.response.json()).toMatchObject({ code: 'too-many-streams', status: 429 });
      expect(table.server.feed.slots.open).toBe(9);

      // One closed: its slot is free again once the server sees the connection go.
      await streams.shift()!.close();
      await eventually(() => table.server.feed.slots.open === 8);
      const again = await openBoardStream();
      streams.push(again);
      expect(again.response.status).toBe(200);
    } finally {
      for (const stream of streams) await stream.close();
    }
    await eventually(() => table.server.feed.slots.open === 0);
    expect(table.server.feed.tournamentsListened).toBe(0);
  });

  it('given streams of 100 unknown tournaments opened and closed, then none is still listened to', async () => {
    for (let n = 0; n < 100; n++) {
      const controller = new AbortController();
      const response = await fetch(`${table.server.url}/api/tournaments/nowhere-${n}/board/stream`, {
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      controller.abort();
    }
    await eventually(() => table.server.feed.slots.open === 0);
    expect(table.server.feed.tournamentsListened).toBe(0);
  });
});
