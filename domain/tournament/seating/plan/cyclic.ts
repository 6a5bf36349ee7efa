// Plans developed over Z_m (the difference method of design theory): 4m players in four groups of m, point
// (g, x) = g·m + x; one base round shifted by k = 0 … m − 1 gives m rounds, and rounds the shift maps to
// themselves (each given by a few tables and all their shifts) are added. A pair's meetings are then fixed by
// its orbit under the shift — (g, h, y − x) across groups, (g, ±(y − x)) within one — so the rounds have no
// repeat exactly when no orbit is used twice. An exact cover finds base rounds (exact-cover.ts), offline; the
// schedules found are kept in schedules.ts.
import type { Draw } from '../random.ts';
import type { PointRound } from './designs.ts';
import { exactCover } from './exact-cover.ts';

export interface CyclicSchedule {
  /** m: each group's size, and the number of rounds the base round gives. */
  readonly modulus: number;
  /** The base round's tables, of points g·m + x. */
  readonly base: readonly (readonly number[])[];
  /** Rounds the shift keeps: each the given tables and all their distinct shifts. */
  readonly fixed: readonly (readonly (readonly number[])[])[];
}

const shift = (m: number, table: readonly number[], k: number): number[] =>
  table.map((p) => Math.floor(p / m) * m + (((p % m) + k) % m));

/** The m rounds of the base round, then the fixed rounds. */
export function developCyclic(schedule: CyclicSchedule): PointRound[] {
  const m = schedule.modulus;
  const rounds: PointRound[] = [];
  for (let k = 0; k < m; k++) rounds.push(schedule.base.map((table) => shift(m, table, k)));
  for (const generators of schedule.fixed) {
    const seen = new Set<string>();
    const round: number[][] = [];
    for (const table of generators)
      for (let k = 0; k < m; k++) {
        const moved = shift(m, table, k);
        const key = [...moved].sort((a, b) => a - b).join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        round.push(moved);
      }
    rounds.push(round);
  }
  return rounds;
}

/**
 * The orbit of the pair {a, b} under the shift: across groups g < h, (g, h, y − x); within group g, (g, ±d).
 * The pairs at distance m / 2 within a group make an orbit of m / 2 pairs, which a base round would seat
 * twice: −1 for them.
 */
export function pairOrbit(m: number, a: number, b: number): number {
  let g = Math.floor(a / m);
  let h = Math.floor(b / m);
  let x = a % m;
  let y = b % m;
  if (g > h) {
    [g, h, x, y] = [h, g, y, x];
  }
  const d = (y - x + m) % m;
  if (g === h) {
    const least = Math.min(d, m - d);
    return 2 * least === m ? -1 : 6 * m + g * m + least;
  }
  // (0, 1) → 0, (0, 2) → 1, (0, 3) → 2, (1, 2) → 3, (1, 3) → 4, (2, 3) → 5.
  const across = g + h - (g === 0 ? 1 : 0);
  return across * m + d;
}

/**
 * A base round for `fixed` rounds over Z_m: every point once, no orbit twice nor one the fixed rounds use;
 * with `everyPure`, every orbit within a group used (needed when the rounds are as many as the orbits allow).
 * 'none' when there is none, 'limit' when the search gave up after `nodes` choices.
 */
