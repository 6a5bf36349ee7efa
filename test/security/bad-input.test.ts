// No 5xx on bad input (issue 9, item 4), explicit examples over real HTTP: malformed percent-encoding in a
// path, corrupt or unknown Content-Encoding, NUL and lone surrogates in any string (PostgreSQL refuses them
// with an error, so they are refused at the edge on every backend), bodies nested too deep, headers too long,
// a request line that is no HTTP. Each is 400-something problem+json with a code of docs/api.md's table, and
// nothing is appended. Then: asking about thousands of unknown game or tournament ids leaves nothing in
// memory. The PostgreSQL cases run against throwaway schemas.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReadModels } from '../../projections/index.ts';
import { createApp, startServer, stopServer } from '../../services/api/app.ts';
import { issueToken } from '../../services/api/auth.ts';
import { openPostgresApiDatabase } from '../../services/api/db.ts';
import { createLogger } from '../../services/api/logging.ts';
import { PROBLEM_CODES } from '../../services/api/problem.ts';
import { BoardFeed, queryRoutes } from '../../services/api/routes/queries.ts';
import { tournamentRoutes } from '../../services/api/routes/tournaments.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { createPlatform } from '../../services/platform.ts';
import {
  bearer,
  documentedCodes,
  type LiveTable,
  observe,
  type RawReply,
  rawRequest,
  startLiveTable,
} from '../fuzz/live-table.ts';
import { postgresUrl } from '../support/services.ts';

const CODES = documentedCodes();

/** The reply is the problem: status, problem+json, a documented code, and `errors[].path` when given. */
function expectProblem(reply: RawReply, status: number, code: string, paths?: readonly string[]) {
  expect({ status: reply.status, type: String(reply.headers['content-type']) }).toEqual({
    status,
    type: expect.stringMatching(/^application\/problem\+json/),
  });
  const body = JSON.parse(reply.text);
  expect(body).toMatchObject({ status, code, type: `urn:mahjong-ledger:problem:${code}` });
  expect(CODES.has(code)).toBe(true);
  if (paths !== undefined) expect(body.errors.map((error: { path: string }) => error.path)).toEqual(paths);
  return body;
}

describe('the problem codes', () => {
  it('given problem.ts and docs/api.md, then the error table lists every code the API has, and no other', () => {
    expect([...CODES].sort()).toEqual([...PROBLEM_CODES].sort());
  });
});

