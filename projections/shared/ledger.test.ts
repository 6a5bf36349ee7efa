// The ledger's sums and places, held to their definitions over random inputs: places are one more than the
// number of items that compare before; a tournament's points are every hand's transfers summed, whichever
// games the sum was kept for between batches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyLedger, type HandLedger, handPoints, type Ledger, pointsOf, sharedPlaces } from './ledger.ts';

const SEATS = ['E', 'S', 'W', 'N'] as const;

describe('sharedPlaces', () => {
  it('given scores 30, 10, 30, 20, when placed, then 1, 4, 1, 3 (equal scores share a place)', () => {
    expect(sharedPlaces([30, 10, 30, 20], (a, b) => b - a)).toEqual([1, 4, 1, 3]);
  });

  it('given any scores, then each place is one more than the number of scores better than it', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 }), (scores) => {
        const compare = (a: number, b: number) => b - a;
        const byDefinition = scores.map((s) => 1 + scores.filter((o) => compare(o, s) < 0).length);
        expect(sharedPlaces(scores, compare)).toEqual(byDefinition);
      }),
    );
  });
});

const hand = (players: readonly string[], transfers: readonly [number, number, number][]): HandLedger => ({
  seatWinds: Object.fromEntries(SEATS.map((seat, i) => [seat, players[i]!])),
  settlement: transfers.map(([from, to, points]) => ({
    from: SEATS[from]!,
    to: SEATS[to]!,
    points,
    reason: 'win',
  })),
  winners: [],
  paidNow: [],
  voidedByRuling: false,
});

describe('pointsOf', () => {
  it('given ledgers that change one game at a time, then every total is the sum of every hand, recounted', () => {
    const transfer = fc.tuple(fc.nat(3), fc.nat(3), fc.integer({ min: 1, max: 48_000 }));
    const step = fc.record({
      game: fc.nat(5),
      hand: fc.nat(3),
      players: fc.shuffledSubarray(['p1', 'p2', 'p3', 'p4', 'p5', 'p6'], { minLength: 4, maxLength: 4 }),
      transfers: fc.array(transfer, { maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let ledger: Ledger = emptyLedger;
        for (const s of steps) {
          const game = `g${s.game}`;
          const hands = { ...ledger.hands[game], [`hand-${game}-${s.hand}`]: hand(s.players, s.transfers) };
          ledger = { ...ledger, hands: { ...ledger.hands, [game]: hands } };
          // Asked after every change, as a batch does: the games not changed are summed from memory.
          const recounted: Record<string, number> = {};
          for (const g of Object.values(ledger.hands))
            for (const h of Object.values(g))
              for (const [player, p] of Object.entries(handPoints(h)))
                recounted[player] = (recounted[player] ?? 0) + p;
          expect(pointsOf(ledger)).toEqual(recounted);
        }
      }),
    );
  });
});
