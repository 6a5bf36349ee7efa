// Every decomposition of a hand, and for each which set the winning tile completed.
import { ORPHANS, type Tile } from '../tiles/index.ts';
import { standardArrangements } from './arrangements.ts';
import { completeShapes, isSevenPairs, isThirteenOrphans, type Shape } from './complete.ts';
import {
  concealedCode,
  type HandSet,
  KIND_PAIR,
  KIND_SINGLE,
  meldCode,
  setContains,
  setOfCode,
} from './hand-set.ts';
import type { Meld } from './meld.ts';

export interface Decomposition {
  readonly shape: Shape;
  /** Declared melds first, in the order given, then the sets formed in hand. */
  readonly sets: readonly HandSet[];
  /** Index in sets of the set the winning tile completed; -1 when no winning tile was named. */
  readonly winningSet: number;
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
