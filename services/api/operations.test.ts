import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logging.ts';
import { defineRoute } from './route.ts';
import { bearer, jsonHeaders, readJson, startTestApi, type TestApi } from './testing.ts';
import { z } from './zod.ts';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const whoAmI = defineRoute({
  method: 'get',
  path: '/api/test/whoami',
  summary: 'test: the caller',
  auth: { roles: ['organizer', 'referee', 'player'] },
  responses: { 200: { description: 'ok' } },
  handler: ({ principal }) => ({ body: { role: principal.role } }),
});

describe('rate limits', () => {
  it('given a limit of 3, when a fourth request comes in the window, then 429 problem+json', async () => {
    api = await startTestApi({ rateLimit: { windowMs: 60_000, limit: 3 } });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${api.url}/api/health`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(last!.headers.get('ratelimit-limit')).toBe('3');
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    // Seconds until the window ends: within its 60.
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await readJson(last!)).toMatchObject({ code: 'rate-limited', status: 429 });
  });

  it('given two tokens from one address, then each has its own allowance', async () => {
    api = await startTestApi({ rateLimit: { windowMs: 60_000, limit: 2 }, routes: [whoAmI] });
    const a = bearer(await api.tokenFor({ role: 'organizer' }));
    const b = bearer(await api.tokenFor({ role: 'referee', tournamentId: 't-1' }));
    const call = (headers: Record<string, string>) => fetch(`${api!.url}/api/test/whoami`, { headers });
    expect([(await call(a)).status, (await call(a)).status, (await call(a)).status]).toEqual([200, 200, 429]);
    expect((await call(b)).status).toBe(200);
  });
});

describe('metrics', () => {
  it('given requests, when /metrics is read, then the histogram counts them by route pattern', async () => {
    api = await startTestApi({ routes: [whoAmI] });
    await fetch(`${api.url}/api/health`);
    await fetch(`${api.url}/api/test/whoami`);
    api.metrics.eventsAppended.inc({ type: 'TileDiscarded' }, 2);
    const response = await fetch(`${api.url}/metrics`, {
      headers: bearer(await api.tokenFor({ role: 'organizer' })),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/test\/whoami",status="401"\} 1/,
    );
    expect(text).toContain('mahjong_events_appended_total{type="TileDiscarded"} 2');
  });

  it('given the default metrics, then process metrics are exposed too', async () => {
    const { createMetrics } = await import('./metrics.ts');
    const metrics = createMetrics();
    expect(await metrics.registry.metrics()).toContain('process_cpu_user_seconds_total');
  });
});

describe('OpenAPI and docs', () => {
  const command = defineRoute({
    method: 'post',
    path: '/api/test/games/:gameId/discard',
    summary: 'test: a documented command',
    tags: ['play'],
    auth: { roles: ['player'] },
    params: z.object({ gameId: z.string() }),
    body: z.object({ tile: z.string().openapi({ example: '5p' }) }),
    ifMatch: 'required',
    idempotency: 'required',
    responses: { 201: { description: 'discarded', schema: z.object({ revision: z.number().int() }) } },
    handler: () => ({ status: 201, body: { revision: 1 } }),
  });

  it('given the routes, when /api/openapi.json is read, then it is OpenAPI 3.1 with their paths and schemas', async () => {
    api = await startTestApi({ routes: [command] });
    const doc = await readJson(await fetch(`${api.url}/api/openapi.json`));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/score', '/api/test/games/{gameId}/discard']),
    );
    const score = doc.paths['/api/score'].post;
    expect(score.requestBody.content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ScoreRequest',
    );
    expect(doc.components.schemas.ScoreRequest.properties.ruleset.enum).toContain('hu-mahjong');
    expect(Object.keys(score.responses)).toEqual(expect.arrayContaining(['200', '400', '422', '429', '500']));

    const discard = doc.paths['/api/test/games/{gameId}/discard'].post;
    expect(discard.security).toEqual([{ bearerAuth: [] }]);
    const parameters = (discard.parameters as { name: string; in: string; required?: boolean }[]).map(
      (p) => `${p.in}:${p.name}:${p.required === true}`,
    );
    expect(parameters).toEqual(
      expect.arrayContaining(['path:gameId:true', 'header:if-match:true', 'header:idempotency-key:true']),
    );
    expect(discard.requestBody.content['application/json'].schema.properties.tile.example).toBe('5p');
    expect(Object.keys(discard.responses)).toEqual(
      expect.arrayContaining(['201', '401', '403', '412', '422', '428']),
    );
    expect(discard.responses['412'].content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/Problem',
    );
  });

  it('given /api/docs, then Swagger UI is served from local files pointed at the document', async () => {
    api = await startTestApi();
    const page = await fetch(`${api.url}/api/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('swagger-ui-bundle.js');
    const bundle = await fetch(`${api.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const initializer = await (await fetch(`${api.url}/api/docs/swagger-initializer.js`)).text();
    expect(initializer).toContain('"/api/openapi.json"');
    expect(initializer).not.toContain('petstore');
    const bare = await fetch(`${api.url}/api/docs`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/api/docs/');
  });
});

describe('request logs', () => {
  it('given a token and X-Request-Id, then the log line has the id and role but not the token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ destination: sink });
    api = await startTestApi({ logger, routes: [whoAmI] });
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    const response = await fetch(`${api.url}/api/test/whoami`, {
      headers: { ...bearer(token), 'x-request-id': 'req-42' },
    });
    expect(response.headers.get('x-request-id')).toBe('req-42');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.req?.id === 'req-42');
    expect(line).toMatchObject({ role: 'referee', res: { statusCode: 200 } });
    expect(line.req.headers.authorization).toBe('[redacted]');
    expect(lines.join('')).not.toContain(token);
  });

  it('given a handler that fails, then the log has the stack that the response body does not', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const failing = defineRoute({
      method: 'get',
      path: '/api/test/fail',
      summary: 'test: fails',
      responses: {},
      handler: () => {
        throw new Error('disk full at /srv');
      },
    });
    api = await startTestApi({ logger: createLogger({ destination: sink }), routes: [failing] });
    const response = await fetch(`${api.url}/api/test/fail`, { headers: { 'x-request-id': 'req-500' } });
    expect(await response.text()).not.toContain('disk full');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const line = lines.map((text) => JSON.parse(text)).find((entry) => entry.req?.id === 'req-500');
    expect(line).toMatchObject({ level: 50, err: { message: 'disk full at /srv' } });
    expect(line.err.stack).toContain('operations.test.ts');
  });

  it('given no X-Request-Id, then one is made and echoed', async () => {
    api = await startTestApi();
    const response = await fetch(`${api.url}/api/health`, { headers: jsonHeaders() });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
