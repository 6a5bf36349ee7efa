// How far a hand is from complete, before and after the moves a bot weighs. All of it is shanten
// (domain/hand/shanten.ts): -1 complete, 0 ready, n tiles short of ready.
import { concealedSizeFor, shantenAfterEachDiscard } from '../../domain/hand/index.ts';
import { TILE_KINDS, type Tile } from '../../domain/tiles/index.ts';

/** A private copy of the 34 counts, checked: bots read views they did not build. */
export function checkedCounts(concealed: ArrayLike<number>): Uint8Array {
  const counts = new Uint8Array(TILE_KINDS);
  for (let t = 0; t < TILE_KINDS; t++) {
    const n = concealed[t] ?? 0;
    if (!Number.isInteger(n) || n < 0 || n > 4)
      throw new RangeError(`concealed[${t}] is ${String(n)}: a count of a tile kind is 0 to 4`);
    counts[t] = n;
  }
  return counts;
}

export function sizeOf(counts: ArrayLike<number>): number {
  let size = 0;
  for (let t = 0; t < TILE_KINDS; t++) size += counts[t]!;
  return size;
}

/** Throws unless the hand holds what a turn (14 less 3 per meld) or a claim window (one fewer) holds. */
export function expectSize(counts: Uint8Array, meldCount: number, at: 'turn' | 'offer'): void {
  const expected = concealedSizeFor(meldCount) - (at === 'turn' ? 0 : 1);
  const size = sizeOf(counts);
  if (size !== expected)
    throw new RangeError(
      `${size} concealed tiles beside ${meldCount} melds: ${at === 'turn' ? 'on its turn a seat holds' : 'offered a tile a seat holds'} ${expected}`,
    );
}

/** The kinds held, in tile order. */
export function heldKinds(counts: ArrayLike<number>): Tile[] {
  const held: Tile[] = [];
  for (let t = 0; t < TILE_KINDS; t++) if (counts[t]! > 0) held.push(t);
  return held;
}

/** Shanten after discarding each held kind (a turn's hand: 14 less 3 per meld), by kind; -1 never occurs. */
export function shantenByDiscard(counts: Uint8Array, meldCount: number): Map<Tile, number> {
  return shantenAfterEachDiscard(counts, meldCount);
}

/** The least shanten a turn's hand reaches by one discard. */
export function bestAfterDiscard(counts: Uint8Array, meldCount: number): number {
  return Math.min(...shantenByDiscard(counts, meldCount).values());
}

/** The counts less the given tiles; the caller knows they are held. */
export function without(counts: Uint8Array, tiles: readonly Tile[]): Uint8Array {
  const rest = Uint8Array.from(counts);
  for (const t of tiles) {
    if (rest[t] === 0) throw new RangeError(`tile ${t} is not held`);
    rest[t]!--;
  }
  return rest;
}
