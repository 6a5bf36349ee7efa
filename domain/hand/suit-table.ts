// Per-suit lookup table: every way nine counts of one suit split into chows, pungs and at most one pair.
// Built once, on first use, by enumerating set combinations (about 48,000) rather than searching hands.
import { KIND_CHOW, KIND_PAIR, KIND_PUNG } from './hand-set.ts';

/** 5^r: a suit's counts (each 0..4) read as a base-5 number index the table. */
export const POW5: readonly number[] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

// A local set is kind << 4 | rank (rank 0..8 within the suit).
export const localKind = (local: number): number => local >> 4;
export const localRank = (local: number): number => local & 15;

interface SuitTable {
  /**
   * Open addressing from a suit key to its arrangements, SLOT_INTS numbers a slot: the key + 1 (0 for an
   * empty slot), the summary of its first arrangement, and where its arrangements start in pool with how
   * many there are. 21,743 keys in 65,536 slots of 16 bytes (1 MB, a third full, so a miss probes about
   * twice, within one cache line): a hand's suit is one slot read for the 93% of keys with one arrangement.
   */
  readonly slots: Int32Array;
  /** Each arrangement in turn, those of one key together: its two summary words, its number of sets, its sets. */
  readonly pool: Int32Array;
  /**
   * One bit per key of 0..5^9 - 1, set for the keys slots holds (244 KB): the complete check and the waits
   * ask only whether counts split, and a bit read is quicker than a probe of the larger slots.
   */
  readonly valid: Int32Array;
}

/**
 * The summary of one arrangement, in ranks 0..8 of its suit, in two words: what the scorer needs of it
 * without reading its sets. Word 0: the chows' lowest ranks, four bits each (in the arrangement's order),
 * how many chows, bits of the chows' ranks, the pair's rank + 1 (0 for none), and whether every set holds
 * a terminal (a 1 or a 9). Word 1: bits of the pungs' ranks, bits of the ranks a chow or the pair holds
 * (where a winning tile sits in something other than a pung), and how many pungs.
 */
export const Word0 = {
  ChowListMask: 0xffff,
  ChowsShift: 16,
  ChowRanksShift: 19,
  PairShift: 26,
  AllTerminal: 1 << 30,
} as const;
export const Word1 = {
  PungRanksMask: 511,
  OutsidePungsShift: 9,
  PungsShift: 18,
} as const;

/** Numbers per slot, and where each field of a slot sits. */
export const SLOT_INTS = 4;
export const Slot = {
  KeyPlusOne: 0,
  Word0: 1,
  Word1: 2,
  /** offset in pool << 3 | number of arrangements (1..4). */
  Arrangements: 3,
} as const;
/** Numbers an arrangement takes in pool before its sets: its two words and its number of sets. */
export const ARRANGEMENT_HEADER = 3;

let table: SuitTable | undefined;

export function suitTable(): SuitTable {
  table ??= buildSuitTable();
  return table;
}

const SLOT_BITS = 16;
const SLOT_MASK = (SLOT_INTS << SLOT_BITS) - 1;
const slotOf = (key: number): number => (Math.imul(key, 0x9e3779b1) >>> (32 - SLOT_BITS)) * SLOT_INTS;

/** Where a suit key's slot starts in slots, or -1 when those counts split into no sets and pair. */
export function suitSlot(key: number): number {
  const { slots } = table ?? suitTable();
  for (let i = slotOf(key); ; i = (i + SLOT_INTS) & SLOT_MASK) {
    const stored = slots[i]!;
    if (stored === key + 1) return i;
    if (stored === 0) return -1;
  }
}

/** Whether a suit's counts (as a key) split into sets and at most one pair. */
export function isSuitKey(key: number): boolean {
  const { valid } = table ?? suitTable();
  // A key past 5^9 - 1 (a count above 4 on the ninth rank) reads undefined, which is no bit.
  return ((valid[key >>> 5]! >>> (key & 31)) & 1) !== 0;
}

