// One pass over a hand's counts, gathering what the complete check, the arrangement walk and the scorer each
// need, so that the hot path reads the 34 counts once.
import { TILE_FLAGS, TILE_KINDS, type Tile } from '../tiles/index.ts';
import { POW5 } from './suit-table.ts';

export class HandScan {
  /** Counts of the 34 kinds, the extra tile included. */
  readonly counts = new Uint8Array(TILE_KINDS);
  size = 0;
  /** Base-5 key of each suit's counts (suit-table.ts). */
  readonly keys = new Int32Array(3);
  /** Tiles of each suit, and of the honours at index 3. */
  readonly sizes = new Int32Array(4);
  /** Kinds held exactly twice (seven pairs needs seven). */
  exactPairs = 0;
  /** Some kind is held more than four times. */
  crowded = false;
  /** TILE_FLAGS of the kinds held, ORed and ANDed (all bits set for no tile). */
  anyFlags = 0;
  allFlags = -1;

  /** Reads counts, adding one extra tile (the winning tile) when extra is a kind 0..33. */
  read(concealed: ArrayLike<number>, extra: Tile = -1): this {
    // Branch-free on the counts: which kinds a hand holds is different every time, so a branch per kind
    // would be mispredicted about half the time, and this loop runs for every hand scored.
    const { counts, keys, sizes } = this;
    let exactPairs = 0;
    let crowded = 0;
    let any = 0;
    let all = -1;
    for (let suit = 0; suit < 4; suit++) {
      const base = suit * 9;
      const end = suit === 3 ? TILE_KINDS : base + 9;
      let key = 0;
      let groupSize = 0;
      // From the highest rank down, so that the base-5 key builds by Horner's rule.
      for (let t = end - 1; t >= base; t--) {
        const n = concealed[t]!;
        counts[t] = n;
        key = key * 5 + n;
        groupSize += n;
        const traits = COUNT_TRAITS[n & 511]! | (n >> 9 === 0 ? 0 : CROWDED);
        exactPairs += traits & PAIR;
        crowded |= traits;
        const held = -(traits >> HELD_SHIFT);
        const flags = TILE_FLAGS[t]!;
        any |= flags & held;
        all &= flags | ~held;
      }
      if (suit < 3) keys[suit] = key;
      sizes[suit] = groupSize;
    }
    if (extra >= 0 && extra < TILE_KINDS) {
      // The extra tile, added after the loop so the loop itself stays free of the comparison.
      const before = counts[extra]!;
      const n = before + 1;
      counts[extra] = n;
      const suit = extra < 27 ? (extra / 9) | 0 : 3;
      if (suit < 3) keys[suit]! += POW5[extra - suit * 9]!;
      sizes[suit]!++;
      exactPairs += (n === 2 ? 1 : 0) - (before === 2 ? 1 : 0);
      if (n > 4) crowded |= CROWDED;
      any |= TILE_FLAGS[extra]!;
      if (before === 0) all &= TILE_FLAGS[extra]!;
    }
    this.size = sizes[0]! + sizes[1]! + sizes[2]! + sizes[3]!;
    this.exactPairs = exactPairs;
    this.crowded = (crowded & CROWDED) !== 0;
    this.anyFlags = any;
    this.allFlags = all;
    return this;
  }
}

// What a count says, in one lookup: a pair (bit 0), more than four (bit 1), held at all (bit 2).
const PAIR = 1;
const CROWDED = 2;
const HELD_SHIFT = 2;
const COUNT_TRAITS = Int32Array.from(
  { length: 512 },
  (_, n) => (n === 2 ? PAIR : 0) | (n > 4 ? CROWDED : 0) | (n > 0 ? 1 << HELD_SHIFT : 0),
);
