import { afterEach, describe, expect, it } from 'vitest';
import { ProblemError } from './problem.ts';
import { defineRoute } from './route.ts';
import { jsonHeaders, readJson, startTestApi, type TestApi } from './testing.ts';
import { z } from './zod.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const echo = defineRoute({
  method: 'post',
  path: '/api/test/games/:gameId/discards',
  summary: 'test: echoes a validated discard',
  params: z.object({ gameId: z.string().regex(/^g-[0-9]+$/) }),
  query: z.object({ hand: z.coerce.number().int().min(1) }),
  body: z.object({ tile: z.string().length(2), seat: z.enum(['E', 'S', 'W', 'N']) }),
  responses: { 200: { description: 'echo' } },
  handler: ({ params, query, body }) => ({
    body: { gameId: params.gameId, hand: query.hand, tile: body.tile },
  }),
});

const failing = defineRoute({
  method: 'get',
  path: '/api/test/boom',
  summary: 'test: fails',
  responses: {},
  handler: () => {
    throw new Error('secret internals at /srv/db');
  },
});

const teapot = defineRoute({
  method: 'get',
  path: '/api/test/teapot',
  summary: 'test: a thrown problem',
  responses: {},
  handler: () => {
    throw new ProblemError(409, 'conflict', 'the table is already seated', { tableId: 't-1' });
  },
});

const start = () => startTestApi({ routes: [echo, failing, teapot] });

describe('problem+json', () => {
  it('given valid input, when posted, then the handler sees the parsed values', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/test/games/g-1/discards?hand=2`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ tile: '5p', seat: 'S' }),
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ gameId: 'g-1', hand: 2, tile: '5p' });
  });

  it('given bad params, query and body, when posted, then one 400 names every bad field', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/test/games/x/discards?hand=0`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ tile: '5pp', seat: 'X' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = await readJson(response);
    expect(problem).toMatchObject({
      type: 'urn:mahjong-ledger:problem:invalid-request',
      status: 400,
      code: 'invalid-request',
      instance: '/api/test/games/x/discards?hand=0',
    });
    expect(typeof problem.title).toBe('string');
    expect(problem.detail).toContain('body.tile');
    const paths = (problem.errors as { path: string }[]).map((error) => error.path).sort();
    expect(paths).toEqual(['body.seat', 'body.tile', 'params.gameId', 'query.hand']);
  });

  it('given a missing body, when posted, then 400 names the body', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/test/games/g-1/discards?hand=1`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors[0].path).toBe('body');
  });

  it('given malformed JSON, when posted, then 400 problem+json, not an HTML page', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/test/games/g-1/discards?hand=1`, {
      method: 'POST',
      headers: jsonHeaders(),
      body: '{"tile": "5p",',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = await readJson(response);
    expect(problem.code).toBe('invalid-request');
    expect(problem.errors[0].path).toBe('body');
  });

  it('given an unknown /api path, when requested, then 404 problem+json', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/no/such/thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await readJson(response)).toMatchObject({
      code: 'not-found',
      status: 404,
      instance: '/api/no/such/thing',
    });
  });

  it('given a handler that throws, when requested, then 500 internal without the message or a stack', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/test/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ code: 'internal', status: 500 });
    expect(text).not.toContain('secret internals');
    expect(text).not.toContain('at ');
    // The id a client quotes when reporting it: made by the server, as the log line carries it.
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('given a thrown ProblemError, when requested, then its status, code and extensions are sent', async () => {
    api = await start();
    const response = await fetch(`${api.url}/api/test/teapot`);
    expect(response.status).toBe(409);
    expect(await readJson(response)).toMatchObject({
      code: 'conflict',
      detail: 'the table is already seated',
      tableId: 't-1',
      type: 'urn:mahjong-ledger:problem:conflict',
    });
  });
});
