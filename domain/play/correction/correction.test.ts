// Corrections that say what they do (issue: "a 300-point fix for an undeclared flower erased an 18,300-point
// win"): given seed 003's worked example entered as a discard win from N (N pays S 18,300), an adjustment
// adds to what stands, a replacement restates it, and the one settlement in force is what every reader folds.
import { describe, expect, it } from 'vitest';
import { canonicalJson, rulesetOf } from '../../rules/rulesets/index.ts';
import { decideEntry } from '../entry/decide.ts';
import { entry, eventsOf, fold, SEED_003_CLAIM } from '../entry/spec.ts';
import type { PlayEvent } from '../events.ts';
import { handResultOf } from '../game/from-hand.ts';
import { recomputeHand } from './amend.ts';
import { CORRECTION_RULES, type CorrectSettlement, decideCorrection } from './decide.ts';
import { netOf, settlementInForce, transfersOfNet } from './in-force.ts';

/** Seed 003's 6100 hand, won on N's discard: N pays S 18,300 (ids e0, e1 as the store would name them). */
const won = (): PlayEvent[] =>
  eventsOf(
    decideEntry(
      entry('hu-mahjong', { kind: 'win', by: 'discard', from: 'N', claims: [SEED_003_CLAIM] }),
      fold([]),
    ),
  );
const idsOf = (events: readonly PlayEvent[]) => events.map((_, i) => `e${i}`);

const referee = { role: 'referee', id: 'ref-kai' } as const;
const correction = (
  fields: Partial<CorrectSettlement> & Pick<CorrectSettlement, 'mode' | 'change'>,
): CorrectSettlement => ({
  type: 'CorrectSettlement',
  wrong: 'S had an undeclared flower',
  reason: 'ruling R-3',
  correctedBy: referee,
  ...fields,
});

function applied(events: PlayEvent[], command: CorrectSettlement): PlayEvent[] {
  const decision = decideCorrection(command, events, idsOf(events));
  if (!('event' in decision)) throw new Error(`refused: ${decision.rejection.message}`);
  return [...events, decision.event];
}

const refusedWith = (events: PlayEvent[], command: CorrectSettlement) => {
  const decision = decideCorrection(command, events, idsOf(events));
  if (!('rejection' in decision)) throw new Error('accepted');
  return decision.rejection;
};

describe('an adjustment', () => {
  it('given N pays S 18,300, when S is charged 300 for an undeclared flower, then the win stands and 300 moves', () => {
    const hand = won();
    expect(netOf(settlementInForce(hand)!.transfers)).toEqual({ N: -18300, S: 18300 });
    const after = applied(
      hand,
      correction({
        mode: 'adjustment',
        change: {
          kind: 'transfers',
          transfers: [{ from: 'S', to: 'N', points: 300, reason: 'undeclared flower' }],
        },
      }),
    );
    const event = after.at(-1)!;
    expect(event).toMatchObject({
      type: 'SettlementCorrected',
      schemaVersion: 2,
      data: {
        corrects: 'e1',
        mode: 'adjustment',
        previous: [{ from: 'N', to: 'S', points: 18300 }],
        deltas: { S: -300, N: 300 },
        correctedBy: referee,
      },
    });
    expect(netOf(settlementInForce(after)!.transfers)).toEqual({ N: -18000, S: 18000 });
    // The game counts the hand as the settlement in force says.
    expect(handResultOf(1, after, '2026-03-01T11:00:00.000Z')?.deltas).toEqual({
      E: 0,
      S: 18000,
      W: 0,
      N: -18000,
    });
  });

  it('given two adjustments, then both stand on the settlement; a replacement after them restates it whole', () => {
    const two = applied(
      applied(
        won(),
        correction({ mode: 'adjustment', change: { kind: 'points', points: { S: -300, N: 300 } } }),
      ),
      correction({ mode: 'adjustment', change: { kind: 'points', points: { E: 100, W: -100 } } }),
    );
    expect(netOf(settlementInForce(two)!.transfers)).toEqual({ N: -18000, S: 18000, E: 100, W: -100 });
    const restated = applied(
      two,
      correction({
        mode: 'replacement',
        change: {
          kind: 'transfers',
          transfers: [{ from: 'W', to: 'S', points: 18300, reason: 'W discarded it' }],
        },
      }),
    );
    expect(restated.at(-1)).toMatchObject({ data: { deltas: { W: -18200, N: 18000, E: -100, S: 300 } } });
    expect(netOf(settlementInForce(restated)!.transfers)).toEqual({ W: -18300, S: 18300 });
    expect(settlementInForce(restated)!.restatedByOfficial).toBe(true);
  });
});

