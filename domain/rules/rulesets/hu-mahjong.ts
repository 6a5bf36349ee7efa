// Hu Mahjong preset options, seed 003 (003_cfd8ab0b6123cd10.txt). Defaults follow the seed; docs/rules.md
// records where it is silent.
import { z } from 'zod';

export const HuMahjongOptionsSchema = z.strictObject({
  /** Seed 003 scales to 4, 3 and 2 players. */
  players: z.union([z.literal(4), z.literal(3), z.literal(2)]).default(4),
  /** Several wins on one discard: the seed is silent; head-bump (first in turn order after the discarder) by default. */
  multipleWinners: z.enum(['head-bump', 'multiple']).default('head-bump'),
  /** All Sequences only without exposed melds: how the seed's own example reaches 6100 (docs/rules.md). */
  allSequencesConcealedOnly: z.boolean().default(true),
});

export type HuMahjongOptions = z.infer<typeof HuMahjongOptionsSchema>;

/** Seed 003 "Setup": starting points by number of players. */
export const HU_MAHJONG_STARTING_POINTS = { 4: 30000, 3: 35000, 2: 40000 } as const;
