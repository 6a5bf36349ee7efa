// The final hand record of seed 004 (004_09ddc7a2a14e8477.txt): streak and die, kitty, robbing the gong, false
// Mahjong and dead hands, one given/when/then per rule with the text's numbers.
import { describe, expect, it } from 'vitest';
import { RuleInputError } from '../../errors.ts';
import { type FinalHand, type HandOutcome, settleFinalHand } from './final-hand.ts';
import { EMPTY_KITTY } from './kitty.ts';
import { ledgerDeltas } from './ledger.ts';
import { NO_STREAK, type Streak, streakBonus } from './streak.ts';

const hand = (outcome: HandOutcome, more: Partial<FinalHand> = {}): FinalHand => ({
  players: 4,
  streak: NO_STREAK,
  kitty: EMPTY_KITTY,
  outcome,
  ...more,
});
const settled = (outcome: HandOutcome, more: Partial<FinalHand> = {}) => {
  const record = settleFinalHand(hand(outcome, more));
  return { record, deltas: ledgerDeltas(record.transfers, 4) };
};
const reasons = (outcome: HandOutcome, more: Partial<FinalHand> = {}) =>
  settleFinalHand(hand(outcome, more)).transfers.map((t) => `${t.from}>${t.to} ${t.points}`);

describe('declared scores: the points the paying player owes that winner', () => {
  it('given S wins on W’s discard with 30, then W pays S 30', () => {
    const { deltas } = settled({
      kind: 'win',
      winType: 'discard',
      from: 'W',
      winners: [{ seat: 'S', handScore: 30 }],
    });
    expect(deltas.seats).toEqual({ E: 0, S: 30, W: -30, N: 0 });
  });

  it('given N wins by self-draw with 12, then each other player pays N 12', () => {
    const { deltas } = settled({
      kind: 'win',
      winType: 'self-draw',
      winners: [{ seat: 'N', handScore: 12 }],
    });
    expect(deltas.seats).toEqual({ E: -12, S: -12, W: -12, N: 36 });
  });
});

describe('dealer streak: 2n + 1 for streak count n, no cap', () => {
  it.each([
    [1, 3],
    [2, 5],
    [3, 7],
    [4, 9],
    [20, 41],
  ])('given streak count %i, then the bonus is %i', (n, bonus) => {
    expect(streakBonus(n)).toBe(bonus);
  });

  it.each([1, 2, 3, 4])(
    'given East wins on N’s discard at streak %i, then N pays East the hand and 2n + 1',
    (n) => {
      const { deltas, record } = settled(
        { kind: 'win', winType: 'discard', from: 'N', winners: [{ seat: 'E', handScore: 20 }] },
        { streak: { count: n } },
      );
      expect(deltas.seats).toEqual({ E: 20 + 2 * n + 1, S: 0, W: 0, N: -(20 + 2 * n + 1) });
      expect(record.next).toEqual({ sameDealer: true, streak: { count: n + 1 } });
    },
  );

  it('given East wins by self-draw at streak 2, then each other player pays East 5 beside the hand', () => {
    const { deltas } = settled(
      { kind: 'win', winType: 'self-draw', winners: [{ seat: 'E', handScore: 10 }] },
      { streak: { count: 2 } },
    );
    expect(deltas.seats).toEqual({ E: 45, S: -15, W: -15, N: -15 });
  });

  it('given East wins with another winner on S’s discard at streak 1, then S pays East 3 and East deals again', () => {
    const { deltas, record } = settled(
      {
        kind: 'win',
        winType: 'discard',
        from: 'S',
        winners: [
          { seat: 'E', handScore: 10 },
          { seat: 'W', handScore: 10 },
        ],
      },
      { streak: { count: 1 } },
    );
    expect(deltas.seats).toEqual({ E: 13, S: -23, W: 10, N: 0 });
    expect(record.next).toEqual({ sameDealer: true, streak: { count: 2 } });
  });

  it('given East discards the winning tile at streak 3, then East pays the winner 7 beside the hand and the deal passes', () => {
    const { deltas, record } = settled(
      { kind: 'win', winType: 'discard', from: 'E', winners: [{ seat: 'W', handScore: 10 }] },
      { streak: { count: 3 } },
    );
    expect(deltas.seats).toEqual({ E: -17, S: 0, W: 17, N: 0 });
    expect(record.next).toEqual({ sameDealer: false, streak: { count: 0 } });
  });

  it('given no streak, then the 1 point rows apply: East winning gets 1 from its payer, East giving pays 1', () => {
    expect(
      reasons({ kind: 'win', winType: 'discard', from: 'S', winners: [{ seat: 'E', handScore: 10 }] }),
    ).toEqual(['S>E 10', 'S>E 1']);
    expect(
      reasons({ kind: 'win', winType: 'discard', from: 'E', winners: [{ seat: 'N', handScore: 10 }] }),
    ).toEqual(['E>N 10', 'E>N 1']);
  });

  it('given a non-East self-draw, then nothing is paid for the streak', () => {
    const { deltas } = settled(
      { kind: 'win', winType: 'self-draw', winners: [{ seat: 'S', handScore: 4 }] },
      { streak: { count: 3 } },
    );
    expect(deltas.seats).toEqual({ E: -4, S: 12, W: -4, N: -4 });
  });
});

