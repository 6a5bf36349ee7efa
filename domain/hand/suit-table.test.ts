// The per-suit table against the plain recursive oracle (test/oracles), exhaustively: every one of the
// 405,350 ways nine ranks hold 0..4 tiles each, 14 tiles at most. For each, the table holds the key
// exactly when the oracle splits the tiles into sets and at most one pair, its arrangements are the
// oracle's, each once, and each arrangement's summary words say what its sets say, worked out here again.
import { describe, expect, it } from 'vitest';
import { canonical, type OracleSet, oracleStandardArrangements } from '../../test/oracles/recursive-hand.ts';
import { EAST } from '../tiles/index.ts';
import { writeSuitArrangement } from './arrangements.ts';
import { codeKind, codeTile, KIND_CHOW, KIND_PAIR, KIND_PUNG, setOfCode } from './hand-set.ts';
import {
  ARRANGEMENT_HEADER,
  isSuitKey,
  POW5,
  Slot,
  suitSlot,
  suitTable,
  Word0,
  Word1,
} from './suit-table.ts';

/** What a summary says, in plain fields. */
interface Said {
  readonly chowList: readonly number[];
  readonly chowRanks: number;
  readonly pungRanks: number;
  readonly pungs: number;
  readonly pair: number;
  readonly outsidePungs: number;
  readonly allTerminal: boolean;
}

/** The fields of two summary words. */
function decoded(word0: number, word1: number): Said {
  const chows = (word0 >> Word0.ChowsShift) & 7;
  const chowList: number[] = [];
  for (let i = 0; i < chows; i++) chowList.push((word0 >> (4 * i)) & 15);
  return {
    chowList,
    chowRanks: (word0 >> Word0.ChowRanksShift) & 127,
    pungRanks: word1 & Word1.PungRanksMask,
    pungs: (word1 >> Word1.PungsShift) & 7,
    pair: ((word0 >> Word0.PairShift) & 15) - 1,
    outsidePungs: (word1 >> Word1.OutsidePungsShift) & 511,
    allTerminal: (word0 & Word0.AllTerminal) !== 0,
  };
}

/** The same fields from the sets themselves (ranks within the suit), the chows in the sets' order. */
function saidBySets(sets: readonly OracleSet[]): Said {
  const chowList = sets.filter((s) => s.kind === 'chow').map((s) => s.tile % 9);
  const pungs = sets.filter((s) => s.kind === 'pung').map((s) => s.tile % 9);
  const pair = sets.find((s) => s.kind === 'pair');
  const pairRank = pair === undefined ? -1 : pair.tile % 9;
  let outsidePungs = pairRank >= 0 ? 1 << pairRank : 0;
  for (const r of chowList) outsidePungs |= 0b111 << r;
  const holdsTerminal = (s: OracleSet): boolean =>
    s.kind === 'chow' ? s.tile % 9 === 0 || s.tile % 9 === 6 : s.tile % 9 === 0 || s.tile % 9 === 8;
  return {
    chowList,
    chowRanks: chowList.reduce((bits, r) => bits | (1 << r), 0),
    pungRanks: pungs.reduce((bits, r) => bits | (1 << r), 0),
    pungs: pungs.length,
    pair: pairRank,
    outsidePungs,
    allTerminal: sets.every(holdsTerminal),
  };
}

const KIND_NAMES: Record<number, OracleSet['kind']> = {
  [KIND_CHOW]: 'chow',
  [KIND_PUNG]: 'pung',
  [KIND_PAIR]: 'pair',
};

