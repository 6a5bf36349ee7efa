// Patterns as data, and the one place where supersession, limits and eligibility are resolved.
import type { HandFacts } from './facts.ts';

/** How many times a limit: 1 = limit, 4 = quadruple limit. The points stay as the rule text lists them. */
export type LimitMultiple = 1 | 2 | 3 | 4;

export interface Pattern<Category extends string = string> {
  readonly id: string;
  readonly name: string;
  readonly chinese: string;
  readonly category: Category;
  /** Points per occurrence. */
  readonly points: number;
  readonly limit?: LimitMultiple;
  /** False for bonuses that never make a hand eligible on their own (flowers, One Quad). */
  readonly qualifiesWin: boolean;
  /** Patterns of the same category this one implies and so replaces; resolved transitively. */
  readonly supersedes: readonly string[];
  /**
   * Facts.needs bits the pattern cannot occur without: a cheap test that spares most patterns their count on
   * most hands. Only an optimisation: a test checks that it never changes a score.
   */
  readonly requires?: number;
  /** How many times the pattern occurs in the hand (0 = absent). */
  readonly count: (facts: HandFacts) => number;
}

export interface ScoredPattern {
  readonly id: string;
  readonly name: string;
  readonly chinese: string;
  readonly count: number;
  /** count × the pattern's points. */
  readonly points: number;
}

export interface PatternScore {
  /** The hand shows a pattern that may win (or a luck bonus, which qualifies any hand). */
  readonly eligible: boolean;
  /** Points after the limit: the best limit hand alone, or the sum capped at the table's limit. */
  readonly points: number;
  /** The patterns that count toward points. */
  readonly patterns: readonly ScoredPattern[];
  /** The sum exceeded the limit and was cut to it. */
  readonly capped: boolean;
}

export interface PatternTable {
  readonly patterns: readonly Pattern[];
  /** Cap on the sum of non-limit patterns (seed 003: 8000). */
  readonly limitPoints: number;
}

/** Index i of the table → indices of the patterns it supersedes, transitively. */
export function supersessionClosure(patterns: readonly Pattern[]): number[][] {
  const index = new Map(patterns.map((p, i) => [p.id, i]));
  const direct = patterns.map((p) =>
    p.supersedes.map((id) => {
      const i = index.get(id);
      if (i === undefined) throw new Error(`pattern ${p.id} supersedes unknown pattern ${id}`);
      if (patterns[i]!.category !== p.category) {
        throw new Error(`pattern ${p.id} supersedes ${id} of another category: the rule text forbids it`);
      }
      return i;
    }),
  );
  return direct.map((_, start) => {
    const seen = new Set<number>();
    const stack = [...direct[start]!];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (seen.has(i)) continue;
      seen.add(i);
      stack.push(...direct[i]!);
    }
    return [...seen];
  });
}

/**
 * A table laid out for the hot path: one typed array per field, so the tally reads the same shapes on every
 * pattern, and the supersession closure resolved once.
 */
export interface CompiledTable {
  readonly table: PatternTable;
  readonly counters: readonly ((facts: HandFacts) => number)[];
  readonly requires: Int32Array;
  readonly points: Int32Array;
  readonly isLimit: Uint8Array;
  readonly qualifies: Uint8Array;
  readonly closure: readonly (readonly number[])[];
  /** Scratch: the indices of the patterns present in the last tally (in table order), presentCount of them. */
  readonly present: Int32Array;
  presentCount: number;
  /** By Needs bits: the patterns whose requirements those bits meet, filled on first use. */
  readonly candidates: Map<number, Int32Array>;
  /**
   * In front of candidates, a direct-mapped cache of CANDIDATE_SLOTS: the Needs bits each slot holds (-1:
   * none) and their candidates. A hash map's lookup costs more than the handful of patterns it saves.
   */
  readonly candidateNeeds: Int32Array;
  readonly candidateLists: Int32Array[];
  /** Per pattern, its ScoredPattern by count: a win's list is made of these, frozen and shared. */
  readonly scored: (readonly ScoredPattern[])[];
}

const compiled = new WeakMap<PatternTable, CompiledTable>();
const CANDIDATE_BITS = 10;
const CANDIDATE_SLOTS = 1 << CANDIDATE_BITS;
const NO_CANDIDATES = new Int32Array(0);

export function compileTable(table: PatternTable): CompiledTable {
  let result = compiled.get(table);
  if (!result) {
    const { patterns } = table;
    result = {
      table,
      counters: patterns.map((p) => p.count),
      requires: Int32Array.from(patterns, (p) => p.requires ?? 0),
      points: Int32Array.from(patterns, (p) => p.points),
      isLimit: Uint8Array.from(patterns, (p) => (p.limit === undefined ? 0 : 1)),
      qualifies: Uint8Array.from(patterns, (p) => (p.qualifiesWin ? 1 : 0)),
      closure: supersessionClosure(patterns),
      present: new Int32Array(patterns.length),
      presentCount: 0,
      candidates: new Map(),
      candidateNeeds: new Int32Array(CANDIDATE_SLOTS).fill(-1),
      candidateLists: Array.from({ length: CANDIDATE_SLOTS }, () => NO_CANDIDATES),
      scored: patterns.map(() => []),
    };
    compiled.set(table, result);
  }
  return result;
}

