import { afterEach, describe, expect, it } from 'vitest';
import { hashToken, issueToken, principalOf, revokeToken } from './auth.ts';
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

  it('given a revoked token, when resolved, then it stands for no one', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const { token } = await issueToken(db, { role: 'organizer' });
    expect(await revokeToken(db, token)).toBe(true);
    expect(await principalOf(db, token)).toBeUndefined();
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
    expect((await readJson(unknown)).detail).toContain('unknown');
    const basic = await get('/api/test/tournaments/t-1/board', { authorization: 'Basic dTpw' });
    expect(basic.status).toBe(401);
    expect((await readJson(basic)).detail).toContain('Bearer');
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
