// Four Seas payments and competing wins, seed 000: the six rows of its table, the checks every declared-score
// scheme shares, and the properties of the three multiple-winner policies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleInputError } from '../errors.ts';
import { deltasOf, type PlayerCount, type Seat, seatsInPlay, turnOrderAfter } from '../seats.ts';
import type { DeclaredClaim } from './declared-win.ts';
import { type FourSeasHand, settleFourSeas } from './four-seas.ts';
import type { MultipleWinners, Settlement } from './settlement.ts';

const deltas = (s: Settlement, players: PlayerCount = 4) => deltasOf(s.transfers, players);

/** The field of the RuleInputError the call throws. */
function rejectedField(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    if (error instanceof RuleInputError) return error.field;
    throw error;
  }
  throw new Error('no RuleInputError thrown');
}

/** Seed 000: "North discards South wind. East and South both win". */
const northDiscards = (east: number, south: number, multipleWinners?: MultipleWinners): FourSeasHand => ({
  players: 4,
  winType: 'discard',
  from: 'N',
  claims: [
    { seat: 'S', handScore: south },
    { seat: 'E', handScore: east },
  ],
  ...(multipleWinners ? { options: { multipleWinners } } : {}),
});

describe('seed 000: the table of three methods (E, S, W, N)', () => {
  it.each([
    [30, 45, 'head-bump', { E: 120, S: -30, W: -30, N: -60 }],
    [30, 45, 'score-priority', { E: 120, S: 60, W: -45, N: -135 }],
    [30, 45, 'multiple', { E: 120, S: 180, W: -50, N: -250 }],
    [45, 30, 'head-bump', { E: 180, S: -45, W: -45, N: -90 }],
    [45, 30, 'score-priority', { E: 180, S: 0, W: -45, N: -135 }],
    [45, 30, 'multiple', { E: 180, S: 120, W: -50, N: -250 }],
  ] as const)('E %i, S %i, %s', (east, south, policy, expected) => {
    expect(deltas(settleFourSeas(northDiscards(east, south, policy)))).toEqual(expected);
  });

  it('uses score priority when no option is given', () => {
    expect(deltas(settleFourSeas(northDiscards(30, 45)))).toEqual({ E: 120, S: 60, W: -45, N: -135 });
  });

  it('itemises the seed’s worked example: 15 of South’s 45 above East’s 30, North paying the rest', () => {
    const settlement = settleFourSeas(northDiscards(30, 45));
    expect(settlement.winners).toEqual([
      { seat: 'E', handScore: 30, effectiveScore: 30 },
      { seat: 'S', handScore: 45, effectiveScore: 15 },
    ]);
    expect(settlement.lapsed).toEqual([]);
    expect(settlement.transfers).toEqual([
      { from: 'W', to: 'E', points: 30, reason: 'pays the hand score 30' },
      { from: 'N', to: 'E', points: 90, reason: 'discard win: 4 × 30 = 120, less 30 paid by W' },
      { from: 'W', to: 'S', points: 15, reason: 'pays the hand score 15 (45 − 30)' },
      { from: 'N', to: 'S', points: 45, reason: 'discard win: 4 × 15 (45 − 30) = 60, less 15 paid by W' },
    ]);
  });

  it('under score priority, a claimant below the running maximum wins, receives nothing and pays nothing', () => {
    const settlement = settleFourSeas(northDiscards(45, 30));
    expect(settlement.winners).toEqual([
      { seat: 'E', handScore: 45, effectiveScore: 45 },
      { seat: 'S', handScore: 30, effectiveScore: 0 },
    ]);
    expect(settlement.transfers.some((t) => t.from === 'S' || t.to === 'S')).toBe(false);
  });

  it('under head-bump, the later claimant lapses and pays as a bystander', () => {
    const settlement = settleFourSeas(northDiscards(30, 45, 'head-bump'));
    expect(settlement.winners).toEqual([{ seat: 'E', handScore: 30, effectiveScore: 30 }]);
    expect(settlement.lapsed).toEqual([{ seat: 'S', reason: 'head-bump: E is first in turn order after N' }]);
    expect(settlement.transfers).toContainEqual({
      from: 'S',
      to: 'E',
      points: 30,
      reason: 'pays the hand score 30',
    });
  });

  it('under multiple, the bystander cap of 50 holds for the whole hand', () => {
    const settlement = settleFourSeas(northDiscards(30, 45, 'multiple'));
    expect(settlement.transfers).toEqual([
      { from: 'W', to: 'E', points: 30, reason: 'pays the hand score 30' },
      { from: 'N', to: 'E', points: 90, reason: 'discard win: 4 × 30 = 120, less 30 paid by W' },
      {
        from: 'W',
        to: 'S',
        points: 20,
        reason: 'pays the hand score 45, capped at 50 for the hand (30 paid already)',
      },
      { from: 'N', to: 'S', points: 160, reason: 'discard win: 4 × 45 = 180, less 20 paid by W' },
    ]);
  });
});

