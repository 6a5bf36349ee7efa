// Shanten: how many tiles a hand is from ready (0) or complete (-1), for the three complete shapes of
// complete.ts (seed 003: seven pairs are seven different kinds, so a four of a kind is one pair).
import { ORPHANS } from '../tiles/index.ts';
import { POW5 } from './suit-table.ts';

// The standard shape scores a split into sets (m), partial sets (d: two tiles a third completes) and a
// pair (h): shanten = 8 - 2m - d - h, where sets and partials together count at most four. A group (a suit,
// or the honours) is summarised by a vector: for each h in 0..1 and m in 0..4, the most partials it makes
// (capped at 4 - m, since more never count), or NONE. Groups combine by adding vectors under the caps.
const NONE = -1;
const ENTRIES = 10; // index h * 5 + m
const KEYS = 5 ** 9;
/** No group holds more: a hand has at most 14 concealed tiles. */
const MAX_TILES = 14;

// A vector packs into one number: entry i, plus one, in bits 3i..3i+2 (30 bits). Densely, 7.8 MB for all
// 5^9 suit keys, against 19.5 MB as bytes; unpacking is a few shifts per group.
function pack(vector: Int8Array): number {
  let packed = 0;
  for (let i = 0; i < ENTRIES; i++) packed |= (vector[i]! + 1) << (3 * i);
  return packed;
}

function unpack(packed: number, out: Int8Array): void {
  for (let i = 0; i < ENTRIES; i++) out[i] = ((packed >>> (3 * i)) & 7) - 1;
}

/** out = the best of a and b together; out must be neither a nor b. */
function combine(a: Int8Array, b: Int8Array, out: Int8Array): void {
  out.fill(NONE);
  for (let ha = 0; ha < 2; ha++) {
    for (let ma = 0; ma < 5; ma++) {
      const da = a[ha * 5 + ma]!;
      if (da < 0) continue;
      for (let hb = 0; hb + ha < 2; hb++) {
        for (let mb = 0; mb + ma < 5; mb++) {
          const db = b[hb * 5 + mb]!;
          if (db < 0) continue;
          const m = ma + mb;
          const d = Math.min(da + db, 4 - m);
          const at = (ha + hb) * 5 + m;
          if (d > out[at]!) out[at] = d;
        }
      }
    }
  }
}

interface ShantenTables {
  /** By base-5 suit key (suit-table.ts); 0 for keys of more than 14 tiles. */
  readonly suits: Uint32Array;
  /** By n2 + 8 n3 + 64 n4: how many honour kinds the hand holds twice, three and four times. */
  readonly honors: Uint32Array;
}

let tables: ShantenTables | undefined;

/** Builds the tables on first use: about 80 ms, and 7.8 MB. */
export function shantenTables(): ShantenTables {
  tables ??= buildTables();
  return tables;
}

