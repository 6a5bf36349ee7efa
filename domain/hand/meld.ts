// Declared melds: chow, pung, and exposed or concealed kong. A meld is fixed: decomposition never splits it.
import { formatTiles, isSuited, rankOf, suitOf, type Tile } from '../tiles/index.ts';
import { setTiles } from './hand-set.ts';

export type MeldKind = 'chow' | 'pung' | 'kong';

export interface Meld {
  readonly kind: MeldKind;
  /** The lowest tile of the meld. */
  readonly tile: Tile;
  /** Only a kong can be concealed (declared from four tiles in hand). */
  readonly concealed: boolean;
}

export class MeldError extends Error {
  override readonly name = 'MeldError';
}

/** Reads a meld from its tiles; the error says why the tiles are no chow, pung or kong. */
export function meldFromTiles(tiles: readonly Tile[], concealed = false): Meld {
  const sorted = [...tiles].sort((a, b) => a - b);
  const first = sorted[0];
  const shown = formatTiles(sorted);
  if (first === undefined) throw new MeldError('a meld needs tiles');
  if (first >= 34) throw new MeldError(`"${shown}" is no meld: flowers are never melded`);
  const allSame = sorted.every((t) => t === first);
  if (sorted.length === 4) {
    if (!allSame) throw new MeldError(`"${shown}" is no kong: a kong is four identical tiles`);
    return { kind: 'kong', tile: first, concealed };
  }
  if (concealed) throw new MeldError(`"${shown}" cannot be concealed: only a kong is declared concealed`);
  if (sorted.length !== 3) {
    throw new MeldError(
      `"${shown}" is no meld: a chow or pung has 3 tiles and a kong 4, not ${sorted.length}`,
    );
  }
  if (allSame) return { kind: 'pung', tile: first, concealed: false };
  const isRun =
    isSuited(first) &&
    rankOf(first) <= 6 &&
    sorted[1] === first + 1 &&
    sorted[2] === first + 2 &&
    suitOf(first) === suitOf(first + 2);
  if (!isRun)
    throw new MeldError(`"${shown}" is no meld: neither three identical tiles nor a run in one suit`);
  return { kind: 'chow', tile: first, concealed: false };
}

export function meldTiles(meld: Meld): Tile[] {
  return setTiles(meld);
}

/** Adds each meld's tiles to a count array (for "no more than four of a tile" and wait checks). */
export function addMeldTiles(counts: Uint8Array, melds: readonly Meld[]): void {
  for (const meld of melds) for (const t of meldTiles(meld)) counts[t]!++;
}
