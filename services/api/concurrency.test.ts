import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { expectedRevisionOf, parseIfMatch } from './concurrency.ts';
import { ProblemError } from './problem.ts';
import { defineRoute } from './route.ts';
import { bearer, jsonHeaders, readJson, startTestApi, type TestApi } from './testing.ts';
import { z } from './zod.ts';

describe('parseIfMatch', () => {
  it('reads strong and weak revision tags, * and -1', () => {
    expect(parseIfMatch('"7"')).toBe(7);
    expect(parseIfMatch('W/"7"')).toBe(7);
    expect(parseIfMatch(' "0" ')).toBe(0);
    expect(parseIfMatch('*')).toBe('any');
    expect(parseIfMatch('"-1"')).toBe(-1);
    expect(parseIfMatch(undefined)).toBeUndefined();
  });

  it('refuses tags that are no revision', () => {
    for (const bad of ['7', '"07"', '"x"', '"1", "2"', 'W/7', '""'])
      expect(() => parseIfMatch(bad), bad).toThrow(ProblemError);
  });

  it('maps -1 to a stream that must not exist', () => {
    expect(expectedRevisionOf(-1)).toBe('no-stream');
    expect(expectedRevisionOf(3)).toBe(3);
  });
});

let api: TestApi | undefined;
let store: EventStore | undefined;
afterEach(async () => {
  await api?.close();
  await store?.close();
  api = undefined;
  store = undefined;
});

/** A note stream: GET shows it with its ETag, POST appends one note against If-Match. */
function noteRoutes(events: EventStore) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/test/notes/:id',
      summary: 'test: a stream with its revision',
      params: z.object({ id: z.string() }),
      responses: { 200: { description: 'ok' } },
      handler: async ({ params }) => {
        const stored = await events.readStream(`note-${params.id}`);
        return { body: stored.map((event) => event.data), revision: stored.at(-1)?.revision ?? -1 };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/test/notes/:id',
      summary: 'test: append against If-Match',
      auth: { roles: ['referee'] },
      params: z.object({ id: z.string() }),
      body: z.object({ text: z.string() }),
      ifMatch: 'required',
      responses: { 200: { description: 'ok' } },
      handler: async ({ params, body, expectedVersion, commandId }) => {
        const result = await events.append(
          `note-${params.id}`,
          [{ type: 'Noted', schemaVersion: 1, data: body, metadata: {}, id: commandId }],
          expectedRevisionOf(expectedVersion!),
        );
        return {
          status: 201,
          body: { revision: result.nextExpectedRevision },
          revision: result.nextExpectedRevision,
        };
      },
    }),
  ];
}

describe('If-Match over HTTP', () => {
  const post = async (token: string, ifMatch: string | undefined, text: string) =>
    fetch(`${api!.url}/api/test/notes/n1`, {
      method: 'POST',
      headers: jsonHeaders({ ...bearer(token), ...(ifMatch !== undefined ? { 'if-match': ifMatch } : {}) }),
      body: JSON.stringify({ text }),
    });

  it('given no If-Match on a command that needs it, when posted, then 428', async () => {
    store = openSqliteEventStore(':memory:');
    api = await startTestApi({ routes: noteRoutes(store) });
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    const response = await post(token, undefined, 'first');
    expect(response.status).toBe(428);
    expect(await readJson(response)).toMatchObject({ code: 'precondition-required' });
  });

  it('given the ETag read, when appended, then 201 with the new ETag; the old one is then 412', async () => {
    store = openSqliteEventStore(':memory:');
    api = await startTestApi({ routes: noteRoutes(store) });
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    const read = await fetch(`${api.url}/api/test/notes/n1`);
    expect(read.headers.get('etag')).toBe('"-1"');

    const first = await post(token, read.headers.get('etag')!, 'first');
    expect(first.status).toBe(201);
    expect(first.headers.get('etag')).toBe('"0"');
    const second = await post(token, 'W/"0"', 'second');
    expect(second.headers.get('etag')).toBe('"1"');

    const stale = await post(token, '"0"', 'late');
    expect(stale.status).toBe(412);
    expect(stale.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(stale.headers.get('etag')).toBe('"1"');
    expect(await readJson(stale)).toMatchObject({ code: 'stale-version', status: 412, currentRevision: 1 });
    expect(await store.readStream('note-n1')).toHaveLength(2);
  });

  it('given a malformed If-Match, when posted, then 400 naming the header', async () => {
    store = openSqliteEventStore(':memory:');
    api = await startTestApi({ routes: noteRoutes(store) });
    const token = await api.tokenFor({ role: 'referee', tournamentId: 't-1' });
    const response = await post(token, 'seven', 'x');
    expect(response.status).toBe(400);
    expect((await readJson(response)).errors[0].path).toBe('headers.if-match');
  });
});
