// Complete shapes: four sets and a pair (melds fixed), seven distinct pairs, thirteen orphans.
import { ORPHANS } from '../tiles/index.ts';
import { isSuitKey, POW5 } from './suit-table.ts';

export type Shape = 'standard' | 'seven-pairs' | 'thirteen-orphans';

/** Concealed tiles a complete hand holds beside its melds: 14, less 3 per meld (a kong counts as 3). */
export const concealedSizeFor = (meldCount: number): number => 14 - 3 * meldCount;

export function suitKey(counts: ArrayLike<number>, base: number): number {
  let key = 0;
  for (let r = 0; r < 9; r++) key += counts[base + r]! * POW5[r]!;
  return key;
}

/** Sets and exactly one pair, with whatever number of sets the tiles make (3k + 2 tiles). */
export function isStandardComplete(counts: ArrayLike<number>): boolean {
  let pairs = 0;
  for (let base = 0; base < 27; base += 9) {
    const key = suitKey(counts, base);
    if (key === 0) continue;
    if (!isSuitKey(key)) return false;
    let size = 0;
    for (let r = 0; r < 9; r++) size += counts[base + r]!;
    if (size % 3 === 2) pairs++;
  }
  for (let t = 27; t < 34; t++) {
    const n = counts[t]!;
    if (n === 2) pairs++;
    else if (n === 1 || n === 4) return false;
  }
  return pairs === 1;
}

/** Seven pairs of seven different kinds (seed 003: "Must be seven unique pairs"). */
export function isSevenPairs(counts: ArrayLike<number>): boolean {
  let pairs = 0;
  for (let t = 0; t < 34; t++) {
    const n = counts[t]!;
    if (n === 2) pairs++;
    else if (n !== 0) return false;
  }
  return pairs === 7;
}

/** One of each terminal and honour kind, and a second of one of them. */
export function isThirteenOrphans(counts: ArrayLike<number>): boolean {
  let total = 0;
  let pair = false;
  for (const t of ORPHANS) {
    const n = counts[t]!;
    if (n === 0 || n > 2) return false;
    if (n === 2) {
      if (pair) return false;
      pair = true;
    }
    total += n;
  }
  return total === 14;
}

function sizeOf(counts: ArrayLike<number>): number {
  let size = 0;
  for (let t = 0; t < 34; t++) size += counts[t]!;
  return size;
}

/** The complete shapes of concealed tiles (winning tile included) beside a number of declared melds. */
export function completeShapes(counts: ArrayLike<number>, meldCount = 0): Shape[] {
  if (sizeOf(counts) !== concealedSizeFor(meldCount)) return [];
  const shapes: Shape[] = [];
  if (isStandardComplete(counts)) shapes.push('standard');
  if (meldCount === 0 && isSevenPairs(counts)) shapes.push('seven-pairs');
  if (meldCount === 0 && isThirteenOrphans(counts)) shapes.push('thirteen-orphans');
  return shapes;
}

/** The fast check: is this a complete hand of any shape? Counts hold the concealed tiles, winning tile included. */
export function isComplete(counts: ArrayLike<number>, meldCount = 0): boolean {
  if (sizeOf(counts) !== concealedSizeFor(meldCount)) return false;
  return (
    isStandardComplete(counts) || (meldCount === 0 && (isSevenPairs(counts) || isThirteenOrphans(counts)))
  );
}