// Every suit key of at most 14 tiles, in increasing order: the lowest tile either stays a lone tile or
// starts a block (pung, chow, pair, two neighbours, two with a gap, or the pair of the hand), and what is
// left is a smaller key, already summarised. About 400,000 keys, each from at most seven smaller ones.
function buildTables(): ShantenTables {
  const suits = new Uint32Array(KEYS);
  const digits = new Int8Array(9);
  const vector = new Int8Array(ENTRIES);
  const rest = new Int8Array(ENTRIES);
  vector.fill(NONE);
  vector[0] = 0;
  suits[0] = pack(vector);

  const from = (key: number, sets: number, partials: number, pair: number): void => {
    unpack(suits[key]!, rest);
    for (let h = 0; h + pair < 2; h++) {
      for (let m = 0; m + sets < 5; m++) {
        const d = rest[h * 5 + m]!;
        if (d < 0) continue;
        const m2 = m + sets;
        const d2 = Math.min(d + partials, 4 - m2);
        const at = (h + pair) * 5 + m2;
        if (d2 > vector[at]!) vector[at] = d2;
      }
    }
  };

  let size = 0;
  for (let key = 1; key < KEYS; key++) {
    let r = 0;
    while (digits[r] === 4) {
      digits[r] = 0;
      size -= 4;
      r++;
    }
    digits[r]!++;
    size++;
    if (size > MAX_TILES) continue;
    let low = 0;
    while (digits[low] === 0) low++;
    const n = digits[low]!;
    const one = POW5[low]!;
    const next = low < 8 ? digits[low + 1]! : 0;
    const gap = low < 7 ? digits[low + 2]! : 0;
    vector.fill(NONE);
    from(key - one, 0, 0, 0);
    if (n >= 2) {
      from(key - 2 * one, 0, 1, 0);
      from(key - 2 * one, 0, 0, 1);
    }
    if (n >= 3) from(key - 3 * one, 1, 0, 0);
    if (next > 0) from(key - 6 * one, 0, 1, 0); // one + 5 one: this rank and the next
    if (gap > 0) from(key - 26 * one, 0, 1, 0); // one + 25 one: this rank and the one after next
    if (next > 0 && gap > 0) from(key - 31 * one, 1, 0, 0);
    suits[key] = pack(vector);
  }

  // Honour kinds make no runs: a kind held n times is summarised as a suit holding n of one rank.
  const honors = new Uint32Array(512);
  const kinds = [2, 3, 4].map((n) => {
    const v = new Int8Array(ENTRIES);
    unpack(suits[n]!, v);
    return v;
  });
  const scratch = new Int8Array(ENTRIES);
  for (let index = 0; index < 512; index++) {
    const held = [index & 7, (index >> 3) & 7, index >> 6];
    if (held[0]! + held[1]! + held[2]! > 7) continue;
    unpack(suits[0]!, vector);
    for (let k = 0; k < 3; k++) {
      for (let i = 0; i < held[k]!; i++) {
        combine(vector, kinds[k]!, scratch);
        vector.set(scratch);
      }
    }
    honors[index] = pack(vector);
  }
  return { suits, honors };
}

const acc = new Int8Array(ENTRIES);
const group = new Int8Array(ENTRIES);
const merged = new Int8Array(ENTRIES);

function addGroup(packed: number): void {
  unpack(packed, group);
  combine(acc, group, merged);
  acc.set(merged);
}

/**
 * Standard shape (four sets and a pair) shanten of concealed tiles beside meldCount declared melds, which
 * count as sets. The concealed tiles number at most 14 - 3 meldCount; -1 means complete.
 */
export function standardShanten(counts: ArrayLike<number>, meldCount = 0): number {
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4) {
    throw new RangeError(`meldCount ${meldCount}: a hand declares 0 to 4 melds`);
  }
  const { suits, honors } = shantenTables();
  acc.fill(NONE);
  acc[meldCount] = 0;
  let size = 0;
  for (let base = 0; base < 27; base += 9) {
    let key = 0;
    for (let r = 0; r < 9; r++) {
      const n = counts[base + r]!;
      if (n > 4) throw new RangeError(`${n} tiles of kind ${base + r}: there are four of each`);
      key += n * POW5[r]!;
      size += n;
    }
    if (key !== 0 && size <= MAX_TILES) addGroup(suits[key]!);
  }
  let honorIndex = 0;
  for (let t = 27; t < 34; t++) {
    const n = counts[t]!;
    if (n > 4) throw new RangeError(`${n} tiles of kind ${t}: there are four of each`);
    size += n;
    if (n >= 2) honorIndex += 1 << (3 * (n - 2));
  }
  if (size > 14 - 3 * meldCount) {
    throw new RangeError(`${size} concealed tiles beside ${meldCount} melds: at most ${14 - 3 * meldCount}`);
  }
  if (honorIndex !== 0) addGroup(honors[honorIndex]!);
  let best = 0;
  for (let h = 0; h < 2; h++) {
    for (let m = 0; m < 5; m++) {
      const d = acc[h * 5 + m]!;
      if (d >= 0 && 2 * m + d + h > best) best = 2 * m + d + h;
    }
  }
  return 8 - best;
}

/** Seven pairs of seven different kinds: each pair missing is a tile, and so is each kind short of seven. */
export function sevenPairsShanten(counts: ArrayLike<number>): number {
  let pairs = 0;
  let kinds = 0;
  for (let t = 0; t < 34; t++) {
    const n = counts[t]!;
    if (n >= 1) kinds++;
    if (n >= 2) pairs++;
  }
  return 6 - Math.min(pairs, 7) + Math.max(0, 7 - kinds);
}

