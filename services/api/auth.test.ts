import { afterEach, describe, expect, it } from 'vitest';
import {
  checkToken,
  DEFAULT_TOKEN_LIFETIME_MS,
  hashToken,
  issueToken,
  listTokens,
  principalOf,
  revokeToken,
  revokeTokenById,
} from './auth.ts';
import { openSqliteApiDatabase } from './db.ts';
import { defineRoute } from './route.ts';
import { bearer, readJson, startTestApi, type TestApi } from './testing.ts';
import { z } from './zod.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const tableBoard = defineRoute({
  method: 'get',
  path: '/api/test/tournaments/:tournamentId/board',
  summary: 'test: officials only',
  auth: { roles: ['organizer', 'referee'] },
  params: z.object({ tournamentId: z.string() }),
  responses: { 200: { description: 'ok' } },
  handler: ({ principal }) => ({ body: { role: principal.role } }),
});

const myHand = defineRoute({
  method: 'get',
  path: '/api/test/tournaments/:tournamentId/games/:gameId/me',
  summary: 'test: a player of the game',
  auth: { roles: ['player'] },
  responses: { 200: { description: 'ok' } },
  handler: ({ principal }) => ({ body: { playerId: principal.playerId } }),
});

/** A game route that names no tournament: the scope looks the tournament up. */
const tournamentOfGame: Record<string, string> = { 'g-1': 't-1', 'g-2': 't-2' };
const gameLog = defineRoute({
  method: 'get',
  path: '/api/test/games/:gameId/log',
  summary: 'test: a scope found by lookup',
  auth: {
    roles: ['referee'],
    scope: async ({ params }) => ({ gameId: params.gameId, tournamentId: tournamentOfGame[params.gameId] }),
  },
  params: z.object({ gameId: z.string() }),
  responses: { 200: { description: 'ok' } },
  handler: ({ params }) => ({ body: { gameId: params.gameId } }),
});

