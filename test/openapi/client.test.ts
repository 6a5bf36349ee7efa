// The web app's typed client (web-admin/src/api/client.ts) against the platform server over real HTTP: the
// document the server serves is the one its types were generated from, calls typed by it reach the routes they
// name, and the token set once goes with every request.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createLogger } from '../../services/api/logging.ts';
import { platformOpenApiDocument } from '../../services/api/platform-openapi.ts';
import { loadConfig } from '../../services/config.ts';
import { type RunningServer, startPlatformServer } from '../../services/server.ts';
import { createApiClient, type Schemas, setToken } from '../../web-admin/src/api/client.ts';

let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-client-'));
  server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
  });
}, 60_000);

afterAll(async () => {
  setToken(undefined);
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the typed API client', () => {
  it('given the platform server, then the document it serves is the one the web app is typed from', async () => {
    const served = await (await fetch(`${server.url}/api/openapi.json`)).json();

    expect(served).toEqual(JSON.parse(JSON.stringify(platformOpenApiDocument())));
  });

  it('given a token set, when typed calls are made, then they reach their routes with it and read typed replies', async () => {
    const api = createApiClient(server.url);
    setToken(undefined);
    const refused = await api.GET('/api/tournaments/{tournamentId}/audit', {
      params: { path: { tournamentId: 'typed' } },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe('unauthorized');

    setToken(server.organizerToken);
    const created = await api.POST('/api/tournaments', {
      body: { tournamentId: 'typed', name: 'Typed', preset: 'hu-mahjong' },
    });
    expect(created.response.status).toBe(201);
    expect(created.data?.events[0]?.type).toBe('TournamentCreated');
    await api.POST('/api/tournaments/{tournamentId}/players', {
      params: { path: { tournamentId: 'typed' } },
      body: { playerId: 'p1', name: 'P 1' },
    });
    await server.projections.catchUp();

    const { data } = await api.GET('/api/tournaments/{tournamentId}/standings', {
      params: { path: { tournamentId: 'typed' } },
    });
    // Typed by the document (tsc checks these): the reply's schema, not any; a path the API has not, refused.
    expectTypeOf(data).toEqualTypeOf<Schemas['Standings'] | undefined>();
    // @ts-expect-error no such route
    expect((await api.GET('/api/no-such-route')).response.status).toBe(404);
    const rows: Schemas['StandingRow'][] = data?.standings ?? [];
    expect(rows.map((row) => [row.playerId, row.points])).toEqual([['p1', 0]]);
    const audit = await api.GET('/api/tournaments/{tournamentId}/audit', {
      params: { path: { tournamentId: 'typed' } },
    });
    expect(audit.response.status).toBe(200);
    expect(audit.data?.entries).toEqual([]);
  });
});
