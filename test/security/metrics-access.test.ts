// /metrics is for organizers or a separate bind address (issue 9, item 4): on the main port it asks for a
// global organizer's token (401 without a valid token, 403 for any other); with a metrics port of its own, it
// is served there without a token and the main port has none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../services/api/logging.ts';
import { bearer, startTestApi, type TestApi } from '../../services/api/testing.ts';
import { loadConfig } from '../../services/config.ts';
import { type RunningServer, startPlatformServer } from '../../services/server.ts';

describe('/metrics on the main port', () => {
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('given no token or a made-up one, then 401 unauthorized as problem+json', async () => {
    api = await startTestApi();
    for (const headers of [{}, bearer('made-up-token')]) {
      const response = await fetch(`${api.url}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('given a player, a referee or an organizer bound to one tournament, then 403 forbidden', async () => {
    api = await startTestApi();
    const tokens = [
      await api.tokenFor({ role: 'player', tournamentId: 't-1', gameId: 'g-1', playerId: 'p1' }),
      await api.tokenFor({ role: 'referee', tournamentId: 't-1' }),
      await api.tokenFor({ role: 'organizer', tournamentId: 't-1' }),
    ];
    for (const token of tokens) {
      const response = await fetch(`${api.url}/metrics`, { headers: bearer(token) });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it('given a global organizer, then the Prometheus text', async () => {
    api = await startTestApi();
    const response = await fetch(`${api.url}/metrics`, {
      headers: bearer(await api.tokenFor({ role: 'organizer' })),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toContain('# TYPE mahjong_events_appended_total counter');
  });
});

describe('/metrics on a port of its own', () => {
  let server: RunningServer;
  let dataDir: string;
  afterAll(async () => {
    await server?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('given METRICS_PORT and METRICS_HOST, then the configuration names the bind address (loopback by default)', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(() => loadConfig({ METRICS_PORT: 'ninety' })).toThrow(/^METRICS_PORT: /);
  });

  it('given a metrics port, then /metrics is served there without a token, and the main port has none', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ml-metrics-'));
    server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
      port: 0,
      host: '127.0.0.1',
      metricsPort: 0,
      logger: createLogger({ level: 'silent' }),
      rateLimit: false,
    });
    expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:[0-9]+$/);
    expect(server.metricsUrl).not.toBe(server.url);

    const scraped = await fetch(`${server.metricsUrl}/metrics`);
    const main = await fetch(`${server.url}/metrics`, { headers: bearer(server.organizerToken) });
    const elsewhere = await fetch(`${server.metricsUrl}/api/health`);

    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect(main.status).toBe(404);
    expect(await main.json()).toMatchObject({ code: 'not-found' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