/** One of each of the thirteen terminal and honour kinds and a second of one of them. */
export function thirteenOrphansShanten(counts: ArrayLike<number>): number {
  let kinds = 0;
  let pair = 0;
  for (const t of ORPHANS) {
    const n = counts[t]!;
    if (n >= 1) kinds++;
    if (n >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

/** The least shanten over the shapes the hand can still make: with melds declared, only the standard one. */
export function shanten(counts: ArrayLike<number>, meldCount = 0): number {
  const standard = standardShanten(counts, meldCount);
  if (meldCount > 0) return standard;
  return Math.min(standard, sevenPairsShanten(counts), thirteenOrphansShanten(counts));
}

// The four groups standardShanten reads: the three suits (each by its base-5 key) and the honours (by the
// index of the honours table).
const HONORS = 3;
const groupOf = (t: number): number => (t < 27 ? Math.floor(t / 9) : HONORS);
const honorStep = (n: number): number => (n >= 2 ? 1 << (3 * (n - 2)) : 0);

// Scratch for shantenAfterEachDiscard, like acc above: bots call it on every turn, and typed arrays
// allocated per call cost more than the combining they serve.
const groupVectors = [0, 1, 2, 3].map(() => new Int8Array(ENTRIES));
const groupKeys = new Int32Array(4);
const others = new Int8Array(ENTRIES);
const changed = new Int8Array(ENTRIES);
const combined = new Int8Array(ENTRIES);
const rest = new Uint8Array(34);

/**
 * shanten(the counts less one tile of t, meldCount) for each kind t held, in tile order: what a turn's hand
 * (14 less 3 per meld) reaches by each discard. A discard changes one group only, so the melds and the other
 * groups are combined once per group rather than once per discard.
 */
export function shantenAfterEachDiscard(counts: ArrayLike<number>, meldCount = 0): Map<number, number> {
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4) {
    throw new RangeError(`meldCount ${meldCount}: a hand declares 0 to 4 melds`);
  }
  const { suits, honors } = shantenTables();
  groupKeys.fill(0);
  let size = 0;
  for (let t = 0; t < 34; t++) {
    const n = counts[t]!;
    if (n > 4) throw new RangeError(`${n} tiles of kind ${t}: there are four of each`);
    rest[t] = n;
    size += n;
    groupKeys[groupOf(t)]! += t < 27 ? n * POW5[t % 9]! : honorStep(n);
  }
  if (size > 14 - 3 * meldCount) {
    throw new RangeError(`${size} concealed tiles beside ${meldCount} melds: at most ${14 - 3 * meldCount}`);
  }
  // Key 0 of either table is the vector of no tiles, which combines with anything as no change.
  for (let g = 0; g < 4; g++) {
    const key = groupKeys[g]!;
    unpack(g === HONORS ? honors[key]! : suits[key]!, groupVectors[g]!);
  }
  const after = new Map<number, number>();
  let group = -1;
  for (let t = 0; t < 34; t++) {
    const n = rest[t]!;
    if (n === 0) continue;
    const g = groupOf(t);
    if (g !== group) {
      // The melds and every group but this one, as standardShanten's accumulator would hold them.
      others.fill(NONE);
      others[meldCount] = 0;
      for (let o = 0; o < 4; o++) {
        if (o === g) continue;
        combine(others, groupVectors[o]!, combined);
        others.set(combined);
      }
      group = g;
    }
    const key = groupKeys[g]! - (g === HONORS ? honorStep(n) - honorStep(n - 1) : POW5[t % 9]!);
    unpack(g === HONORS ? honors[key]! : suits[key]!, changed);
    combine(others, changed, combined);
    let best = 0;
    for (let h = 0; h < 2; h++) {
      for (let m = 0; m < 5; m++) {
        const d = combined[h * 5 + m]!;
        if (d >= 0 && 2 * m + d + h > best) best = 2 * m + d + h;
      }
    }
    let least = 8 - best;
    if (meldCount === 0) {
      rest[t]!--;
      least = Math.min(least, sevenPairsShanten(rest), thirteenOrphansShanten(rest));
      rest[t]!++;
    }
    after.set(t, least);
  }
  return after;
}
