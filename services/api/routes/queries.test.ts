// The queries over real HTTP on the platform server (SQLite files in a temp DATA_DIR): the tables board as
// server-sent events, public standings, and the audit log kept for officials.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTiles } from '../../../domain/tiles/index.ts';
import { loadConfig } from '../../config.ts';
import { type RunningServer, startPlatformServer } from '../../server.ts';
import { createLogger } from '../logging.ts';
import { bearer, readJson } from '../testing.ts';

const TOURNAMENT = 'queries-open';

let server: RunningServer;
let dataDir: string;
/** Seat tokens of round 1: player → token; all four at one table. */
let tokens: Map<string, string>;
let gameId: string;

async function post(path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-queries-'));
  server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
    // The projections in a thread of their own, whatever the machine's cores: the queries read what was written.
    projections: 'thread',
  });
  const organizer = bearer(server.organizerToken);
  await post(
    '/api/tournaments',
    { tournamentId: TOURNAMENT, name: 'Queries', preset: 'hu-mahjong', seed: 'q' },
    organizer,
  );
  for (let n = 1; n <= 4; n++)
    await post(`/api/tournaments/${TOURNAMENT}/players`, { playerId: `p${n}`, name: `P ${n}` }, organizer);
  const round = `/api/tournaments/${TOURNAMENT}/rounds`;
  await post(round, { round: 1, method: 'random', end: { kind: 'hands', count: 1 }, minutes: 60 }, organizer);
  await post(`${round}/1/seating`, { method: 'random' }, organizer);
  await post(`${round}/1/start`, {}, organizer);
  const issued = (await readJson(await post(`${round}/1/seat-tokens`, {}, organizer))) as {
    playerId: string;
    gameId: string;
    token: string;
  }[];
  tokens = new Map(issued.map((t) => [t.playerId, t.token]));
  gameId = issued[0]!.gameId;
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Server-sent events as they arrive: `next()` resolves with the next event of a name. */
function eventStream(path: string) {
  const controller = new AbortController();
  const frames: { event: string; data: unknown }[] = [];
  const waiting: (() => void)[] = [];
  const done = (async () => {
    const response = await fetch(`${server.url}${path}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6));
        if (event !== undefined) frames.push({ event, data: JSON.parse(data.join('\n')) });
        for (const wake of waiting.splice(0)) wake();
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch(() => undefined);
  let read = 0;
  return {
    async next(name: string, ms = 10_000): Promise<unknown> {
      const until = Date.now() + ms;
      for (;;) {
        while (read < frames.length) {
          const frame = frames[read++]!;
          if (frame.event === name) return frame.data;
        }
        if (Date.now() > until) throw new Error(`no ${name} event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}

describe('the tables board as server-sent events', () => {
  it('given a live table, when the stream is opened, then it sends the board; when the table moves on, another board', async () => {
    const stream = eventStream(`/api/tournaments/${TOURNAMENT}/board/stream`);
    try {
      // biome-ignore lint/suspicious/noExplicitAny: a JSON body probed in assertions
      const first = (await stream.next('board')) as any;
      expect(first.tournamentId).toBe(TOURNAMENT);
      expect(first.tables).toHaveLength(1);
      expect(first.tables[0].gameId).toBe(gameId);

      // East discards: the table moves on.
      const table = await readJson(
        await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }),
      );
      const east = tokens.get(table.seatWinds.E)!;
      const seat = await readJson(
        await fetch(`${server.url}/api/games/${gameId}/seat`, { headers: bearer(east) }),
      );
      const kind = (seat.concealed.counts as number[]).findIndex((n, i) => n > 0 && i < 34);
      await post(
        `/api/games/${gameId}/hands/1/actions`,
        { action: 'discard', tile: formatTiles([kind]) },
        bearer(east),
      );

      // biome-ignore lint/suspicious/noExplicitAny: a JSON body probed in assertions
      const next = (await stream.next('board')) as any;
      expect(next.tables[0].gameId).toBe(gameId);
      expect(next.tables[0]).not.toEqual(first.tables[0]);
    } finally {
      await stream.close();
    }
  });
});

describe('standings and the audit log', () => {
  it('gives the standings to anyone, without a token', async () => {
    const response = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/standings`);

    expect(response.status).toBe(200);
    const { standings } = await readJson(response);
    expect(standings.map((row: { playerId: string }) => row.playerId).sort()).toEqual([
      'p1',
      'p2',
      'p3',
      'p4',
    ]);
  });

  it('keeps the audit log from the public (401) and from players (403), and gives it to the organizer', async () => {
    const path = `${server.url}/api/tournaments/${TOURNAMENT}/audit`;

    expect((await fetch(path)).status).toBe(401);
    expect((await fetch(path, { headers: bearer(tokens.get('p1')!) })).status).toBe(403);
    const organizer = await fetch(path, { headers: bearer(server.organizerToken) });
    expect(organizer.status).toBe(200);
    expect(Array.isArray((await readJson(organizer)).entries)).toBe(true);
  });
});