/**
 * Counts the table's candidate patterns for these facts into counts, clears what a present pattern
 * supersedes, and returns the points after the limit rule, or -1 when no pattern present may win. Only the
 * entries of the patterns present (compiledTable.present) are meaningful afterwards. Allocates nothing.
 */
export function tallyPatterns(compiledTable: CompiledTable, facts: HandFacts, counts: Int32Array): number {
  const { counters, points, isLimit, qualifies, closure, present } = compiledTable;
  const needs = facts.needs;
  const slot = Math.imul(needs, 0x9e3779b1) >>> (32 - CANDIDATE_BITS);
  let candidates = compiledTable.candidateLists[slot]!;
  if (compiledTable.candidateNeeds[slot] !== needs) {
    candidates = compiledTable.candidates.get(needs) ?? candidatesFor(compiledTable, needs);
    compiledTable.candidateNeeds[slot] = needs;
    compiledTable.candidateLists[slot] = candidates;
  }
  // Only the patterns whose requirements the hand meets are counted (usually a handful); note the ones
  // present, so that supersession and the sum touch only those.
  let found = 0;
  for (let k = 0; k < candidates.length; k++) {
    const i = candidates[k]!;
    const n = counters[i]!(facts);
    counts[i] = n;
    if (n > 0) present[found++] = i;
  }
  compiledTable.presentCount = found;
  for (let k = 0; k < found; k++) {
    const superseded = closure[present[k]!]!;
    for (let j = 0; j < superseded.length; j++) counts[superseded[j]!] = 0;
  }
  let eligible = false;
  let bestLimit = 0;
  let sum = 0;
  for (let k = 0; k < found; k++) {
    const i = present[k]!;
    const n = counts[i]!;
    if (n === 0) continue;
    if (qualifies[i] === 1) eligible = true;
    // Only the most valuable limit hand is scored; nothing stacks on a limit.
    if (isLimit[i] === 1) {
      if (points[i]! > bestLimit) bestLimit = points[i]!;
    } else sum += n * points[i]!;
  }
  if (!eligible) return -1;
  return bestLimit > 0 ? bestLimit : Math.min(sum, compiledTable.table.limitPoints);
}

function candidatesFor(compiledTable: CompiledTable, needs: number): Int32Array {
  const { requires } = compiledTable;
  const list: number[] = [];
  for (let i = 0; i < requires.length; i++) if ((requires[i]! & ~needs) === 0) list.push(i);
  const candidates = Int32Array.from(list);
  compiledTable.candidates.set(needs, candidates);
  return candidates;
}

/**
 * The patterns a person reads of the last tally (after tallyPatterns), written into indices and counts as
 * the table lists them: the best limit hand alone (a limit worth nothing is no limit hand), else every
 * pattern present. Returns how many, negated when the sum was capped at the table's limit.
 */
export function listTally(
  compiledTable: CompiledTable,
  counts: Int32Array,
  indices: Int32Array,
  listed: Int32Array,
): number {
  const { present, presentCount, points, isLimit } = compiledTable;
  let bestLimit = -1;
  let sum = 0;
  let length = 0;
  for (let k = 0; k < presentCount; k++) {
    const i = present[k]!;
    const n = counts[i]!;
    if (n === 0) continue;
    indices[length] = i;
    listed[length++] = n;
    if (isLimit[i] === 1) {
      // The first of the most valuable, in table order.
      if (points[i]! > 0 && (bestLimit < 0 || points[i]! > points[bestLimit]!)) bestLimit = i;
    } else sum += n * points[i]!;
  }
  if (bestLimit >= 0) {
    indices[0] = bestLimit;
    listed[0] = counts[bestLimit]!;
    return 1;
  }
  return sum > compiledTable.table.limitPoints ? -length : length;
}

/** A pattern scored count times, as a person reads it: one frozen object per pattern and count, shared. */
export function scoredPatternOf(compiledTable: CompiledTable, index: number, count: number): ScoredPattern {
  const byCount = compiledTable.scored[index]! as ScoredPattern[];
  const known = byCount[count];
  if (known !== undefined) return known;
  const pattern = compiledTable.table.patterns[index]!;
  const scored = Object.freeze({
    id: pattern.id,
    name: pattern.name,
    chinese: pattern.chinese,
    count,
    points: count * pattern.points,
  });
  // Counts are small (a luck bonus's count is the number of replacements in a row); keep the usual ones.
  if (count < 16) byCount[count] = scored;
  return scored;
}
