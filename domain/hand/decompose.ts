// Every decomposition of a hand, and for each which set the winning tile completed.
import { ORPHANS, type Tile } from '../tiles/index.ts';
import { completeShapes, isSevenPairs, isThirteenOrphans, type Shape } from './complete.ts';
import {
  concealedCode,
  type HandSet,
  KIND_PAIR,
  KIND_PUNG,
  KIND_SINGLE,
  meldCode,
  setContains,
  setOfCode,
} from './hand-set.ts';
import type { Meld } from './meld.ts';
import { localKind, localRank, POW5, suitTable } from './suit-table.ts';

export interface Decomposition {
  readonly shape: Shape;
  /** Declared melds first, in the order given, then the sets formed in hand. */
  readonly sets: readonly HandSet[];
  /** Index in sets of the set the winning tile completed; -1 when no winning tile was named. */
  readonly winningSet: number;
}

// The arrangement being built, and the suit keys of the hand: module scratch keeps the walk allocation-free.
const arrangement = new Int32Array(14);
const keys = new Int32Array(3);

/**
 * Visits every standard arrangement of concealed tiles (sets and one pair, without the melds) as set codes
 * (hand-set.ts) in a shared buffer: honours first (they are fixed), then the Cartesian product of each suit's
 * arrangements from the table. The buffer is only valid during the call.
 */
export function forEachStandardArrangement(
  counts: ArrayLike<number>,
  visit: (codes: Int32Array, length: number) => void,
): void {
  let length = 0;
  let pairs = 0;
  for (let t = 27; t < 34; t++) {
    const n = counts[t]!;
    if (n === 3) arrangement[length++] = concealedCode(KIND_PUNG, t);
    else if (n === 2) {
      arrangement[length++] = concealedCode(KIND_PAIR, t);
      pairs++;
    } else if (n !== 0) return;
  }
  const { offsets } = suitTable();
  for (let suit = 0; suit < 3; suit++) {
    let key = 0;
    let size = 0;
    for (let r = 0; r < 9; r++) {
      const n = counts[suit * 9 + r]!;
      key += n * POW5[r]!;
      size += n;
    }
    if (key !== 0 && offsets[key] === 0) return;
    // Every arrangement of a suit has a pair exactly when its size is 2 more than a multiple of 3.
    if (size % 3 === 2) pairs++;
    keys[suit] = key;
  }
  if (pairs === 1) walkSuits(0, length, visit);
}

function walkSuits(suit: number, length: number, visit: (codes: Int32Array, length: number) => void): void {
  if (suit === 3) {
    visit(arrangement, length);
    return;
  }
  const key = keys[suit]!;
  if (key === 0) {
    walkSuits(suit + 1, length, visit);
    return;
  }
  const { offsets, pool } = suitTable();
  let at = offsets[key]!;
  const count = pool[at++]!;
  const base = suit * 9;
  for (let a = 0; a < count; a++) {
    const sets = pool[at++]!;
    for (let i = 0; i < sets; i++) {
      const local = pool[at++]!;
      arrangement[length + i] = concealedCode(localKind(local), base + localRank(local));
    }
    // The deeper suits overwrite only the slots after this suit's sets, so this suit's stay intact.
    walkSuits(suit + 1, length + sets, visit);
  }
}

/** The standard arrangements of concealed tiles as arrays of set codes, without the melds. */
export function standardArrangements(counts: ArrayLike<number>): number[][] {
  const found: number[][] = [];
  forEachStandardArrangement(counts, (codes, length) => found.push(Array.from(codes.subarray(0, length))));
  return found;
}

/**
 * Every decomposition of a hand: concealed holds the concealed tiles with the winning tile among them.
 * A decomposition is listed once per distinct set the winning tile could have completed (a 3m that
 * completes either 123m or 33m gives two), since that choice decides whether a triplet counts as concealed.
 */
export function decompose(
  concealed: ArrayLike<number>,
  melds: readonly Meld[],
  winningTile: Tile = -1,
): Decomposition[] {
  const shapes = completeShapes(concealed, melds.length);
  const declared = melds.map(meldCode);
  const result: Decomposition[] = [];
  for (const shape of shapes) {
    for (const inHand of arrangementsOf(shape, concealed)) {
      const codes = [...declared, ...inHand];
      const seen = new Set<number>();
      for (let i = declared.length; i < codes.length; i++) {
        const code = codes[i]!;
        if (winningTile >= 0 && (!setContains(code, winningTile) || seen.has(code))) continue;
        seen.add(code);
        result.push({ shape, sets: codes.map(setOfCode), winningSet: winningTile >= 0 ? i : -1 });
        if (winningTile < 0) break;
      }
    }
  }
  return result;
}

function arrangementsOf(shape: Shape, counts: ArrayLike<number>): number[][] {
  switch (shape) {
    case 'standard':
      return standardArrangements(counts);
    case 'seven-pairs': {
      if (!isSevenPairs(counts)) return [];
      const pairs: number[] = [];
      for (let t = 0; t < 34; t++) if (counts[t] === 2) pairs.push(concealedCode(KIND_PAIR, t));
      return [pairs];
    }
    case 'thirteen-orphans': {
      if (!isThirteenOrphans(counts)) return [];
      return [ORPHANS.map((t) => concealedCode(counts[t] === 2 ? KIND_PAIR : KIND_SINGLE, t))];
    }
  }
}
