// Security (issue 9 item 2): command ids that cannot collide or be forged, tried over HTTP as a careful
// tester would, against a real server: SQLite files always, PostgreSQL (throwaway schemas) when DATABASE_URL
// answers. A client key equal to a server step's id, or to another principal's key, never blocks or replaces a
// command; the same key with another body is 422 on every command route; a replay answers the stored reply and
// appends nothing; keys of every length the docs allow work.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { formatTiles } from '../../domain/tiles/index.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { createApp, startServer, stopServer } from '../../services/api/app.ts';
import { issueToken, type PrincipalClaims } from '../../services/api/auth.ts';
import { type ApiDatabase, openPostgresApiDatabase, openSqliteApiDatabase } from '../../services/api/db.ts';
import { createLogger } from '../../services/api/logging.ts';
import { createMetrics } from '../../services/api/metrics.ts';
import { platformRoutes } from '../../services/api/routes/platform-routes.ts';
import { playSeatOverHttp } from '../../services/bots/http-bot.ts';
import { createBot } from '../../services/bots/index.ts';
import type { EventStore, StoredEvent } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';
import { playTableWithBots } from '../../services/tables/bot-seats.ts';
import { postgresUrl } from '../support/services.ts';

const url = await postgresUrl();

/** A JSON body to probe in assertions: many shapes, so it is left untyped. */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Json = any;

interface Harness {
  readonly url: string;
  readonly platform: Platform;
  readonly store: EventStore;
  readonly organizer: Record<string, string>;
  readonly headersFor: (claims: PrincipalClaims) => Promise<Record<string, string>>;
  close(): Promise<void>;
}

interface Backend {
  readonly name: string;
  open(): Promise<{ store: EventStore; db: Kysely<ApiDatabase>; dispose: () => Promise<void> }>;
}

const sqlite: Backend = {
  name: 'SQLite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'ml-security-ids-'));
    const store = openSqliteEventStore(join(dir, 'events.db'));
    const db = await openSqliteApiDatabase(join(dir, 'api.db'));
    return { store, db, dispose: async () => rmSync(dir, { recursive: true, force: true }) };
  },
};

const postgres = (connectionString: string): Backend => ({
  name: 'PostgreSQL',
  async open() {
    const schema = `security_ids_${process.pid}_${randomBytes(4).toString('hex')}`;
    const store = await openPostgresEventStore(connectionString, { schema: `${schema}_events` });
    const db = await openPostgresApiDatabase(connectionString, { schema: `${schema}_api` });
    return {
      store,
      db,
      dispose: async () => {
        const admin = new pg.Client({ connectionString });
        await admin.connect();
        try {
          await admin.query(`DROP SCHEMA IF EXISTS ${schema}_events CASCADE`);
          await admin.query(`DROP SCHEMA IF EXISTS ${schema}_api CASCADE`);
        } finally {
          await admin.end();
        }
      },
    };
  },
});

const BACKENDS: readonly Backend[] = url === undefined ? [sqlite] : [sqlite, postgres(url)];

/** The server as `serve` builds it, less the read models: the platform and every command route. */
async function startHarness(backend: Backend): Promise<Harness> {
  const { store, db, dispose } = await backend.open();
  const platform = createPlatform(store, { deadlines: false });
  const app = createApp({
    db,
    logger: createLogger({ level: 'silent' }),
    metrics: createMetrics({ defaultMetrics: false }),
    rateLimit: false,
    routes: platformRoutes(platform),
  });
  const server: Server = await startServer(app, 0, '127.0.0.1');
  const headersFor = async (claims: PrincipalClaims) => ({
    authorization: `Bearer ${(await issueToken(db, claims)).token}`,
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    platform,
    store,
    organizer: await headersFor({ role: 'organizer' }),
    headersFor,
    async close() {
      await stopServer(server);
      platform.close();
      await db.destroy();
      await store.close();
      await dispose();
    },
  };
}

interface Answer {
  readonly status: number;
  readonly json: Json;
  readonly headers: Headers;
}

async function call(
  h: Harness,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; key?: string; method?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${h.url}${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.headers ?? h.organizer),
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text === '' ? undefined : JSON.parse(text),
    headers: response.headers,
  };
}

