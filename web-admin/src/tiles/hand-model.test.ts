// Given a hand being picked tile by tile, when tiles go to the concealed hand, the winning tile, melds and
// flowers, then no tile passes four copies, the concealed tiles stop at 13 less three per meld, and the claim
// comes out in the contract's terms.
import { describe, expect, it } from 'vitest';
import {
  canPick,
  claimTilesOf,
  concealedTarget,
  EMPTY_HAND,
  type HandTiles,
  meldOf,
  type PickTarget,
  pick,
  removeConcealed,
  removeMeld,
} from './hand-model.ts';
import { parseTiles, type Tile } from './notation.ts';

const picked = (steps: readonly [PickTarget, string][], from: HandTiles = EMPTY_HAND): HandTiles =>
  steps.reduce((hand, [target, tiles]) => parseTiles(tiles).reduce((h, t) => pick(h, target, t), hand), from);

describe('picking a hand', () => {
  it('builds seed 003’s example: one chow exposed, one season, won on 9p', () => {
    const hand = picked([
      ['chow', '1m'],
      ['concealed', '123s123p789p9p'],
      ['winning', '9p'],
      ['concealed', '5f'],
    ]);
    expect(claimTilesOf(hand)).toEqual({
      hand: '1237899p123s',
      melds: [{ tiles: '123m' }],
      winningTile: '9p',
      flowers: ['5f'],
    });
  });

  it('caps a tile at four copies across the hand, the winning tile and the melds', () => {
    const hand = picked([
      ['pung', '5p'],
      ['winning', '5p'],
    ]);
    expect(canPick(hand, 'concealed', '5p')).toBe(false);
    expect(canPick(hand, 'pung', '5p')).toBe(false);
    // The winning tile is replaced, so re-picking it does not count it twice.
    expect(canPick(hand, 'winning', '5p')).toBe(true);
    expect(pick(hand, 'concealed', '5p')).toBe(hand);
    expect(canPick(hand, 'kong', '6p')).toBe(true);
    expect(canPick(picked([['concealed', '66p']]), 'kong', '6p')).toBe(false);
  });

  it('stops the concealed tiles at 13 less three per meld, a kong counting as three', () => {
    const melded = picked([['kong', '1z']]);
    expect(concealedTarget(melded)).toBe(10);
    const full = picked([['concealed', '123456789m1p']], melded);
    expect(full.concealed).toHaveLength(10);
    expect(canPick(full, 'concealed', '2p')).toBe(false);
    expect(canPick(removeConcealed(full, 0), 'concealed', '2p')).toBe(true);
    expect(concealedTarget(removeMeld(full, 0))).toBe(13);
  });

  it('makes chows only of suited tiles starting at 7 or lower, and marks a concealed kong', () => {
    expect(meldOf('chow', '7s')).toEqual(['7s', '8s', '9s']);
    expect(meldOf('chow', '8s')).toBeUndefined();
    expect(meldOf('chow', '1z')).toBeUndefined();
    expect(canPick(EMPTY_HAND, 'chow', '8m')).toBe(false);
    expect(claimTilesOf(picked([['concealed-kong', '7z']])).melds).toEqual([
      { tiles: '7777z', concealed: true },
    ]);
  });

  it('sends a flower to the flowers whatever the target, once each', () => {
    const hand = picked([['winning', '1f']]);
    expect(hand.flowers).toEqual<Tile[]>(['1f']);
    expect(hand.winning).toBeNull();
    expect(canPick(hand, 'concealed', '1f')).toBe(false);
  });
});
