// Penalties and disputes over HTTP, on a real SQLite event store: a penalty assessed and cancelled; a dispute
// about a hand played to its end (by bots) ruled with a correction, which lands in the hand stream; a dispute
// about a live hand ruled void-and-redeal, after which the same dealer deals again.
// First: zod's OpenAPI extension must be in place before any domain schema is made (tournament-spec.ts).
import '../zod.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { handStream } from '../../../domain/play/metadata.ts';
import { SettlementCorrected } from '../../../domain/play/payment-events.ts';
import { defaultDeclaration } from '../../bots/agent.ts';
import { createBot } from '../../bots/index.ts';
import { playTableWithBots } from '../../tables/bot-seats.ts';
import { correctSettlement } from './ruling-effects.ts';
import { type Harness, startHarness, tournamentWithRound } from './tournament-spec.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const FOUR = ['ana', 'bo', 'cy', 'di'];

/** One table of four (E ana, S bo, W cy, N di), round 1 started. */
async function startedTable(h: Harness, tournamentId: string, end: unknown): Promise<string> {
  await tournamentWithRound(h, { tournamentId, players: FOUR, method: 'uploaded', end });
  await h.post(`/api/tournaments/${tournamentId}/rounds/1/seating`, { method: 'uploaded', tables: [FOUR] });
  const started = await h.post(`/api/tournaments/${tournamentId}/rounds/1/start`);
  if (started.status !== 200) throw new Error(JSON.stringify(started.body));
  return `${tournamentId}-r1-t1`;
}

