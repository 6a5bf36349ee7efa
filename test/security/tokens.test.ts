// Tokens and scopes over real HTTP (issue 9, items 5 and 6): the API wired as the server wires it, events in a
// real SQLite file, the API's tables on SQLite and on PostgreSQL (a throwaway schema; skipped with a reason
// when no server answers). Two tournaments, A and B, share players p1–p4; both play round 1 to its end.
// Then: an expired or revoked token is refused saying which; officials list tokens (never the token or its
// hash) and revoke them within their rights; a seat token sends no command once its game is over but still
// reads its replay; and nothing of A can be reached through B (history, penalties, disputes, rulings, tables).
import '../../services/api/zod.ts';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { hashToken, issueToken, type PrincipalClaims } from '../../services/api/auth.ts';
import { type ApiDatabase, openPostgresApiDatabase, openSqliteApiDatabase } from '../../services/api/db.ts';
import { defaultDeclaration } from '../../services/bots/agent.ts';
import { createBot } from '../../services/bots/index.ts';
import { runnerOf } from '../../services/server.ts';
import { playTableWithBots } from '../../services/tables/bot-seats.ts';
import { type Stack, startStack } from '../support/api-stack.ts';
import { postgresUrl } from '../support/services.ts';

const url = await postgresUrl();
const pgSchemas: string[] = [];

// biome-ignore lint/suspicious/noExplicitAny: the tests read fields of many JSON shapes
type Json = any;