/** Every arrangement the table holds for a slot, as oracle sets in suit 0 with its two summary words. */
function tableArrangements(slot: number): { sets: OracleSet[]; word0: number; word1: number }[] {
  const { slots, pool } = suitTable();
  const arrangements = slots[slot + Slot.Arrangements]!;
  const found: { sets: OracleSet[]; word0: number; word1: number }[] = [];
  let at = arrangements >> 3;
  for (let i = 0; i < (arrangements & 7); i++) {
    const codes: number[] = [];
    writeSuitArrangement(codes, 0, 0, at);
    const sets = codes.map((code) => ({ kind: KIND_NAMES[codeKind(code)]!, tile: codeTile(code) }));
    expect(codes.map(setOfCode).every((s) => s.concealed && !s.declared)).toBe(true);
    found.push({ sets, word0: pool[at]!, word1: pool[at + 1]! });
    at += ARRANGEMENT_HEADER + pool[at + 2]!;
  }
  return found;
}

describe('the suit table, on every count of one suit up to 14 tiles', () => {
  it('holds exactly the oracle’s arrangements, each with a summary its sets agree with', () => {
    const counts = new Array<number>(34).fill(0);
    let vectors = 0;
    let keys = 0;
    let arrangements = 0;
    const failures: string[] = [];
    // An odometer over the nine counts.
    const ranks = new Array<number>(9).fill(0);
    for (;;) {
      const size = ranks.reduce((a, b) => a + b, 0);
      if (size <= 14) {
        vectors++;
        let key = 0;
        for (let r = 0; r < 9; r++) {
          counts[r] = ranks[r]!;
          key += ranks[r]! * POW5[r]!;
        }
        // The oracle wants exactly one pair: a suit of 3k tiles (none at all included) borrows East's.
        const borrowsPair = size % 3 === 0;
        counts[EAST] = borrowsPair ? 2 : 0;
        const wanted =
          size % 3 === 1
            ? []
            : oracleStandardArrangements(counts).map((sets) =>
                sets.filter((s) => !(borrowsPair && s.tile === EAST)),
              );
        const slot = suitSlot(key);
        const got = slot >= 0 ? tableArrangements(slot) : [];
        const label = ranks.join('');
        if (isSuitKey(key) !== wanted.length > 0) failures.push(`${label}: held ${isSuitKey(key)}`);
        const wantedText = wanted.map((sets) => canonical('standard', sets)).sort();
        const gotText = got.map((a) => canonical('standard', a.sets)).sort();
        if (JSON.stringify(gotText) !== JSON.stringify(wantedText)) {
          failures.push(`${label}: ${gotText.join(' | ')} ≠ ${wantedText.join(' | ')}`);
        }
        for (const a of got) {
          if (JSON.stringify(decoded(a.word0, a.word1)) !== JSON.stringify(saidBySets(a.sets))) {
            failures.push(`${label}: summary of ${canonical('standard', a.sets)}`);
          }
        }
        if (slot >= 0) {
          // The slot carries its first arrangement's words, so that a suit of one arrangement reads no pool.
          const { slots } = suitTable();
          if (slots[slot + Slot.Word0] !== got[0]?.word0 || slots[slot + Slot.Word1] !== got[0]?.word1) {
            failures.push(`${label}: slot words`);
          }
          keys++;
          arrangements += got.length;
        }
      }
      let r = 0;
      while (r < 9 && ranks[r] === 4) ranks[r++] = 0;
      if (r === 9) break;
      ranks[r]!++;
    }
    expect(failures.slice(0, 20)).toEqual([]);
    expect(vectors).toBe(405_350);
    expect(keys).toBe(21_743);
    expect(arrangements).toBe(23_533);
  });

  it('answers whether a key splits the same from its bits as from its slot, for every key of 0..5^9 - 1', () => {
    const differ: number[] = [];
    for (let key = 0; key < 5 ** 9; key++) if (isSuitKey(key) !== suitSlot(key) >= 0) differ.push(key);
    expect(differ).toEqual([]);
    expect(isSuitKey(5 ** 9)).toBe(false);
  });

  it('answers no for counts beyond four or beyond fourteen tiles', () => {
    expect(isSuitKey(5)).toBe(false);
    // 111 222 333 444 555 66: 17 tiles, sets and a pair, but never one suit of a hand.
    expect(isSuitKey(3 + 3 * 5 + 3 * 25 + 3 * 125 + 3 * 625 + 2 * 3125)).toBe(false);
  });
});
