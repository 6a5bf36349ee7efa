// Hu Mahjong pattern list, seed 003 "List of Patterns" (003_cfd8ab0b6123cd10.txt), with its categories.

import { ruleInputError } from '../errors.ts';
import { type HandFacts, Needs } from './facts.ts';
import { BASIC } from './hu-mahjong/basic.ts';
import type { HuCategory } from './hu-mahjong/category.ts';
import { CONSECUTIVENESS } from './hu-mahjong/consecutiveness.ts';
import { HONORS } from './hu-mahjong/honors.ts';
import { IRREGULAR } from './hu-mahjong/irregular.ts';
import { LUCK } from './hu-mahjong/luck.ts';
import { NON_WINNING } from './hu-mahjong/non-winning.ts';
import { PARALLELITY } from './hu-mahjong/parallelity.ts';
import { yes } from './hu-mahjong/predicates.ts';
import { QUADS } from './hu-mahjong/quads.ts';
import { SEQUENCES } from './hu-mahjong/sequences.ts';
import { SUIT_BASED } from './hu-mahjong/suit-based.ts';
import { TERMINALS } from './hu-mahjong/terminals.ts';
import { THREE_COLORS } from './hu-mahjong/three-colors.ts';
import { TRIPLETS } from './hu-mahjong/triplets.ts';
import type { Pattern, PatternTable } from './pattern.ts';

export type { HuCategory } from './hu-mahjong/category.ts';

/** Every pattern of the list, in the seed's order, category by category. */
export const HU_MAHJONG_PATTERNS: readonly Pattern<HuCategory>[] = [
  ...BASIC,
  ...SEQUENCES,
  ...TRIPLETS,
  ...QUADS,
  ...HONORS,
  ...TERMINALS,
  ...SUIT_BASED,
  ...CONSECUTIVENESS,
  ...PARALLELITY,
  ...THREE_COLORS,
  ...IRREGULAR,
  ...LUCK,
  ...NON_WINNING,
];

/** Seed 003: "Hand scores are limited to 8000 base points." */
export const HU_MAHJONG_LIMIT = 8000;

/** Pattern options of the hu-mahjong preset (docs/rules.md says why each exists). */
export interface HuMahjongPatternOptions {
  /** All Sequences only for a hand without exposed melds (default: the seed's worked example totals 6100). */
  readonly allSequencesConcealedOnly: boolean;
  /** Cap on the sum of non-limit patterns; seed 003: 8000. */
  readonly limit?: number;
  /** Points per occurrence by pattern id, in place of the seed's (option `patternPoints`). */
  readonly patternPoints?: Readonly<Record<string, number>> | undefined;
}

export const HU_MAHJONG_TABLE: PatternTable = {
  patterns: HU_MAHJONG_PATTERNS,
  limitPoints: HU_MAHJONG_LIMIT,
};

const OPEN_ALL_SEQUENCES_PATTERNS = HU_MAHJONG_PATTERNS.map((pattern) =>
  pattern.id === 'all-sequences'
    ? {
        ...pattern,
        requires: Needs.FourChows,
        count: (f: HandFacts) => yes(f.shape === 'standard' && f.chowCount === 4),
      }
    : pattern,
);

// One table object per option combination: the scorer compiles each table once and keys its caches on it.
const tables = new Map<string, PatternTable>();

export function huMahjongTable(options: HuMahjongPatternOptions): PatternTable {
  const limitPoints = options.limit ?? HU_MAHJONG_LIMIT;
  const overrides = overridesOf(options.patternPoints);
  if (options.allSequencesConcealedOnly && limitPoints === HU_MAHJONG_LIMIT && overrides.length === 0)
    return HU_MAHJONG_TABLE;
  const key = `${options.allSequencesConcealedOnly}:${limitPoints}:${overrides.map(([id, n]) => `${id}=${n}`).join(',')}`;
  let table = tables.get(key);
  if (!table) {
    const base = options.allSequencesConcealedOnly ? HU_MAHJONG_PATTERNS : OPEN_ALL_SEQUENCES_PATTERNS;
    const points = new Map(overrides);
    const patterns = base.map((pattern) => {
      const value = points.get(pattern.id);
      return value === undefined ? pattern : { ...pattern, points: value };
    });
    table = { patterns, limitPoints };
    tables.set(key, table);
  }
  return table;
}

/**
 * The overrides that change a value, sorted by id (the cache key). An override is the points per occurrence,
 * as the table holds them. A limit pattern's override is what its limit hand scores: still alone, nothing
 * stacking on it, the most valuable limit chosen by the new values; 0 scores it as no limit at all (the hand
 * scores its other patterns, capped as ever). Supersession and eligibility stay the seed's: a pattern worth 0
 * still replaces what it implies and still qualifies a hand to win.
 */
function overridesOf(patternPoints: HuMahjongPatternOptions['patternPoints']): [string, number][] {
  if (patternPoints === undefined) return [];
  const changed: [string, number][] = [];
  for (const id of Object.keys(patternPoints).sort()) {
    // Scored beside the table, at an exhaustive draw (hu-mahjong/at-draw.ts): no table changes for it.
    if (id === ALL_TERMINAL_HONOR_DISCARDS.id) continue;
    const pattern = HU_MAHJONG_PATTERNS.find((p) => p.id === id);
    if (pattern === undefined)
      return ruleInputError(`options.patternPoints.${id}`, `no pattern ${id} in seed 003's list`);
    const points = patternPoints[id]!;
    if (points !== pattern.points) changed.push([id, points]);
  }
  return changed;
}

/**
 * All Terminal and Honor Discards (么九池), seed 003: 4000 on reaching exhaustive draw having discarded only
 * terminals and honours, none of them called. It is no winning hand, so it stands apart from the table:
 * hu-mahjong/at-draw.ts finds it, and `patternPoints` may set its value as any pattern's.
 */
export const ALL_TERMINAL_HONOR_DISCARDS = {
  id: 'all-terminal-and-honor-discards',
  name: 'All Terminal and Honor Discards',
  chinese: '么九池',
  category: 'irregular',
  points: 4000,
} as const;
