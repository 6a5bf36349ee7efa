// End to end over HTTP (issue 5): a 16-player, 4-round hu-mahjong tournament run by an organizer through the
// API, every seat played by a bot over HTTP with its own seat token. Then: standings equal the sum of the
// settlements on record; a seat token cannot act for another seat or read another hand; a retried command
// appends once; a stale If-Match is refused; a finished hand's replay shows every claim window resolved.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handStream } from '../../domain/play/metadata.ts';
import { SEATS, type Seat } from '../../domain/rules/seats.ts';
import { formatTiles } from '../../domain/tiles/index.ts';
import { createLogger } from '../../services/api/logging.ts';
import { playSeatOverHttp } from '../../services/bots/http-bot.ts';
import { createBot } from '../../services/bots/index.ts';
import { loadConfig } from '../../services/config.ts';
import { type RunningServer, startPlatformServer } from '../../services/server.ts';

const PLAYERS = 16;
const ROUNDS = 4;
const TOURNAMENT = 'e2e-open';

let server: RunningServer;
let dataDir: string;
let organizer: Record<string, string>;
/** Seat tokens of the last round: player → { token, gameId }. */
let lastTokens: Map<string, { token: string; gameId: string }>;

/** A JSON body to probe in assertions: the tests read many shapes, so it is left untyped. */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Json = any;

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: Json; headers: Headers }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

