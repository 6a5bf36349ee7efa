// The input of the score contract (spec/score-contract.md), as a zod schema. Tile strings are parsed here so
// that a bad tile is reported at its field.
import { z } from 'zod';
import { parseTiles, type Tile, TileNotationError } from '../../tiles/index.ts';
import { SEATS } from '../seats.ts';

export const PRESETS = [
  'hu-mahjong',
  'four-seas',
  'chinese-classical',
  'mahjong-house',
  'table-law',
] as const;
export type Preset = (typeof PRESETS)[number];

const tiles = z.string().transform((text, ctx): Tile[] => {
  try {
    return parseTiles(text);
  } catch (error) {
    if (!(error instanceof TileNotationError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

const seat = z.enum(SEATS);
const count = z.number().int().nonnegative();

const MeldInput = z.strictObject({ tiles, concealed: z.boolean().default(false) });

const LuckInput = z.strictObject({
  lastTile: z.boolean().default(false),
  afterKong: count.default(0),
  afterFlower: count.default(0),
  heaven: z.boolean().default(false),
  earth: z.boolean().default(false),
});

const ClaimInput = z.strictObject({
  seat,
  handScore: z.number().nonnegative().optional(),
  hand: tiles.optional(),
  melds: z.array(MeldInput).default([]),
  winningTile: tiles.optional(),
  flowers: z.array(tiles).default([]),
  luck: LuckInput.optional(),
});

const PenaltyInput = z.strictObject({
  seat,
  kind: z.string().min(1),
  points: z.number().nonnegative(),
});

export const ScoreRequestSchema = z.strictObject({
  ruleset: z.enum(PRESETS),
  options: z.record(z.string(), z.unknown()).default({}),
  prevalentWind: seat.default('E'),
  dealerRepeats: count.default(0),
  /** table-law (seed 004): East did not place the streak die before the first discard this hand. */
  dieForgotten: z.boolean().default(false),
  winType: z.enum(['discard', 'self-draw', 'robbing-kong']),
  from: seat.optional(),
  claims: z.array(ClaimInput).min(1),
  loserScores: z.partialRecord(seat, z.number().nonnegative()).optional(),
  penalties: z.array(PenaltyInput).optional(),
});

export type ScoreRequest = z.infer<typeof ScoreRequestSchema>;
export type ClaimRequest = ScoreRequest['claims'][number];
export type MeldRequest = ClaimRequest['melds'][number];

export { fieldName } from '../field-name.ts';
