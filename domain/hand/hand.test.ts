// Hand analysis by example, in tile notation: completeness, waits, decompositions and sacred discards.
import { describe, expect, it } from 'vitest';
import { hand, meld, tile } from '../../test/support/hand.ts';
import { formatTiles } from '../tiles/index.ts';
import {
  completeShapes,
  type Decomposition,
  decompose,
  isBarredFromDiscardWin,
  isComplete,
  type Meld,
  sacredDiscards,
  waits,
} from './index.ts';

/** Waits written back in notation, so expectations read like the hand. */
const waitsOf = (text: string, melds: Meld[] = []): string => formatTiles(waits(hand(text), melds));

/** A decomposition as "standard pung:1m pung:2m … | won on pung:3m", its sets sorted. */
const describeDecomposition = (d: Decomposition): string => {
  const sets = d.sets.map((s) => `${s.declared ? 'declared ' : ''}${s.kind}:${formatTiles([s.tile])}`);
  const won = d.winningSet >= 0 ? ` | won on ${sets[d.winningSet]}` : '';
  return `${d.shape} ${[...sets].sort().join(' ')}${won}`;
};
const decompositions = (text: string, melds: Meld[], winning?: string): string[] =>
  decompose(hand(text), melds, winning === undefined ? -1 : tile(winning))
    .map(describeDecomposition)
    .sort();

describe('complete hands', () => {
  it('four sets and a pair', () => {
    expect(isComplete(hand('123m 456p 789s 111z 55z'))).toBe(true);
    // One tile changed and it is not
    expect(isComplete(hand('123m 456p 789s 111z 56z'))).toBe(false);
  });

  it('counts concealed tiles against the declared melds: 14 less 3 per meld, a kong counting 3', () => {
    // Given one kong declared, then eleven concealed tiles complete the hand, and fourteen do not
    expect(isComplete(hand('456p 789s 111z 55z'), 1)).toBe(true);
    expect(isComplete(hand('123m 456p 789s 111z 55z'), 1)).toBe(false);
    // Four melds leave a pair
    expect(isComplete(hand('55z'), 4)).toBe(true);
  });

  it('seven pairs must be seven different kinds: four of a kind is not two pairs', () => {
    expect(completeShapes(hand('1133m 3344p 5566s 77z'))).toEqual(['seven-pairs']);
    expect(isComplete(hand('1111m 3344p 5566s 77z'))).toBe(false);
  });

  it('a hand can be seven pairs and standard at once', () => {
    expect(completeShapes(hand('112233m 445566p 77z'))).toEqual(['standard', 'seven-pairs']);
  });

  it('thirteen orphans needs all thirteen and a second of one, and nothing else', () => {
    expect(completeShapes(hand('119m 19p 19s 1234567z'))).toEqual(['thirteen-orphans']);
    // A 2m in place of the second orphan
    expect(isComplete(hand('129m 19p 19s 1234567z'))).toBe(false);
  });
});

describe('waits', () => {
  it('nine gates waits on all nine of its suit', () => {
    // Given 1112345678999m, when any character is added, then it completes
    expect(waitsOf('1112345678999m')).toBe('123456789m');
  });

  it('thirteen orphans with one of each waits on all thirteen', () => {
    expect(waitsOf('19m 19p 19s 1234567z')).toBe('19m19p19s1234567z');
  });

  it('thirteen orphans with a pair waits on the missing one', () => {
    expect(waitsOf('119m 19p 19s 123456z')).toBe('7z');
  });

  it('seven pairs with six pairs waits on the single', () => {
    expect(waitsOf('1133m 3344p 5566s 7z')).toBe('7z');
  });

  it('six pairs and a single with four of a kind among them wait on nothing', () => {
    // 1111m is no pair of pairs, and there is no standard reading
    expect(waitsOf('1111m 3344p 5566s 7z')).toBe('');
  });

  it('exclude a kind the player already holds four of in hand', () => {
    // Given 1111234m, 111m + 1234m would wait on 1m or 4m; all four 1m are in hand, so only 4m
    expect(waitsOf('1111234m 456p 789s')).toBe('4m');
    // With 111z in place of 111m, the same 1234m waits on both
    expect(waitsOf('1234m 456p 789s 111z')).toBe('14m');
  });

  it('exclude a kind the player holds four of in a kong', () => {
    // Given 23m waiting on 1m or 4m beside a kong
    const rest = '23m 456p 789s 11z';
    // When the kong is of 1m, then no 1m is left to draw
    expect(waitsOf(rest, [meld('1111m')])).toBe('4m');
    expect(waitsOf(rest, [meld('1111m', true)])).toBe('4m');
    // When it is of another kind, then 1m still completes
    expect(waitsOf(rest, [meld('9999p')])).toBe('14m');
    // And a pung of 1m leaves the fourth 1m to draw
    expect(waitsOf(rest, [meld('111m')])).toBe('14m');
  });

  it('are none for a hand of the wrong size', () => {
    // Thirteen concealed tiles beside one meld are one too many to be waiting
    expect(waitsOf('23m 456p 789s 11z 5z', [meld('999p')])).toBe('');
  });
});

