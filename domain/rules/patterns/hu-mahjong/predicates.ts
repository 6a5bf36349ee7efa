// Tests over HandFacts that several Hu Mahjong patterns share (seed 003, 003_cfd8ab0b6123cd10.txt).
import type { Tile } from '../../../tiles/index.ts';
import type { HandFacts } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';

export const yes = (condition: boolean): number => (condition ? 1 : 0);
export const isDragon = (t: Tile): boolean => t >= 31 && t <= 33;
export const isWind = (t: Tile): boolean => t >= 27 && t <= 30;
export const bits = (mask: number): number => {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
};

/** Four chows as two pairs of identical chows (one chow four times included). */
export function twoPairsOfIdenticalChows(f: HandFacts): boolean {
  if (f.chowCount !== 4) return false;
  const [a, b, c, d] = f.chows as unknown as [number, number, number, number];
  return (a === b && c === d) || (a === c && b === d) || (a === d && b === c);
}

/**
 * Four suited sets that split into two pairs, each pair the same numbers in two different suits, both pairs
 * in the same two suits (the category is "Parallelity or Two Colors"; the seed's examples use two suits).
 */
export function parallelTwice(sets: Int8Array, count: number): boolean {
  if (count !== 4) return false;
  const a = sets[0]!;
  const b = sets[1]!;
  const c = sets[2]!;
  const d = sets[3]!;
  if (a >= 27 || b >= 27 || c >= 27 || d >= 27) return false;
  return pairing(a, b, c, d) || pairing(a, c, b, d) || pairing(a, d, b, c);
}

export function pairing(w: Tile, x: Tile, y: Tile, z: Tile): boolean {
  return parallel(w, x) && parallel(y, z) && suitsOf(w, x) === suitsOf(y, z);
}

export const parallel = (p: Tile, q: Tile): boolean => p % 9 === q % 9 && p !== q;
export const suitsOf = (p: Tile, q: Tile): number => (1 << ((p / 9) | 0)) | (1 << ((q / 9) | 0));

/** Some rank is a set in all three suits. */
export const inThreeSuits = (ranks: Int16Array): boolean => (ranks[0]! & ranks[1]! & ranks[2]!) !== 0;

/** Some suit has sets on `length` consecutive ranks. */
export function consecutiveRanks(ranks: Int16Array, length: 3 | 4): boolean {
  for (let suit = 0; suit < 3; suit++) {
    const m = ranks[suit]!;
    const run = m & (m >> 1) & (m >> 2);
    if ((length === 3 ? run : run & (m >> 3)) !== 0) return true;
  }
  return false;
}

/** 123, 456 and 789 of one suit: chow ranks 0, 3 and 6. */
export const STRAIGHT = (1 << 0) | (1 << 3) | (1 << 6);
export const hasStraight = (f: HandFacts): boolean =>
  (f.chowRanks[0]! & STRAIGHT) === STRAIGHT ||
  (f.chowRanks[1]! & STRAIGHT) === STRAIGHT ||
  (f.chowRanks[2]! & STRAIGHT) === STRAIGHT;

export const oneSuit = (groups: number): boolean => {
  const suits = groups & 7;
  return suits === 1 || suits === 2 || suits === 4;
};

export function valueTriplets(f: HandFacts): number {
  // Prevalent and seat wind are counted apart, so a pung of a wind that is both counts twice.
  return (
    bits(f.honorPungs >> 4) +
    ((f.honorPungs >> (f.situation.prevalentWind - 27)) & 1) +
    ((f.honorPungs >> (f.situation.seatWind - 27)) & 1)
  );
}

export const dragonPungs = (f: HandFacts): number => bits(f.honorPungs >> 4);
export const windPungs = (f: HandFacts): number => bits(f.honorPungs & 15);

export const NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3];
export function isNineGates(f: HandFacts): boolean {
  if (!f.noMelds || f.shape !== 'standard' || !oneSuit(f.groupsUsed) || (f.groupsUsed & 24) !== 0)
    return false;
  const base = (f.groupsUsed & 1 ? 0 : f.groupsUsed & 2 ? 1 : 2) * 9;
  for (let r = 0; r < 9; r++) if (f.concealed[base + r]! < NINE_GATES[r]!) return false;
  return true;
}

/** Type-checks one pattern of the table. */
export const p = (pattern: Pattern<HuCategory>): Pattern<HuCategory> => pattern;
