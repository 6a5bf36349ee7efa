// Chinese Classical payments, seed 002: its worked totals, the faulty-declaration note, the limit note, East
// winning, and the properties of the scheme.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleInputError } from '../errors.ts';
import { deltasOf, type PlayerCount, type Seat, seatsInPlay, turnOrderAfter } from '../seats.ts';
import { type ChineseClassicalHand, settleChineseClassical } from './chinese-classical.ts';
import type { Settlement } from './settlement.ts';

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

/** Seed 002 §6: final scores E 2, S 46, W 12, N 192; North wins. */
const SEED: ChineseClassicalHand = {
  players: 4,
  winType: 'self-draw',
  claims: [{ seat: 'N', handScore: 192 }],
  loserScores: { E: 2, S: 46, W: 12 },
};

const after = (start: number, d: Partial<Record<Seat, number>>) =>
  Object.fromEntries(Object.entries(d).map(([seat, delta]) => [seat, start + delta!]));

describe('seed 002: the worked payments', () => {
  it('E −492, S −70, W −206, N +768', () => {
    expect(deltas(settleChineseClassical(SEED))).toEqual({ E: -492, S: -70, W: -206, N: 768 });
  });

  it('turns 2000 each into 1508 / 1930 / 1794 / 2768, the total staying 8000', () => {
    expect(after(2000, deltas(settleChineseClassical(SEED)))).toEqual({ E: 1508, S: 1930, W: 1794, N: 2768 });
  });

  it('itemises §6.1 and §6.2 line by line', () => {
    expect(settleChineseClassical(SEED).transfers).toEqual([
      { from: 'E', to: 'N', points: 384, reason: "pays the winner's score 192, East doubled" },
      { from: 'S', to: 'N', points: 192, reason: "pays the winner's score 192" },
      { from: 'W', to: 'N', points: 192, reason: "pays the winner's score 192" },
      { from: 'E', to: 'S', points: 88, reason: 'loser difference 46 − 2, East doubled' },
      { from: 'E', to: 'W', points: 20, reason: 'loser difference 12 − 2, East doubled' },
      { from: 'W', to: 'S', points: 34, reason: 'loser difference 46 − 12' },
    ]);
  });

  it('a faulty declaration by East worth 10: East 10 less, the winner 10 more, not doubled', () => {
    const settlement = settleChineseClassical({
      ...SEED,
      penalties: [{ seat: 'E', kind: 'faulty-declaration', points: 10 }],
    });
    expect(deltas(settlement)).toEqual({ E: -502, S: -70, W: -206, N: 778 });
    expect(settlement.transfers.at(-1)).toEqual({
      from: 'E',
      to: 'N',
      points: 10,
      reason: 'penalty faulty-declaration: 10, never doubled',
    });
  });

  it.each([
    ['discard', 'E'],
    ['discard', 'W'],
    ['robbing-kong', 'S'],
  ] as const)('a %s win from %s pays the same: the text makes no difference', (winType, from) => {
    expect(deltas(settleChineseClassical({ ...SEED, winType, from }))).toEqual(
      deltas(settleChineseClassical(SEED)),
    );
  });

  it('the winner is reported with his final score', () => {
    expect(settleChineseClassical(SEED).winners).toEqual([
      { seat: 'N', handScore: 192, effectiveScore: 192 },
    ]);
  });
});

describe('East winning', () => {
  it('East receives double from each loser; the losers settle among themselves undoubled', () => {
    const settlement = settleChineseClassical({
      players: 4,
      winType: 'discard',
      from: 'N',
      claims: [{ seat: 'E', handScore: 100 }],
      loserScores: { S: 10, W: 20, N: 0 },
    });
    expect(deltas(settlement)).toEqual({ E: 600, S: -200, W: -170, N: -230 });
  });

  it('with a limit of 1000, an East winner gets at most 6000 (2000 from each loser)', () => {
    const settlement = settleChineseClassical({
      players: 4,
      winType: 'self-draw',
      claims: [{ seat: 'E', handScore: 1500 }],
      loserScores: { S: 0, W: 0, N: 0 },
      options: { limit: 1000 },
    });
    expect(deltas(settlement)).toEqual({ E: 6000, S: -2000, W: -2000, N: -2000 });
    expect(settlement.winners).toEqual([{ seat: 'E', handScore: 1500, effectiveScore: 1000 }]);
    expect(settlement.transfers[0]!.reason).toBe(
      "pays the winner's score 1000 (1500 limited to 1000), East doubled",
    );
  });

  it('a penalty paid to an East winner is not doubled either', () => {
    const settlement = settleChineseClassical({
      players: 4,
      winType: 'self-draw',
      claims: [{ seat: 'E', handScore: 10 }],
      loserScores: { S: 0, W: 0, N: 0 },
      penalties: [{ seat: 'W', kind: 'false-claim', points: 30 }],
    });
    expect(deltas(settlement)).toEqual({ E: 90, S: -20, W: -50, N: -20 });
  });
});