export function findCyclicBase(
  modulus: number,
  fixed: readonly (readonly (readonly number[])[])[],
  options: { readonly nodes: number; readonly everyPure: boolean; readonly draw: Draw },
): number[][] | 'none' | 'limit' {
  const m = modulus;
  const points = 4 * m;
  const blocked = new Set<number>();
  for (const round of developCyclic({ modulus: m, base: [], fixed }).slice(m))
    for (const table of round)
      for (let i = 0; i < table.length; i++)
        for (let j = i + 1; j < table.length; j++) blocked.add(pairOrbit(m, table[i]!, table[j]!));
  // Columns: the points, then the orbits within groups (primary with everyPure), then the orbits across.
  const orbits = 10 * m;
  const columnOf = (orbit: number) => points + (orbit >= 6 * m ? orbit - 6 * m : 4 * m + orbit);
  const tables: number[][] = [];
  const rows: number[][] = [];
  for (let a = 0; a < points; a++)
    for (let b = a + 1; b < points; b++)
      for (let c = b + 1; c < points; c++)
        for (let d = c + 1; d < points; d++) {
          const table = [a, b, c, d];
          const used: number[] = [];
          for (let i = 0; i < 4; i++)
            for (let j = i + 1; j < 4; j++) used.push(pairOrbit(m, table[i]!, table[j]!));
          if (used.some((o) => o < 0 || blocked.has(o)) || new Set(used).size !== used.length) continue;
          tables.push(table);
          rows.push([...table, ...used.map(columnOf)]);
        }
  const pureLeft = options.everyPure
    ? Array.from({ length: 4 * m }, (_, i) => 6 * m + i).filter(
        (o) => !blocked.has(o) && (o - 6 * m) % m !== 0 && 2 * ((o - 6 * m) % m) < m,
      )
    : [];
  // Pure orbits that must be used go first among the columns after the points, so they can be primary.
  const primaryPure = new Set(pureLeft.map(columnOf));
  const remap = new Map<number, number>();
  for (let c = 0; c < points; c++) remap.set(c, c);
  for (const c of primaryPure) remap.set(c, remap.size);
  const primary = remap.size;
  for (let c = points; c < points + orbits; c++) if (!remap.has(c)) remap.set(c, remap.size);
  const found = exactCover(
    { columns: remap.size, primary, rows: rows.map((row) => row.map((c) => remap.get(c)!)) },
    options.nodes,
    options.draw,
  );
  if (found === 'none' || found === 'limit') return found;
  return found.rows.map((r) => tables[r]!).sort((p, q) => p[0]! - q[0]!);
}

/**
 * A schedule of m + fixed rounds over Z_m, fixed ≤ 2 rounds of transversals (one point of each group,
 * developed): the first (0, 0, 0, 0) — any other is one under a shift of each group — and the second one set
 * {0, b, c, d} of each class under x ↦ u·x + k, in group order. Base rounds are sought for each choice in turn
 * (`nodes` choices each), every orbit within a group required when the rounds are as many as the orbits
 * allow. The offline search that found the schedules of schedules.ts.
 */
export function searchCyclic(
  modulus: number,
  fixed: 0 | 1 | 2,
  options: { readonly nodes: number; readonly draw: Draw },
): CyclicSchedule | undefined {
  const m = modulus;
  const transversal = (values: readonly number[]) => [values.map((x, g) => g * m + x)];
  const units = Array.from({ length: m }, (_, u) => u).filter((u) => gcd(u, m) === 1);
  const seconds: number[][] = [];
  const seen = new Set<string>();
  for (let b = 1; b < m; b++)
    for (let c = b + 1; c < m; c++)
      for (let d = c + 1; d < m; d++) {
        const set = [0, b, c, d];
        let canonical = '';
        for (const u of units)
          for (let k = 0; k < m; k++) {
            const image = set
              .map((x) => (u * x + k) % m)
              .sort((p, q) => p - q)
              .join(',');
            if (canonical === '' || image < canonical) canonical = image;
          }
        if (seen.has(canonical)) continue;
        seen.add(canonical);
        seconds.push(set);
      }
  const choices: number[][][][] =
    fixed === 0
      ? [[]]
      : fixed === 1
        ? [[transversal([0, 0, 0, 0])]]
        : seconds.map((set) => [transversal([0, 0, 0, 0]), transversal(set)]);
  const everyPure = 6 * fixed === 4 * Math.floor((m - 1) / 2);
  for (const chosen of choices) {
    const base = findCyclicBase(m, chosen, { nodes: options.nodes, everyPure, draw: options.draw });
    if (typeof base !== 'string') return { modulus: m, base, fixed: chosen };
  }
  return undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
