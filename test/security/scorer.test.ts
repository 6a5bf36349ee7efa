// The scorer role over real HTTP (issue 11, item 1): the API wired as the server wires it, events in a real
// SQLite file, the API's tables on SQLite and on PostgreSQL (a throwaway schema; skipped with a reason when no
// server answers). Tournament S has two physical tables (hands entered), tournament L one live table. A
// scorer token from S's table cards previews and enters its own table's hands and reads its table, the
// tournament's public view and who it is; nothing else: another table's hands, the officials' views, tokens,
// penalties, disputes, players, tables of another tournament are 403 naming what the token is for. A revoked or
// reissued card stops working, and a scorer token enters nothing once its game is over or its round closed.
import '../../services/api/zod.ts';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { hashToken, issueToken } from '../../services/api/auth.ts';
import { type ApiDatabase, openPostgresApiDatabase, openSqliteApiDatabase } from '../../services/api/db.ts';
import { NextHand } from '../../services/api/routes/entry.ts';
import { ScorerTokens, Session, TableCards } from '../../services/api/routes/tokens.ts';
import { type Stack, startStack } from '../support/api-stack.ts';
import { postgresUrl } from '../support/services.ts';

const url = await postgresUrl();
const pgSchemas: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: the tests read fields of many JSON shapes
type Json = any;

