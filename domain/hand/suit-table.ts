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
   * Open addressing from a suit key to where its arrangements start in pool: pairs of (key + 1, offset), 0
   * for an empty slot. 21,743 keys in 65,536 slots (512 KB, a third full, so a miss probes about twice)
   * stay in cache where a dense array over all 5^9 keys (7.8 MB) would not.
   */
  readonly slots: Int32Array;
  /** At an offset: the number of arrangements, then each as its id, its length and its local sets. */
  readonly pool: Int32Array;
  /** SUMMARY_STRIDE numbers per arrangement id: what the scorer needs of it without reading its sets. */
  readonly summaries: Int32Array;
}

// The summary of one arrangement of a suit, in ranks 0..8 of that suit.
export const Summary = {
  Chows: 0,
  Pungs: 1,
  /** Bits of the chows' lowest ranks; of the pungs' ranks. */
  ChowRanks: 2,
  PungRanks: 3,
  /** The chows' lowest ranks, four bits each, chows of them. */
  ChowList: 4,
  /** Bits of the ranks a chow or the pair holds: where a winning tile sits in something other than a pung. */
  OutsidePungs: 5,
  /** Rank of the pair, or -1. */
  PairRank: 6,
  /** 1 when every set of the arrangement holds a terminal (a 1 or a 9). */
  AllTerminal: 7,
} as const;
export const SUMMARY_STRIDE = 8;

let table: SuitTable | undefined;

export function suitTable(): SuitTable {
  table ??= buildSuitTable();
  return table;
}

const SLOT_BITS = 16;
const SLOT_MASK = (2 << SLOT_BITS) - 1; // over the pairs' array, two numbers per slot
const slotOf = (key: number): number => (Math.imul(key, 0x9e3779b1) >>> (32 - SLOT_BITS)) << 1;

/** Where a suit key's arrangements start in pool, or 0 when those counts split into no sets and pair. */
export function suitOffset(key: number): number {
  const { slots } = table ?? suitTable();
  for (let i = slotOf(key); ; i = (i + 2) & SLOT_MASK) {
    const stored = slots[i]!;
    if (stored === key + 1) return slots[i + 1]!;
    if (stored === 0) return 0;
  }
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
  const values: number[] = [0]; // offset 0 means "no arrangement"
  const summaries: number[] = [];
  let id = 0;
  for (const [key, arrangements] of byKey) {
    let slot = slotOf(key);
    while (slots[slot] !== 0) slot = (slot + 2) & SLOT_MASK;
    slots[slot] = key + 1;
    slots[slot + 1] = values.length;
    values.push(arrangements.length);
    for (const arrangement of arrangements) {
      values.push(id++, arrangement.length, ...arrangement);
      summaries.push(...summaryOf(arrangement));
    }
  }
  return { slots, pool: Int32Array.from(values), summaries: Int32Array.from(summaries) };
}

function summaryOf(arrangement: readonly number[]): number[] {
  const summary = new Array<number>(SUMMARY_STRIDE).fill(0);
  summary[Summary.PairRank] = -1;
  summary[Summary.AllTerminal] = 1;
  for (const local of arrangement) {
    const rank = localRank(local);
    switch (localKind(local)) {
      case KIND_CHOW:
        summary[Summary.ChowList]! |= rank << (4 * summary[Summary.Chows]!);
        summary[Summary.Chows]!++;
        summary[Summary.ChowRanks]! |= 1 << rank;
        summary[Summary.OutsidePungs]! |= 7 << rank;
        if (rank !== 0 && rank !== 6) summary[Summary.AllTerminal] = 0;
        break;
      case KIND_PUNG:
        summary[Summary.Pungs]!++;
        summary[Summary.PungRanks]! |= 1 << rank;
        if (rank !== 0 && rank !== 8) summary[Summary.AllTerminal] = 0;
        break;
      case KIND_PAIR:
        summary[Summary.PairRank] = rank;
        summary[Summary.OutsidePungs]! |= 1 << rank;
        if (rank !== 0 && rank !== 8) summary[Summary.AllTerminal] = 0;
        break;
    }
  }
  return summary;
}