describe('the limit applies to final scores, not to payments or differences', () => {
  const limited: ChineseClassicalHand = {
    players: 4,
    winType: 'discard',
    from: 'S',
    claims: [{ seat: 'W', handScore: 1200 }],
    loserScores: { E: 0, S: 1300, N: 100 },
    options: { limit: 1000 },
  };

  it('caps the winner’s and the losers’ final scores before they are paid and compared', () => {
    const settlement = settleChineseClassical(limited);
    expect(settlement.transfers).toEqual([
      {
        from: 'E',
        to: 'W',
        points: 2000,
        reason: "pays the winner's score 1000 (1200 limited to 1000), East doubled",
      },
      { from: 'S', to: 'W', points: 1000, reason: "pays the winner's score 1000 (1200 limited to 1000)" },
      { from: 'N', to: 'W', points: 1000, reason: "pays the winner's score 1000 (1200 limited to 1000)" },
      {
        from: 'E',
        to: 'S',
        points: 2000,
        reason: 'loser difference 1000 (1300 limited to 1000) − 0, East doubled',
      },
      { from: 'E', to: 'N', points: 200, reason: 'loser difference 100 − 0, East doubled' },
      { from: 'N', to: 'S', points: 900, reason: 'loser difference 1000 (1300 limited to 1000) − 100' },
    ]);
  });

  it('without a limit the same hand pays on the scores as given', () => {
    const { options: _, ...unlimited } = limited;
    expect(deltas(settleChineseClassical(unlimited))).toEqual({
      E: -2400 - 2600 - 200,
      S: -1200 + 2600 + 1200,
      W: 4800,
      N: -1200 + 200 - 1200,
    });
  });
});

describe('other tables', () => {
  it('eastDoubles false: nobody pays or receives double', () => {
    const settlement = settleChineseClassical({ ...SEED, options: { eastDoubles: false } });
    expect(deltas(settlement)).toEqual({ E: -192 - 44 - 10, S: -192 + 44 + 34, W: -192 + 10 - 34, N: 576 });
  });

  it('three players: the same payments between fewer seats', () => {
    const settlement = settleChineseClassical({
      players: 3,
      winType: 'discard',
      from: 'E',
      claims: [{ seat: 'S', handScore: 50 }],
      loserScores: { E: 10, W: 4 },
    });
    expect(deltas(settlement, 3)).toEqual({ E: -100 + 12, S: 150, W: -50 - 12 });
  });

  it('equal losers settle nothing between them', () => {
    const settlement = settleChineseClassical({ ...SEED, loserScores: { E: 8, S: 8, W: 8 } });
    expect(settlement.transfers).toHaveLength(3);
  });

  it('two claims on a discard: head-bump, the lapsed claimant paying and settling as a loser', () => {
    const settlement = settleChineseClassical({
      players: 4,
      winType: 'discard',
      from: 'S',
      claims: [
        { seat: 'E', handScore: 300 },
        { seat: 'N', handScore: 40 },
      ],
      loserScores: { E: 60, S: 2, W: 12 },
    });
    expect(settlement.winners).toEqual([{ seat: 'N', handScore: 40, effectiveScore: 40 }]);
    expect(deltas(settlement)).toEqual({ E: -80 + 116 + 96, S: -40 - 116 - 10, W: -40 - 96 + 10, N: 160 });
    expect(settlement.lapsed).toEqual([{ seat: 'E', reason: 'head-bump: N is first in turn order after S' }]);
  });
});

describe('invalid input', () => {
  const base = SEED;
  it.each<[string, ChineseClassicalHand, string]>([
    ['a missing loser score', { ...base, loserScores: { E: 2, S: 46 } }, 'loserScores.W'],
    [
      'no loser scores',
      { ...base, loserScores: undefined as unknown as ChineseClassicalHand['loserScores'] },
      'loserScores',
    ],
    ['a loser score for the winner', { ...base, loserScores: { E: 2, S: 46, W: 12, N: 3 } }, 'loserScores.N'],
    [
      'a loser score for an unknown seat',
      { ...base, loserScores: { E: 2, S: 46, W: 12, X: 1 } as never },
      'loserScores.X',
    ],
    ['a negative loser score', { ...base, loserScores: { E: -2, S: 46, W: 12 } }, 'loserScores.E'],
    [
      'a loser score for a seat not in play',
      { ...base, players: 3, claims: [{ seat: 'W', handScore: 9 }], loserScores: { E: 1, S: 1, N: 1 } },
      'loserScores.N',
    ],
    ['a negative winner score', { ...base, claims: [{ seat: 'N', handScore: -192 }] }, 'claims[0].handScore'],
    ['a claimant who is the discarder', { ...base, winType: 'discard', from: 'N' }, 'claims[0].seat'],
    [
      'duplicate claimants',
      {
        ...base,
        winType: 'discard',
        from: 'E',
        claims: [
          { seat: 'N', handScore: 1 },
          { seat: 'N', handScore: 2 },
        ],
      },
      'claims[1].seat',
    ],
    ['an unknown claimant', { ...base, claims: [{ seat: 'X' as Seat, handScore: 1 }] }, 'claims[0].seat'],
    ['a self-draw with a discarder', { ...base, from: 'E' }, 'from'],
    [
      'a penalty on the winner',
      { ...base, penalties: [{ seat: 'N', kind: 'false-claim', points: 10 }] },
      'penalties[0].seat',
    ],
    [
      'a penalty on an unknown seat',
      { ...base, penalties: [{ seat: 'Q' as Seat, kind: 'x', points: 10 }] },
      'penalties[0].seat',
    ],
    [
      'a negative penalty',
      { ...base, penalties: [{ seat: 'E', kind: 'faulty-declaration', points: -10 }] },
      'penalties[0].points',
    ],
    [
      'a penalty without a kind',
      { ...base, penalties: [{ seat: 'E', kind: '', points: 10 }] },
      'penalties[0].kind',
    ],
    ['a limit of 0', { ...base, options: { limit: 0 } }, 'options.limit'],
    ['a negative limit', { ...base, options: { limit: -5 } }, 'options.limit'],
    ['a fractional limit', { ...base, options: { limit: 2.5 } }, 'options.limit'],
  ])('rejects %s', (_, hand, field) => {
    expect(rejectedField(() => settleChineseClassical(hand))).toBe(field);
  });
});

