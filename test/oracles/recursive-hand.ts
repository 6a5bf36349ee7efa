// A deliberately plain oracle for hand analysis: a recursive search over the 34 counts, written without
// the suit table or the engine's set codes, so that the property tests compare two independent answers.
// Slow but obviously correct is the goal: every step below can be checked by reading it.
import type { Meld } from '../../domain/hand/index.ts';

export type OracleShape = 'standard' | 'seven-pairs' | 'thirteen-orphans';
export type OracleSetKind = 'pair' | 'chow' | 'pung' | 'kong' | 'single';

export interface OracleSet {
  readonly kind: OracleSetKind;
  /** The lowest tile of the set. */
  readonly tile: number;
}

const KINDS = 34;
const ORPHAN_KINDS: readonly number[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
const LETTERS = 'mpsz';

/** "5p", "7z": written here rather than imported, so the oracle leans on nothing it helps to test. */
export function tileLabel(tile: number): string {
  return `${(tile % 9) + 1}${LETTERS[Math.floor(tile / 9)]}`;
}

/** "standard chow:1m chow:1m pung:5p pair:7z": the shape, then the sets sorted, one string per arrangement. */
export function canonical(shape: OracleShape, sets: readonly OracleSet[]): string {
  const labels = sets.map((s) => `${s.kind}:${tileLabel(s.tile)}`).sort();
  return [shape, ...labels].join(' ');
}

const isSuitedKind = (t: number): boolean => t < 27;

/**
 * Every way the counts split into chows, pungs and exactly one pair, each arrangement once.
 * The search takes the lowest tile still held and decides at once everything that starts on it:
 * a pair or not, a pung or not, and chows for the rest. Fixing all sets that begin on a tile in one
 * step means no two paths reach the same multiset of sets.
 */
export function oracleStandardArrangements(counts: ArrayLike<number>): OracleSet[][] {
  const work: number[] = Array.from({ length: KINDS }, (_, t) => counts[t] ?? 0);
  const found: OracleSet[][] = [];
  const chosen: OracleSet[] = [];

  const search = (from: number, pairUsed: boolean): void => {
    let t = from;
    while (t < KINDS && work[t] === 0) t++;
    if (t === KINDS) {
      if (pairUsed) found.push([...chosen]);
      return;
    }
    const held = work[t]!;
    for (const pair of pairUsed ? [0] : [0, 1]) {
      for (const pung of [0, 1]) {
        const chows = held - 2 * pair - 3 * pung;
        if (chows < 0) continue;
        if (chows > 0) {
          const runFits = isSuitedKind(t) && t % 9 <= 6 && work[t + 1]! >= chows && work[t + 2]! >= chows;
          if (!runFits) continue;
        }
        work[t] = 0;
        work[t + 1]! -= chows;
        work[t + 2]! -= chows;
        const pushed = pair + pung + chows;
        if (pair) chosen.push({ kind: 'pair', tile: t });
        if (pung) chosen.push({ kind: 'pung', tile: t });
        for (let c = 0; c < chows; c++) chosen.push({ kind: 'chow', tile: t });
        search(t + 1, pairUsed || pair === 1);
        chosen.length -= pushed;
        work[t] = held;
        work[t + 1]! += chows;
        work[t + 2]! += chows;
      }
    }
  };
  // work[34] and work[35] exist only so that the chow bookkeeping above never reads past the end.
  work.push(0, 0);
  search(0, false);
  return found;
}

function total(counts: ArrayLike<number>): number {
  let n = 0;
  for (let t = 0; t < KINDS; t++) n += counts[t] ?? 0;
  return n;
}

/** Seven pairs: exactly seven kinds held, each exactly twice (four of a kind is not two pairs). */
export function oracleSevenPairs(counts: ArrayLike<number>): OracleSet[] | undefined {
  const pairs: OracleSet[] = [];
  for (let t = 0; t < KINDS; t++) {
    const n = counts[t] ?? 0;
    if (n === 2) pairs.push({ kind: 'pair', tile: t });
    else if (n !== 0) return undefined;
  }
  return pairs.length === 7 ? pairs : undefined;
}

/** Thirteen orphans: each terminal and honour at least once, one of them twice, nothing else. */
export function oracleThirteenOrphans(counts: ArrayLike<number>): OracleSet[] | undefined {
  if (total(counts) !== 14) return undefined;
  const sets: OracleSet[] = [];
  for (const t of ORPHAN_KINDS) {
    const n = counts[t] ?? 0;
    if (n === 1) sets.push({ kind: 'single', tile: t });
    else if (n === 2) sets.push({ kind: 'pair', tile: t });
    else return undefined;
  }
  // Thirteen singles and one pair make 14 tiles; with no pair, the fourteenth tile is no orphan.
  return sets.filter((s) => s.kind === 'pair').length === 1 ? sets : undefined;
}

export interface OracleReading {
  readonly shape: OracleShape;
  readonly sets: readonly OracleSet[];
}

/**
 * All complete readings of concealed counts beside meldCount declared melds: none unless the concealed
 * tiles number 14 less 3 per meld; seven pairs and thirteen orphans only without melds.
 */
export function oracleDecompositions(counts: ArrayLike<number>, meldCount: number): OracleReading[] {
  if (total(counts) !== 14 - 3 * meldCount) return [];
  const readings: OracleReading[] = oracleStandardArrangements(counts).map((sets) => ({
    shape: 'standard',
    sets,
  }));
  if (meldCount === 0) {
    const pairs = oracleSevenPairs(counts);
    if (pairs) readings.push({ shape: 'seven-pairs', sets: pairs });
    const orphans = oracleThirteenOrphans(counts);
    if (orphans) readings.push({ shape: 'thirteen-orphans', sets: orphans });
  }
  return readings;
}

/** The readings of oracleDecompositions as sorted canonical strings. */
export function oracleReadings(counts: ArrayLike<number>, meldCount: number): string[] {
  return oracleDecompositions(counts, meldCount)
    .map((r) => canonical(r.shape, r.sets))
    .sort();
}

/** Does the set hold this tile? A chow holds three consecutive kinds, every other set one kind. */
export function oracleSetContains(set: OracleSet, tile: number): boolean {
  return set.kind === 'chow' ? tile >= set.tile && tile <= set.tile + 2 : tile === set.tile;
}

export function oracleShapes(counts: ArrayLike<number>, meldCount: number): OracleShape[] {
  const shapes = new Set(oracleReadings(counts, meldCount).map((r) => r.split(' ')[0] as OracleShape));
  return (['standard', 'seven-pairs', 'thirteen-orphans'] as const).filter((s) => shapes.has(s));
}

export function oracleIsComplete(counts: ArrayLike<number>, meldCount: number): boolean {
  return oracleReadings(counts, meldCount).length > 0;
}

/** The tiles of a declared meld, counted here rather than through the engine's meld helpers. */
export function oracleMeldTiles(meld: Meld): number[] {
  if (meld.kind === 'chow') return [meld.tile, meld.tile + 1, meld.tile + 2];
  return Array.from({ length: meld.kind === 'kong' ? 4 : 3 }, () => meld.tile);
}

/**
 * Waits by brute force: each of the 34 kinds is added to the 13 (less 3 per meld) concealed tiles and the
 * result checked for completeness. A kind already held four times, in hand or in melds, has no fifth tile.
 */
export function oracleWaits(counts: ArrayLike<number>, melds: readonly Meld[]): number[] {
  const held: number[] = Array.from({ length: KINDS }, (_, t) => counts[t] ?? 0);
  for (const meld of melds) for (const t of oracleMeldTiles(meld)) held[t]!++;
  const result: number[] = [];
  for (let t = 0; t < KINDS; t++) {
    if (held[t]! >= 4) continue;
    const grown: number[] = Array.from({ length: KINDS }, (_, u) => (counts[u] ?? 0) + (u === t ? 1 : 0));
    if (oracleIsComplete(grown, melds.length)) result.push(t);
  }
  return result;
}