describe('the streak die forgotten before East’s first discard', () => {
  const forgotten: Streak = { count: 2, dieForgotten: true };

  it('given the die forgotten at streak 2 and East wins, then no streak bonus (only the 1 point row) and the streak goes on', () => {
    const outcome: HandOutcome = {
      kind: 'win',
      winType: 'discard',
      from: 'W',
      winners: [{ seat: 'E', handScore: 10 }],
    };
    expect(reasons(outcome, { streak: forgotten })).toEqual(['W>E 10', 'W>E 1']);
    expect(settleFinalHand(hand(outcome, { streak: forgotten })).next).toEqual({
      sameDealer: true,
      streak: { count: 3 },
    });
  });

  it('given the die forgotten at streak 2 and East gives the winning tile, then East still pays the full bonus 5', () => {
    const outcome: HandOutcome = {
      kind: 'win',
      winType: 'discard',
      from: 'E',
      winners: [{ seat: 'S', handScore: 10 }],
    };
    expect(reasons(outcome, { streak: forgotten })).toEqual(['E>S 10', 'E>S 5']);
  });
});

describe('drawn hands and the kitty', () => {
  it('given the live wall exhausted without a win, then every player puts 5 into the kitty and the deal passes', () => {
    const { deltas, record } = settled({ kind: 'drawn' }, { streak: { count: 2 } });
    expect(deltas).toEqual({ seats: { E: -5, S: -5, W: -5, N: -5 }, kitty: 20 });
    expect(record.kitty).toEqual({ points: 20 });
    expect(record.next).toEqual({ sameDealer: false, streak: { count: 0 } });
  });

  it('given a kitty of 20 and a discard win, then the kitty stays', () => {
    const { deltas, record } = settled(
      { kind: 'win', winType: 'discard', from: 'N', winners: [{ seat: 'S', handScore: 10 }] },
      { kitty: { points: 20 } },
    );
    expect(deltas.kitty).toBe(0);
    expect(record.kitty).toEqual({ points: 20 });
  });

  it('given a kitty of 20 and the next self-draw winner, then they collect it all', () => {
    const { deltas, record } = settled(
      { kind: 'win', winType: 'self-draw', winners: [{ seat: 'W', handScore: 10 }] },
      { kitty: { points: 20 } },
    );
    expect(deltas).toEqual({ seats: { E: -10, S: -10, W: 50, N: -10 }, kitty: -20 });
    expect(record.kitty).toEqual({ points: 0 });
  });

  it('given the self-draw winner forgets before the next dice roll, then it stays for the next self-draw winner', () => {
    const { deltas, record } = settled(
      { kind: 'win', winType: 'self-draw', winners: [{ seat: 'W', handScore: 10 }], kittyCollected: false },
      { kitty: { points: 40 } },
    );
    expect(deltas.kitty).toBe(0);
    expect(record.kitty).toEqual({ points: 40 });
  });

  it('given two drawn hands in a row, then the kitty holds 40', () => {
    const first = settleFinalHand(hand({ kind: 'drawn' }));
    expect(settleFinalHand(hand({ kind: 'drawn' }, { kitty: first.kitty })).kitty).toEqual({ points: 40 });
  });
});