async function ok(method: string, path: string, body?: unknown, headers: Record<string, string> = organizer) {
  const result = await call(method, path, headers, body);
  if (result.status >= 300)
    throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.json)}`);
  return result;
}

/** The first tile a seat holds, in compact notation (counts are per kind 0..33, then flowers). */
function firstTile(counts: readonly number[]): string {
  const kind = counts.findIndex((n, i) => n > 0 && i < 34);
  return formatTiles([kind]);
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ledger-e2e-'));
  server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
    // The projections in a thread of their own, whatever the machine's cores: the queries read what was written.
    projections: 'thread',
  });
  organizer = bearer(server.organizerToken);

  await ok('POST', '/api/tournaments', {
    tournamentId: TOURNAMENT,
    name: 'E2E Open',
    preset: 'hu-mahjong',
    seed: 'e2e',
  });
  for (let n = 1; n <= PLAYERS; n++)
    await ok('POST', `/api/tournaments/${TOURNAMENT}/players`, { playerId: `p${n}`, name: `Player ${n}` });
  for (let round = 1; round <= ROUNDS; round++) {
    const method = round === 1 ? 'random' : 'swiss';
    await ok('POST', `/api/tournaments/${TOURNAMENT}/rounds`, {
      round,
      method,
      end: { kind: 'hands', count: 1 },
      minutes: 60,
    });
    await ok('POST', `/api/tournaments/${TOURNAMENT}/rounds/${round}/seating`, { method });
    await ok('POST', `/api/tournaments/${TOURNAMENT}/rounds/${round}/start`, {});
    const issued = (await ok('POST', `/api/tournaments/${TOURNAMENT}/rounds/${round}/seat-tokens`, {}))
      .json as {
      playerId: string;
      gameId: string;
      token: string;
    }[];
    expect(issued).toHaveLength(PLAYERS);
    lastTokens = new Map(issued.map((t) => [t.playerId, { token: t.token, gameId: t.gameId }]));
    // Every player plays their own seat over HTTP, all tables at once.
    await Promise.all(
      issued.map((t) =>
        playSeatOverHttp({
          url: server.url,
          token: t.token,
          gameId: t.gameId,
          bot: createBot(`e2e:${t.playerId}`),
        }),
      ),
    );
    await waitFor(async () =>
      (await ok('GET', `/api/tournaments/${TOURNAMENT}`)).json.rounds[round - 1].tables.every(
        (t: { finished: boolean }) => t.finished,
      ),
    );
    await ok('POST', `/api/tournaments/${TOURNAMENT}/rounds/${round}/close`, {});
  }
  await server.projections.catchUp();
}, 240_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitFor(done: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every game of the tournament and its hand streams, read from the store. */
async function games(): Promise<{ gameId: string; hands: number }[]> {
  const { json } = await ok('GET', `/api/tournaments/${TOURNAMENT}`);
  const ids: string[] = json.rounds.flatMap((r: { tables: { gameId: string }[] }) =>
    r.tables.map((t) => t.gameId),
  );
  return Promise.all(
    ids.map(async (gameId) => ({ gameId, hands: (await ok('GET', `/api/games/${gameId}`)).json.hand })),
  );
}

describe('a 16-player, 4-round tournament played by bots over HTTP', () => {
  it('plays every table of every round to its end', async () => {
    const { json } = await ok('GET', `/api/tournaments/${TOURNAMENT}`);
    expect(json.rounds).toHaveLength(ROUNDS);
    for (const round of json.rounds) {
      expect(round.tables).toHaveLength(PLAYERS / 4);
      expect(round.tables.every((t: { finished: boolean }) => t.finished)).toBe(true);
    }
  });

  it('gives standings equal to the sum of the settlements on record', async () => {
    // Independently of the projections: every hand stream's payments, seat by seat, mapped to players.
    const expected = new Map<string, number>();
    for (let n = 1; n <= PLAYERS; n++) expected.set(`p${n}`, 0);
    for (const { gameId } of await games()) {
      for (let hand = 1; ; hand++) {
        const events = await server.platform.store.readStream(handStream(gameId, hand));
        if (events.length === 0) break;
        const started = events.find((e) => e.type === 'HandStarted')!.data as {
          seatWinds: Partial<Record<Seat, string>>;
        };
        let settlement: { from: Seat; to: Seat; points: number }[] = [];
        const paidNow: { from: Seat; to: Seat; points: number }[] = [];
        for (const e of events) {
          const data = e.data as { transfers?: { from: Seat; to: Seat; points: number }[]; settled?: string };
          if (e.type === 'HandSettled' || e.type === 'SettlementCorrected') settlement = data.transfers!;
          if (e.type === 'ImmediatePayment' || (e.type === 'PenaltyAssessed' && data.settled === 'now'))
            paidNow.push(...data.transfers!);
        }
        for (const t of [...settlement, ...paidNow]) {
          const from = started.seatWinds[t.from]!;
          const to = started.seatWinds[t.to]!;
          expected.set(from, expected.get(from)! - t.points);
          expected.set(to, expected.get(to)! + t.points);
        }
      }
    }
    const { json } = await ok('GET', `/api/tournaments/${TOURNAMENT}/standings`, undefined, {});
    const standings = json.standings as { playerId: string; points: number; place: number; games: number }[];
    expect(standings).toHaveLength(PLAYERS);
    for (const row of standings) {
      expect(row.points, row.playerId).toBe(expected.get(row.playerId));
      expect(row.games).toBe(ROUNDS);
    }
    expect([...expected.values()].reduce((a, b) => a + b, 0)).toBe(0);
    // Places: sorted by points, equal points share a place.
    standings.forEach((row, i) => {
      expect(row.place).toBe(1 + standings.filter((other) => other.points > row.points).length);
      if (i > 0) expect(row.points).toBeLessThanOrEqual(standings[i - 1]!.points);
    });
  });

  it("shows a finished hand's replay with every claim window and its resolution", async () => {
    // A game of the last round, whose players still hold their seat tokens.
    const [playerId, seat] = [...lastTokens.entries()][0]!;
    const first = { gameId: seat.gameId };
    const { json } = await ok(
      'GET',
      `/api/games/${first!.gameId}/hands/1/replay`,
      undefined,
      bearer(seat.token),
    );
    expect(json.over, playerId).toBe(true);
    const events = await server.platform.store.readStream(handStream(first!.gameId, 1));
    const opened = events.filter((e) => e.type === 'ClaimWindowOpened').length;
    expect(opened).toBeGreaterThan(0);
    expect(json.windows).toHaveLength(opened);
    for (const window of json.windows) expect(window.resolution).toBeDefined();
    expect(json.payments.some((p: { kind: string }) => p.kind === 'settlement')).toBe(true);
  });
});

describe('seat tokens, retries and stale versions on a live table', () => {
  let gameId: string;
  let tokens: Map<string, string>;

  beforeAll(async () => {
    const id = 'e2e-live';
    await ok('POST', '/api/tournaments', {
      tournamentId: id,
      name: 'Live checks',
      preset: 'hu-mahjong',
      seed: 'live',
    });
    for (let n = 1; n <= 4; n++)
      await ok('POST', `/api/tournaments/${id}/players`, { playerId: `q${n}`, name: `Q ${n}` });
    await ok('POST', `/api/tournaments/${id}/rounds`, {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 1 },
      minutes: 60,
    });
    await ok('POST', `/api/tournaments/${id}/rounds/1/seating`, { method: 'random' });
    await ok('POST', `/api/tournaments/${id}/rounds/1/start`, {});
    const issued = (await ok('POST', `/api/tournaments/${id}/rounds/1/seat-tokens`, {})).json as {
      playerId: string;
      gameId: string;
      token: string;
    }[];
    gameId = issued[0]!.gameId;
    tokens = new Map(issued.map((t) => [t.playerId, t.token]));
  });

  /** The player at a seat wind this hand, and their token. */
  async function atSeat(seat: Seat): Promise<{ playerId: string; token: string }> {
    const { json } = await ok('GET', `/api/games/${gameId}`);
    const playerId = json.seatWinds[seat] as string;
    return { playerId, token: tokens.get(playerId)! };
  }

  it('shows a player only their own concealed tiles', async () => {
    const east = await atSeat('E');
    const { json, headers } = await ok('GET', `/api/games/${gameId}/seat`, undefined, bearer(east.token));
    expect(json.seat).toBe('E');
    expect(json.concealed.counts.reduce((a: number, b: number) => a + b, 0)).toBe(14);
    expect(headers.get('etag')).toBe(`"${json.revision}"`);
    // Nothing in the body is another seat's hand or the wall.
    const text = JSON.stringify(json);
    expect(text).not.toContain('"wall"');
    expect(Object.keys(json.exposed).sort()).toEqual([...SEATS].sort());
  });

  it('refuses a seat token acting for another seat, or reading a live hand (403)', async () => {
    const south = await atSeat('S');
    const east = await atSeat('E');
    const { json } = await ok('GET', `/api/games/${gameId}/seat`, undefined, bearer(east.token));
    const tile = firstTile(json.concealed.counts);
    // South's token cannot discard: it is East's turn, and South acts only as South.
    const discard = await call('POST', `/api/games/${gameId}/hands/1/actions`, bearer(south.token), {
      action: 'discard',
      tile,
    });
    expect(discard.status).toBe(409);
    expect(discard.json.rejection.code).toBeDefined();
    // A live hand's replay is for officials: a player gets 403.
    const replay = await call('GET', `/api/games/${gameId}/hands/1/replay`, bearer(south.token));
    expect(replay.status).toBe(403);
    // A token of another game is refused on this one.
    const stranger = [...lastTokens.values()][0]!.token;
    const foreign = await call('GET', `/api/games/${gameId}/seat`, bearer(stranger));
    expect(foreign.status).toBe(403);
  });

  it('appends a retried command once (same Idempotency-Key) and refuses a stale If-Match (412)', async () => {
    const east = await atSeat('E');
    const seat = await ok('GET', `/api/games/${gameId}/seat`, undefined, bearer(east.token));
    const before = seat.json.revision as number;
    const action = { action: 'discard', tile: firstTile(seat.json.concealed.counts) };
    const headers = { ...bearer(east.token), 'idempotency-key': 'discard-once', 'if-match': `"${before}"` };
    const first = await call('POST', `/api/games/${gameId}/hands/1/actions`, headers, action);
    expect(first.status).toBe(200);
    const retried = await call('POST', `/api/games/${gameId}/hands/1/actions`, headers, action);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    const events = await server.platform.store.readStream(handStream(gameId, 1));
    expect(events.filter((e) => e.type === 'TileDiscarded')).toHaveLength(1);
    // The hand moved on: a command pinned to the old revision is refused.
    const south = await atSeat('S');
    const stale = await call(
      'POST',
      `/api/games/${gameId}/hands/1/actions`,
      { ...bearer(south.token), 'if-match': `"${before}"` },
      { action: 'pass' },
    );
    expect(stale.status).toBe(412);
    expect(stale.json.code).toBe('stale-version');
  });
});