describe('bad input on SQLite', () => {
  let table: LiveTable;
  const json = () => ({ 'content-type': 'application/json', ...bearer(table.organizer) });
  const send = (options: Parameters<typeof rawRequest>[1]) => rawRequest(table.server.url, options);
  /** A request that must be refused with nothing appended and the tournament and table read the same. */
  async function refused(options: Parameters<typeof rawRequest>[1]): Promise<RawReply> {
    const before = await observe(table);
    const reply = await send(options);
    expect(await observe(table, before.position)).toEqual(before);
    return reply;
  }
  const TOURNAMENT = 'bad-input';
  const players = () => `/api/tournaments/${TOURNAMENT}/players`;
  const register = JSON.stringify({ playerId: 'late-1', name: 'Late Comer' });

  beforeAll(async () => {
    table = await startLiveTable(TOURNAMENT);
  }, 60_000);
  afterAll(() => table?.close());

  it.each(['%ff', '%E0%A4%A', '%', 'a%ed%a0%80b'])(
    'given GET /api/tournaments/%s/standings, then 400 invalid-path',
    async (segment) => {
      const reply = await send({ method: 'GET', path: `/api/tournaments/${segment}/standings` });
      expectProblem(reply, 400, 'invalid-path', ['path']);
    },
  );

  it('given a malformed escape in a command path, then 400 invalid-path and nothing is appended', async () => {
    const reply = await refused({
      method: 'POST',
      path: `/api/tournaments/%ff/players`,
      headers: json(),
      body: register,
    });
    expectProblem(reply, 400, 'invalid-path');
  });

  it.each([
    ['gzip', Buffer.from('not gzip at all')],
    ['deflate', Buffer.from('not deflate either')],
    ['br', Buffer.from('nor brotli')],
    ['gzip', gzipSync(Buffer.from(register)).subarray(0, 15)],
  ])(
    'given Content-Encoding: %s and bytes that are not that, then 400 invalid-content-encoding',
    async (coding, body) => {
      const reply = await refused({
        method: 'POST',
        path: players(),
        headers: { ...json(), 'content-encoding': coding },
        body,
      });
      expectProblem(reply, 400, 'invalid-content-encoding', ['body']);
    },
  );

  it.each(['compress', 'x-garbage', 'gzip, br'])(
    'given Content-Encoding: %s, then 415 unsupported-media-type saying which codings do',
    async (coding) => {
      const reply = await refused({
        method: 'POST',
        path: players(),
        headers: { ...json(), 'content-encoding': coding },
        body: register,
      });
      expectProblem(reply, 415, 'unsupported-media-type');
      expect(reply.headers['accept-encoding']).toBe('gzip, deflate, br, identity');
    },
  );

  it('given a gzip bomb (64 MB of spaces in 64 KB), then 413 payload-too-large', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(100_000);
    const reply = await refused({
      method: 'POST',
      path: players(),
      headers: { ...json(), 'content-encoding': 'gzip' },
      body: bomb,
    });
    expectProblem(reply, 413, 'payload-too-large');
  });

  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)(
    'given a well-formed %s body, then it is read: p1 is registered already (409)',
    async (coding, pack) => {
      const reply = await refused({
        method: 'POST',
        path: players(),
        headers: { ...json(), 'content-encoding': coding },
        body: pack(Buffer.from(JSON.stringify({ playerId: 'p1', name: 'Again' }))),
      });
      expectProblem(reply, 409, 'rejected');
    },
  );

  it.each([
    ['a name with NUL', players(), { name: 'Nul\u0000Name' }, 'body.name'],
    ['a name with a lone high surrogate', players(), { name: 'Lone \ud83d' }, 'body.name'],
    ['a name with a lone low surrogate', players(), { name: '\ude00 low' }, 'body.name'],
    ['an id with NUL', players(), { playerId: 'x\u0000', name: 'Fine' }, 'body.playerId'],
    [
      'a withdrawal reason',
      '/api/tournaments/bad-input/players/p1/withdraw',
      { reason: 'because\u0000' },
      'body.reason',
    ],
    ['a tournament name', '/api/tournaments', { name: 'Open\ud800', preset: 'hu-mahjong' }, 'body.name'],
    [
      'an object key',
      '/api/tournaments',
      { name: 'Open', preset: 'hu-mahjong', options: { 'key\u0000': true } },
      'body.options.key\\u0000',
    ],
    [
      'a string deep in an array',
      '/api/tournaments/bad-input/penalties',
      { playerId: 'p1', points: 1, reason: 'r', extra: [['ok', 'bad\udfff']] },
      'body.extra.0.1',
    ],
  ])(
    'given %s, then 400 invalid-text naming the field, and nothing is appended',
    async (_what, path, body, field) => {
      // JSON.stringify writes lone surrogates as \\u escapes and NUL as \\u0000: the JSON is valid, the text not.
      const reply = await refused({ method: 'POST', path, headers: json(), body: JSON.stringify(body) });
      expectProblem(reply, 400, 'invalid-text', [field]);
    },
  );

  it('given the raw UTF-8 bytes of an encoded surrogate in a body, then they are read as U+FFFD, not refused', async () => {
    // Bytes ED A0 80 are not UTF-8: the decoder replaces them, so the text is well-formed by then.
    const body = Buffer.concat([
      Buffer.from('{"playerId":"p1","name":"x'),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('"}'),
    ]);
    const reply = await refused({ method: 'POST', path: players(), headers: json(), body });
    expectProblem(reply, 409, 'rejected');
  });

  it.each([
    ['a path parameter', `/api/tournaments/a%00b/standings`, 'params.tournamentId'],
    ['a query value', `/api/tournaments/bad-input/standings?x=%00`, 'query.x'],
    ['a repeated query value', `/api/tournaments/bad-input/standings?x=1&x=%00`, 'query.x.1'],
  ])('given NUL in %s, then 400 invalid-text naming it', async (_what, path, field) => {
    expectProblem(await send({ method: 'GET', path }), 400, 'invalid-text', [field]);
  });

  it('given a body nested 100 deep where the schema takes anything, then 400 invalid-request, nothing appended', async () => {
    const options = JSON.parse(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`);
    const reply = await refused({
      method: 'POST',
      path: '/api/tournaments',
      headers: { ...json(), 'idempotency-key': 'deep-1' },
      body: JSON.stringify({ name: 'Deep', preset: 'hu-mahjong', options }),
    });
    expectProblem(reply, 400, 'invalid-request', ['body']);
  });

  it.each([
    ['an array', '[{"name":"x"}]'],
    ['a string', '"x"'],
    [
      'a huge number',
      '{"name":"x","preset":"hu-mahjong","scoring":{"kind":"table-points","values":[1e400]}}',
    ],
    ['malformed JSON', '{"name":'],
  ])('given %s for a body, then 400 invalid-request', async (_what, body) => {
    const reply = await refused({ method: 'POST', path: '/api/tournaments', headers: json(), body });
    expectProblem(reply, 400, 'invalid-request');
  });

  it('given a body in text/plain, then it is not read as JSON: 400 invalid-request', async () => {
    const reply = await refused({
      method: 'POST',
      path: players(),
      headers: { ...bearer(table.organizer), 'content-type': 'text/plain' },
      body: register,
    });
    expectProblem(reply, 400, 'invalid-request');
  });

  it.each(['garbage', '"9999999999999999"', 'W/', '"-2"', '""', '*, "1"'])(
    'given If-Match: %s on a command, then a 4xx problem and nothing is appended',
    async (ifMatch) => {
      const reply = await refused({
        method: 'POST',
        path: players(),
        headers: { ...json(), 'if-match': ifMatch },
        body: register,
      });
      const body = JSON.parse(reply.text);
      expect([400, 412]).toContain(reply.status);
      expect(CODES.has(body.code)).toBe(true);
    },
  );

  it('given headers over 16 KB, then 431 headers-too-large as problem+json', async () => {
    const reply = await send({
      method: 'GET',
      path: `/api/tournaments/bad-input/standings`,
      headers: { 'x-padding': 'a'.repeat(20_000) },
    });
    expectProblem(reply, 431, 'headers-too-large');
  });

  it('given a request line that is not HTTP, then 400 invalid-request as problem+json', async () => {
    const { hostname, port } = new URL(table.server.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString();
      });
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(text).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'invalid-request' });
  });

  it('given a player token asking about 2,000 unknown games, then the table service holds no more tables', async () => {
    const tables = table.server.platform.tables;
    const before = tables.tablesInMemory;
    const statuses = new Set<number>();
    for (let batch = 0; batch < 100; batch++)
      await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          const response = await fetch(`${table.server.url}/api/games/unknown-${batch}-${n}`, {
            headers: bearer(table.acting.token),
          });
          statuses.add(response.status);
          await response.arrayBuffer();
        }),
      );

    expect(statuses).toEqual(new Set([403]));
    expect(before).toBe(2);
    expect(tables.tablesInMemory).toBe(before);
  });

  it('given an organizer asking about 2,000 unknown tournaments, then the tournament service holds no more', async () => {
    const tournaments = table.server.platform.tournaments;
    const before = tournaments.tournamentsInMemory;
    const statuses = new Set<number>();
    for (let batch = 0; batch < 100; batch++)
      await Promise.all(
        Array.from({ length: 20 }, async (_, n) => {
          // Reads, and commands refused because the tournament does not exist: both go through the service.
          const response =
            n % 2 === 0
              ? await fetch(`${table.server.url}/api/tournaments/nowhere-${batch}-${n}`, {
                  headers: bearer(table.organizer),
                })
              : await fetch(`${table.server.url}/api/tournaments/nowhere-${batch}-${n}/players`, {
                  method: 'POST',
                  headers: json(),
                  body: JSON.stringify({ name: 'Nobody' }),
                });
          statuses.add(response.status);
          await response.arrayBuffer();
        }),
      );

    expect([...statuses].every((status) => status === 404 || status === 409)).toBe(true);
    expect(before).toBe(1);
    expect(tournaments.tournamentsInMemory).toBe(before);
  });
});

const url = await postgresUrl();

// postgresUrl() printed why when there is no server to use (and failed instead under REQUIRE_ALL=1).
describe.skipIf(url === undefined)('bad text on PostgreSQL', () => {
  if (url === undefined) return;
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const schemas = [`bad_events_${suffix}`, `bad_reads_${suffix}`, `bad_api_${suffix}`] as const;
  let close: () => Promise<void>;
  let base: string;
  let organizer: string;
  let position: () => Promise<number>;

  beforeAll(async () => {
    const store = await openPostgresEventStore(url, { schema: schemas[0], pollIntervalMs: 100 });
    const readModels = await openReadModels({ kind: 'postgres', url, schema: schemas[1] });
    const apiDb = await openPostgresApiDatabase(url, { schema: schemas[2] });
    const platform = createPlatform(store);
    const feed = new BoardFeed();
    const app = createApp({
      db: apiDb,
      logger: createLogger({ level: 'silent' }),
      rateLimit: false,
      routes: [tournamentRoutes(platform), queryRoutes(platform, readModels, feed)],
    });
    const server = await startServer(app, 0, '127.0.0.1');
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    organizer = (await issueToken(apiDb, { role: 'organizer' })).token;
    position = async () => (await store.readAll()).length;
    close = async () => {
      await stopServer(server);
      platform.close();
      feed.close();
      await apiDb.destroy();
      await readModels.destroy();
      await store.close();
    };
  }, 60_000);

  afterAll(async () => {
    await close?.();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  const create = (name: string) =>
    rawRequest(base, {
      method: 'POST',
      path: '/api/tournaments',
      headers: { 'content-type': 'application/json', ...bearer(organizer) },
      body: JSON.stringify({ name, preset: 'hu-mahjong' }),
    });

  it.each([
    ['NUL', 'Spring\u0000Open'],
    ['a lone surrogate', 'Spring \ud800 Open'],
  ])(
    'given a tournament name with %s, then 400 invalid-text (not the database error) and nothing stored',
    async (_what, name) => {
      const before = await position();
      expectProblem(await create(name), 400, 'invalid-text', ['body.name']);
      expect(await position()).toBe(before);
    },
  );

  it('given NUL in a path parameter read from the read models, then 400 invalid-text', async () => {
    const reply = await rawRequest(base, { method: 'GET', path: '/api/tournaments/a%00b/standings' });
    expectProblem(reply, 400, 'invalid-text', ['params.tournamentId']);
  });

  it('given the same name in well-formed text (an emoji pair included), then it is created', async () => {
    const before = await position();
    const reply = await create('Spring \ud83c\udf38 Open');
    expect(reply.status).toBe(201);
    expect(await position()).toBe(before + 1);
  });
});
