// Planned seating over HTTP (issue 11 item 7), on a real SQLite event store: an organizer plans the rounds
// to come, a random round follows the plan, and an organizer or referee reads the seating-quality report; bad
// input is a 400 naming the field with nothing written, a player token is refused.
// First: zod's OpenAPI extension must be in place before any domain schema is made (tournament-spec.ts).
import '../zod.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { tournamentStream } from '../../../domain/tournament/index.ts';
import { type Harness, startHarness, tournamentWithRound } from './tournament-spec.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const SIXTEEN = Array.from({ length: 16 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const revisionOf = async (h: Harness, tournamentId: string) =>
  (await h.store.readStream(tournamentStream(tournamentId))).at(-1)?.revision ?? -1;

describe('POST /api/tournaments/:id/seating-plan', () => {
  it('given 16 players, when 5 rounds are planned, then SeatingPlanned has no repeat pair and round 1 follows it', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'plan', players: SIXTEEN });

    const planned = await h.post('/api/tournaments/plan/seating-plan', { rounds: 5 });
    expect(planned.status).toBe(200);
    const [event] = planned.body.events;
    expect(event.type).toBe('SeatingPlanned');
    expect(event.data.rounds.map((r: { round: number }) => r.round)).toEqual([1, 2, 3, 4, 5]);
    expect(event.data).toMatchObject({ source: 'design', cost: { repeatPairs: 0, consecutiveRepeats: 0 } });
    expect(planned.headers.get('etag')).toBe(`"${await revisionOf(h, 'plan')}"`);

    const seated = await h.post('/api/tournaments/plan/rounds/1/seating', { method: 'random' });
    expect(seated.status).toBe(200);
    expect(seated.body.events[0].data.tables.map((t: { seats: unknown }) => t.seats)).toEqual(
      event.data.rounds[0].tables.map((t: { seats: unknown }) => t.seats),
    );
  });

  it('refuses a bad round count with a 400 naming body.rounds, writing nothing; a referee gets 403', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'bad-plan', players: SIXTEEN });
    const before = await revisionOf(h, 'bad-plan');
    for (const body of [{ rounds: 0 }, { rounds: 31 }, { rounds: 2.5 }, { rounds: '5' }, {}]) {
      const reply = await h.post('/api/tournaments/bad-plan/seating-plan', body);
      expect(reply.status).toBe(400);
      expect(reply.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(reply.body.code).toBe('invalid-request');
      expect(reply.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.rounds']);
    }
    const referee = await h.tokenFor({ role: 'referee', tournamentId: 'bad-plan' });
    expect(
      (await h.post('/api/tournaments/bad-plan/seating-plan', { rounds: 3 }, { token: referee })).status,
    ).toBe(403);
    expect(await revisionOf(h, 'bad-plan')).toBe(before);
    // Too few players for a table: the decider's refusal, 409 with its code.
    await tournamentWithRound(h, { tournamentId: 'few', players: ['ana'] });
    const few = await h.post('/api/tournaments/few/seating-plan', { rounds: 3 });
    expect(few.status).toBe(409);
    expect(few.body.rejection.code).toBe('too-few-players');
  });
});

describe('GET /api/tournaments/:id/seating-quality', () => {
  it('reports the seated rounds and the plan: repeats, consecutive repeats, winds per player, table revisits', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'report', players: SIXTEEN });

    const empty = await h.get('/api/tournaments/report/seating-quality');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ seated: { rounds: 0, repeatPairs: 0 }, planned: null, plan: null });

    await h.post('/api/tournaments/report/seating-plan', { rounds: 5 });
    await h.post('/api/tournaments/report/rounds/1/seating', { method: 'random' });
    const referee = await h.tokenFor({ role: 'referee', tournamentId: 'report' });
    const report = await h.get('/api/tournaments/report/seating-quality', referee);
    expect(report.status).toBe(200);
    expect(report.headers.get('etag')).toBe(`"${await revisionOf(h, 'report')}"`);
    expect(report.body.plan).toMatchObject({ firstRound: 1, lastRound: 5, players: 16, source: 'design' });
    expect(report.body.seated).toMatchObject({ rounds: 1, repeatPairs: 0, pairs: [] });
    const { planned } = report.body;
    expect(planned).toMatchObject({ rounds: 5, repeatPairs: 0, consecutiveRepeats: 0, pairs: [] });
    expect(planned.windBalance).toHaveLength(16);
    for (const row of planned.windBalance) {
      const { E, S, W, N } = row.winds;
      expect(E + S + W + N).toBe(5);
      expect(row.imbalance).toBe(1);
    }
    // 5 rounds at 4 tables: someone sits at a table number twice, and the report says who and when.
    expect(planned.tableRevisits).toBe(
      planned.revisits.reduce((sum: number, r: { rounds: number[] }) => sum + r.rounds.length - 1, 0),
    );
  });

  it('is 404 for an unknown tournament and 403 for a player token', async () => {
    harness = await startHarness();
    const h = harness;
    const missing = await h.get('/api/tournaments/nowhere/seating-quality');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not-found');
    await tournamentWithRound(h, { tournamentId: 'seen', players: SIXTEEN });
    const player = await h.tokenFor({
      role: 'player',
      tournamentId: 'seen',
      gameId: 'seen-r1-t1',
      playerId: 'p01',
    });
    expect((await h.get('/api/tournaments/seen/seating-quality', player)).status).toBe(403);
  });
});