describe('robbing the gong', () => {
  const robbed: HandOutcome = {
    kind: 'win',
    winType: 'robbing-kong',
    from: 'N',
    winners: [{ seat: 'S', handScore: 30 }],
  };

  it('given S robs N’s gong with 30 (Robbing the Gong 10 included), then N pays S 30 and an extra 10', () => {
    expect(reasons(robbed)).toEqual(['N>S 30', 'N>S 10']);
  });

  it('given the gong player already placed the replacement tile, then the chance to rob is closed', () => {
    expect(() => settleFinalHand(hand({ ...robbed, replacementPlaced: true }))).toThrow(/closed/);
  });

  it('given a declared score below Robbing the Gong 10, then it is refused', () => {
    expect(() => settleFinalHand(hand({ ...robbed, winners: [{ seat: 'S', handScore: 8 }] }))).toThrow(
      RuleInputError,
    );
  });

  it('given East’s gong is robbed at streak 1, then East pays the robber the bonus 3 as the giver of the tile', () => {
    expect(reasons({ ...robbed, from: 'E' }, { streak: { count: 1 } })).toEqual([
      'E>S 30',
      'E>S 10',
      'E>S 3',
    ]);
  });
});

describe('false Mahjong', () => {
  it('given W declares a false Mahjong, then W pays 25 to each of the other three (75), the hand is void and East deals again', () => {
    const { deltas, record } = settled(
      { kind: 'false-mahjong', declarer: 'W' },
      { streak: { count: 2, dieForgotten: false }, kitty: { points: 20 } },
    );
    expect(deltas.seats).toEqual({ E: 25, S: 25, W: -75, N: 25 });
    expect(record.outcome).toBe('void');
    expect(record.next).toEqual({ sameDealer: true, streak: { count: 2 } });
    expect(record.kitty).toEqual({ points: 20 });
  });
});

describe('dead hand in the final settlement', () => {
  it('given S holds a dead hand, then S cannot be settled as a winner', () => {
    const outcome: HandOutcome = {
      kind: 'win',
      winType: 'self-draw',
      winners: [{ seat: 'S', handScore: 10 }],
    };
    expect(() => settleFinalHand(hand(outcome, { deadHands: ['S'] }))).toThrow(/false-mahjong/);
  });

  it('given S holds a dead hand and W wins by self-draw, then S pays W as normal', () => {
    const { deltas } = settled(
      { kind: 'win', winType: 'self-draw', winners: [{ seat: 'W', handScore: 10 }] },
      { deadHands: ['S'] },
    );
    expect(deltas.seats).toEqual({ E: -10, S: -10, W: 30, N: -10 });
  });
});

describe('input a rule cannot apply to', () => {
  it.each<[string, HandOutcome]>([
    [
      'a self-draw with a discarder',
      { kind: 'win', winType: 'self-draw', from: 'E', winners: [{ seat: 'S', handScore: 1 }] },
    ],
    [
      'a discard win without a discarder',
      { kind: 'win', winType: 'discard', winners: [{ seat: 'S', handScore: 1 }] },
    ],
    [
      'a win on one’s own discard',
      { kind: 'win', winType: 'discard', from: 'S', winners: [{ seat: 'S', handScore: 1 }] },
    ],
    [
      'a negative score',
      { kind: 'win', winType: 'discard', from: 'E', winners: [{ seat: 'S', handScore: -1 }] },
    ],
    ['no winner', { kind: 'win', winType: 'discard', from: 'E', winners: [] }],
    [
      'a kitty forgotten on a discard win',
      {
        kind: 'win',
        winType: 'discard',
        from: 'E',
        winners: [{ seat: 'S', handScore: 1 }],
        kittyCollected: false,
      },
    ],
  ])('given %s, then RuleInputError', (_, outcome) => {
    expect(() => settleFinalHand(hand(outcome))).toThrow(RuleInputError);
  });

  it('given a negative streak count or a seat not in play, then RuleInputError', () => {
    expect(() => settleFinalHand(hand({ kind: 'drawn' }, { streak: { count: -1 } }))).toThrow(RuleInputError);
    expect(() => settleFinalHand(hand({ kind: 'false-mahjong', declarer: 'N' }, { players: 3 }))).toThrow(
      RuleInputError,
    );
  });
});