describe('one winner', () => {
  it('a discard win: 4 × H, each bystander paying H and the discarder the rest', () => {
    const settlement = settleFourSeas({
      players: 4,
      winType: 'discard',
      from: 'S',
      claims: [{ seat: 'N', handScore: 24 }],
    });
    expect(deltas(settlement)).toEqual({ E: -24, S: -48, W: -24, N: 96 });
  });

  it('caps each bystander at 50, the discarder paying the rest', () => {
    const settlement = settleFourSeas({
      players: 4,
      winType: 'discard',
      from: 'E',
      claims: [{ seat: 'S', handScore: 88 }],
    });
    expect(deltas(settlement)).toEqual({ E: -252, S: 352, W: -50, N: -50 });
    expect(settlement.transfers).toContainEqual({
      from: 'W',
      to: 'S',
      points: 50,
      reason: 'pays the hand score 88, capped at 50',
    });
  });

  it('robbing the kong: the kong’s player pays as the discarder', () => {
    const settlement = settleFourSeas({
      players: 4,
      winType: 'robbing-kong',
      from: 'W',
      claims: [{ seat: 'E', handScore: 10 }],
    });
    expect(deltas(settlement)).toEqual({ E: 40, S: -10, W: -20, N: -10 });
    expect(settlement.transfers).toContainEqual({
      from: 'W',
      to: 'E',
      points: 20,
      reason: 'robbing the kong, paid as the discarder: 4 × 10 = 40, less 20 paid by S and N',
    });
  });

  it('a self-draw: each other player pays H, capped at 50 (the seed covers discards only)', () => {
    const small = settleFourSeas({
      players: 4,
      winType: 'self-draw',
      claims: [{ seat: 'W', handScore: 30 }],
    });
    expect(deltas(small)).toEqual({ E: -30, S: -30, W: 90, N: -30 });
    const large = settleFourSeas({
      players: 4,
      winType: 'self-draw',
      claims: [{ seat: 'W', handScore: 64 }],
    });
    expect(deltas(large)).toEqual({ E: -50, S: -50, W: 150, N: -50 });
    expect(large.transfers[0]!.reason).toBe('self-draw: pays the hand score 64, capped at 50');
  });

  it('three and two players: fewer bystanders, the discarder pays the rest of 4 × H', () => {
    const three = settleFourSeas({
      players: 3,
      winType: 'discard',
      from: 'E',
      claims: [{ seat: 'W', handScore: 20 }],
    });
    expect(deltas(three, 3)).toEqual({ E: -60, S: -20, W: 80 });
    const two = settleFourSeas({
      players: 2,
      winType: 'discard',
      from: 'S',
      claims: [{ seat: 'E', handScore: 20 }],
    });
    expect(deltas(two, 2)).toEqual({ E: 80, S: -80 });
  });

  it('a hand score of 0 moves nothing', () => {
    const settlement = settleFourSeas({
      players: 4,
      winType: 'discard',
      from: 'E',
      claims: [{ seat: 'S', handScore: 0 }],
    });
    expect(settlement.transfers).toEqual([]);
  });

  it('honours the discard multiplier and bystander cap options', () => {
    const settlement = settleFourSeas({
      players: 4,
      winType: 'discard',
      from: 'E',
      claims: [{ seat: 'S', handScore: 30 }],
      options: { discardMultiplier: 5, bystanderCap: 20 },
    });
    expect(deltas(settlement)).toEqual({ E: -110, S: 150, W: -20, N: -20 });
  });
});