describe('refusals: nothing decided', () => {
  it('given points per seat that sum to 300, then correction-not-zero-sum naming the sum', () => {
    expect(
      refusedWith(
        won(),
        correction({ mode: 'adjustment', change: { kind: 'points', points: { S: -300, N: 600 } } }),
      ),
    ).toEqual({
      code: 'correction-not-zero-sum',
      rule: CORRECTION_RULES.zero,
      message: 'the points per seat sum to 300, not 0: E 0, S -300, W 0, N 600',
    });
  });

  it('given a seat not at a 3-player table, a transfer of 0, an empty adjustment, a hand never settled', () => {
    const three = eventsOf(
      decideEntry(
        entry(
          'hu-mahjong',
          { kind: 'win', by: 'discard', from: 'W', claims: [SEED_003_CLAIM] },
          { players: 3 },
        ),
        fold([]),
      ),
    );
    const toN = { kind: 'transfers', transfers: [{ from: 'N', to: 'S', points: 5, reason: 'x' }] } as const;
    expect(refusedWith(three, correction({ mode: 'adjustment', change: toN })).code).toBe('bad-correction');
    const zero = { kind: 'transfers', transfers: [{ from: 'E', to: 'S', points: 0, reason: 'x' }] } as const;
    expect(refusedWith(won(), correction({ mode: 'adjustment', change: zero })).code).toBe('bad-correction');
    expect(
      refusedWith(won(), correction({ mode: 'adjustment', change: { kind: 'transfers', transfers: [] } }))
        .code,
    ).toBe('correction-changes-nothing');
    expect(refusedWith(won().slice(0, 1), correction({ mode: 'replacement', change: zero })).code).toBe(
      'hand-not-settled',
    );
  });
});

describe('an amendment’s recompute of the hand', () => {
  const limit = (points: number) => rulesetOf('hu-mahjong', { limit: points });

  it('given the 6100 hand, when the limit becomes 4000, then the hand is restated at the limit (N pays 12,000), the referee’s adjustment kept on top', () => {
    const adjusted = applied(
      won(),
      correction({ mode: 'adjustment', change: { kind: 'points', points: { S: -300, N: 300 } } }),
    );
    const result = recomputeHand(adjusted, limit(4000), { amendmentId: 'a1', reason: 'house limit' });
    if (result.kind !== 'changed') throw new Error(result.kind);
    expect(result.before).toEqual({ N: -18000, S: 18000 });
    expect(result.after).toEqual({ N: -11700, S: 11700 });
    expect(result.command).toMatchObject({
      mode: 'replacement',
      amendmentId: 'a1',
      correctedBy: { role: 'system' },
    });
  });

  it('given the same rules, then unchanged; given an official’s restatement, then kept; given this amendment on record, then done', () => {
    const ref = { amendmentId: 'a1', reason: 'r' };
    expect(recomputeHand(won(), limit(8000), ref).kind).toBe('unchanged');
    const restated = applied(
      won(),
      correction({ mode: 'replacement', change: { kind: 'points', points: { S: 100, N: -100 } } }),
    );
    expect(recomputeHand(restated, limit(4000), ref).kind).toBe('kept');
    const first = recomputeHand(won(), limit(4000), ref);
    if (first.kind !== 'changed') throw new Error(first.kind);
    expect(recomputeHand(applied(won(), first.command), limit(4000), ref).kind).toBe('done');
  });
});

/** Events as a store gives them back: the same values, each object's keys in sorted order (SQLite, jsonb). */
function readBack(events: readonly PlayEvent[]): PlayEvent[] {
  return events.map((event) => JSON.parse(canonicalJson(event)) as PlayEvent);
}

describe('winners compared as values, not as text', () => {
  it('given the hand read back from a store (keys in another order), when recomputed under the same rules, then unchanged', () => {
    const hand = readBack(won());
    expect(JSON.stringify(settlementInForce(hand)!.winners)).not.toBe(
      JSON.stringify(settlementInForce(won())!.winners),
    );
    const sameRules = rulesetOf('hu-mahjong', { limit: 8000 });
    expect(recomputeHand(hand, sameRules, { amendmentId: 'a1', reason: 'r' }).kind).toBe('unchanged');
  });

  it('given the hand read back from a store, when a replacement restates the same points and names the same winners, then it changes nothing', () => {
    const hand = readBack(won());
    const rejection = refusedWith(
      hand,
      correction({
        mode: 'replacement',
        change: { kind: 'points', points: { N: -18300, S: 18300 } },
        winners: settlementInForce(won())!.winners,
      }),
    );
    expect(rejection.code).toBe('correction-changes-nothing');
  });
});

describe('points per seat made into transfers', () => {
  it('given +500 E, +300 S, -800 W, then W pays E 500 and S 300', () => {
    expect(transfersOfNet({ E: 500, S: 300, W: -800 }, 'ruled')).toEqual([
      { from: 'W', to: 'E', points: 500, reason: 'ruled' },
      { from: 'W', to: 'S', points: 300, reason: 'ruled' },
    ]);
  });
});
