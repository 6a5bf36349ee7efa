// Mahjong House payments on a win, seed 001: the 9 of bamboo with two winners under 截糊 and 一炮多響, robbing
// the kong, self-draw, and the properties of both options.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleInputError } from '../errors.ts';
import { deltasOf, type PlayerCount, type Seat, seatsInPlay, turnOrderAfter } from '../seats.ts';
import {
  type MahjongHouseHand,
  type MahjongHouseMultipleWinners,
  settleMahjongHouse,
} from './mahjong-house.ts';
import type { MultipleWinners, Settlement } from './settlement.ts';

const deltas = (s: Settlement, players: PlayerCount = 4) => deltasOf(s.transfers, players);

function rejectedField(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    if (error instanceof RuleInputError) return error.field;
    throw error;
  }
  throw new Error('no RuleInputError thrown');
}

/** Seed 001: "East discards the 9 of bamboo and both West and North can win." */
const nineOfBamboo = (multipleWinners?: MahjongHouseMultipleWinners): MahjongHouseHand => ({
  players: 4,
  winType: 'discard',
  from: 'E',
  claims: [
    { seat: 'N', handScore: 64 },
    { seat: 'W', handScore: 16 },
  ],
  ...(multipleWinners ? { options: { multipleWinners } } : {}),
});

describe('seed 001: two winners on the 9 of bamboo', () => {
  it('截糊 (standard): West, first after East, wins alone; North’s claim lapses', () => {
    const settlement = settleMahjongHouse(nineOfBamboo());
    expect(settlement.winners).toEqual([{ seat: 'W', handScore: 16, effectiveScore: 16 }]);
    expect(settlement.lapsed).toEqual([{ seat: 'N', reason: 'head-bump: W is first in turn order after E' }]);
    expect(settlement.transfers).toEqual([
      { from: 'E', to: 'W', points: 16, reason: 'discard win (出銃): the discarder pays 16' },
    ]);
    expect(deltas(settlement)).toEqual({ E: -16, S: 0, W: 16, N: 0 });
  });

  it('head-bump is the default and can be asked for by name', () => {
    expect(settleMahjongHouse(nineOfBamboo('head-bump'))).toEqual(settleMahjongHouse(nineOfBamboo()));
  });

  it('一炮多響 (option): West and North both win, and East pays each', () => {
    const settlement = settleMahjongHouse(nineOfBamboo('multiple'));
    expect(settlement.winners.map((w) => w.seat)).toEqual(['W', 'N']);
    expect(settlement.lapsed).toEqual([]);
    expect(settlement.transfers).toEqual([
      { from: 'E', to: 'W', points: 16, reason: 'discard win (出銃): the discarder pays 16' },
      { from: 'E', to: 'N', points: 64, reason: 'discard win (出銃): the discarder pays 64' },
    ]);
    expect(deltas(settlement)).toEqual({ E: -80, S: 0, W: 16, N: 64 });
  });
});

describe('other wins', () => {
  it('robbing the kong: the kong’s player pays as the discarder', () => {
    const settlement = settleMahjongHouse({
      players: 4,
      winType: 'robbing-kong',
      from: 'S',
      claims: [{ seat: 'E', handScore: 32 }],
    });
    expect(settlement.transfers).toEqual([
      {
        from: 'S',
        to: 'E',
        points: 32,
        reason: "robbing the kong (搶槓): the kong's player pays 32 as the discarder",
      },
    ]);
  });

  it('two players robbing one kong: settled like two winners on a discard', () => {
    const hand: MahjongHouseHand = {
      players: 4,
      winType: 'robbing-kong',
      from: 'N',
      claims: [
        { seat: 'W', handScore: 8 },
        { seat: 'S', handScore: 24 },
      ],
    };
    expect(deltas(settleMahjongHouse(hand))).toEqual({ E: 0, S: 24, W: 0, N: -24 });
    expect(deltas(settleMahjongHouse({ ...hand, options: { multipleWinners: 'multiple' } }))).toEqual({
      E: 0,
      S: 24,
      W: 8,
      N: -32,
    });
  });

  it('self-draw: each other player pays the declared points', () => {
    const settlement = settleMahjongHouse({
      players: 4,
      winType: 'self-draw',
      claims: [{ seat: 'N', handScore: 8 }],
    });
    expect(deltas(settlement)).toEqual({ E: -8, S: -8, W: -8, N: 24 });
    expect(settlement.transfers[0]!.reason).toBe('self-draw (自摸): each pays 8');
  });

  it('three players', () => {
    const settlement = settleMahjongHouse({
      players: 3,
      winType: 'self-draw',
      claims: [{ seat: 'E', handScore: 4 }],
    });
    expect(deltas(settlement, 3)).toEqual({ E: 8, S: -4, W: -4 });
  });
});

