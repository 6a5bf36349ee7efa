// What a hand could claim of one tile (seed 001, "The priority order"), read with domain/hand.
import { describe, expect, it } from 'vitest';
import { expectRuleError } from '../../../test/support/claims.ts';
import { hand, meld, tile } from '../../../test/support/hand.ts';
import { isSevenPairs } from '../../hand/index.ts';
import { chowShapes, makesChow } from './chow.ts';
import { eligibleClaims } from './eligibility.ts';

const threeM = tile('3m');

describe('eligibleClaims', () => {
  it('South, next after East, holds 1245m: three ways to chow 3m', () => {
    const eligible = eligibleClaims(hand('1245m 456p 789p 19s 5z'), [], threeM, 'S', 'E', 4);
    expect(eligible.chows).toEqual([
      [tile('1m'), tile('2m')],
      [tile('2m'), tile('4m')],
      [tile('4m'), tile('5m')],
    ]);
    expect(eligible).toMatchObject({ win: false, pong: false, kong: false });
  });

  it('the same hand at West may not chow at all', () => {
    expect(eligibleClaims(hand('1245m 456p 789p 19s 5z'), [], threeM, 'W', 'E', 4).chows).toEqual([]);
  });

  it('a pair makes a pong, three make a kong and a pong', () => {
    expect(eligibleClaims(hand('33m 789m 456s 11p 567z'), [], threeM, 'N', 'E', 4)).toMatchObject({
      pong: true,
      kong: false,
    });
    expect(eligibleClaims(hand('333m 789m 456s 11p 56z'), [], threeM, 'N', 'E', 4)).toMatchObject({
      pong: true,
      kong: true,
    });
  });

  it('a win: the tile completes the hand, beside declared melds', () => {
    const eligible = eligibleClaims(hand('12m 456p 11z'), [meld('789s'), meld('555z')], threeM, 'W', 'E', 4);
    expect(eligible).toMatchObject({ win: true, thirteenOrphans: false });
  });

  it('seven pairs and thirteen orphans are wins too', () => {
    expect(eligibleClaims(hand('3m 11p 22p 55s 77s 11z 66z'), [], threeM, 'S', 'E', 4).win).toBe(true);
    const orphans = eligibleClaims(hand('99m 19p 19s 1234567z'), [], tile('1m'), 'S', 'E', 4);
    expect(orphans).toMatchObject({ win: true, thirteenOrphans: true });
  });

  it("the caller's predicate decides whether a complete hand may win (a pattern minimum)", () => {
    const onlySevenPairs = {
      qualifies: ({ concealed }: { concealed: Uint8Array }) => isSevenPairs(concealed),
    };
    expect(eligibleClaims(hand('12m 456p 789p 123s 11z'), [], threeM, 'W', 'E', 4, onlySevenPairs).win).toBe(
      false,
    );
    expect(
      eligibleClaims(hand('3m 11p 22p 55s 77s 11z 66z'), [], threeM, 'W', 'E', 4, onlySevenPairs).win,
    ).toBe(true);
  });

  it('the predicate sees the hand with the tile, the offer and the seats', () => {
    const seen: unknown[] = [];
    eligibleClaims(hand('12m 456p 789p 123s 11z'), [], threeM, 'W', 'S', 4, {
      kind: 'added-kong',
      qualifies: (c) => {
        seen.push({ held: c.concealed[threeM], tile: c.tile, kind: c.kind, seat: c.seat, from: c.from });
        return true;
      },
    });
    expect(seen).toEqual([{ held: 1, tile: threeM, kind: 'added-kong', seat: 'W', from: 'S' }]);
  });

  it('an added kong offers only the win; a concealed kong only the thirteen-orphans win', () => {
    const waiting = hand('12m 333p 456p 789p 11z');
    expect(eligibleClaims(waiting, [], threeM, 'S', 'E', 4, { kind: 'added-kong' })).toEqual({
      win: true,
      thirteenOrphans: false,
      kong: false,
      pong: false,
      chows: [],
    });
    expect(eligibleClaims(waiting, [], threeM, 'S', 'E', 4, { kind: 'concealed-kong' }).win).toBe(false);
    const orphans = hand('99m 19p 19s 1234567z');
    expect(eligibleClaims(orphans, [], tile('1m'), 'S', 'E', 4, { kind: 'concealed-kong' }).win).toBe(true);
  });

  it('two players: the only opponent is next', () => {
    expect(eligibleClaims(hand('12m 456p 789p 199s 55z'), [], threeM, 'E', 'S', 2).chows).toHaveLength(1);
  });

  it('rejects a hand that cannot be waiting, or the offering seat', () => {
    expectRuleError(
      () => eligibleClaims(hand('12m'), [], threeM, 'S', 'E', 4),
      'concealed',
      /13 concealed tiles, not 2/,
    );
    expectRuleError(
      () => eligibleClaims(hand('3333m 456p 789p 555z'), [], threeM, 'S', 'E', 4),
      'concealed',
      /5 of 3m with the offered 3m/,
    );
    expectRuleError(
      () => eligibleClaims(hand('12m 456p 789p 199s 55z'), [], threeM, 'E', 'E', 4),
      'seat',
      /E offered/,
    );
    expectRuleError(
      () => eligibleClaims(hand('12m 456p 789p 199s 55z'), [], threeM, 'N', 'E', 3),
      'seat',
      /not in play/,
    );
    expectRuleError(
      () => eligibleClaims(hand('12m 456p 789p 199s 55z'), [], 35, 'S', 'E', 4),
      'tile',
      /flowers/,
    );
  });
});

describe('chow shapes', () => {
  it('an edge tile has one shape, a middle tile three, an honour none', () => {
    expect(chowShapes(tile('1s'))).toEqual([[tile('2s'), tile('3s')]]);
    expect(chowShapes(tile('9p'))).toEqual([[tile('7p'), tile('8p')]]);
    expect(chowShapes(tile('5m'))).toHaveLength(3);
    expect(chowShapes(tile('5z'))).toEqual([]);
  });

  it('runs never cross suits', () => {
    expect(makesChow(tile('9m'), [tile('1p'), tile('8m')])).toBe(false);
    expect(makesChow(tile('1p'), [tile('8m'), tile('9m')])).toBe(false);
    expect(makesChow(tile('1p'), [tile('3p'), tile('2p')])).toBe(true);
  });
});