const backends: [string, (() => Promise<Kysely<ApiDatabase>>) | undefined][] = [
  ['SQLite', () => openSqliteApiDatabase(':memory:')],
  [
    'PostgreSQL',
    url === undefined
      ? undefined
      : () => {
          const schema = `security_${process.pid}_${randomBytes(4).toString('hex')}`;
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

describe.each(backends)('tokens and scopes, the API tables on %s', (_name, open) => {
  let stack: Stack;
  let organizer: string;
  /** Seat tokens of each tournament's round 1: player → { token, tokenId, gameId }. */
  const seats: Record<'A' | 'B', Map<string, { token: string; tokenId: string; gameId: string }>> = {
    A: new Map(),
    B: new Map(),
  };
  let refereeA: string;
  let refereeB: { token: string; tokenId: string };

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${stack.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, text, body: (text === '' ? undefined : JSON.parse(text)) as Json };
  };
  const ok = async (method: string, path: string, body?: unknown, token = organizer) => {
    const reply = await call(method, path, token, body);
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
    return reply.body;
  };
  const tokenFor = async (claims: PrincipalClaims) => (await issueToken(stack.db, claims)).token;
  const revision = async (tournamentId: string) =>
    (await stack.store.readStream(tournamentStream(tournamentId))).length;

  /** A tournament of the players, round 1 seated in the order given (tables of four), started and played. */
  async function playedTournament(id: 'A' | 'B', players: readonly string[]) {
    await ok('POST', '/api/tournaments', { tournamentId: id, name: `Open ${id}`, preset: 'hu-mahjong' });
    for (const playerId of players)
      await ok('POST', `/api/tournaments/${id}/players`, { playerId, name: playerId.toUpperCase() });
    await ok('POST', `/api/tournaments/${id}/rounds`, {
      round: 1,
      method: 'uploaded',
      end: { kind: 'hands', count: 1 },
      minutes: 60,
    });
    const tables = [];
    for (let i = 0; i < players.length; i += 4) tables.push(players.slice(i, i + 4));
    await ok('POST', `/api/tournaments/${id}/rounds/1/seating`, { method: 'uploaded', tables });
    await ok('POST', `/api/tournaments/${id}/rounds/1/start`, {});
    const issued: { playerId: string; gameId: string; token: string; tokenId: string }[] = await ok(
      'POST',
      `/api/tournaments/${id}/rounds/1/seat-tokens`,
      {},
    );
    for (const t of issued) seats[id].set(t.playerId, t);
  }

  beforeAll(async () => {
    if (open === undefined) return;
    stack = await startStack(await open());
    organizer = await tokenFor({ role: 'organizer' });
    await playedTournament('A', ['p1', 'p2', 'p3', 'p4']);
    await playedTournament('B', ['p1', 'p2', 'p3', 'p4', 'b5', 'b6', 'b7', 'b8']);
    refereeA = (await ok('POST', '/api/tournaments/A/referee-tokens', { label: 'referee of A' })).token;
    refereeB = await ok('POST', '/api/tournaments/B/referee-tokens', { label: 'referee of B' });
    // A and B's first tables are played to their end; B's second table stays live.
    for (const gameId of ['A-r1-t1', 'B-r1-t1']) {
      const bots = new Map<string, ReturnType<typeof createBot>>();
      await playTableWithBots(stack.platform.tables, gameId, {
        botOf: (p) => bots.get(p) ?? bots.set(p, createBot(`${gameId}:${p}`)).get(p)!,
        declare: defaultDeclaration,
      });
    }
    await runnerOf(stack.store, stack.readModels).catchUp();
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  describe('expiry and revocation', () => {
    it.skipIf(open === undefined)(
      'given a referee token asked to live 2 hours, then its expiry is 2 hours after issue and it works',
      async () => {
        const before = Date.now();
        const issued = await ok('POST', '/api/tournaments/B/referee-tokens', { expiresInHours: 2 });
        const expires = Date.parse(issued.expiresAt);
        expect(expires).toBeGreaterThanOrEqual(before + 2 * 3600_000);
        expect(expires).toBeLessThan(before + 2 * 3600_000 + 60_000);
        expect((await call('GET', '/api/tournaments/B/audit', issued.token)).status).toBe(200);
      },
    );

    it.skipIf(open === undefined)(
      'given an expired referee token, then 401 expired, nothing done',
      async () => {
        const { token } = await issueToken(
          stack.db,
          { role: 'referee', tournamentId: 'B' },
          { expiresAt: new Date('2026-01-01T00:00:00.000Z') },
        );
        const before = await revision('B');
        const refused = await call('POST', '/api/tournaments/B/penalties', token, {
          playerId: 'b5',
          points: 10,
          reason: 'late',
        });
        expect(refused.status).toBe(401);
        expect(refused.body).toMatchObject({
          code: 'unauthorized',
          reason: 'expired',
          detail: 'the token expired at 2026-01-01T00:00:00.000Z',
        });
        expect(await revision('B')).toBe(before);
      },
    );

    it.skipIf(open === undefined)(
      'given an organizer token past its expiry, then 401 expired on every route it had',
      async () => {
        const { token } = await issueToken(
          stack.db,
          { role: 'organizer' },
          { expiresAt: new Date(Date.now() - 1) },
        );
        const reply = await call('GET', '/api/tournaments/A', token);
        expect(reply.status).toBe(401);
        expect(reply.body.reason).toBe('expired');
      },
    );
  });

  describe('listing', () => {
    it.skipIf(open === undefined)(
      "given the organizer, when B's tokens are listed, then every token of B with its fields and never a token or hash",
      async () => {
        const page = await ok('GET', '/api/tournaments/B/tokens?limit=500');
        const tokens: Json[] = page.tokens;
        expect(page.next).toBeNull();
        expect(tokens.every((t) => t.tournamentId === 'B')).toBe(true);
        const seatRows = tokens.filter((t) => t.role === 'player');
        expect(seatRows.map((t) => t.tokenId).sort()).toEqual(
          [...seats.B.values()].map((t) => t.tokenId).sort(),
        );
        expect(seatRows.every((t) => t.expiresAt === null && /^round 1 table [12]$/.test(t.label))).toBe(
          true,
        );
        const referee = tokens.find((t) => t.tokenId === refereeB.tokenId);
        expect(referee).toMatchObject({
          role: 'referee',
          label: 'referee of B',
          status: 'active',
          revokedAt: null,
        });
        expect(Object.keys(referee).sort()).toEqual([
          'createdAt',
          'expiresAt',
          'gameId',
          'label',
          'playerId',
          'revokedAt',
          'role',
          'round',
          'status',
          'table',
          'tokenId',
          'tournamentId',
        ]);
        for (const { token } of [...seats.B.values(), refereeB]) {
          expect(JSON.stringify(page)).not.toContain(token);
          expect(JSON.stringify(page)).not.toContain(hashToken(token));
        }
      },
    );

    it.skipIf(open === undefined)(
      'given pages of 3, when followed by their cursor, then each token once',
      async () => {
        const seen: string[] = [];
        let after: string | null = null;
        for (let n = 0; n < 20; n++) {
          const page: Json = await ok(
            'GET',
            `/api/tournaments/B/tokens?limit=3${after ? `&after=${after}` : ''}`,
          );
          seen.push(...page.tokens.map((t: Json) => t.tokenId));
          after = page.next;
          if (after === null) break;
        }
        const all = (await ok('GET', '/api/tournaments/B/tokens?limit=500')).tokens.map(
          (t: Json) => t.tokenId,
        );
        expect(seen).toEqual(all);
        expect(new Set(seen).size).toBe(seen.length);
      },
    );

    it.skipIf(open === undefined)(
      "given a referee of B, then it lists B's referee and seat tokens, not organizers', and nothing of A",
      async () => {
        const bound = await tokenFor({ role: 'organizer', tournamentId: 'B' });
        const page = await ok('GET', '/api/tournaments/B/tokens?limit=500', undefined, refereeB.token);
        expect(page.tokens.some((t: Json) => t.role === 'organizer')).toBe(false);
        expect(page.tokens.some((t: Json) => t.tokenId === refereeB.tokenId)).toBe(true);
        expect((await call('GET', '/api/tournaments/B/tokens?role=organizer', refereeB.token)).status).toBe(
          403,
        );
        expect((await call('GET', '/api/tournaments/A/tokens', refereeB.token)).status).toBe(403);
        // A bound organizer sees its own tournament's organizer tokens, but not the global list.
        const mine = await ok('GET', '/api/tournaments/B/tokens?role=organizer', undefined, bound);
        expect(mine.tokens.map((t: Json) => t.role)).toContain('organizer');
        expect((await call('GET', '/api/tokens', bound)).status).toBe(403);
        const global = await ok('GET', '/api/tokens?active=true');
        expect(global.tokens.length).toBeGreaterThan(0);
        expect(global.tokens.every((t: Json) => t.role === 'organizer' && t.tournamentId === null)).toBe(
          true,
        );
      },
    );
  });

  describe('revoking', () => {
    it.skipIf(open === undefined)(
      'given a referee of B, then it revokes a seat token of B and its own token, never an organizer’s or another referee’s',
      async () => {
        const referee = await ok('POST', '/api/tournaments/B/referee-tokens', { label: 'floor' });
        const colleague = await ok('POST', '/api/tournaments/B/referee-tokens', { label: 'colleague' });
        const bound = await issueToken(stack.db, { role: 'organizer', tournamentId: 'B' });
        const seat = seats.B.get('b6')!;

        const organizerRefused = await call(
          'POST',
          `/api/tournaments/B/tokens/${bound.tokenId}/revoke`,
          referee.token,
        );
        expect(organizerRefused.status).toBe(403);
        expect(organizerRefused.body.detail).toBe('a referee may not revoke an organizer token');
        expect(
          (await call('POST', `/api/tournaments/B/tokens/${colleague.tokenId}/revoke`, referee.token)).status,
        ).toBe(403);
        expect((await call('GET', '/api/tournaments/B', bound.token)).status).toBe(200);

        const revoked = await ok(
          'POST',
          `/api/tournaments/B/tokens/${seat.tokenId}/revoke`,
          undefined,
          referee.token,
        );
        expect(revoked).toMatchObject({ tokenId: seat.tokenId, status: 'revoked' });
        const seatAfter = await call('GET', `/api/games/${seat.gameId}/seat`, seat.token);
        expect(seatAfter.status).toBe(401);
        expect(seatAfter.body.reason).toBe('revoked');

        await ok('POST', `/api/tournaments/B/tokens/${referee.tokenId}/revoke`, undefined, referee.token);
        expect((await call('GET', '/api/tournaments/B/audit', referee.token)).body.reason).toBe('revoked');
      },
    );

    it.skipIf(open === undefined)(
      "given a token of A, when revoked through B's path, then 404 and it still works",
      async () => {
        const referee = await ok('POST', '/api/tournaments/A/referee-tokens', {});
        const through = await call('POST', `/api/tournaments/B/tokens/${referee.tokenId}/revoke`, organizer);
        expect(through.status).toBe(404);
        expect((await call('GET', '/api/tournaments/A/audit', referee.token)).status).toBe(200);
        // A referee of B cannot even ask: the path is A's.
        expect(
          (await call('POST', `/api/tournaments/A/tokens/${referee.tokenId}/revoke`, refereeB.token)).status,
        ).toBe(403);
      },
    );

    it.skipIf(open === undefined)(
      'given the organizer, then it revokes a referee token; twice keeps the first time; a global one by /api/tokens',
      async () => {
        const referee = await ok('POST', '/api/tournaments/A/referee-tokens', {});
        const first = await ok('POST', `/api/tournaments/A/tokens/${referee.tokenId}/revoke`);
        const second = await ok('POST', `/api/tournaments/A/tokens/${referee.tokenId}/revoke`);
        expect(second.revokedAt).toBe(first.revokedAt);
        const spare = await issueToken(stack.db, { role: 'organizer' });
        expect((await call('POST', `/api/tokens/${spare.tokenId}/revoke`, refereeA)).status).toBe(403);
        expect(await ok('POST', `/api/tokens/${spare.tokenId}/revoke`)).toMatchObject({ status: 'revoked' });
        expect((await call('GET', '/api/tournaments/A', spare.token)).body.reason).toBe('revoked');
        expect((await call('POST', '/api/tokens/no-such-token/revoke', organizer)).status).toBe(404);
      },
    );
  });

  describe('seat tokens end with their game', () => {
    it.skipIf(open === undefined)(
      'given its game finished, when the seat sends a command, then 401 seat-ended and nothing is appended',
      async () => {
        const seat = seats.A.get('p1')!;
        const before = await stack.store.readStream(`hand-${seat.gameId}-2`);
        const refused = await call('POST', `/api/games/${seat.gameId}/hands/1/actions`, seat.token, {
          action: 'pass',
        });
        expect(refused.status).toBe(401);
        expect(refused.body).toMatchObject({
          code: 'unauthorized',
          reason: 'seat-ended',
          detail: `seat tokens end with their game: game ${seat.gameId} is finished`,
        });
        expect(await stack.store.readStream(`hand-${seat.gameId}-2`)).toEqual(before);
      },
    );

    it.skipIf(open === undefined)(
      "given its game finished, then the seat still reads the game and the hand's replay",
      async () => {
        const seat = seats.A.get('p2')!;
        expect((await call('GET', `/api/games/${seat.gameId}`, seat.token)).body.phase).toBe('finished');
        const replay = await call('GET', `/api/games/${seat.gameId}/hands/1/replay`, seat.token);
        expect(replay.status).toBe(200);
        expect(replay.body.over).toBe(true);
      },
    );

    it.skipIf(open === undefined)(
      'given a live table, then its seat acts; once its round is closed by force, its commands are refused',
      async () => {
        const seat = seats.B.get('b5')!;
        // The live table's seat is not refused by its token (the hand's own rules answer).
        const live = await call('POST', `/api/games/${seat.gameId}/hands/1/actions`, seat.token, {
          action: 'pass',
        });
        expect(live.status).not.toBe(401);
        await ok('POST', '/api/tournaments/B/rounds/1/close', { force: true });
        const closed = await call('POST', `/api/games/${seat.gameId}/hands/1/actions`, seat.token, {
          action: 'pass',
        });
        expect(closed.status).toBe(401);
        expect(closed.body.detail).toBe('seat tokens end with their game: round 1 of B is closed');
      },
    );
  });

  describe('nothing of A through B', () => {
    it.skipIf(open === undefined)(
      "given a referee of B, when it asks p1's history, then only B's games through B, and 403 on the global path",
      async () => {
        const global = await ok('GET', '/api/players/p1/history');
        expect(global.games.map((g: Json) => g.tournamentId).sort()).toEqual(['A', 'B']);
        const throughB = await ok('GET', '/api/tournaments/B/players/p1/history', undefined, refereeB.token);
        expect(throughB.games.map((g: Json) => g.gameId)).toEqual(['B-r1-t1']);
        const refused = await call('GET', '/api/players/p1/history', refereeB.token);
        expect(refused.status).toBe(403);
        const bound = await tokenFor({ role: 'organizer', tournamentId: 'B' });
        const boundRefused = await call('GET', '/api/players/p1/history', bound);
        expect(boundRefused.status).toBe(403);
        expect(boundRefused.body.detail).toContain('/api/tournaments/B/players/p1/history');
        expect((await call('GET', '/api/tournaments/A/players/p1/history', refereeB.token)).status).toBe(403);
      },
    );

    it.skipIf(open === undefined)(
      "given a player only A registered, then B's history route knows no such player",
      async () => {
        await ok('POST', '/api/tournaments/A/players', { playerId: 'a-only', name: 'A only' });
        const reply = await call('GET', '/api/tournaments/B/players/a-only/history', refereeB.token);
        expect(reply.status).toBe(404);
      },
    );

    it.skipIf(open === undefined)(
      "given a referee of B, when a penalty in B names A's game, then 422 unknown-game and B's stream is unchanged",
      async () => {
        const before = await revision('B');
        const refused = await call('POST', '/api/tournaments/B/penalties', refereeB.token, {
          playerId: 'p1',
          points: 100,
          reason: 'named the wrong game',
          gameId: 'A-r1-t1',
          hand: 1,
        });
        expect(refused.status).toBe(422);
        expect(refused.body.rejection.code).toBe('unknown-game');
        const stranger = await call('POST', '/api/tournaments/B/penalties', refereeB.token, {
          playerId: 'b7',
          points: 100,
          reason: 'not at that table',
          gameId: 'B-r1-t1',
        });
        expect(stranger.status).toBe(422);
        expect(stranger.body.rejection.code).toBe('unknown-player');
        expect(await revision('B')).toBe(before);
        // Through A's path, B's referee is refused outright.
        expect(
          (
            await call('POST', '/api/tournaments/A/penalties', refereeB.token, {
              playerId: 'p1',
              points: 1,
              reason: 'x',
            })
          ).status,
        ).toBe(403);
      },
    );

    it.skipIf(open === undefined)(
      "given a referee of B, when a dispute in B names A's game, then 422 unknown-game; a ruling's penalty on a player of A only, unknown-player",
      async () => {
        const before = await revision('B');
        const refused = await call('POST', '/api/tournaments/B/disputes', refereeB.token, {
          gameId: 'A-r1-t1',
          hand: 1,
          reason: 'x',
        });
        expect(refused.status).toBe(422);
        expect(refused.body.rejection.code).toBe('unknown-game');
        expect(await revision('B')).toBe(before);

        const opened = await ok(
          'POST',
          '/api/tournaments/B/disputes',
          { gameId: 'B-r1-t1', hand: 1, reason: 'a pattern counted twice' },
          refereeB.token,
        );
        const disputeId = opened.events[0].data.disputeId;
        const ruled = await call('POST', `/api/tournaments/B/disputes/${disputeId}/ruling`, refereeB.token, {
          ruling: { kind: 'penalty', playerId: 'a-only', points: 100 },
          reason: 'x',
        });
        expect(ruled.status).toBe(422);
        expect(ruled.body.rejection.code).toBe('unknown-player');
        const view = await ok('GET', '/api/tournaments/B', undefined, refereeB.token);
        expect(view.disputes.find((d: Json) => d.disputeId === disputeId).status).toBe('open');
      },
    );

    it.skipIf(open === undefined)(
      "given B's organizer, when an uploaded seating of B names a player only A registered, then 422 bad-seating",
      async () => {
        const bound = await tokenFor({ role: 'organizer', tournamentId: 'B' });
        await ok(
          'POST',
          '/api/tournaments/B/rounds',
          { round: 2, method: 'uploaded', end: { kind: 'hands', count: 1 }, minutes: 60 },
          bound,
        );
        const before = await revision('B');
        const refused = await call('POST', '/api/tournaments/B/rounds/2/seating', bound, {
          method: 'uploaded',
          tables: [
            ['p1', 'p2', 'p3', 'a-only'],
            ['b5', 'b6', 'b7', 'b8'],
          ],
        });
        expect(refused.status).toBe(422);
        expect(refused.body.rejection.code).toBe('bad-seating');
        expect(refused.body.detail).toContain('a-only (table 1) is not a player of this round');
        expect(await revision('B')).toBe(before);
      },
    );

    it.skipIf(open === undefined)(
      "given a referee of B, then A's tables refuse it: a referee action, a result entry, a replay",
      async () => {
        const action = await call('POST', '/api/games/A-r1-t1/hands/1/referee', refereeB.token, {
          action: 'charge-unshown-gong',
          seat: 'E',
        });
        expect(action.status).toBe(403);
        const entry = await call('POST', '/api/games/A-r1-t1/hands/next/preview', refereeB.token, {
          result: { kind: 'drawn', ready: [] },
        });
        expect(entry.status).toBe(403);
        expect((await call('GET', '/api/games/A-r1-t1/hands/1/replay', refereeB.token)).status).toBe(403);
        expect((await call('GET', '/api/games/A-r1-t1/hands/1/replay', refereeA)).status).toBe(200);
      },
    );
  });
});