describe('penalties', () => {
  it('given a referee, when a penalty is assessed then cancelled, then it stays on record, cancelled', async () => {
    harness = await startHarness();
    const h = harness;
    await tournamentWithRound(h, { tournamentId: 'fines', players: FOUR });
    const referee = (await h.post('/api/tournaments/fines/referee-tokens')).body.token;

    const assessed = await h.post(
      '/api/tournaments/fines/penalties',
      { playerId: 'bo', points: 20, reason: 'slow play', round: 1 },
      { token: referee },
    );
    expect(assessed.status).toBe(201);
    const penalty = assessed.body.events[0];
    expect(penalty.type).toBe('PlayerPenalised');
    expect(penalty.data).toMatchObject({ playerId: 'bo', points: 20, round: 1 });
    expect(penalty.data.penaltyId).toMatch(/^penalty-[0-9a-f]{12}$/);

    const cancelled = await h.post(
      `/api/tournaments/fines/penalties/${penalty.data.penaltyId}/cancel`,
      { reason: 'the clock was wrong' },
      { token: referee },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.events[0].type).toBe('PenaltyCancelled');
    const again = await h.post(
      `/api/tournaments/fines/penalties/${penalty.data.penaltyId}/cancel`,
      { reason: 'twice' },
      { token: referee },
    );
    expect(again.status).toBe(409);
    expect(again.body.rejection.code).toBe('penalty-cancelled');

    const view = await h.get('/api/tournaments/fines', referee);
    expect(view.body.penalties).toEqual([
      expect.objectContaining({ penaltyId: penalty.data.penaltyId, status: 'cancelled' }),
    ]);
    const stranger = await h.post('/api/tournaments/fines/penalties', {
      playerId: 'zed',
      points: 5,
      reason: 'x',
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.rejection.code).toBe('unknown-player');
  });
});

describe('disputes', () => {
  it('given a hand played to its settlement, when a dispute is ruled with a correction, then SettlementCorrected replaces it in the hand stream', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await startedTable(h, 'corrected', { kind: 'hands', count: 1 });
    const bots = new Map(FOUR.map((p) => [p, createBot(`corrected:${p}`)]));
    await playTableWithBots(h.platform.tables, gameId, {
      botOf: (p) => bots.get(p)!,
      declare: defaultDeclaration,
    });
    const hand = await h.store.readStream(handStream(gameId, 1));
    const settled = hand.findLast((e) => e.type === 'HandSettled');
    expect(settled).toBeDefined();

    const opened = await h.post('/api/tournaments/corrected/disputes', {
      gameId,
      hand: 1,
      reason: 'West says the pattern was scored twice',
    });
    expect(opened.status).toBe(201);
    const disputeId: string = opened.body.events[0].data.disputeId;
    const transfers = [{ from: 'W', to: 'E', points: 100, reason: 'the payment as ruled' }] as const;
    const ruled = await h.post(
      `/api/tournaments/corrected/disputes/${disputeId}/ruling`,
      {
        ruling: { kind: 'correction', mode: 'replacement', wrong: 'a pattern scored twice', transfers },
        reason: 'replayed the hand',
      },
      { headers: { 'idempotency-key': 'ruling-1' } },
    );
    expect(ruled.status).toBe(200);
    expect(ruled.body.events.map((e: { type: string }) => e.type)).toEqual(['DisputeRuled']);

    const after = await h.store.readStream(handStream(gameId, 1));
    expect(after).toHaveLength(hand.length + 1);
    const correction = after.at(-1)!;
    const parsed = SettlementCorrected.parse({
      type: correction.type,
      schemaVersion: correction.schemaVersion,
      data: correction.data,
    });
    const original = settled!.data as { winners: unknown; lapsed: unknown; ruleset: unknown };
    expect(parsed.data).toMatchObject({
      corrects: settled!.id,
      wrong: 'a pattern scored twice',
      reason: 'replayed the hand',
      transfers,
      winners: original.winners,
      lapsed: original.lapsed,
      ruleset: original.ruleset,
    });
    expect(parsed.data.correctedBy.role).toBe('organizer');
    expect(ruled.body.hand).toMatchObject({ stream: handStream(gameId, 1), revision: correction.revision });

    // The ruling retried after a crash (same command id): the correction is on record once.
    const { state, stored } = await h.platform.tournaments.current('corrected');
    const commandId = String(stored.findLast((e) => e.type === 'DisputeRuled')!.metadata.causationId);
    expect(commandId).toMatch(/^client:[0-9a-f]{64}$/);
    const retried = await correctSettlement(
      h.platform,
      state.disputes[disputeId]!,
      { kind: 'correction', mode: 'replacement', wrong: 'a pattern scored twice', transfers },
      'replayed the hand',
      { role: 'organizer', id: 'retry' },
      { commandId, correlationId: 'retry' },
    );
    expect(retried.revision).toBe(correction.revision);
    expect(await h.store.readStream(handStream(gameId, 1))).toHaveLength(after.length);

    // A second ruling of the same dispute is refused, and writes nothing to the hand.
    const twice = await h.post(`/api/tournaments/corrected/disputes/${disputeId}/ruling`, {
      ruling: { kind: 'no-change' },
      reason: 'again',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.rejection.code).toBe('dispute-closed');
    expect(await h.store.readStream(handStream(gameId, 1))).toHaveLength(after.length);
  });

  it('given a live hand, when a dispute is ruled void-and-redeal, then the hand is voided and the same dealer deals hand 2', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await startedTable(h, 'voided', { kind: 'hands', count: 4 });
    const dealerOf = async (n: number) => {
      const [started] = await h.store.readStream(handStream(gameId, n));
      expect(started?.type).toBe('HandStarted');
      return (started!.data as { seatWinds: Record<string, string> }).seatWinds.E;
    };
    const firstDealer = await dealerOf(1);

    const notDealt = await h.post('/api/tournaments/voided/disputes', { gameId, hand: 3, reason: 'early' });
    const refused = await h.post(
      `/api/tournaments/voided/disputes/${notDealt.body.events[0].data.disputeId}/ruling`,
      {
        ruling: { kind: 'void-and-redeal' },
        reason: 'misdeal',
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.rejection.code).toBe('hand-not-live');
    const stillOpen = await h.get('/api/tournaments/voided');
    expect(stillOpen.body.disputes.find((d: { hand: number }) => d.hand === 3).status).toBe('open');

    const opened = await h.post('/api/tournaments/voided/disputes', {
      gameId,
      hand: 1,
      reason: 'a short wall',
    });
    const ruled = await h.post(
      `/api/tournaments/voided/disputes/${opened.body.events[0].data.disputeId}/ruling`,
      {
        ruling: { kind: 'void-and-redeal' },
        reason: 'the wall was built short',
      },
    );
    expect(ruled.status).toBe(200);
    expect(ruled.body.hand.events[0]).toEqual({
      type: 'HandVoided',
      data: { cause: 'ruling', explanation: 'the wall was built short' },
    });
    const hand1 = await h.store.readStream(handStream(gameId, 1));
    expect(hand1.some((e) => e.type === 'HandVoided')).toBe(true);
    const snapshot = await h.platform.tables.snapshot(gameId);
    expect(snapshot.handNumber).toBe(2);
    expect(await dealerOf(2)).toBe(firstDealer);
  });

  it('given a hand not settled, when a correction is ruled, then 409 hand-not-settled and the dispute stays open', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await startedTable(h, 'unsettled', { kind: 'hands', count: 4 });
    const opened = await h.post('/api/tournaments/unsettled/disputes', {
      gameId,
      hand: 1,
      reason: 'too early',
    });
    const disputeId = opened.body.events[0].data.disputeId;
    const ruled = await h.post(`/api/tournaments/unsettled/disputes/${disputeId}/ruling`, {
      ruling: { kind: 'correction', mode: 'replacement', wrong: 'nothing yet', transfers: [] },
      reason: 'premature',
    });
    expect(ruled.status).toBe(409);
    expect(ruled.body.rejection.code).toBe('hand-not-settled');
    const view = await h.get('/api/tournaments/unsettled');
    expect(view.body.disputes[0].status).toBe('open');
  });
});