describe('invalid input', () => {
  const base: FourSeasHand = {
    players: 4,
    winType: 'discard',
    from: 'N',
    claims: [{ seat: 'E', handScore: 30 }],
  };
  it.each<[string, FourSeasHand, string]>([
    ['an unknown seat', { ...base, claims: [{ seat: 'X' as Seat, handScore: 30 }] }, 'claims[0].seat'],
    [
      'a claimant not in play',
      { ...base, players: 3, from: 'E', claims: [{ seat: 'N', handScore: 3 }] },
      'claims[0].seat',
    ],
    [
      'a discarder not in play',
      { ...base, players: 3, from: 'N', claims: [{ seat: 'E', handScore: 3 }] },
      'from',
    ],
    ['an unknown discarder', { ...base, from: 'Z' as Seat }, 'from'],
    ['a negative score', { ...base, claims: [{ seat: 'E', handScore: -1 }] }, 'claims[0].handScore'],
    ['a fractional score', { ...base, claims: [{ seat: 'E', handScore: 2.5 }] }, 'claims[0].handScore'],
    ['a claimant who is the discarder', { ...base, claims: [{ seat: 'N', handScore: 8 }] }, 'claims[0].seat'],
    [
      'a duplicate claimant',
      {
        ...base,
        claims: [
          { seat: 'E', handScore: 8 },
          { seat: 'E', handScore: 9 },
        ],
      },
      'claims[1].seat',
    ],
    ['no claim', { ...base, claims: [] }, 'claims'],
    ['a discard without its discarder', { players: 4, winType: 'discard', claims: base.claims }, 'from'],
    [
      'a robbed kong without its player',
      { players: 4, winType: 'robbing-kong', claims: base.claims },
      'from',
    ],
    ['a self-draw with a discarder', { ...base, winType: 'self-draw' }, 'from'],
    [
      'a self-draw with two claims',
      {
        players: 4,
        winType: 'self-draw',
        claims: [
          { seat: 'E', handScore: 8 },
          { seat: 'S', handScore: 9 },
        ],
      },
      'claims',
    ],
    ['five players', { ...base, players: 5 as PlayerCount }, 'options.players'],
    ['an unknown win type', { ...base, winType: 'ron' as FourSeasHand['winType'] }, 'winType'],
    [
      'an unknown policy',
      { ...base, options: { multipleWinners: 'first' as MultipleWinners } },
      'options.multipleWinners',
    ],
    [
      'a multiplier below the players less one',
      { ...base, options: { discardMultiplier: 2 } },
      'options.discardMultiplier',
    ],
    ['a negative cap', { ...base, options: { bystanderCap: -1 } }, 'options.bystanderCap'],
  ])('rejects %s', (_, hand, field) => {
    expect(rejectedField(() => settleFourSeas(hand))).toBe(field);
  });
});

/** A discard (or robbed kong) with one to three claims in any order, at a table of 2 to 4. */
const onATile = fc
  .record({
    players: fc.constantFrom<PlayerCount>(2, 3, 4),
    winType: fc.constantFrom('discard' as const, 'robbing-kong' as const),
    fromIndex: fc.nat(3),
    scores: fc.array(fc.nat(200), { minLength: 3, maxLength: 3 }),
    policy: fc.constantFrom<MultipleWinners>('head-bump', 'multiple', 'score-priority'),
    cap: fc.nat(80),
  })
  .chain(({ players, winType, fromIndex, scores, policy, cap }) => {
    const from = seatsInPlay(players)[fromIndex % players]!;
    return fc.shuffledSubarray([...turnOrderAfter(from, players)], { minLength: 1 }).map(
      (seats): FourSeasHand => ({
        players,
        winType,
        from,
        claims: seats.map((seat, i): DeclaredClaim => ({ seat, handScore: scores[i]! })),
        options: { multipleWinners: policy, bystanderCap: cap },
      }),
    );
  });

const selfDraw = fc
  .record({ players: fc.constantFrom<PlayerCount>(2, 3, 4), winner: fc.nat(3), score: fc.nat(200) })
  .map(
    ({ players, winner, score }): FourSeasHand => ({
      players,
      winType: 'self-draw',
      claims: [{ seat: seatsInPlay(players)[winner % players]!, handScore: score }],
    }),
  );

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const policyOf = (hand: FourSeasHand) => hand.options!.multipleWinners!;

