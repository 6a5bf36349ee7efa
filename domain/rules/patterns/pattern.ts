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
 * Counts each pattern of the table into counts, clears what a present pattern supersedes, and returns the
 * points after the limit rule, or -1 when no pattern present may win. Allocates nothing.
 */
export function tallyPatterns(
  table: PatternTable,
  closure: readonly (readonly number[])[],
  facts: HandFacts,
  counts: Int32Array,
): number {
  const { patterns } = table;
  // A hand shows a handful of the patterns: note which, so supersession and the sum touch only those.
  let present = 0;
  const missing = ~facts.needs;
  for (let i = 0; i < patterns.length; i++) {
    const pattern = patterns[i]!;
    const n = ((pattern.requires ?? 0) & missing) !== 0 ? 0 : pattern.count(facts);
    counts[i] = n;
    if (n > 0) presentScratch[present++] = i;
  }
  for (let k = 0; k < present; k++) {
    const superseded = closure[presentScratch[k]!]!;
    for (let j = 0; j < superseded.length; j++) counts[superseded[j]!] = 0;
  }
  let eligible = false;
  let bestLimit = 0;
  let sum = 0;
  for (let k = 0; k < present; k++) {
    const i = presentScratch[k]!;
    const n = counts[i]!;
    if (n === 0) continue;
    const pattern = patterns[i]!;
    if (pattern.qualifiesWin) eligible = true;
    if (pattern.limit !== undefined) {
      // Only the most valuable limit hand is scored; nothing stacks on a limit.
      if (pattern.points > bestLimit) bestLimit = pattern.points;
    } else sum += n * pattern.points;
  }
  if (!eligible) return -1;
  return bestLimit > 0 ? bestLimit : Math.min(sum, table.limitPoints);
}

const presentScratch = new Int32Array(256);

/** The scored patterns of a tally, as a person reads them. */
export function patternScoreOf(table: PatternTable, counts: Int32Array): PatternScore {
  const { patterns } = table;
  let bestLimit = -1;
  let sum = 0;
  let eligible = false;
  for (let i = 0; i < patterns.length; i++) {
    if (counts[i] === 0) continue;
    const pattern = patterns[i]!;
    if (pattern.qualifiesWin) eligible = true;
    if (pattern.limit !== undefined) {
      if (bestLimit < 0 || pattern.points > patterns[bestLimit]!.points) bestLimit = i;
    } else sum += counts[i]! * pattern.points;
  }
  if (bestLimit >= 0) {
    return {
      eligible,
      points: patterns[bestLimit]!.points,
      patterns: [scoredPattern(patterns[bestLimit]!, counts[bestLimit]!)],
      capped: false,
    };
  }
  const listed: ScoredPattern[] = [];
  for (let i = 0; i < patterns.length; i++)
    if (counts[i]! > 0) listed.push(scoredPattern(patterns[i]!, counts[i]!));
  return {
    eligible,
    points: Math.min(sum, table.limitPoints),
    patterns: listed,
    capped: sum > table.limitPoints,
  };
}

function scoredPattern(pattern: Pattern, count: number): ScoredPattern {
  return {
    id: pattern.id,
    name: pattern.name,
    chinese: pattern.chinese,
    count,
    points: count * pattern.points,
  };
}
