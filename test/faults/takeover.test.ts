// Two server processes on one PostgreSQL (issue 13, faults b and d; the fast subset in `npm test`): a command
// sent through the process that does not hold the table is decided there and appended, a board stream on one
// process hears of a move made through the other, and when the lease holder is killed (SIGKILL) the other
// takes the table over once its lease expires and closes the claim window left open, overdue, as passes.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handStream } from '../../domain/play/metadata.ts';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { postgresUrl } from '../support/services.ts';
import { type ServeProcess, startServe } from './serve-process.ts';
import { BOUND_MS, PostgresDatabases, TempDirs } from './support.ts';

const LEASE_MS = 1500;
const CLAIM_DEADLINE_MS = 1000;
const serverUrl = await postgresUrl();
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function api(base: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomBytes(8).toString('hex'),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text === '' ? undefined : JSON.parse(text),
    etag: response.headers.get('etag'),
  };
}

async function ok(base: string, token: string, method: string, path: string, body?: unknown) {
  const answer = await api(base, token, method, path, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer;
}

const SUITS = 'mps';

/** Tile counts by suit letter and digit from compact notation (`11278m14p…`). */
function countsOf(notation: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [, digits, suit] of notation.matchAll(/(\d+)([mpsz])/g))
    for (const d of digits!) counts.set(`${d}${suit}`, (counts.get(`${d}${suit}`) ?? 0) + 1);
  return counts;
}

/** A tile of `discarder` another hand could pong, or South (`others[0]`) could chow: the window then waits. */
function claimable(discarder: string, others: readonly string[]): string | undefined {
  const mine = [...countsOf(discarder).keys()];
  const theirs = others.map(countsOf);
  const pong = mine.find((t) => theirs.some((c) => (c.get(t) ?? 0) >= 2));
  if (pong !== undefined) return pong;
  const south = theirs[0]!;
  const has = (n: number, suit: string) => n >= 1 && n <= 9 && (south.get(`${n}${suit}`) ?? 0) > 0;
  return mine.find((t) => {
    const n = Number(t[0]);
    const suit = t[1]!;
    if (!SUITS.includes(suit)) return false;
    return (
      (has(n - 2, suit) && has(n - 1, suit)) ||
      (has(n - 1, suit) && has(n + 1, suit)) ||
      (has(n + 1, suit) && has(n + 2, suit))
    );
  });
}

/** Waits for `check` to hold, polling; a bound on a loaded machine, never a measure. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  const limit = Date.now() + BOUND_MS;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** The first `board` event of a stream opened now whose board satisfies `wanted`. */
function boardEvent(
  base: string,
  tournamentId: string,
  wanted: (board: { tables: { lastAction?: string }[] }) => boolean,
) {
  const abort = new AbortController();
  const opened = fetch(`${base}/api/tournaments/${tournamentId}/board/stream`, { signal: abort.signal });
  const found = opened.then(async (response) => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the board stream ended');
      text += value;
      for (;;) {
        const end = text.indexOf('\n\n');
        if (end === -1) break;
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const data = frame.split('\n').find((line) => line.startsWith('data: '));
        if (frame.includes('event: board') && data !== undefined) {
          const board = JSON.parse(data.slice(6));
          if (wanted(board)) return board;
        }
      }
    }
  });
  return { found, close: () => abort.abort() };
}

