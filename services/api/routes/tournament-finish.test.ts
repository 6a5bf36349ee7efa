// POST /api/tournaments/:id/finish over HTTP on a real SQLite event store: refused while a round is started or
// a dispute is open (409 with the decider's code), then TournamentFinished once; a retry with the same
// Idempotency-Key replays it, a second finish is 409 tournament-finished; referees, and organizers bound to
// another tournament, are 403; a stale If-Match is 412.
import '../zod.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '../../eventstore/port.ts';
import { openSqliteEventStore } from '../../eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../../platform.ts';
import { bearer, jsonHeaders, startTestApi, type TestApi } from '../testing.ts';
import { roundRoutes } from './rounds.ts';
import { rulingRoutes } from './rulings.ts';
import { tournamentFinishRoutes } from './tournament-finish.ts';
import { tournamentRoutes } from './tournaments.ts';

const T = 'finish-open';
let dir: string;
let store: EventStore;
let platform: Platform;
let api: TestApi;
let organizer: string;

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of many JSON shapes
  readonly body: any;
}

async function post(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: jsonHeaders({ ...bearer(organizer), ...headers }),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : JSON.parse(text),
  };
}

async function ok(path: string, body?: unknown) {
  const reply = await post(path, body);
  if (reply.status >= 300) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'finish-'));
  store = openSqliteEventStore(join(dir, 'events.sqlite'));
  platform = createPlatform(store, { deadlines: false });
  api = await startTestApi({
    rateLimit: false,
    routes: [
      tournamentRoutes(platform),
      roundRoutes(platform),
      rulingRoutes(platform),
      tournamentFinishRoutes(platform),
    ],
  });
  organizer = await api.tokenFor({ role: 'organizer' });
  await ok('/api/tournaments', {
    tournamentId: T,
    name: 'Finish Open',
    preset: 'hu-mahjong',
    seed: 'finish',
  });
  for (const name of ['ana', 'bo', 'cy', 'di'])
    await ok(`/api/tournaments/${T}/players`, { playerId: name, name });
  await ok(`/api/tournaments/${T}/rounds`, {
    round: 1,
    method: 'random',
    end: { kind: 'hands', count: 4 },
    minutes: 60,
  });
  await ok(`/api/tournaments/${T}/rounds/1/seating`, { method: 'random' });
  await ok(`/api/tournaments/${T}/rounds/1/start`);
}, 60_000);

afterAll(async () => {
  await api?.close();
  platform?.close();
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

const finish = (headers: Record<string, string> = {}, token?: string) =>
  post(
    `/api/tournaments/${T}/finish`,
    undefined,
    token === undefined ? headers : { ...headers, ...bearer(token) },
  );

describe('POST /api/tournaments/:tournamentId/finish', () => {
  it('given no tournament of that id, then 409 rejected not-created', async () => {
    const reply = await post('/api/tournaments/nowhere/finish');
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'rejected', rejection: { code: 'not-created' } });
  });

  it('refuses a referee and an organizer bound to another tournament (403), and a visitor without a token (401)', async () => {
    expect((await finish({}, await api.tokenFor({ role: 'referee', tournamentId: T }))).status).toBe(403);
    expect(
      (await finish({}, await api.tokenFor({ role: 'organizer', tournamentId: 'elsewhere' }))).status,
    ).toBe(403);
    const anonymous = await fetch(`${api.url}/api/tournaments/${T}/finish`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('given a started round, then 409 round-open naming it; given an open dispute, then 409 dispute-open', async () => {
    const open = await finish();
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({ code: 'rejected', rejection: { code: 'round-open' } });
    expect(open.body.detail).toContain('round 1');

    const { state } = await platform.tournaments.current(T);
    const gameId = state.rounds[0]!.tables[0]!.gameId;
    await ok(`/api/tournaments/${T}/disputes`, { gameId, hand: 1, reason: 'a wrong wall count' });
    await ok(`/api/tournaments/${T}/rounds/1/close`, { force: true });
    const disputed = await finish();
    expect(disputed.status).toBe(409);
    expect(disputed.body).toMatchObject({ code: 'rejected', rejection: { code: 'dispute-open' } });
    const disputeId = Object.keys((await platform.tournaments.current(T)).state.disputes)[0]!;
    await ok(`/api/tournaments/${T}/disputes/${disputeId}/ruling`, {
      ruling: { kind: 'no-change' },
      reason: 'count was right',
    });
  });

  it('given a stale If-Match, then 412 and nothing written', async () => {
    const reply = await finish({ 'if-match': '"1"' });
    expect(reply.status).toBe(412);
    expect(reply.body.code).toBe('stale-version');
    expect((await platform.tournaments.current(T)).state.status).toBe('open');
  });

  it('finishes once: TournamentFinished with its revision, the same reply for a retry, 409 for another finish', async () => {
    const { revision } = await platform.tournaments.current(T);
    const key = { 'idempotency-key': 'finish-once', 'if-match': `"${revision}"` };
    const finished = await finish(key);
    expect(finished.status).toBe(200);
    expect(finished.body.events).toEqual([{ type: 'TournamentFinished', data: {} }]);
    expect(finished.body.revision).toBe(revision + 1);
    expect(finished.headers.get('etag')).toBe(`"${revision + 1}"`);
    expect((await platform.tournaments.current(T)).state.status).toBe('finished');

    const retried = await finish(key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(finished.body);

    const again = await finish();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'rejected', rejection: { code: 'tournament-finished' } });
    expect((await platform.tournaments.current(T)).revision).toBe(revision + 1);
  });
});
