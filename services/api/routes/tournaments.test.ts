// The organizer's flow over HTTP, on a real SQLite event store: a tournament created, eight players
// registered, round 1 scheduled, seated, started (its tables' games start), seat tokens issued; and the edge's
// answers: 401, 403, 412 on a stale If-Match, one append per Idempotency-Key, 400 naming the field, the
// decider's refusals as 409 / 422 with its code.
// First: zod's OpenAPI extension must be in place before any domain schema is made (tournament-spec.ts).
import '../zod.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { tournamentStream } from '../../../domain/tournament/index.ts';
import { type Harness, PLAYERS, startHarness, tournamentWithRound } from './tournament-spec.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const revisionOf = async (h: Harness, tournamentId: string) =>
  (await h.store.readStream(tournamentStream(tournamentId))).at(-1)?.revision ?? -1;

describe('the organizer’s flow', () => {
  it('given a tournament of 8, when round 1 is seated at random and started, then both tables’ games are dealt and seat tokens work', async () => {
    harness = await startHarness();
    const h = harness;

    const created = await h.post('/api/tournaments', {
      name: 'Spring Open 2026',
      preset: 'hu-mahjong',
      scoring: { kind: 'table-points' },
    });
    expect(created.status).toBe(201);
    expect(created.body.events[0].type).toBe('TournamentCreated');
    const id: string = created.body.events[0].data.tournamentId;
    expect(id).toMatch(/^spring-open-2026-[0-9a-f]{6}$/);
    expect(created.headers.get('etag')).toBe('"0"');

    for (const name of PLAYERS) {
      const registered = await h.post(`/api/tournaments/${id}/players`, { name: `${name} Lee` });
      expect(registered.status).toBe(201);
      expect(registered.body.events[0].data).toEqual({ playerId: `${name}-lee`, name: `${name} Lee` });
    }
    const scheduled = await h.post(`/api/tournaments/${id}/rounds`, {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 4 },
      minutes: 90,
    });
    expect(scheduled.status).toBe(200);
    const seated = await h.post(`/api/tournaments/${id}/rounds/1/seating`, { method: 'random' });
    expect(seated.status).toBe(200);
    expect(seated.body.events[0].data.tables).toHaveLength(2);
    const started = await h.post(`/api/tournaments/${id}/rounds/1/start`);
    expect(started.status).toBe(200);
    expect(started.body.events[0].type).toBe('RoundStarted');

    for (const table of [1, 2]) {
      const snapshot = await h.platform.tables.snapshot(`${id}-r1-t${table}`);
      expect(snapshot.game.state.phase).toBe('playing');
      expect(snapshot.hand?.events[0]?.type).toBe('HandStarted');
    }

    const tokens = await h.post(`/api/tournaments/${id}/rounds/1/seat-tokens`);
    expect(tokens.status).toBe(201);
    expect(tokens.body.map((t: { playerId: string }) => t.playerId).sort()).toEqual(
      PLAYERS.map((p) => `${p}-lee`).sort(),
    );
    const first = tokens.body[0];
    expect(first.gameId).toBe(`${id}-r1-t${first.table}`);

    // A seat token reads the tournament, without its seeds.
    const asPlayer = await h.get(`/api/tournaments/${id}`, first.token);
    expect(asPlayer.status).toBe(200);
    expect(asPlayer.body.seed).toBeUndefined();
    expect(asPlayer.body.rounds[0].seed).toBeUndefined();
    expect(asPlayer.body.rounds[0].tables).toHaveLength(2);
    const asOrganizer = await h.get(`/api/tournaments/${id}`);
    expect(asOrganizer.body.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(asOrganizer.body.scoring).toEqual({ kind: 'table-points', values: [4, 2, 1, 0] });
    expect(asOrganizer.headers.get('etag')).toBe(`"${await revisionOf(h, id)}"`);

    // Issued again: the earlier tokens stop working.
    const again = await h.post(`/api/tournaments/${id}/rounds/1/seat-tokens`);
    expect(again.status).toBe(201);
    expect((await h.get(`/api/tournaments/${id}`, first.token)).status).toBe(401);
    const fresh = again.body.find((t: { playerId: string }) => t.playerId === first.playerId);
    expect((await h.get(`/api/tournaments/${id}`, fresh.token)).status).toBe(200);
  });

  it('given round 1 closed by force, when round 2 is seated swiss, then it is seated from the standings', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'swiss' });
    await h.post('/api/tournaments/swiss/rounds/1/seating', { method: 'random' });
    await h.post('/api/tournaments/swiss/rounds/1/start');
    const closed = await h.post('/api/tournaments/swiss/rounds/1/close', { force: true });
    expect(closed.body.events[0].data).toEqual({ round: 1, unfinished: [1, 2] });
    await h.post('/api/tournaments/swiss/rounds', {
      round: 2,
      method: 'swiss',
      end: { kind: 'hands', count: 4 },
      minutes: 90,
    });
    const seated = await h.post('/api/tournaments/swiss/rounds/2/seating', { method: 'swiss' });
    expect(seated.status).toBe(200);
    expect(seated.body.events[0].data.method).toBe('swiss');
  });

  it('given a referee token, when it extends a table’s time, then the table has the extra minutes', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'clock' });
    await h.post('/api/tournaments/clock/rounds/1/seating', { method: 'random' });
    await h.post('/api/tournaments/clock/rounds/1/start');
    const issued = await h.post('/api/tournaments/clock/referee-tokens', { label: 'head referee' });
    expect(issued.status).toBe(201);
    const extended = await h.post(
      '/api/tournaments/clock/rounds/1/tables/2/extend',
      { minutes: 5, reason: 'a late start' },
      { token: issued.body.token },
    );
    expect(extended.status).toBe(200);
    const view = await h.get('/api/tournaments/clock');
    expect(view.body.rounds[0].tables[1].extraMinutes).toBe(5);
    // A referee runs no rounds.
    const closing = await h.post('/api/tournaments/clock/rounds/1/close', {}, { token: issued.body.token });
    expect(closing.status).toBe(403);
  });
});