describe('properties', () => {
  it('every settlement sums to zero, in positive transfers between different seats in play', () => {
    fc.assert(
      fc.property(fc.oneof(onATile, selfDraw), (hand) => {
        const settlement = settleFourSeas(hand);
        const seats = seatsInPlay(hand.players);
        expect(sum(Object.values(deltas(settlement, hand.players)))).toBe(0);
        for (const t of settlement.transfers) {
          expect(t.points).toBeGreaterThan(0);
          expect(t.from).not.toBe(t.to);
          expect(seats).toContain(t.from);
          expect(seats).toContain(t.to);
          expect(t.reason).not.toBe('');
        }
      }),
    );
  });

  it('a bystander never pays more than the cap in a hand, and the discarder never less than a bystander', () => {
    fc.assert(
      fc.property(onATile, (hand) => {
        const settlement = settleFourSeas(hand);
        const d = deltas(settlement, hand.players);
        const winners = settlement.winners.map((w) => w.seat);
        for (const seat of seatsInPlay(hand.players)) {
          if (seat === hand.from || winners.includes(seat)) continue;
          expect(-d[seat]!).toBeLessThanOrEqual(hand.options!.bystanderCap!);
          expect(-d[hand.from!]!).toBeGreaterThanOrEqual(-d[seat]!);
        }
      }),
    );
  });

  it('score priority: the discarder pays what one win on the highest score costs, less the bystanders’ part', () => {
    fc.assert(
      fc.property(
        onATile.filter((hand) => policyOf(hand) === 'score-priority'),
        (hand) => {
          const highest = hand.claims.reduce((a, b) => (b.handScore > a.handScore ? b : a));
          const alone = deltas(settleFourSeas({ ...hand, claims: [highest] }), hand.players);
          const together = deltas(settleFourSeas(hand), hand.players);
          const claimants = hand.claims.map((c) => c.seat);
          // The winners together receive one win on the highest score …
          expect(sum(claimants.map((seat) => together[seat]!))).toBe(alone[highest.seat]);
          // … the bystanders pay as they would for it, and the discarder pays the rest, claimants paying nothing.
          const bystanders = seatsInPlay(hand.players).filter(
            (s) => s !== hand.from && !claimants.includes(s),
          );
          for (const seat of bystanders) expect(together[seat]).toBe(alone[seat]);
          const bystandersPaid = 0 - sum(bystanders.map((s) => together[s]!));
          expect(0 - together[hand.from!]!).toBe(alone[highest.seat]! - bystandersPaid);
        },
      ),
    );
  });

  it('score priority: no winner receives a negative amount, and the effective scores add up to the highest', () => {
    fc.assert(
      fc.property(
        onATile.filter((hand) => policyOf(hand) === 'score-priority'),
        (hand) => {
          const settlement = settleFourSeas(hand);
          const d = deltas(settlement, hand.players);
          for (const w of settlement.winners) {
            expect(w.effectiveScore).toBeGreaterThanOrEqual(0);
            expect(d[w.seat]).toBeGreaterThanOrEqual(0);
          }
          expect(settlement.winners).toHaveLength(hand.claims.length);
          expect(sum(settlement.winners.map((w) => w.effectiveScore))).toBe(
            Math.max(...hand.claims.map((c) => c.handScore)),
          );
        },
      ),
    );
  });

  it('head-bump never pays more than one winner: the first claimant in turn order after the discarder', () => {
    fc.assert(
      fc.property(
        onATile.filter((hand) => policyOf(hand) === 'head-bump'),
        (hand) => {
          const settlement = settleFourSeas(hand);
          const order = turnOrderAfter(hand.from!, hand.players);
          const first = order.find((seat) => hand.claims.some((c) => c.seat === seat))!;
          expect(settlement.winners.map((w) => w.seat)).toEqual([first]);
          expect(settlement.lapsed).toHaveLength(hand.claims.length - 1);
          for (const t of settlement.transfers) expect(t.to).toBe(first);
        },
      ),
    );
  });

  it('multiple: each winner receives four times its full score', () => {
    fc.assert(
      fc.property(
        onATile.filter((hand) => policyOf(hand) === 'multiple'),
        (hand) => {
          const d = deltas(settleFourSeas(hand), hand.players);
          for (const claim of hand.claims) expect(d[claim.seat]).toBe(4 * claim.handScore);
        },
      ),
    );
  });

  it('the order claims are listed in changes nothing', () => {
    fc.assert(
      fc.property(onATile, (hand) => {
        expect(settleFourSeas({ ...hand, claims: [...hand.claims].reverse() })).toEqual(settleFourSeas(hand));
      }),
    );
  });
});
