// One table-law hand, seed 004 (004_09ddc7a2a14e8477.txt): two records, their sum, never an event charged twice.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../../tiles/index.ts';
import { RuleInputError } from '../../errors.ts';
import { settleTableLawHand, type TableLawHand } from './hand.ts';
import { EMPTY_IMMEDIATE_RECORD, type ImmediateEvent, recordImmediate } from './immediate.ts';
import { NO_STREAK } from './streak.ts';

const gong: ImmediateEvent = { kind: 'concealed-gong', id: 'hand-7/e12', seat: 'W' };
const dice: ImmediateEvent = { kind: 'dice-triple', id: 'hand-7/e1', thrower: 'E', dice: [6, 6, 6] };
const red = parseTiles('7z')[0]!;
const chase: ImmediateEvent = {
  kind: 'chasing',
  id: 'hand-7/e30',
  discards: [
    { seat: 'N', tile: red },
    { seat: 'E', tile: red },
    { seat: 'S', tile: red },
    { seat: 'W', tile: red },
  ],
};

const base: TableLawHand = {
  players: 4,
  streak: NO_STREAK,
  kitty: { points: 20 },
  outcome: { kind: 'win', winType: 'self-draw', winners: [{ seat: 'S', handScore: 10 }] },
};

describe('keep two records', () => {
  it('given a gong paid when declared and a win, then the records stay apart and the total is their sum', () => {
    const settled = recordImmediate(EMPTY_IMMEDIATE_RECORD, gong, base);
    const result = settleTableLawHand({ ...base, settled, immediate: [dice, chase] });
    expect(result.immediate.entries.map((e) => e.eventId)).toEqual(['hand-7/e12', 'hand-7/e1', 'hand-7/e30']);
    expect(result.deltas.immediate).toEqual({
      seats: { E: 30 - 5 + 5, S: -10 - 5 + 5, W: 15 - 10 + 5, N: -5 - 10 - 15 },
      kitty: 0,
    });
    expect(result.deltas.final).toEqual({ seats: { E: -10, S: 50, W: -10, N: -10 }, kitty: -20 });
    expect(result.deltas.total).toEqual({ seats: { E: 20, S: 40, W: 0, N: -40 }, kitty: -20 });
    expect(result.transfers).toHaveLength(
      result.immediate.entries.flatMap((e) => e.transfers).length + result.final.transfers.length,
    );
  });

  it('given every transfer, then each names its reason', () => {
    const result = settleTableLawHand({ ...base, immediate: [gong, dice, chase] });
    expect(result.transfers.every((t) => t.reason.length > 0 && t.points > 0)).toBe(true);
  });
});

describe('never charge the same immediate event again as part of the final hand', () => {
  it('given the concealed gong already settled, then settling it again with the hand is refused', () => {
    const settled = recordImmediate(EMPTY_IMMEDIATE_RECORD, gong, base);
    expect(() => settleTableLawHand({ ...base, settled, immediate: [gong] })).toThrow(RuleInputError);
    try {
      settleTableLawHand({ ...base, settled, immediate: [dice, gong] });
    } catch (error) {
      expect(error).toMatchObject({
        field: 'immediate[1].id',
        message: expect.stringMatching(/already settled/),
      });
    }
  });

  it('given the same event twice among the outstanding ones, then the second is refused', () => {
    expect(() => settleTableLawHand({ ...base, immediate: [dice, dice] })).toThrow(/already settled/);
  });

  it('given an event recorded as it occurs twice, then the record refuses the second', () => {
    const once = recordImmediate(EMPTY_IMMEDIATE_RECORD, dice, base);
    expect(() => recordImmediate(once, dice, base)).toThrow(RuleInputError);
  });

  it('given a false Mahjong after immediate payments, then they stand and only the penalty is final', () => {
    const settled = recordImmediate(EMPTY_IMMEDIATE_RECORD, gong, base);
    const result = settleTableLawHand({
      ...base,
      settled,
      outcome: { kind: 'false-mahjong', declarer: 'N' },
    });
    expect(result.final.outcome).toBe('void');
    expect(result.deltas.immediate.seats).toEqual({ E: -5, S: -5, W: 15, N: -5 });
    expect(result.deltas.final.seats).toEqual({ E: 25, S: 25, W: 25, N: -75 });
  });
});
