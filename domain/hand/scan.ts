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
    // would be mispredicted about half the time, and this loop runs for every hand scored. The kinds held
    // make a mask per group, whose flags one table read gives.
    const { counts, keys, sizes } = this;
    let exactPairs = 0;
    let over = 0;
    let any = 0;
    let all = -1;
    for (let group = 0; group < 4; group++) {
      const base = group * 9;
      const end = group === 3 ? TILE_KINDS : base + 9;
      let key = 0;
      let groupSize = 0;
      let held = 0;
      // From the highest rank down, so that the base-5 key builds by Horner's rule and rank r is bit r.
      for (let t = end - 1; t >= base; t--) {
        const n = concealed[t]!;
        counts[t] = n;
        key = key * 5 + n;
        groupSize += n;
        held = (held << 1) | (-n >>> 31);
        exactPairs += ((n ^ 2) - 1) >>> 31;
        over |= 4 - n;
      }
      if (group < 3) keys[group] = key;
      sizes[group] = groupSize;
      any |= GROUP_ANY[(group << 9) | held]!;
      all &= GROUP_ALL[(group << 9) | held]!;
    }
    if (extra >= 0 && extra < TILE_KINDS) {
      // The extra tile, added after the loop so the loop itself stays free of the comparison.
      const before = counts[extra]!;
      const n = before + 1;
      counts[extra] = n;
      const group = extra < 27 ? (extra / 9) | 0 : 3;
      if (group < 3) keys[group]! += POW5[extra - group * 9]!;
      sizes[group]!++;
      exactPairs += (n === 2 ? 1 : 0) - (before === 2 ? 1 : 0);
      if (n > 4) over = -1;
      any |= TILE_FLAGS[extra]!;
      if (before === 0) all &= TILE_FLAGS[extra]!;
    }
    this.size = sizes[0]! + sizes[1]! + sizes[2]! + sizes[3]!;
    this.exactPairs = exactPairs;
    this.crowded = over < 0;
    this.anyFlags = any;
    this.allFlags = all;
    return this;
  }
}

// Per group (a suit, or the honours) and mask of the ranks held (bit r: rank r): the TILE_FLAGS of those
// kinds ORed and ANDed (all bits set for none), 512 entries a group.
const GROUP_ANY = new Int32Array(4 << 9);
const GROUP_ALL = new Int32Array(4 << 9);
for (let group = 0; group < 4; group++) {
  const ranks = group === 3 ? TILE_KINDS - 27 : 9;
  for (let held = 0; held < 1 << ranks; held++) {
    let any = 0;
    let all = -1;
    for (let r = 0; r < ranks; r++) {
      if (((held >> r) & 1) === 0) continue;
      any |= TILE_FLAGS[group * 9 + r]!;
      all &= TILE_FLAGS[group * 9 + r]!;
    }
    GROUP_ANY[(group << 9) | held] = any;
    GROUP_ALL[(group << 9) | held] = all;
  }
}