describe('decompose', () => {
  it('reads 111222333m as three triplets or three identical chows', () => {
    // Given 111222333m456p77z, when decomposed without naming a winning tile
    // Then both readings are listed, once each
    expect(decompositions('111222333m 456p 77z', [])).toEqual([
      'standard chow:1m chow:1m chow:1m chow:4p pair:7z',
      'standard chow:4p pair:7z pung:1m pung:2m pung:3m',
    ]);
  });

  it('lists each reading with the set the winning tile completed', () => {
    // Given the win on 3m, then it completed the 3m pung, or one of the identical 123m chows (listed once)
    expect(decompositions('111222333m 456p 77z', [], '3m')).toEqual([
      'standard chow:1m chow:1m chow:1m chow:4p pair:7z | won on chow:1m',
      'standard chow:4p pair:7z pung:1m pung:2m pung:3m | won on pung:3m',
    ]);
    // Given the win on 7z, then it completed the pair in both readings
    expect(decompositions('111222333m 456p 77z', [], '7z')).toEqual([
      'standard chow:1m chow:1m chow:1m chow:4p pair:7z | won on pair:7z',
      'standard chow:4p pair:7z pung:1m pung:2m pung:3m | won on pair:7z',
    ]);
  });

  it('lists one arrangement twice when the winning tile could have completed either of two sets', () => {
    // Given 12333m: a 3m won could close the 123m chow or the 33m pair
    expect(decompositions('12333m 456p 789s 111z', [], '3m')).toEqual([
      'standard chow:1m chow:4p chow:7s pair:3m pung:1z | won on chow:1m',
      'standard chow:1m chow:4p chow:7s pair:3m pung:1z | won on pair:3m',
    ]);
  });

  it('keeps declared melds first and never picks one as the winning set', () => {
    // Given a declared 123m chow and a concealed 123m chow, a 2m won completes the concealed one
    const melds = [meld('123m'), meld('5555z', true)];
    const found = decompose(hand('123m 456p 11z'), melds, tile('2m'));
    expect(found).toHaveLength(1);
    const [only] = found;
    expect(only?.sets.slice(0, 2)).toEqual([
      { kind: 'chow', tile: tile('1m'), concealed: false, declared: true },
      { kind: 'kong', tile: tile('5z'), concealed: true, declared: true },
    ]);
    // The winning set is the concealed chow, wherever among the in-hand sets it is listed
    expect(only?.winningSet).toBeGreaterThanOrEqual(2);
    expect(only?.sets[only.winningSet]).toEqual({
      kind: 'chow',
      tile: tile('1m'),
      concealed: true,
      declared: false,
    });
  });

  it('lists seven pairs and thirteen orphans as their own shapes', () => {
    expect(decompositions('1133m 3344p 5566s 77z', [], '7z')).toEqual([
      'seven-pairs pair:1m pair:3m pair:3p pair:4p pair:5s pair:6s pair:7z | won on pair:7z',
    ]);
    expect(decompositions('119m 19p 19s 1234567z', [], '9m')).toEqual([
      'thirteen-orphans pair:1m single:1p single:1s single:1z single:2z single:3z single:4z single:5z single:6z single:7z single:9m single:9p single:9s | won on single:9m',
    ]);
  });

  it('finds nothing when the winning tile is not in the hand or the hand is not complete', () => {
    expect(decompose(hand('123m 456p 789s 111z 55z'), [], tile('9m'))).toEqual([]);
    expect(decompose(hand('123m 456p 789s 111z 56z'), [])).toEqual([]);
  });
});

describe('sacred discards', () => {
  // Given a hand waiting on 1m or 4m
  const ready = hand('23m 456p 789s 456s 11z');

  it('bars a player who discarded one of their waits', () => {
    // When they had discarded 4m earlier, then they cannot win on a discard
    expect(sacredDiscards(ready, [], [tile('9p'), tile('4m'), tile('4m')])).toEqual([tile('4m')]);
    expect(isBarredFromDiscardWin(ready, [], [tile('9p'), tile('4m')])).toBe(true);
  });

  it('does not bar a player whose discards are none of their waits', () => {
    // 2m and 5m sit next to the wait but would not complete the hand
    expect(sacredDiscards(ready, [], [tile('2m'), tile('5m'), tile('7z')])).toEqual([]);
    expect(isBarredFromDiscardWin(ready, [], [tile('2m'), tile('5m'), tile('7z')])).toBe(false);
  });

  it('bars whatever pattern the discarded wait would have made', () => {
    // Given a thirteen-sided orphans wait, a discarded 9s is one of the waits
    expect(isBarredFromDiscardWin(hand('19m 19p 19s 1234567z'), [], [tile('9s')])).toBe(true);
    expect(isBarredFromDiscardWin(hand('19m 19p 19s 1234567z'), [], [tile('5s')])).toBe(false);
  });

  it('counts the waits beside declared melds', () => {
    // Given 23m beside a 9999p kong, the hand waits on 1m or 4m: a discarded 1m bars, a discarded 5m does not
    const rest = hand('23m 456p 789s 11z');
    expect(isBarredFromDiscardWin(rest, [meld('9999p')], [tile('1m')])).toBe(true);
    expect(isBarredFromDiscardWin(rest, [meld('9999p')], [tile('5m')])).toBe(false);
  });
});