/** Seed 003's scoring example: South wins on North's discard, 18300 (one hand ends a game of one hand). */
const WIN = {
  kind: 'win',
  by: 'discard',
  from: 'N',
  claims: [
    { seat: 'S', hand: '123s123p789p9p', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
  ],
};

/** The body parses with the schema the document gives it, to itself: nothing sent is left undocumented. */
function expectDocumented(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${parsed.error.message}\nin ${JSON.stringify(body).slice(0, 2000)}`);
  expect(parsed.data).toEqual(body);
}

const backends: [string, (() => Promise<Kysely<ApiDatabase>>) | undefined][] = [
  ['SQLite', () => openSqliteApiDatabase(':memory:')],
  [
    'PostgreSQL',
    url === undefined
      ? undefined
      : () => {
          const schema = `scorer_${process.pid}_${randomBytes(4).toString('hex')}`;
          pgSchemas.push(schema);
          return openPostgresApiDatabase(url, { schema });
        },
  ],
];

afterAll(async () => {
  if (url === undefined || pgSchemas.length === 0) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const schema of pgSchemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

describe.each(backends)('the scorer role, the API tables on %s', (_name, open) => {
  let stack: Stack;
  let organizer: string;
  /** S's table cards as first issued. */
  let cards: Json;
  let scorer1: string;
  let scorer2: string;

  const call = async (method: string, path: string, token?: string, body?: unknown, headers = {}) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text === '' ? undefined : JSON.parse(text)) as Json,
    };
  };
  const ok = async (method: string, path: string, body?: unknown, token = organizer) => {
    const reply = await call(method, path, token, body);
    if (reply.status >= 300)
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };

  /** A tournament of 8 (or 4) players, round 1 seated as given and started. */
  async function startedTournament(id: string, tables: string[][], recording: 'entered' | 'live') {
    await ok('POST', '/api/tournaments', { tournamentId: id, name: `Open ${id}`, preset: 'hu-mahjong' });
    for (const playerId of tables.flat())
      await ok('POST', `/api/tournaments/${id}/players`, {
        playerId,
        name: `${playerId.toUpperCase()} Lee`,
        club: 'Kowloon',
      });
    await ok('POST', `/api/tournaments/${id}/rounds`, {
      round: 1,
      method: 'uploaded',
      end: { kind: 'hands', count: 1 },
      minutes: 60,
      recording,
    });
    await ok('POST', `/api/tournaments/${id}/rounds/1/seating`, { method: 'uploaded', tables });
    await ok('POST', `/api/tournaments/${id}/rounds/1/start`, {});
  }

  beforeAll(async () => {
    if (open === undefined) return;
    stack = await startStack(await open());
    organizer = (await issueToken(stack.db, { role: 'organizer' })).token;
    await startedTournament(
      'S',
      [
        ['a1', 'a2', 'a3', 'a4'],
        ['b1', 'b2', 'b3', 'b4'],
      ],
      'entered',
    );
    await startedTournament('L', [['l1', 'l2', 'l3', 'l4']], 'live');
    cards = await ok('POST', '/api/tournaments/S/rounds/1/table-cards', {});
    scorer1 = cards.tables[0].scorer.token;
    scorer2 = cards.tables[1].scorer.token;
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  it.skipIf(open === undefined)(
    'given a round whose hands are entered, then its table cards carry a scorer token and sign-in link per table and no seat tokens',
    () => {
      expectDocumented(TableCards, cards);
      expect(cards).toMatchObject({ tournamentId: 'S', name: 'Open S', round: 1, recording: 'entered' });
      expect(cards.revoked).toEqual({ seat: 0, scorer: 0 });
      expect(cards.tables.map((t: Json) => [t.table, t.gameId])).toEqual([
        [1, 'S-r1-t1'],
        [2, 'S-r1-t2'],
      ]);
      expect(cards.tables[0].seats).toEqual(
        ['a1', 'a2', 'a3', 'a4'].map((playerId, i) => ({
          seat: 'ESWN'[i],
          playerId,
          name: `${playerId.toUpperCase()} Lee`,
          club: 'Kowloon',
          substitute: false,
          token: null,
          tokenId: null,
          signIn: null,
        })),
      );
      expect(cards.tables[0].scorer.signIn).toBe(`/sign-in#token=${scorer1}`);
    },
  );

  it.skipIf(open === undefined)(
    'given its token, then the scorer learns who it is, reads its next hand and the tournament without its seed',
    async () => {
      const me = await call('GET', '/api/me', scorer1);
      expect(me.status).toBe(200);
      expectDocumented(Session, me.body);
      expect(me.body).toEqual({
        role: 'scorer',
        tokenId: cards.tables[0].scorer.tokenId,
        label: 'scorer: round 1 table 1',
        global: false,
        tournamentId: 'S',
        round: 1,
        table: 1,
        gameId: 'S-r1-t1',
        playerId: null,
        seat: null,
        expiresAt: null,
        ended: null,
      });
      const next = await call('GET', '/api/games/S-r1-t1/hands/next', scorer1);
      expect(next.status).toBe(200);
      expectDocumented(NextHand, next.body);
      expect(next.body).toMatchObject({ hand: 1, round: 1, table: 1, recording: 'entered', ended: null });
      expect(next.body.seats.map((s: Json) => [s.seat, s.name, s.points])).toEqual([
        ['E', 'A1 Lee', 30000],
        ['S', 'A2 Lee', 30000],
        ['W', 'A3 Lee', 30000],
        ['N', 'A4 Lee', 30000],
      ]);
      const tournament = await call('GET', '/api/tournaments/S', scorer1);
      expect(tournament.status).toBe(200);
      expect(tournament.body.seed).toBeUndefined();
      expect(JSON.stringify(tournament.body)).not.toContain('seed-');
      const organizerMe = await call('GET', '/api/me', organizer);
      expect(organizerMe.body).toMatchObject({ role: 'organizer', global: true, tournamentId: null });
      expectDocumented(Session, organizerMe.body);
    },
  );

  it.skipIf(open === undefined)(
    'given another table’s game, then preview, entry and its next hand are 403, and nothing is written there',
    async () => {
      const before = await stack.store.readStream(handStream('S-r1-t2', 1));
      for (const [method, path, body] of [
        ['POST', '/api/games/S-r1-t2/hands/next/preview', { result: WIN }],
        ['POST', '/api/games/S-r1-t2/hands/next/entry', { result: WIN }],
        ['GET', '/api/games/S-r1-t2/hands/next', undefined],
        ['POST', '/api/games/L-r1-t1/hands/next/entry', { result: WIN }],
      ] as const) {
        const refused = await call(method, path, scorer1, body);
        expect(refused.status, path).toBe(403);
        expect(refused.body.code).toBe('forbidden');
      }
      expect(
        (await call('POST', '/api/games/S-r1-t2/hands/next/entry', scorer1, { result: WIN })).body.detail,
      ).toBe('the token is bound to game S-r1-t1');
      expect(await stack.store.readStream(handStream('S-r1-t2', 1))).toEqual(before);
    },
  );

  it.skipIf(open === undefined)(
    'given any other route, then 403 saying what a scorer token is for; nothing is written',
    async () => {
      const revision = (await stack.store.readStream(tournamentStream('S'))).length;
      const refusals: [string, string, unknown?][] = [
        ['GET', '/api/tournaments'],
        ['GET', '/api/games/S-r1-t1'],
        ['GET', '/api/games/S-r1-t1/seat'],
        ['GET', '/api/games/S-r1-t1/hands/1/replay'],
        ['GET', '/api/tournaments/S/audit'],
        ['GET', '/api/tournaments/S/tokens'],
        ['GET', '/api/tournaments/S/players/a1/history'],
        ['GET', '/api/tokens'],
        ['POST', '/api/tournaments/S/rounds/1/table-cards', {}],
        ['POST', '/api/tournaments/S/rounds/1/scorer-tokens', {}],
        ['POST', '/api/tournaments/S/rounds/1/seat-tokens', {}],
        ['POST', '/api/tournaments/S/referee-tokens', {}],
        ['POST', `/api/tournaments/S/tokens/${cards.tables[0].scorer.tokenId}/revoke`, {}],
        ['POST', '/api/tournaments/S/players', { name: 'Zoe' }],
        ['POST', '/api/tournaments/S/players/import', { csv: 'name\nZoe' }],
        ['POST', '/api/tournaments/S/penalties', { playerId: 'a1', points: 5, reason: 'slow' }],
        ['POST', '/api/tournaments/S/disputes', { gameId: 'S-r1-t1', hand: 1, reason: 'x' }],
        ['POST', '/api/tournaments/S/rounds/1/close', { force: true }],
        ['POST', '/api/tournaments/S/rounds/1/tables/1/extend', { minutes: 5, reason: 'x' }],
        ['POST', '/api/tournaments', { name: 'Mine', preset: 'hu-mahjong' }],
        ['POST', '/api/games/S-r1-t1/hands/1/referee', { action: 'dead-hand', seat: 'E', held: true }],
      ];
      for (const [method, path, body] of refusals) {
        const refused = await call(method, path, scorer1, body);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.code).toBe('forbidden');
        expect(refused.body.detail, path).toContain(
          'a scorer token previews and enters the hands of game S-r1-t1',
        );
      }
      expect((await call('GET', '/api/tournaments/L', scorer1)).body.detail).toBe(
        'the token is bound to tournament S',
      );
      expect((await stack.store.readStream(tournamentStream('S'))).length).toBe(revision);
    },
  );

  it.skipIf(open === undefined)(
    'given its own table, then the scorer previews and enters the hand, recorded as the scorer’s; once the game is over it enters nothing, reads still pass',
    async () => {
      const preview = await call('POST', '/api/games/S-r1-t1/hands/next/preview', scorer1, { result: WIN });
      expect(preview.status).toBe(200);
      expect(preview.body.playerDeltas).toMatchObject({ a2: 18300, a4: -18300 });
      const key = { 'idempotency-key': 'scorer-hand-1' };
      const entered = await call(
        'POST',
        '/api/games/S-r1-t1/hands/next/entry',
        scorer1,
        { result: WIN },
        key,
      );
      expect(entered.status).toBe(201);
      const stored = await stack.store.readStream(handStream('S-r1-t1', 1));
      const tokenId = cards.tables[0].scorer.tokenId;
      expect(stored[0]).toMatchObject({
        type: 'HandResultEntered',
        data: { enteredBy: { role: 'scorer', id: tokenId } },
        metadata: { actor: { role: 'scorer', id: tokenId } },
      });
      // One hand ends this game: the card is done, its retry still gets its answer.
      expect((await stack.store.readStream(gameStream('S-r1-t1'))).at(-1)?.type).toBe('GameFinished');
      const again = await call('POST', '/api/games/S-r1-t1/hands/next/entry', scorer1, { result: WIN }, key);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      for (const path of ['preview', 'entry']) {
        const ended = await call('POST', `/api/games/S-r1-t1/hands/next/${path}`, scorer1, { result: WIN });
        expect(ended.status).toBe(401);
        expect(ended.body).toMatchObject({ code: 'unauthorized', reason: 'table-ended' });
        expect(ended.body.detail).toBe('scorer tokens end with their table: game S-r1-t1 is finished');
      }
      const next = await call('GET', '/api/games/S-r1-t1/hands/next', scorer1);
      expect(next.body).toMatchObject({ phase: 'finished', hand: null, ended: 'game S-r1-t1 is finished' });
      expect((await call('GET', '/api/me', scorer1)).body.ended).toBe('game S-r1-t1 is finished');
    },
  );

  it.skipIf(open === undefined)(
    'given a card revoked, or the cards issued again, then the earlier scorer tokens are 401; a referee may revoke a scorer token',
    async () => {
      const referee = (await ok('POST', '/api/tournaments/S/referee-tokens', {})).token;
      const listed = await ok('GET', '/api/tournaments/S/tokens?role=scorer', undefined, referee);
      // Both were issued in one request, often in one millisecond: the list orders them by time, then by
      // their random ids, so they are compared by table.
      const byTable = [...listed.tokens].sort((a: Json, b: Json) => a.table - b.table);
      expect(byTable.map((t: Json) => [t.role, t.round, t.table, t.gameId])).toEqual([
        ['scorer', 1, 1, 'S-r1-t1'],
        ['scorer', 1, 2, 'S-r1-t2'],
      ]);
      expect(JSON.stringify(listed)).not.toContain(scorer2);
      expect(JSON.stringify(listed)).not.toContain(hashToken(scorer2));
      const revoked = await call(
        'POST',
        `/api/tournaments/S/tokens/${cards.tables[1].scorer.tokenId}/revoke`,
        referee,
        {},
      );
      expect(revoked.status).toBe(200);
      const refused = await call('POST', '/api/games/S-r1-t2/hands/next/preview', scorer2, { result: WIN });
      expect(refused.status).toBe(401);
      expect(refused.body.reason).toBe('revoked');

      const reissued = await ok('POST', '/api/tournaments/S/rounds/1/scorer-tokens', {});
      expectDocumented(ScorerTokens, reissued);
      expect(reissued.revoked).toBe(1);
      expect(reissued.tokens.map((t: Json) => t.table)).toEqual([1, 2]);
      expect((await call('GET', '/api/me', scorer1)).body.reason).toBe('revoked');
      const fresh2 = reissued.tokens[1].token;
      expect(
        (await call('POST', '/api/games/S-r1-t2/hands/next/preview', fresh2, { result: WIN })).status,
      ).toBe(200);
      const active = await ok('GET', '/api/tournaments/S/tokens?role=scorer&active=true');
      expect(active.tokens).toHaveLength(2);

      // The cards again: the round's scorer tokens are revoked once more, two live ones in all.
      const cardsAgain = await ok('POST', '/api/tournaments/S/rounds/1/table-cards', {});
      expect(cardsAgain.revoked).toEqual({ seat: 0, scorer: 2 });
      expect((await call('GET', '/api/me', fresh2)).status).toBe(401);
      expect((await ok('GET', '/api/tournaments/S/tokens?role=scorer&active=true')).tokens).toHaveLength(2);
    },
  );

  it.skipIf(open === undefined)(
    'given a round closed by force, then its scorer tokens enter nothing (401 table-ended)',
    async () => {
      const current = await ok('POST', '/api/tournaments/S/rounds/1/scorer-tokens', {});
      await ok('POST', '/api/tournaments/S/rounds/1/close', { force: true });
      const ended = await call('POST', '/api/games/S-r1-t2/hands/next/entry', current.tokens[1].token, {
        result: WIN,
      });
      expect(ended.status).toBe(401);
      expect(ended.body.detail).toBe('scorer tokens end with their table: round 1 of S is closed');
      expect(await stack.store.readStream(handStream('S-r1-t2', 1))).toEqual([]);
      const closed = await call('POST', '/api/tournaments/S/rounds/1/scorer-tokens', organizer, {});
      expect(closed.status).toBe(409);
      expect(closed.body.rejection.code).toBe('round-closed');
    },
  );

  it.skipIf(open === undefined)(
    'given a live round, then no scorer tokens (409 played-live), and its table cards carry a seat token per seat',
    async () => {
      const refused = await call('POST', '/api/tournaments/L/rounds/1/scorer-tokens', organizer, {});
      expect(refused.status).toBe(409);
      expect(refused.body.rejection.code).toBe('played-live');
      const live = await ok('POST', '/api/tournaments/L/rounds/1/table-cards', {});
      expectDocumented(TableCards, live);
      expect(live.tables[0].scorer).toBeNull();
      const seat = live.tables[0].seats[0];
      expect(seat.signIn).toBe(`/sign-in#token=${seat.token}`);
      const me = await call('GET', '/api/me', seat.token);
      expectDocumented(Session, me.body);
      expect(me.body).toMatchObject({
        role: 'player',
        round: 1,
        table: 1,
        gameId: 'L-r1-t1',
        playerId: seat.playerId,
      });
      expect(['E', 'S', 'W', 'N']).toContain(me.body.seat);
      // Issued again: the seat tokens of before are revoked, one live token per seat.
      const again = await ok('POST', '/api/tournaments/L/rounds/1/table-cards', {});
      expect(again.revoked).toEqual({ seat: 4, scorer: 0 });
      expect((await call('GET', '/api/me', seat.token)).status).toBe(401);
      // A bound organizer of another tournament gets no cards here.
      const elsewhere = (await issueToken(stack.db, { role: 'organizer', tournamentId: 'S' })).token;
      expect((await call('POST', '/api/tournaments/L/rounds/1/table-cards', elsewhere, {})).status).toBe(403);
    },
  );
});