async function ok(
  h: Harness,
  path: string,
  body: unknown = {},
  headers?: Record<string, string>,
): Promise<Json> {
  const answer = await call(h, path, { body, ...(headers === undefined ? {} : { headers }) });
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

interface Seated {
  readonly gameId: string;
  /** Each seat's token headers, by wind. */
  readonly seats: Record<string, Record<string, string>>;
}

/** A tournament of 4 players with round 1 scheduled and seated (one table), its seat tokens issued. */
async function seatedTournament(h: Harness, id: string, hands: number): Promise<Seated> {
  await ok(h, '/api/tournaments', { tournamentId: id, name: id, preset: 'hu-mahjong', seed: id });
  for (let n = 1; n <= 4; n++)
    await ok(h, `/api/tournaments/${id}/players`, { playerId: `${id}-p${n}`, name: `P${n}` });
  await ok(h, `/api/tournaments/${id}/rounds`, {
    round: 1,
    method: 'random',
    end: { kind: 'hands', count: hands },
    minutes: 60,
  });
  await ok(h, `/api/tournaments/${id}/rounds/1/seating`, { method: 'random' });
  const tokens = (await ok(h, `/api/tournaments/${id}/rounds/1/seat-tokens`)) as {
    playerId: string;
    gameId: string;
    token: string;
  }[];
  const { state } = await h.platform.tournaments.current(id);
  const table = state.rounds[0]!.tables[0]!;
  const seats = Object.fromEntries(
    Object.entries(table.seats).map(([seat, playerId]) => [
      seat,
      { authorization: `Bearer ${tokens.find((t) => t.playerId === playerId)!.token}` },
    ]),
  );
  return { gameId: table.gameId, seats };
}

/** The dealer's first held tile, in notation: a discard the rules accept at the start of a hand. */
async function dealerDiscard(h: Harness, seated: Seated): Promise<{ action: string; tile: string }> {
  const seat = await call(h, `/api/games/${seated.gameId}/seat`, { method: 'GET', headers: seated.seats.E! });
  expect(seat.status).toBe(200);
  const kind = (seat.json.concealed.counts as number[]).findIndex((n, i) => n > 0 && i < 34);
  return { action: 'discard', tile: formatTiles([kind]) };
}

async function playOverHttp(h: Harness, seated: Seated): Promise<void> {
  await Promise.all(
    Object.entries(seated.seats).map(([seat, headers]) =>
      playSeatOverHttp({
        url: h.url,
        token: headers.authorization!.slice('Bearer '.length),
        gameId: seated.gameId,
        bot: createBot(`security:${seated.gameId}:${seat}`),
      }),
    ),
  );
}

/** Waits (bounded) until the check holds; the tests assert on what happened, never on how long it took. */
async function eventually(check: () => Promise<boolean>, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('never happened');
}

const typesOf = (events: readonly StoredEvent[]) => events.map((e) => e.type);
const causeOf = (event: StoredEvent) => String(event.metadata.causationId);
const CLIENT_ID = /^client:[0-9a-f]{64}$/;

/** Every server step's id for a game, in the forms the server has used and uses now, and raw server strings. */
function serverIdsOf(tournamentId: string, gameId: string): string[] {
  return [
    `${gameId}:start`,
    `${gameId}:start:0`,
    `${gameId}:start-hand-1`,
    `${gameId}:start-hand-2`,
    `${gameId}:record-hand-1`,
    `${gameId}:record-hand-2`,
    `${gameId}:1:bot-1`,
    `${gameId}:1:close-3`,
    `${tournamentId}:director:start-1`,
    `${tournamentId}:demo-5`,
    `server:${gameId}:start`,
    `server:${gameId}:start-hand:1`,
    `server:${gameId}:start-hand:2`,
    `server:${gameId}:record-hand:1`,
    `server:${gameId}:record-hand:2`,
    `server:${gameId}:table-finished`,
    `server:${gameId}:1:bot:0:E`,
    `server:${gameId}:1:close:3`,
    `server:${tournamentId}:director:start-1`,
  ];
}

describe.each(BACKENDS)('command ids over HTTP on $name', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('given keys equal to every server step id, sent from another tournament and from the table itself, then the round starts, hands deal, and the game finishes and is recorded', async () => {
    const a = await seatedTournament(h, 'sec-a', 2);
    // An organizer of another tournament, and a referee of this one, choose keys that name A's server steps.
    const other = await h.headersFor({ role: 'organizer', tournamentId: 'sec-b' });
    await ok(h, '/api/tournaments', { tournamentId: 'sec-b', name: 'B', preset: 'hu-mahjong' }, other);
    const keys = serverIdsOf('sec-a', a.gameId);
    for (const [i, key] of keys.entries()) {
      const registered = await call(h, '/api/tournaments/sec-b/players', {
        headers: other,
        key,
        body: { playerId: `b-${i}`, name: `B ${i}` },
      });
      expect(registered.status, key).toBe(201);
    }

    const started = await call(h, '/api/tournaments/sec-a/rounds/1/start', { body: {} });
    expect(started.status).toBe(200);
    const referee = await h.headersFor({ role: 'referee', tournamentId: 'sec-a' });
    const extended = await call(h, '/api/tournaments/sec-a/rounds/1/tables/1/extend', {
      headers: referee,
      key: `${a.gameId}:table-finished`,
      body: { minutes: 5, reason: 'a late start' },
    });
    expect(extended.status).toBe(200);
    // The dealer's first discard under a key naming the next steps of the game.
    const discard = await call(h, `/api/games/${a.gameId}/hands/1/actions`, {
      headers: a.seats.E!,
      key: `${a.gameId}:record-hand-1`,
      body: await dealerDiscard(h, a),
    });
    expect(discard.status).toBe(200);
    expect(discard.json.status).toBe('appended');
    await playOverHttp(h, a);

    await eventually(
      async () => (await h.platform.tournaments.current('sec-a')).state.rounds[0]!.tables[0]!.finished,
    );
    const game = await h.store.readStream(gameStream(a.gameId));
    expect(typesOf(game)).toEqual(['GameStarted', 'HandRecorded', 'HandRecorded', 'GameFinished']);
    for (const hand of [1, 2])
      expect(typesOf(await h.store.readStream(handStream(a.gameId, hand))).slice(0, 1)).toEqual([
        'HandStarted',
      ]);
    const tournamentA = await h.store.readStream(tournamentStream('sec-a'));
    expect(typesOf(tournamentA).filter((t) => t === 'TableFinished' || t === 'TableTimeExtended')).toEqual([
      'TableTimeExtended',
      'TableFinished',
    ]);
    // And B's commands were commands of their own: every player registered.
    expect((await h.platform.tournaments.current('sec-b')).state.players).toHaveLength(keys.length);
    // No client's command id is a server step's: the two namespaces never meet.
    const all = await h.store.readAll();
    for (const event of all) {
      const role = (event.metadata.actor as { role: string }).role;
      if (role === 'system') expect(causeOf(event)).toMatch(/^server:/);
      else expect(causeOf(event), event.type).toMatch(CLIENT_ID);
    }
  }, 120_000);

  it('given a seat token that acted under keys naming the bots’ ids, when bots play the table in process, then no bot move is taken for the player’s', async () => {
    const c = await seatedTournament(h, 'sec-c', 1);
    await ok(h, '/api/tournaments/sec-c/rounds/1/start');
    const discard = await call(h, `/api/games/${c.gameId}/hands/1/actions`, {
      headers: c.seats.E!,
      key: `${c.gameId}:1:bot-2`,
      body: await dealerDiscard(h, c),
    });
    expect(discard.status).toBe(200);
    const outcomes: string[] = [];
    const act = h.platform.tables.act.bind(h.platform.tables);
    const spy = vi.spyOn(h.platform.tables, 'act').mockImplementation(async (...args) => {
      const outcome = await act(...args);
      outcomes.push(outcome.status);
      return outcome;
    });
    try {
      await playTableWithBots(h.platform.tables, c.gameId, { botOf: (p) => createBot(`security:${p}`) });
    } finally {
      spy.mockRestore();
    }

    expect(outcomes.length).toBeGreaterThan(5);
    expect(outcomes.filter((s) => s === 'already-applied')).toEqual([]);
    await eventually(
      async () => (await h.platform.tournaments.current('sec-c')).state.rounds[0]!.tables[0]!.finished,
    );
    const hand = await h.store.readStream(handStream(c.gameId, 1));
    const players = hand.filter((e) => (e.metadata.actor as { role: string }).role === 'player');
    // The seat's own discard is the only client command in the hand; every bot move is a server step.
    const clients = [...new Set(players.map(causeOf).filter((id) => CLIENT_ID.test(id)))];
    expect(clients).toHaveLength(1);
    expect(players.find((e) => causeOf(e) === clients[0])?.type).toBe('TileDiscarded');
    const bots = players.filter((e) => !CLIENT_ID.test(causeOf(e)));
    expect(bots.length).toBeGreaterThan(0);
    const botId = new RegExp(`^server:${c.gameId}:1:bot:\\d+:[ESWN]$`);
    for (const event of bots) expect(causeOf(event)).toMatch(botId);
  }, 120_000);

  it('given the same key from two principals, then each gets a command of its own', async () => {
    await ok(h, '/api/tournaments', { tournamentId: 'sec-d', name: 'D', preset: 'hu-mahjong' });
    const second = await h.headersFor({ role: 'organizer' });
    const referee = await h.headersFor({ role: 'referee', tournamentId: 'sec-d' });

    const mine = await call(h, '/api/tournaments/sec-d/players', {
      key: 'same-key',
      body: { playerId: 'd-1', name: 'One' },
    });
    const theirs = await call(h, '/api/tournaments/sec-d/players', {
      headers: second,
      key: 'same-key',
      body: { playerId: 'd-2', name: 'Two' },
    });
    const penalties = [h.organizer, referee].map((headers, i) =>
      call(h, '/api/tournaments/sec-d/penalties', {
        headers,
        key: 'penalty-key',
        body: { playerId: 'd-1', points: 10 + i, reason: `penalty ${i}` },
      }),
    );

    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json.events[0].data.playerId).toBe('d-2');
    expect((await Promise.all(penalties)).map((p) => p.status)).toEqual([201, 201]);
    const { state } = await h.platform.tournaments.current('sec-d');
    expect(state.players.map((p) => p.playerId).sort()).toEqual(['d-1', 'd-2']);
    expect(
      Object.values(state.penalties)
        .map((p) => p.points)
        .sort(),
    ).toEqual([10, 11]);
  });

  it('given a key of 255 characters reused with another body, then 422 idempotency-key-reused on every command route', async () => {
    const e = await seatedTournament(h, 'sec-e', 1);
    await ok(h, '/api/tournaments', { tournamentId: 'sec-e2', name: 'E2', preset: 'hu-mahjong' });
    await ok(h, '/api/tournaments/sec-e2/players', { playerId: 'e2-1', name: 'One' });
    await ok(h, '/api/tournaments/sec-e/rounds/1/start');
    const { state } = await h.platform.tournaments.current('sec-e');
    const player = Object.values(state.rounds[0]!.tables[0]!.seats)[0]!;
    const g = e.gameId;
    // Each command route with two bodies; the first answer is a success or a domain refusal (both kept).
    const routes: { path: string; bodies: [unknown, unknown]; headers?: Record<string, string> }[] = [
      {
        path: '/api/tournaments',
        bodies: [
          { name: 'K1', preset: 'hu-mahjong' },
          { name: 'K2', preset: 'hu-mahjong' },
        ],
      },
      { path: '/api/tournaments/sec-e2/players', bodies: [{ name: 'A' }, { name: 'B' }] },
      {
        path: '/api/tournaments/sec-e2/players/import',
        bodies: [{ csv: 'name\nImported A' }, { csv: 'name\nImported B' }],
      },
      {
        path: '/api/tournaments/sec-e2/players/e2-1/withdraw',
        bodies: [{ reason: 'ill' }, { reason: 'late' }],
      },
      {
        path: '/api/tournaments/sec-e2/players/e2-1/replace',
        bodies: [
          { replacement: { name: 'R1' }, reason: 'r' },
          { replacement: { name: 'R2' }, reason: 'r' },
        ],
      },
      {
        path: '/api/tournaments/sec-e2/rounds',
        bodies: [
          { round: 1, method: 'random', end: { kind: 'hands', count: 1 }, minutes: 60 },
          { round: 1, method: 'random', end: { kind: 'hands', count: 1 }, minutes: 61 },
        ],
      },
      {
        path: '/api/tournaments/sec-e2/rounds/1/seating',
        bodies: [{ method: 'random' }, { method: 'swiss' }],
      },
      { path: '/api/tournaments/sec-e2/seating-plan', bodies: [{ rounds: 3 }, { rounds: 4 }] },
      { path: '/api/tournaments/sec-e2/rounds/1/start', bodies: [{}, { note: 'again' }] },
      { path: '/api/tournaments/sec-e2/rounds/1/close', bodies: [{}, { force: true }] },
      {
        path: '/api/tournaments/sec-e/rounds/1/tables/1/extend',
        bodies: [
          { minutes: 5, reason: 'a' },
          { minutes: 6, reason: 'a' },
        ],
      },
      {
        path: '/api/tournaments/sec-e/penalties',
        bodies: [
          { playerId: player, points: 5, reason: 'a' },
          { playerId: player, points: 6, reason: 'a' },
        ],
      },
      { path: '/api/tournaments/sec-e/penalties/none/cancel', bodies: [{ reason: 'a' }, { reason: 'b' }] },
      { path: '/api/tournaments/sec-e2/finish', bodies: [{}, { note: 'again' }] },
      {
        path: '/api/tournaments/sec-e/disputes',
        bodies: [
          { gameId: g, hand: 1, reason: 'a' },
          { gameId: g, hand: 1, reason: 'b' },
        ],
      },
      {
        path: '/api/tournaments/sec-e/disputes/none/ruling',
        bodies: [
          { ruling: { kind: 'no-change' }, reason: 'a' },
          { ruling: { kind: 'no-change' }, reason: 'b' },
        ],
      },
      {
        path: `/api/games/${g}/hands/next/preview`,
        bodies: [{ result: { kind: 'drawn', ready: [] } }, { result: { kind: 'drawn', ready: ['E'] } }],
      },
      {
        path: `/api/games/${g}/hands/next/entry`,
        bodies: [{ result: { kind: 'drawn', ready: [] } }, { result: { kind: 'drawn', ready: ['E'] } }],
      },
      {
        path: `/api/games/${g}/hands/1/actions`,
        bodies: [{ action: 'pass' }, { action: 'self-draw' }],
        headers: e.seats.S!,
      },
      {
        path: `/api/games/${g}/hands/1/referee`,
        bodies: [
          { action: 'charge-unshown-gong', seat: 'E' },
          { action: 'charge-unshown-gong', seat: 'S' },
        ],
      },
    ];
    // Every route that takes an Idempotency-Key has its case here.
    const declared = platformRoutes(h.platform)
      .flat()
      .filter((r) => r.definition.idempotency !== undefined)
      .map((r) => r.definition.path);
    const covered = (pattern: string) =>
      routes.some((r) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(r.path));
    expect(declared.filter((p) => !covered(p))).toEqual([]);
    expect(routes).toHaveLength(declared.length);

    const key = (i: number) => `${i}-`.padEnd(255, 'k');
    for (const [i, route] of routes.entries()) {
      const headers = route.headers ?? h.organizer;
      const first = await call(h, route.path, { headers, key: key(i), body: route.bodies[0] });
      expect(first.status < 300 || first.json.code === 'rejected', `${route.path}: ${first.status}`).toBe(
        true,
      );
      const before = (await h.store.readAll()).length;
      const reused = await call(h, route.path, { headers, key: key(i), body: route.bodies[1] });
      expect([route.path, reused.status, reused.json.code]).toEqual([
        route.path,
        422,
        'idempotency-key-reused',
      ]);
      expect((await h.store.readAll()).length).toBe(before);
    }
  }, 120_000);

  it('given keys of 1, 200, 201 and 255 characters, then each command runs once and its replay is the stored reply with nothing appended; 256 is 400', async () => {
    const f = await seatedTournament(h, 'sec-f', 1);
    await ok(h, '/api/tournaments/sec-f/rounds/1/start');
    for (const length of [1, 200, 201, 255]) {
      const key = String(length % 10).padEnd(length, 'x');
      const body = { playerId: `f-${length}`, name: `F ${length}` };
      const first = await call(h, '/api/tournaments/sec-f/players', { key, body });
      expect(first.status, `a key of ${length}`).toBe(201);
      const before = await h.store.readStream(tournamentStream('sec-f'));
      const replay = await call(h, '/api/tournaments/sec-f/players', { key, body });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(replay.json).toEqual(first.json);
      expect(await h.store.readStream(tournamentStream('sec-f'))).toEqual(before);
    }
    // A seat's action under a 255-character key, replayed.
    const action = { key: 'a'.repeat(255), headers: f.seats.E!, body: await dealerDiscard(h, f) };
    const discarded = await call(h, `/api/games/${f.gameId}/hands/1/actions`, action);
    expect(discarded.status).toBe(200);
    const hand = await h.store.readStream(handStream(f.gameId, 1));
    const again = await call(h, `/api/games/${f.gameId}/hands/1/actions`, action);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(discarded.json);
    expect(await h.store.readStream(handStream(f.gameId, 1))).toEqual(hand);

    const before = (await h.store.readAll()).length;
    const long = await call(h, '/api/tournaments/sec-f/players', {
      key: 'x'.repeat(256),
      body: { playerId: 'f-256', name: 'F 256' },
    });
    expect(long.status).toBe(400);
    expect(long.json.errors[0].path).toBe('headers.idempotency-key');
    expect((await h.store.readAll()).length).toBe(before);
  });
});