describe.skipIf(serverUrl === undefined)('two server processes on one PostgreSQL', () => {
  const databases = new PostgresDatabases(serverUrl ?? 'postgres://unused');
  const dirs = new TempDirs('faults-takeover-');
  const servers: ServeProcess[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await databases.create(`takeover_${process.pid}_${randomBytes(3).toString('hex')}`);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await databases.dropAll();
    dirs.remove();
  });

  const serve = async (name: string) => {
    const server = await startServe({
      DATA_DIR: dirs.dir(name),
      DATABASE_URL: databaseUrl,
      TABLE_LEASE_MS: String(LEASE_MS),
      // Whatever the machine's cores: B hears A's moves only once its projection thread says they are in the
      // read models.
      PROJECTIONS: 'thread',
    });
    servers.push(server);
    return server;
  };

  it(
    'given a table started through A, when E discards through B and A is killed, then B hears the move, takes the table over and closes the overdue window as passes, once',
    async () => {
      const a = await serve('a');
      const b = await serve('b');
      const tournamentId = 'takeover';
      const base = `/api/tournaments/${tournamentId}`;
      await ok(a.url, a.organizerToken, 'POST', '/api/tournaments', {
        tournamentId,
        name: 'Takeover',
        // A fixed seed fixes the seating and the wall: with a random one, East was now and then dealt no tile
        // another seat could claim, and the test had no claim window to leave open.
        seed: 'takeover-claimable',
        preset: 'hu-mahjong',
        options: { claimDeadlineMs: CLAIM_DEADLINE_MS },
      });
      await ok(a.url, a.organizerToken, 'POST', `${base}/players/import`, {
        csv: ['id,name', 'p1,Ana', 'p2,Bo', 'p3,Cy', 'p4,Di'].join('\n'),
      });
      await ok(a.url, a.organizerToken, 'POST', `${base}/rounds`, {
        round: 1,
        method: 'random',
        end: { kind: 'hands', count: 1 },
        minutes: 90,
        recording: 'live',
      });
      await ok(a.url, a.organizerToken, 'POST', `${base}/rounds/1/seating`, { method: 'random' });
      await ok(a.url, a.organizerToken, 'POST', `${base}/rounds/1/start`, {});
      const seats = (await ok(a.url, a.organizerToken, 'POST', `${base}/rounds/1/seat-tokens`, {})).json as {
        gameId: string;
        token: string;
      }[];
      const gameId = seats[0]!.gameId;
      // The dealer (East) is to discard: find its token by its seat view.
      const views = await Promise.all(
        seats.map(async (s) => ({
          ...s,
          view: (await ok(b.url, s.token, 'GET', `/api/games/${gameId}/seat`)).json,
        })),
      );
      const east = views.find((v) => v.view.seat === 'E')!;
      const others = ['S', 'W', 'N'].map(
        (seat) => views.find((v) => v.view.seat === seat)!.view.concealed.notation,
      );
      const tile = claimable(east.view.concealed.notation, others);
      expect(tile, 'a tile of East that another seat may claim').toBeDefined();

      // Through A while B's board stream listens; A dies at once, its claim window open and no longer timed.
      const heard = boardEvent(b.url, tournamentId, (board) =>
        board.tables.some((t) => /discarded/.test(t.lastAction ?? '')),
      );
      await sleep(300);
      const discard = await api(a.url, east.token, 'POST', `/api/games/${gameId}/hands/1/actions`, {
        action: 'discard',
        tile,
      });
      const killedAt = Date.now();
      await a.kill();
      expect(discard.status).toBe(200);
      expect(discard.json.events.map((e: { type: string }) => e.type)).toEqual([
        'TileDiscarded',
        'ClaimWindowOpened',
      ]);
      // B hears of the move made through A: the store's subscription reaches its board stream.
      await heard.found;
      heard.close();

      // A held the lease (it started the table); it dies with the claim window open.
      const store = await openPostgresEventStore(databaseUrl);
      try {
        const before = await store.readStream(handStream(gameId, 1));
        expect(before.some((e) => e.type === 'ClaimTimedOut')).toBe(false);

        const timedOut = await eventually(async () => {
          const events = await store.readStream(handStream(gameId, 1));
          const closing = events.filter((e: StoredEvent) => e.type === 'ClaimTimedOut');
          return closing.length > 0 ? { events, closing } : undefined;
        }, 'the window to close after the takeover');

        // One command closed it, after A died (A's own timer never ran), as passes of every silent seat.
        expect(new Set(timedOut.closing.map((e) => e.metadata.causationId)).size).toBe(1);
        expect(Date.parse(timedOut.closing[0]!.recordedAt)).toBeGreaterThanOrEqual(killedAt);
        const takeoverMs = Date.parse(timedOut.closing[0]!.recordedAt) - killedAt;
        console.info(
          `takeover: the window closed ${takeoverMs} ms after the holder was killed (lease ${LEASE_MS} ms)`,
        );
        // And the hand goes on through B: South's turn.
        const south = views.find((v) => v.view.seat === 'S')!;
        const view = await eventually(async () => {
          const answer = (await ok(b.url, south.token, 'GET', `/api/games/${gameId}/seat`)).json;
          return answer.turn === 'S' ? answer : undefined;
        }, "South's turn");
        expect(view.phase.kind).not.toBe('claim-window');
      } finally {
        await store.close();
      }
    },
    4 * BOUND_MS,
  );
});
