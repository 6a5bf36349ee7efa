// Every decomposition of a hand, and for each which set the winning tile completed.
import { ORPHANS, type Tile } from '../tiles/index.ts';
import { completeShapes, isSevenPairs, isThirteenOrphans, type Shape, suitKey } from './complete.ts';
import {
  codeKind,
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
import { localKind, localRank, suitTable } from './suit-table.ts';

export interface Decomposition {
  readonly shape: Shape;
  /** Declared melds first, in the order given, then the sets formed in hand. */
  readonly sets: readonly HandSet[];
  /** Index in sets of the set the winning tile completed; -1 when no winning tile was named. */
  readonly winningSet: number;
}

/**
 * The standard arrangements of concealed tiles as set codes (hand-set.ts), without the melds: the
 * Cartesian product of each suit's arrangements from the table, honours being fixed. Empty if none.
 */
export function standardArrangements(counts: ArrayLike<number>): number[][] {
  const { offsets, pool } = suitTable();
  const honors: number[] = [];
  for (let t = 27; t < 34; t++) {
    const n = counts[t]!;
    if (n === 3) honors.push(concealedCode(KIND_PUNG, t));
    else if (n === 2) honors.push(concealedCode(KIND_PAIR, t));
    else if (n !== 0) return [];
  }
  let partial: number[][] = [honors];
  for (let suit = 0; suit < 3; suit++) {
    const base = suit * 9;
    const key = suitKey(counts, base);
    if (key === 0) continue;
    let at = offsets[key]!;
    if (at === 0) return [];
    const count = pool[at++]!;
    const next: number[][] = [];
    for (let a = 0; a < count; a++) {
      const length = pool[at++]!;
      const codes: number[] = [];
      for (let i = 0; i < length; i++) {
        const local = pool[at++]!;
        codes.push(concealedCode(localKind(local), base + localRank(local)));
      }
      for (const head of partial) next.push(head.concat(codes));
    }
    partial = next;
  }
  return partial.filter((codes) => codes.filter((c) => codeKind(c) === KIND_PAIR).length === 1);
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