const start = () => startTestApi({ routes: [tableBoard, myHand, gameLog] });
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${api!.url}${path}`, { headers });

describe('tokens', () => {
  it('given an issued token, when the table is read, then only its sha256 is stored', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const { token } = await issueToken(db, { role: 'referee', tournamentId: 't-1' });
    const rows = await db.selectFrom('api_tokens').selectAll().execute();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    await db.destroy();
  });

  it('given a player token, when resolved, then the principal names tournament, game and player', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const claims = { role: 'player', tournamentId: 't-1', gameId: 'g-7', playerId: 'p-3' } as const;
    const { token, tokenId } = await issueToken(db, claims);
    expect(await principalOf(db, token)).toEqual({ ...claims, tokenId });
    expect(await principalOf(db, `${token}x`)).toBeUndefined();
    await db.destroy();
  });

  it('given a scorer token, when resolved, then the principal names tournament, round, table and game; it never expires by time', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const claims = { role: 'scorer', tournamentId: 't-1', round: 2, table: 3, gameId: 't-1-r2-t3' } as const;
    const { token, tokenId, expiresAt } = await issueToken(db, claims);
    expect(await principalOf(db, token)).toEqual({ ...claims, tokenId });
    expect(expiresAt).toBeNull();
    expect((await listTokens(db, { tournamentId: 't-1', limit: 5 })).tokens[0]).toMatchObject({
      role: 'scorer',
      gameId: 't-1-r2-t3',
      playerId: null,
      round: 2,
      table: 3,
    });
    await db.destroy();
  });

  it('given a revoked token, when resolved, then it stands for no one', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const { token } = await issueToken(db, { role: 'organizer' });
    expect(await revokeToken(db, token)).toBe(true);
    expect(await principalOf(db, token)).toBeUndefined();
    expect(await checkToken(db, token)).toMatchObject({ ok: false, reason: 'revoked' });
    await db.destroy();
  });

  it('given no expiry asked, then officials get the default lifetime and seats none', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const now = new Date('2026-03-01T09:00:00.000Z');
    const referee = await issueToken(db, { role: 'referee', tournamentId: 't-1' }, { now });
    const organizer = await issueToken(db, { role: 'organizer' }, { now });
    const seat = await issueToken(
      db,
      { role: 'player', tournamentId: 't-1', gameId: 'g-1', playerId: 'p-1' },
      { now },
    );
    const month = new Date(now.getTime() + DEFAULT_TOKEN_LIFETIME_MS).toISOString();
    expect([referee.expiresAt, organizer.expiresAt, seat.expiresAt]).toEqual([month, month, null]);
    await db.destroy();
  });

  it('given a token past its expiry, when resolved, then it is refused as expired, the instant included', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const expiresAt = new Date('2026-03-01T12:00:00.000Z');
    const { token } = await issueToken(db, { role: 'referee', tournamentId: 't-1' }, { expiresAt });
    expect(await checkToken(db, token, new Date('2026-03-01T11:59:59.999Z'))).toMatchObject({ ok: true });
    expect(await checkToken(db, token, expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
      detail: 'the token expired at 2026-03-01T12:00:00.000Z',
    });
    await db.destroy();
  });
});

describe('the token list', () => {
  it('given tokens of two tournaments, when listed, then only the one asked, oldest first, paged, without hashes', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute));
    const ids: string[] = [];
    for (let n = 0; n < 5; n++)
      ids.push(
        (await issueToken(db, { role: 'referee', tournamentId: 't-1' }, { now: at(n), label: `r${n}` }))
          .tokenId,
      );
    await issueToken(db, { role: 'referee', tournamentId: 't-2' }, { now: at(9) });
    await issueToken(db, { role: 'organizer' }, { now: at(9) });
    const first = await listTokens(db, { tournamentId: 't-1', limit: 2 }, at(10));
    expect(first.tokens.map((t) => t.tokenId)).toEqual(ids.slice(0, 2));
    expect(first.next).toBe(ids[1]);
    const second = await listTokens(db, { tournamentId: 't-1', limit: 2, after: first.next! }, at(10));
    const third = await listTokens(db, { tournamentId: 't-1', limit: 2, after: second.next! }, at(10));
    expect([...second.tokens, ...third.tokens].map((t) => t.tokenId)).toEqual(ids.slice(2));
    expect(third.next).toBeNull();
    expect(first.tokens[0]).toEqual({
      tokenId: ids[0],
      role: 'referee',
      label: 'r0',
      tournamentId: 't-1',
      gameId: null,
      playerId: null,
      round: null,
      table: null,
      createdAt: at(0).toISOString(),
      expiresAt: new Date(at(0).getTime() + DEFAULT_TOKEN_LIFETIME_MS).toISOString(),
      revokedAt: null,
      status: 'active',
    });
    const global = await listTokens(db, { tournamentId: null, limit: 10 }, at(10));
    expect(global.tokens.map((t) => t.role)).toEqual(['organizer']);
    await db.destroy();
  });

  it('given a revoked and an expired token, then each shows its status and activeOnly leaves them out', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const now = new Date('2026-03-01T09:00:00.000Z');
    const live = await issueToken(db, { role: 'referee', tournamentId: 't-1' }, { now });
    const gone = await issueToken(db, { role: 'referee', tournamentId: 't-1' }, { now });
    const old = await issueToken(db, { role: 'referee', tournamentId: 't-1' }, { now, expiresAt: now });
    const revoked = await revokeTokenById(db, gone.tokenId, now);
    expect(revoked).toMatchObject({ status: 'revoked', revokedAt: now.toISOString() });
    // Revoking again keeps the first time.
    const again = await revokeTokenById(db, gone.tokenId, new Date('2026-03-02T00:00:00.000Z'));
    expect(again?.revokedAt).toBe(now.toISOString());
    const all = await listTokens(db, { tournamentId: 't-1', limit: 10 }, now);
    const status = Object.fromEntries(all.tokens.map((t) => [t.tokenId, t.status]));
    expect(status).toEqual({ [live.tokenId]: 'active', [gone.tokenId]: 'revoked', [old.tokenId]: 'expired' });
    const active = await listTokens(db, { tournamentId: 't-1', limit: 10, activeOnly: true }, now);
    expect(active.tokens.map((t) => t.tokenId)).toEqual([live.tokenId]);
    expect(await revokeTokenById(db, 'no-such-token', now)).toBeUndefined();
    await db.destroy();
  });
});

describe('guards', () => {
  it('given no token, when a guarded route is called, then 401 with WWW-Authenticate', async () => {
    api = await start();
    const response = await get('/api/test/tournaments/t-1/board');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    expect(await readJson(response)).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('given an unknown token or another scheme, when called, then 401 saying why', async () => {
    api = await start();
    const unknown = await get('/api/test/tournaments/t-1/board', bearer('bm90LWEtdG9rZW4'));
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    expect(await readJson(unknown)).toMatchObject({
      reason: 'unknown-token',
      detail: 'the token is unknown',
    });
    const basic = await get('/api/test/tournaments/t-1/board', { authorization: 'Basic dTpw' });
    expect(basic.status).toBe(401);
    expect((await readJson(basic)).detail).toContain('Bearer');
  });

  it('given an expired or a revoked token, when called, then 401 whose reason and detail say which', async () => {
    api = await start();
    const expired = await issueToken(
      api.db,
      { role: 'referee', tournamentId: 't-1' },
      { expiresAt: new Date(0) },
    );
    const response = await get('/api/test/tournaments/t-1/board', bearer(expired.token));
    expect(response.status).toBe(401);
    expect(await readJson(response)).toMatchObject({
      code: 'unauthorized',
      reason: 'expired',
      detail: 'the token expired at 1970-01-01T00:00:00.000Z',
    });
    const revoked = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    await revokeToken(api.db, revoked);
    const refused = await readJson(await get('/api/test/tournaments/t-1/board', bearer(revoked)));
    expect(refused).toMatchObject({ status: 401, reason: 'revoked' });
    expect(refused.detail).toMatch(/^the token was revoked at \d{4}-/);
  });

  it('given a referee of the tournament, when the board is read, then 200', async () => {
    api = await start();
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    const response = await get('/api/test/tournaments/t-1/board', bearer(token));
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ role: 'referee' });
  });

  it('given a referee of another tournament, when the board is read, then 403', async () => {
    api = await start();
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-2' });
    const response = await get('/api/test/tournaments/t-1/board', bearer(token));
    expect(response.status).toBe(403);
    expect(await readJson(response)).toMatchObject({ code: 'forbidden' });
  });

  it('given a global organizer, when any tournament is read, then 200; a bound one only its own', async () => {
    api = await start();
    const global = await api.tokenFor({ role: 'organizer' });
    const bound = await api.tokenFor({ role: 'organizer', tournamentId: 't-2' });
    expect((await get('/api/test/tournaments/t-1/board', bearer(global))).status).toBe(200);
    expect((await get('/api/test/tournaments/t-1/board', bearer(bound))).status).toBe(403);
    expect((await get('/api/test/tournaments/t-2/board', bearer(bound))).status).toBe(200);
  });

  it('given a route whose scope is looked up, then a referee reaches only games of their tournament', async () => {
    api = await start();
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    expect((await get('/api/test/games/g-1/log', bearer(token))).status).toBe(200);
    expect((await get('/api/test/games/g-2/log', bearer(token))).status).toBe(403);
  });

  it('given a player token, when an officials route is called, then 403 for the role', async () => {
    api = await start();
    const token = await api.tokenFor({ role: 'player', tournamentId: 't-1', gameId: 'g-1', playerId: 'p-1' });
    const response = await get('/api/test/tournaments/t-1/board', bearer(token));
    expect(response.status).toBe(403);
    expect((await readJson(response)).detail).toContain('player');
  });

  it('given a player token, when their game or another game is read, then 200 or 403', async () => {
    api = await start();
    const token = await api.tokenFor({ role: 'player', tournamentId: 't-1', gameId: 'g-1', playerId: 'p-1' });
    const mine = await get('/api/test/tournaments/t-1/games/g-1/me', bearer(token));
    expect(mine.status).toBe(200);
    expect(await readJson(mine)).toEqual({ playerId: 'p-1' });
    expect((await get('/api/test/tournaments/t-1/games/g-2/me', bearer(token))).status).toBe(403);
  });
});

describe('a seat token whose game has ended', () => {
  const act = defineRoute({
    method: 'post',
    path: '/api/test/games/:gameId/act',
    summary: 'test: a player command',
    auth: { roles: ['player'] },
    params: z.object({ gameId: z.string() }),
    responses: { 200: { description: 'ok' } },
    handler: ({ principal }) => ({ body: { playerId: principal.playerId } }),
  });
  const read = defineRoute({
    method: 'get',
    path: '/api/test/games/:gameId/act',
    summary: 'test: a player read',
    auth: { roles: ['player'] },
    params: z.object({ gameId: z.string() }),
    responses: { 200: { description: 'ok' } },
    handler: ({ principal }) => ({ body: { playerId: principal.playerId } }),
  });
  const over = new Set(['g-over']);
  const asked: string[] = [];
  const seatEnded = async ({ gameId }: { gameId: string }) => {
    asked.push(gameId);
    return over.has(gameId) ? `game ${gameId} is finished` : undefined;
  };

  it('given its game finished, when it sends a command, then 401 seat-ended; its reads still pass', async () => {
    api = await startTestApi({ routes: [act, read], seatEnded });
    const seat = { role: 'player', tournamentId: 't-1', playerId: 'p-1' } as const;
    const done = await api.tokenFor({ ...seat, gameId: 'g-over' });
    const playing = await api.tokenFor({ ...seat, gameId: 'g-live' });
    const post = (path: string, token: string) =>
      fetch(`${api!.url}${path}`, { method: 'POST', headers: bearer(token) });
    const refused = await post('/api/test/games/g-over/act', done);
    expect(refused.status).toBe(401);
    expect(await readJson(refused)).toMatchObject({
      reason: 'seat-ended',
      detail: 'seat tokens end with their game: game g-over is finished',
    });
    expect((await post('/api/test/games/g-live/act', playing)).status).toBe(200);
    expect((await get('/api/test/games/g-over/act', bearer(done))).status).toBe(200);
    // Reads never ask: only commands pay for the look at the game.
    expect(asked).toEqual(['g-over', 'g-live']);
  });

  it('given the command that ended its game, when the seat retries it with its key, then the kept reply; a new key is 401', async () => {
    const keyed = defineRoute({
      method: 'post',
      path: '/api/test/games/:gameId/last-move',
      summary: 'test: the move that ends the game',
      auth: { roles: ['player'] },
      params: z.object({ gameId: z.string() }),
      idempotency: 'optional',
      responses: { 200: { description: 'ok' } },
      handler: ({ params }) => {
        over.add(params.gameId);
        return { body: { ended: params.gameId }, revision: 41 };
      },
    });
    api = await startTestApi({ routes: [keyed], seatEnded });
    const token = await api.tokenFor({
      role: 'player',
      tournamentId: 't-1',
      playerId: 'p-1',
      gameId: 'g-last',
    });
    const send = (key: string) =>
      fetch(`${api!.url}/api/test/games/g-last/last-move`, {
        method: 'POST',
        headers: { ...bearer(token), 'idempotency-key': key },
      });
    const first = await send('win-1');
    expect(first.status).toBe(200);
    const retried = await send('win-1');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.headers.get('etag')).toBe('"41"');
    expect(await readJson(retried)).toEqual({ ended: 'g-last' });
    const fresh = await send('win-2');
    expect(fresh.status).toBe(401);
    expect(await readJson(fresh)).toMatchObject({ reason: 'seat-ended' });
  });
});
