// Hu Mahjong pattern list, seed 003 "List of Patterns" (003_cfd8ab0b6123cd10.txt), with its categories.

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
  if (options.allSequencesConcealedOnly && limitPoints === HU_MAHJONG_LIMIT) return HU_MAHJONG_TABLE;
  const key = `${options.allSequencesConcealedOnly}:${limitPoints}`;
  let table = tables.get(key);
  if (!table) {
    const patterns = options.allSequencesConcealedOnly ? HU_MAHJONG_PATTERNS : OPEN_ALL_SEQUENCES_PATTERNS;
    table = { patterns, limitPoints };
    tables.set(key, table);
  }
  return table;
}

/**
 * All Terminal and Honor Discards (么九池), seed 003: 4000 on reaching exhaustive draw having discarded only
 * terminals and honours, none of them called. It is no winning hand, so it stands apart from the table.
 */
export const ALL_TERMINAL_HONOR_DISCARDS = {
  id: 'all-terminal-and-honor-discards',
  name: 'All Terminal and Honor Discards',
  chinese: '么九池',
  category: 'irregular',
  points: 4000,
} as const;