function buildSuitTable(): SuitTable {
  // Set kinds within one suit: 7 chows and 9 pungs; enumerated as non-decreasing multisets.
  const kinds: number[] = [];
  for (let r = 0; r < 7; r++) kinds.push((KIND_CHOW << 4) | r);
  for (let r = 0; r < 9; r++) kinds.push((KIND_PUNG << 4) | r);
  const byKey = new Map<number, number[][]>();
  const counts = new Int8Array(9);
  const chosen: number[] = [];

  const record = (): void => {
    let key = 0;
    for (let r = 0; r < 9; r++) key += counts[r]! * POW5[r]!;
    const list = byKey.get(key);
    if (list) list.push([...chosen]);
    else byKey.set(key, [[...chosen]]);
  };
  const add = (local: number, sign: 1 | -1): boolean => {
    const kind = localKind(local);
    const rank = localRank(local);
    if (kind === KIND_CHOW) {
      for (let i = 0; i < 3; i++) counts[rank + i]! += sign;
      return sign < 0 || (counts[rank]! <= 4 && counts[rank + 1]! <= 4 && counts[rank + 2]! <= 4);
    }
    counts[rank]! += sign * (kind === KIND_PAIR ? 2 : 3);
    return sign < 0 || counts[rank]! <= 4;
  };
  const walk = (from: number, depth: number): void => {
    for (let pair = -1; pair < 9; pair++) {
      const local = (KIND_PAIR << 4) | pair;
      if (pair >= 0) {
        if (add(local, 1)) {
          chosen.push(local);
          record();
          chosen.pop();
        }
        add(local, -1);
      } else record();
    }
    if (depth === 4) return;
    for (let i = from; i < kinds.length; i++) {
      const local = kinds[i]!;
      if (add(local, 1)) {
        chosen.push(local);
        walk(i, depth + 1);
        chosen.pop();
      }
      add(local, -1);
    }
  };
  walk(0, 0);

  const slots = new Int32Array(SLOT_MASK + 1);
  // Offset 0 holds no arrangement: a caller may keep 0 for "no arrangement" (no tiles of the suit).
  const pool: number[] = [0];
  for (const [key, arrangements] of byKey) {
    let slot = slotOf(key);
    while (slots[slot] !== 0) slot = (slot + SLOT_INTS) & SLOT_MASK;
    const [word0, word1] = summaryOf(arrangements[0]!);
    slots[slot + Slot.KeyPlusOne] = key + 1;
    slots[slot + Slot.Word0] = word0;
    slots[slot + Slot.Word1] = word1;
    slots[slot + Slot.Arrangements] = (pool.length << 3) | arrangements.length;
    for (const arrangement of arrangements)
      pool.push(...summaryOf(arrangement), arrangement.length, ...arrangement);
  }
  const valid = new Int32Array((POW5[8]! * 5 + 31) >>> 5);
  for (const key of byKey.keys()) valid[key >>> 5]! |= 1 << (key & 31);
  return { slots, pool: Int32Array.from(pool), valid };
}

/** The two summary words of an arrangement's local sets (Word0, Word1). */
export function summaryOf(arrangement: readonly number[]): [number, number] {
  let chowList = 0;
  let chows = 0;
  let chowRanks = 0;
  let pair = 0;
  let allTerminal = true;
  let pungRanks = 0;
  let outsidePungs = 0;
  let pungs = 0;
  for (const local of arrangement) {
    const rank = localRank(local);
    switch (localKind(local)) {
      case KIND_CHOW:
        chowList |= rank << (4 * chows);
        chows++;
        chowRanks |= 1 << rank;
        outsidePungs |= 7 << rank;
        if (rank !== 0 && rank !== 6) allTerminal = false;
        break;
      case KIND_PUNG:
        pungs++;
        pungRanks |= 1 << rank;
        if (rank !== 0 && rank !== 8) allTerminal = false;
        break;
      case KIND_PAIR:
        pair = rank + 1;
        outsidePungs |= 1 << rank;
        if (rank !== 0 && rank !== 8) allTerminal = false;
        break;
    }
  }
  return [
    chowList |
      (chows << Word0.ChowsShift) |
      (chowRanks << Word0.ChowRanksShift) |
      (pair << Word0.PairShift) |
      (allTerminal ? Word0.AllTerminal : 0),
    pungRanks | (outsidePungs << Word1.OutsidePungsShift) | (pungs << Word1.PungsShift),
  ];
}