describe('the edge', () => {
  it('given no token, a player token or a bound organizer elsewhere, then 401, 403 and 403', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'guarded' });
    const player = await h.tokenFor({
      role: 'player',
      tournamentId: 'guarded',
      gameId: 'g',
      playerId: 'ana',
    });
    const elsewhere = await h.tokenFor({ role: 'organizer', tournamentId: 'other' });

    const anonymous = await h.post(
      '/api/tournaments/guarded/rounds/1/seating',
      { method: 'random' },
      { token: null },
    );
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    for (const path of ['/rounds/1/seating', '/rounds/1/seat-tokens', '/referee-tokens', '/penalties'])
      expect(
        (await h.post(`/api/tournaments/guarded${path}`, { method: 'random' }, { token: player })).status,
      ).toBe(403);
    expect(
      (await h.post('/api/tournaments', { name: 'X', preset: 'four-seas' }, { token: player })).status,
    ).toBe(403);
    expect(
      (await h.post('/api/tournaments', { name: 'X', preset: 'four-seas' }, { token: elsewhere })).status,
    ).toBe(403);
    expect((await h.get('/api/tournaments/guarded', elsewhere)).status).toBe(403);
    expect((await h.get('/api/tournaments/guarded', null)).status).toBe(401);
  });

  it('given a stale If-Match, then 412 with the current revision, and nothing appended', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'stale', players: ['ana', 'bo'] });
    const before = await revisionOf(h, 'stale');
    const stale = await h.post(
      '/api/tournaments/stale/players',
      { name: 'Cy' },
      { headers: { 'if-match': `"${before - 1}"` } },
    );
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ code: 'stale-version', currentRevision: before });
    expect(await revisionOf(h, 'stale')).toBe(before);

    const fresh = await h.post(
      '/api/tournaments/stale/players',
      { name: 'Cy' },
      { headers: { 'if-match': `"${before}"` } },
    );
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('etag')).toBe(`"${before + 1}"`);
  });

  it('given the same Idempotency-Key twice, then one append and the same answer replayed', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'once', players: ['ana', 'bo'] });
    const before = await revisionOf(h, 'once');
    const send = () =>
      h.post(
        '/api/tournaments/once/penalties',
        { playerId: 'ana', points: 10, reason: 'slow play' },
        { headers: { 'idempotency-key': 'penalty-ana-1' } },
      );
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await revisionOf(h, 'once')).toBe(before + 1);
  });

  it('given bad bodies, then 400 naming each field', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'bad', players: ['ana', 'bo'] });
    const fieldsOf = (reply: { body: { errors: { path: string }[] } }) =>
      reply.body.errors.map((e) => e.path);

    const noName = await h.post('/api/tournaments', { preset: 'hu-mahjong' });
    expect(noName.status).toBe(400);
    expect(fieldsOf(noName)).toEqual(['body.name']);
    const badOption = await h.post('/api/tournaments', {
      name: 'X',
      preset: 'hu-mahjong',
      options: { players: 7 },
    });
    expect(badOption.status).toBe(400);
    expect(fieldsOf(badOption)).toEqual(['body.options.players']);
    const badEnd = await h.post('/api/tournaments/bad/rounds', {
      round: 2,
      method: 'random',
      end: { kind: 'hands', count: 0 },
      minutes: 90,
    });
    expect(badEnd.status).toBe(400);
    expect(fieldsOf(badEnd)).toEqual(['body.end.count']);
    const badRound = await h.post('/api/tournaments/bad/rounds/zero/start');
    expect(fieldsOf(badRound)).toEqual(['params.round']);
    const badPenalty = await h.post('/api/tournaments/bad/penalties', {
      playerId: 'ana',
      points: -5,
      reason: '',
    });
    expect(fieldsOf(badPenalty).sort()).toEqual(['body.points', 'body.reason']);
  });

  it('given commands the decider refuses, then 409 for the state, 422 for the request, with its code', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, {
      tournamentId: 'refused',
      preset: 'four-seas',
      players: ['ana', 'bo', 'cy'],
    });

    const twice = await h.post('/api/tournaments', {
      tournamentId: 'refused',
      name: 'Again',
      preset: 'four-seas',
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'rejected', rejection: { code: 'tournament-exists' } });
    const tooFew = await h.post('/api/tournaments/refused/rounds/1/seating', { method: 'random' });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.rejection.code).toBe('too-few-players');
    const notStarted = await h.post('/api/tournaments/refused/rounds/1/start');
    expect(notStarted.status).toBe(409);
    expect(notStarted.body.rejection.code).toBe('round-not-seated');
    const unknown = await h.post('/api/tournaments/refused/players/zed/withdraw', { reason: 'ill' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.rejection.code).toBe('unknown-player');
    const reserved = await h.post('/api/tournaments/refused/players', {
      playerId: 'substitute-1',
      name: 'Sub',
    });
    expect(reserved.status).toBe(422);
    expect(reserved.body.rejection.code).toBe('bad-player-id');
    const missing = await h.get('/api/tournaments/nowhere');
    expect(missing.status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('given these routes, then the document lists them with their bodies', async () => {
    harness = await startHarness();
    const document = await harness.get('/api/openapi.json', null);
    expect(document.status).toBe(200);
    const paths = document.body.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/tournaments',
        '/api/tournaments/{tournamentId}',
        '/api/tournaments/{tournamentId}/rounds/{round}/seating',
        '/api/tournaments/{tournamentId}/rounds/{round}/seat-tokens',
        '/api/tournaments/{tournamentId}/disputes/{disputeId}/ruling',
        '/api/games/{gameId}/hands/next/preview',
        '/api/games/{gameId}/hands/next/entry',
      ]),
    );
    expect(document.body.components.schemas.CreateTournament.required).toEqual(['name', 'preset']);
  });
});
