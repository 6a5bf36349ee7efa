// The standard arrangements of a hand's concealed tiles (sets and one pair, melds aside), read from the
// per-suit table: honours are fixed, and the suits' own arrangements combine like the wheels of an odometer.
// A cursor rather than a callback, so that the scorer's loop calls nothing it cannot inline.
import { concealedCode, KIND_PAIR, KIND_PUNG } from './hand-set.ts';
import { HandScan } from './scan.ts';
import { ARRANGEMENT_HEADER, localKind, localRank, Slot, suitSlot, suitTable } from './suit-table.ts';

export class ArrangementCursor {
  /** The current arrangement's set codes, `length` of them (the value next() returned). */
  readonly codes = new Int32Array(14);
  private fixed = 0;
  private readonly suits = new Int32Array(3);
  private suitCount = 0;
  /**
   * Per wheel: pool offset of its first arrangement, of its current one, its index and its count, and the
   * current one's summary words (the first one's read from its slot, so that a suit of one arrangement
   * never reads the pool).
   */
  private readonly first = new Int32Array(3);
  private readonly at = new Int32Array(3);
  private readonly index = new Int32Array(3);
  private readonly count = new Int32Array(3);
  private readonly word0 = new Int32Array(3);
  private readonly word1 = new Int32Array(3);
  private readonly firstWord0 = new Int32Array(3);
  private readonly firstWord1 = new Int32Array(3);
  private started = false;
  private done = true;

  /** Starts on a scanned hand; false when it has no standard arrangement at all. */
  start(scan: HandScan): boolean {
    const { counts, keys, sizes } = scan;
    const { slots } = suitTable();
    this.started = false;
    this.done = true;
    let fixed = 0;
    let pairs = 0;
    for (let t = 27; t < 34; t++) {
      const n = counts[t]!;
      if (n === 3) this.codes[fixed++] = concealedCode(KIND_PUNG, t);
      else if (n === 2) {
        this.codes[fixed++] = concealedCode(KIND_PAIR, t);
        pairs++;
      } else if (n !== 0) return false;
    }
    let wheels = 0;
    for (let suit = 0; suit < 3; suit++) {
      const key = keys[suit]!;
      if (key === 0) continue;
      const slot = suitSlot(key);
      if (slot < 0) return false;
      // Every arrangement of a suit has a pair exactly when its size is 2 more than a multiple of 3.
      if (sizes[suit]! % 3 === 2) pairs++;
      const arrangements = slots[slot + Slot.Arrangements]!;
      this.suits[wheels] = suit;
      this.first[wheels] = arrangements >> 3;
      this.at[wheels] = arrangements >> 3;
      this.index[wheels] = 0;
      this.count[wheels] = arrangements & 7;
      const word0 = slots[slot + Slot.Word0]!;
      const word1 = slots[slot + Slot.Word1]!;
      this.word0[wheels] = word0;
      this.word1[wheels] = word1;
      this.firstWord0[wheels] = word0;
      this.firstWord1[wheels] = word1;
      wheels++;
    }
    if (pairs !== 1) return false;
    this.fixed = fixed;
    this.suitCount = wheels;
    this.done = false;
    return true;
  }

  /** Moves to the next arrangement and returns its number of sets, or -1 when there is none left. */
  next(): number {
    return this.advance() ? this.writeCodes() : -1;
  }

  /** Moves to the next arrangement, its sets not yet written; false when there is none left. */
  advance(): boolean {
    if (this.done) return false;
    if (this.started && !this.turn()) {
      this.done = true;
      return false;
    }
    this.started = true;
    return true;
  }

  /** The honour sets, which every arrangement shares: codes[0..fixedCount). */
  get fixedCount(): number {
    return this.fixed;
  }

  /** How many suits the arrangement spans. */
  get wheels(): number {
    return this.suitCount;
  }

  /** The suit of a wheel (0..2). */
  suitOf(wheel: number): number {
    return this.suits[wheel]!;
  }

  /** The summary words (suit-table.ts: Word0, Word1) of a wheel's current arrangement. */
  word0Of(wheel: number): number {
    return this.word0[wheel]!;
  }

  word1Of(wheel: number): number {
    return this.word1[wheel]!;
  }

  /**
   * Where a wheel's current arrangement sits in the suit table's pool: with its suit, all it takes to write
   * its sets again later (writeSuitArrangement).
   */
  offsetOf(wheel: number): number {
    return this.at[wheel]!;
  }

  /** Writes the current arrangement's set codes into codes and returns how many. */
  writeCodes(): number {
    let length = this.fixed;
    for (let w = 0; w < this.suitCount; w++) {
      length = writeSuitArrangement(this.codes, length, this.suits[w]!, this.at[w]!);
    }
    return length;
  }

  /** Advances the last wheel, carrying into the ones before; false once every combination was given. */
  private turn(): boolean {
    const { pool } = suitTable();
    for (let w = this.suitCount - 1; w >= 0; w--) {
      if (this.index[w]! + 1 < this.count[w]!) {
        this.index[w]!++;
        const at = this.at[w]! + ARRANGEMENT_HEADER + pool[this.at[w]! + 2]!;
        this.at[w] = at;
        this.word0[w] = pool[at]!;
        this.word1[w] = pool[at + 1]!;
        return true;
      }
      // Back to the first arrangement, whose words the slot gave (a wheel of one never moved).
      if (this.index[w] === 0) continue;
      this.index[w] = 0;
      this.at[w] = this.first[w]!;
      this.word0[w] = this.firstWord0[w]!;
      this.word1[w] = this.firstWord1[w]!;
    }
    return false;
  }
}

/**
 * Writes the set codes of one suit's arrangement (at: its offset in the pool, as offsetOf gives it) into
 * codes from index length on, and returns the new length.
 */
export function writeSuitArrangement(
  codes: { [index: number]: number },
  length: number,
  suit: number,
  at: number,
): number {
  const { pool } = suitTable();
  const base = suit * 9;
  const sets = pool[at + 2]!;
  for (let i = 0; i < sets; i++) {
    const local = pool[at + ARRANGEMENT_HEADER + i]!;
    codes[length++] = concealedCode(localKind(local), base + localRank(local));
  }
  return length;
}

const cursor = new ArrangementCursor();
const scan = new HandScan();

/** The standard arrangements of concealed tiles as arrays of set codes, without the melds. */
export function standardArrangements(counts: ArrayLike<number>): number[][] {
  const found: number[][] = [];
  if (!cursor.start(scan.read(counts))) return found;
  for (let length = cursor.next(); length >= 0; length = cursor.next()) {
    found.push(Array.from(cursor.codes.subarray(0, length)));
  }
  return found;
}