describe('invalid input', () => {
  const base = nineOfBamboo();
  it.each<[string, MahjongHouseHand, string]>([
    [
      'score priority, which is no Mahjong House rule',
      { ...base, options: { multipleWinners: 'score-priority' as MahjongHouseMultipleWinners } },
      'options.multipleWinners',
    ],
    [
      'an unknown multiple-winner option',
      { ...base, options: { multipleWinners: 'all' as MahjongHouseMultipleWinners } },
      'options.multipleWinners',
    ],
    ['an unknown seat', { ...base, claims: [{ seat: 'X' as Seat, handScore: 8 }] }, 'claims[0].seat'],
    ['a seat not in play', { ...base, players: 3 }, 'claims[0].seat'],
    ['a negative score', { ...base, claims: [{ seat: 'S', handScore: -8 }] }, 'claims[0].handScore'],
    ['a claimant who is the discarder', { ...base, claims: [{ seat: 'E', handScore: 8 }] }, 'claims[0].seat'],
    [
      'duplicate claimants',
      {
        ...base,
        claims: [
          { seat: 'S', handScore: 8 },
          { seat: 'S', handScore: 8 },
        ],
      },
      'claims[1].seat',
    ],
    [
      'a self-draw with a discarder',
      { ...base, winType: 'self-draw', claims: [{ seat: 'S', handScore: 8 }] },
      'from',
    ],
    ['a self-draw with two claims', { ...base, winType: 'self-draw', from: undefined }, 'claims'],
    ['a discard without a discarder', { ...base, from: undefined }, 'from'],
  ])('rejects %s', (_, hand, field) => {
    expect(rejectedField(() => settleMahjongHouse(hand))).toBe(field);
  });
});

const onATile = fc
  .record({
    players: fc.constantFrom<PlayerCount>(2, 3, 4),
    winType: fc.constantFrom('discard' as const, 'robbing-kong' as const),
    fromIndex: fc.nat(3),
    scores: fc.array(fc.nat(500), { minLength: 3, maxLength: 3 }),
    policy: fc.constantFrom<MahjongHouseMultipleWinners>('head-bump', 'multiple'),
  })
  .chain(({ players, winType, fromIndex, scores, policy }) => {
    const from = seatsInPlay(players)[fromIndex % players]!;
    return fc.shuffledSubarray([...turnOrderAfter(from, players)], { minLength: 1 }).map(
      (seats): MahjongHouseHand => ({
        players,
        winType,
        from,
        claims: seats.map((seat, i) => ({ seat, handScore: scores[i]! })),
        options: { multipleWinners: policy },
      }),
    );
  });

const selfDraw = fc
  .record({ players: fc.constantFrom<PlayerCount>(2, 3, 4), winner: fc.nat(3), score: fc.nat(500) })
  .map(
    ({ players, winner, score }): MahjongHouseHand => ({
      players,
      winType: 'self-draw',
      claims: [{ seat: seatsInPlay(players)[winner % players]!, handScore: score }],
    }),
  );

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const policyOf = (hand: MahjongHouseHand): MultipleWinners => hand.options!.multipleWinners!;

describe('properties', () => {
  it('every settlement sums to zero, in positive transfers between different seats', () => {
    fc.assert(
      fc.property(fc.oneof(onATile, selfDraw), (hand) => {
        const settlement = settleMahjongHouse(hand);
        expect(sum(Object.values(deltas(settlement, hand.players)))).toBe(0);
        for (const t of settlement.transfers) {
          expect(t.points).toBeGreaterThan(0);
          expect(t.from).not.toBe(t.to);
        }
      }),
    );
  });

  it('on a tile, only the discarder pays: the sum of the winners’ declared points', () => {
    fc.assert(
      fc.property(onATile, (hand) => {
        const settlement = settleMahjongHouse(hand);
        for (const t of settlement.transfers) expect(t.from).toBe(hand.from);
        expect(0 - deltas(settlement, hand.players)[hand.from!]!).toBe(
          sum(settlement.winners.map((w) => w.handScore)),
        );
      }),
    );
  });

  it('head-bump never pays more than one winner, the first in turn order after the discarder', () => {
    fc.assert(
      fc.property(
        onATile.filter((hand) => policyOf(hand) === 'head-bump'),
        (hand) => {
          const settlement = settleMahjongHouse(hand);
          const first = turnOrderAfter(hand.from!, hand.players).find((s) =>
            hand.claims.some((c) => c.seat === s),
          );
          expect(settlement.winners.map((w) => w.seat)).toEqual([first]);
          expect(new Set(settlement.transfers.map((t) => t.to)).size).toBeLessThanOrEqual(1);
          expect(settlement.lapsed.map((l) => l.seat).sort()).toEqual(
            hand.claims
              .map((c) => c.seat)
              .filter((s) => s !== first)
              .sort(),
          );
        },
      ),
    );
  });

  it('multiple: every claimant wins its declared points', () => {
    fc.assert(
      fc.property(
        onATile.filter((hand) => policyOf(hand) === 'multiple'),
        (hand) => {
          const d = deltas(settleMahjongHouse(hand), hand.players);
          for (const claim of hand.claims) expect(d[claim.seat]).toBe(claim.handScore);
        },
      ),
    );
  });
});
