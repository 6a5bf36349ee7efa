import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteApiDatabase } from './db.ts';
import { claimIdempotencyKey, fingerprintOf } from './idempotency.ts';
import { type ProblemError, rejected } from './problem.ts';
import { defineRoute } from './route.ts';
import { bearer, jsonHeaders, readJson, startTestApi, type TestApi } from './testing.ts';
import { z } from './zod.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A discard command that counts its runs and hands back the command id it was given. */
function counted(path = '/api/test/games/:gameId/discard') {
  const runs: string[] = [];
  const route = defineRoute({
    method: 'post',
    path,
    summary: 'test: a counted command',
    auth: { roles: ['player'] },
    body: z.object({ tile: z.string() }),
    idempotency: 'required',
    responses: { 201: { description: 'ok' } },
    handler: ({ body, commandId }) => {
      runs.push(commandId);
      if (body.tile === '9z')
        throw rejected({ code: 'tile-not-held', rule: 'discard a held tile', message: 'no 9z' }, 422);
      if (body.tile === 'boom') throw new Error('store down');
      return { status: 201, body: { discarded: body.tile, run: runs.length }, revision: runs.length };
    },
  });
  return { route, runs };
}

const player = { role: 'player', tournamentId: 't-1', gameId: 'g-1', playerId: 'p-1' } as const;
const CLIENT_ID = /^client:[0-9a-f]{64}$/;

describe('Idempotency-Key', () => {
  const discard = (token: string, key: string | undefined, tile: string) =>
    fetch(`${api!.url}/api/test/games/g-1/discard`, {
      method: 'POST',
      headers: jsonHeaders({ ...bearer(token), ...(key !== undefined ? { 'idempotency-key': key } : {}) }),
      body: JSON.stringify({ tile }),
    });

  it('given a command sent twice with one key, then the handler runs once and the retry is replayed', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const token = await api.tokenFor(player);

    const first = await discard(token, 'k-1', '5p');
    const retry = await discard(token, 'k-1', '5p');

    // The handler sees the key hashed with its scope, never the key itself.
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatch(CLIENT_ID);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('etag')).toBe('"1"');
    expect(await readJson(retry)).toEqual(await readJson(first));
  });

  it('given a key reused for another body, then 422 idempotency-key-reused and no second run', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const token = await api.tokenFor(player);
    await discard(token, 'k-1', '5p');
    const reused = await discard(token, 'k-1', '6p');
    expect(reused.status).toBe(422);
    expect(await readJson(reused)).toMatchObject({ code: 'idempotency-key-reused' });
    expect(runs).toHaveLength(1);
  });

  it('given two principals using the same key, then each command runs: keys are per principal', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const mine = await api.tokenFor(player);
    const theirs = await api.tokenFor({ ...player, playerId: 'p-2' });
    expect((await discard(mine, 'k-1', '5p')).status).toBe(201);
    const other = await discard(theirs, 'k-1', '5p');
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect(runs).toHaveLength(2);
    expect(runs[1]).not.toBe(runs[0]);
  });

  it('given one principal using the same key on two routes, then each runs as a command of its own', async () => {
    const { route, runs } = counted();
    const other = counted('/api/test/games/:gameId/pass');
    api = await startTestApi({ routes: [route, other.route] });
    const token = await api.tokenFor(player);
    const pass = await fetch(`${api.url}/api/test/games/g-1/pass`, {
      method: 'POST',
      headers: jsonHeaders({ ...bearer(token), 'idempotency-key': 'k-1' }),
      body: JSON.stringify({ tile: '5p' }),
    });

    expect((await discard(token, 'k-1', '5p')).status).toBe(201);
    expect(pass.status).toBe(201);
    expect(pass.headers.get('idempotent-replayed')).toBeNull();
    expect([runs.length, other.runs.length]).toEqual([1, 1]);
    expect(other.runs[0]).not.toBe(runs[0]);
  });

  it('given keys of 1, 200, 201 and 255 characters, then each runs; 256 characters is 400', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const token = await api.tokenFor(player);
    for (const length of [1, 200, 201, 255]) {
      const response = await discard(token, 'k'.repeat(length - 1) + String(length % 10), '5p');
      expect(response.status, `a key of ${length}`).toBe(201);
    }
    const long = await discard(token, 'k'.repeat(256), '5p');
    expect(long.status).toBe(400);
    expect((await readJson(long)).errors[0].path).toBe('headers.idempotency-key');
    expect(runs).toHaveLength(4);
    expect(runs.every((id) => CLIENT_ID.test(id))).toBe(true);
  });

  it('given a domain rejection, then the retry replays the rejection without deciding again', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const token = await api.tokenFor(player);
    const first = await discard(token, 'k-9', '9z');
    const retry = await discard(token, 'k-9', '9z');
    expect(first.status).toBe(422);
    expect(await readJson(first)).toMatchObject({
      code: 'rejected',
      rejection: { code: 'tile-not-held', rule: 'discard a held tile' },
    });
    expect(retry.status).toBe(422);
    expect(retry.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(runs).toHaveLength(1);
  });

  it('given a failure, then the key is freed and the retry runs the command again', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const token = await api.tokenFor(player);
    expect((await discard(token, 'k-5', 'boom')).status).toBe(500);
    expect((await discard(token, 'k-5', 'boom')).status).toBe(500);
    // The retry is the same command: the same id.
    expect(runs).toHaveLength(2);
    expect(runs[1]).toBe(runs[0]);
    expect(runs[0]).toMatch(CLIENT_ID);
  });

  it('given no key on a command that needs one, then 400 naming the header', async () => {
    const { route, runs } = counted();
    api = await startTestApi({ routes: [route] });
    const token = await api.tokenFor(player);
    const response = await discard(token, undefined, '5p');
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors[0].path).toBe('headers.idempotency-key');
    expect(runs).toHaveLength(0);
  });
});