const classicalHand = fc
  .record({
    players: fc.constantFrom<PlayerCount>(2, 3, 4),
    winnerIndex: fc.nat(3),
    winType: fc.constantFrom('discard' as const, 'self-draw' as const, 'robbing-kong' as const),
    fromIndex: fc.nat(2),
    score: fc.nat(3000),
    losers: fc.array(fc.nat(3000), { minLength: 3, maxLength: 3 }),
    penalties: fc.array(fc.record({ loser: fc.nat(2), points: fc.nat(100) }), { maxLength: 3 }),
    limit: fc.option(fc.integer({ min: 1, max: 2000 }), { nil: null }),
    eastDoubles: fc.boolean(),
  })
  .map((r): ChineseClassicalHand => {
    const seats = seatsInPlay(r.players);
    const winner = seats[r.winnerIndex % r.players]!;
    const losers = seats.filter((s) => s !== winner);
    const from =
      r.winType === 'self-draw' ? undefined : turnOrderAfter(winner, r.players)[r.fromIndex % losers.length]!;
    return {
      players: r.players,
      winType: r.winType,
      ...(from ? { from } : {}),
      claims: [{ seat: winner, handScore: r.score }],
      loserScores: Object.fromEntries(losers.map((s, i) => [s, r.losers[i]!])),
      penalties: r.penalties.map((p) => ({
        seat: losers[p.loser % losers.length]!,
        kind: 'penalty',
        points: p.points,
      })),
      options: { limit: r.limit, eastDoubles: r.eastDoubles },
    };
  });

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('properties', () => {
  it('every settlement sums to zero, in positive transfers between different seats', () => {
    fc.assert(
      fc.property(classicalHand, (hand) => {
        const settlement = settleChineseClassical(hand);
        expect(sum(Object.values(deltas(settlement, hand.players)))).toBe(0);
        for (const t of settlement.transfers) {
          expect(t.points).toBeGreaterThan(0);
          expect(t.from).not.toBe(t.to);
        }
      }),
    );
  });

  it('the winner receives his limited score from each loser, doubled with East, plus the penalties', () => {
    fc.assert(
      fc.property(classicalHand, (hand) => {
        const settlement = settleChineseClassical(hand);
        const { seat, effectiveScore } = settlement.winners[0]!;
        const limit = hand.options?.limit ?? Number.POSITIVE_INFINITY;
        expect(effectiveScore).toBe(Math.min(hand.claims[0]!.handScore, limit));
        const losers = seatsInPlay(hand.players).filter((s) => s !== seat);
        const double = (loser: Seat) =>
          hand.options?.eastDoubles && (loser === 'E' || seat === 'E') ? 2 : 1;
        const expected =
          sum(losers.map((loser) => effectiveScore * double(loser))) +
          sum((hand.penalties ?? []).map((p) => p.points));
        expect(deltas(settlement, hand.players)[seat]).toBe(expected);
      }),
    );
  });

  it('without penalties, a loser with a higher final score never ends below one with a lower', () => {
    fc.assert(
      fc.property(classicalHand, (hand) => {
        const settlement = settleChineseClassical({
          ...hand,
          penalties: [],
          options: { ...hand.options, eastDoubles: false },
        });
        const d = deltas(settlement, hand.players);
        const losers = Object.entries(hand.loserScores) as [Seat, number][];
        for (const [a, sa] of losers)
          for (const [b, sb] of losers) if (sa > sb) expect(d[a]).toBeGreaterThanOrEqual(d[b]!);
      }),
    );
  });
});