describe('claimIdempotencyKey', () => {
  const request = { scope: 'token-1', key: 'k', fingerprint: fingerprintOf('POST', '/x', { a: 1, b: 2 }) };

  it('given a request still running, when the key comes again, then 409 in flight', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    const first = await claimIdempotencyKey(db, request);
    expect(first.kind).toBe('claimed');
    await expect(claimIdempotencyKey(db, request)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency-key-in-flight',
    } satisfies Partial<ProblemError>);
    await db.destroy();
  });

  it('given a key older than its time to live, when it comes again, then it is claimed afresh', async () => {
    const db = await openSqliteApiDatabase(':memory:');
    let now = new Date('2026-11-29T10:00:00Z');
    const clock = { now: () => now, ttlMs: 60_000 };
    const first = await claimIdempotencyKey(db, request, clock);
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await first.complete({ status: 201, body: { ok: true }, contentType: 'application/json' });
    expect((await claimIdempotencyKey(db, request, clock)).kind).toBe('replay');
    now = new Date('2026-11-29T10:02:00Z');
    expect((await claimIdempotencyKey(db, request, clock)).kind).toBe('claimed');
    await db.destroy();
  });

  it('fingerprints ignore object key order but not values', () => {
    expect(fingerprintOf('POST', '/x', { b: 2, a: 1 })).toBe(request.fingerprint);
    expect(fingerprintOf('POST', '/x', { a: 1, b: 3 })).not.toBe(request.fingerprint);
    expect(fingerprintOf('POST', '/y', { a: 1, b: 2 })).not.toBe(request.fingerprint);
  });
});

describe('Idempotency-Key under a race', () => {
  it('given a retry while the first request still runs, then 409 in flight and one run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    const slow = defineRoute({
      method: 'post',
      path: '/api/test/slow',
      summary: 'test: a slow command',
      body: z.object({ tile: z.string() }),
      idempotency: 'required',
      responses: { 200: { description: 'ok' } },
      handler: async () => {
        runs++;
        await gate;
        return { body: { done: true } };
      },
    });
    api = await startTestApi({ routes: [slow] });
    const send = () =>
      fetch(`${api!.url}/api/test/slow`, {
        method: 'POST',
        headers: jsonHeaders({ 'idempotency-key': 'race-1' }),
        body: JSON.stringify({ tile: '5p' }),
      });
    const first = send();
    while (runs === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await send();
    release();
    expect((await first).status).toBe(200);
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(await readJson(second)).toMatchObject({ code: 'idempotency-key-in-flight' });
    expect(runs).toBe(1);
    const later = await send();
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(runs).toBe(1);
  });
});
