// The five rule presets of ../seeds, each a versioned set of options with defaults from its rule text.
// docs/rules.md says where a text is silent and which default was chosen.
import { z } from 'zod';
import { ALL_TERMINAL_HONOR_DISCARDS, HU_MAHJONG_PATTERNS } from '../patterns/hu-mahjong.ts';
import { type OptionSpecs, option, optionsSchema } from './option.ts';

const players = (allowed: readonly (2 | 3 | 4)[]) =>
  option(
    z.union(allowed.map((n) => z.literal(n)) as unknown as [z.ZodLiteral<2 | 3 | 4>]).default(allowed[0]!),
    'from-next-hand',
    `players at a table: ${allowed.join(', ')}`,
  );
const points = (fallback: number, describe: string) =>
  option(z.number().int().nonnegative().default(fallback), 'retroactively', describe);
/**
 * An amount paid at once during play (seed 004's immediate record, a penalty paid when it happens), not in
 * the hand's final settlement: a record of play, so amended from the next hand on (docs/rules.md
 * "Corrections and amendments").
 */
const paidAtOnce = (fallback: number, describe: string) =>
  option(z.number().int().nonnegative().default(fallback), 'from-next-hand', describe);
/**
 * What a win declared on a hand that is none does: 'reject' refuses the declaration, 'penalise' voids the hand
 * and the declarer pays (table law's false Mahjong, or `falseWinPenalty` elsewhere). The default follows the
 * rule text: seed 004 penalises a false Mahjong; the other texts are silent, and the engine refuses.
 */
const falseWin = (fallback: 'reject' | 'penalise') =>
  option(
    z.enum(['reject', 'penalise']).default(fallback),
    'from-next-hand',
    'a false win: refused, or penalised (the hand is void and the declarer pays each other player)',
  );
const falseWinPenalty = (fallback: number, describe: string) =>
  paidAtOnce(
    fallback,
    `with falseWin 'penalise': paid by the false declarer to each other player (${describe})`,
  );
const claimDeadline = option(
  z.number().int().positive().default(5000),
  'from-next-hand',
  'milliseconds a claim window waits for each eligible player before a silence counts as a pass (seed 001: 5 s)',
);
/**
 * Whether a claim window tells the table anything. 'when-claimable' (seed 001's table: the window waits for
 * the players who may claim, and closes once they have answered) shows by its existence and its length that
 * someone may claim. 'every-discard' holds every tile offered (every discard, every kong) open for the same
 * `uniformWindowMs` and resolves it only then, however the seats answered, so that a window looks the same
 * whoever holds what. docs/rules.md "Claim windows: what the table sees".
 */
const claimWindows = option(
  z.enum(['when-claimable', 'every-discard']).default('when-claimable'),
  'from-next-hand',
  "claim windows: only when someone may claim, closed once they answer ('when-claimable'), or every discard and kong held open for uniformWindowMs ('every-discard'), which tells bystanders nothing",
);
const uniformWindowMs = option(
  z.number().int().min(50).max(60_000).default(2500),
  'from-next-hand',
  "with claimWindows 'every-discard': milliseconds every window is held open, and the time to answer it (claimDeadlineMs then goes unused)",
);
const windows = { claimDeadlineMs: claimDeadline, claimWindows, uniformWindowMs };

/** The table's patterns, and the one scored beside it at an exhaustive draw. */
const HU_PATTERN_IDS: ReadonlySet<string> = new Set([
  ...HU_MAHJONG_PATTERNS.map((p) => p.id),
  ALL_TERMINAL_HONOR_DISCARDS.id,
]);
/**
 * Seed 003's pattern values overridden by pattern id (huMahjongTable applies them). Optional with no default,
 * so that a ruleset without overrides keeps the canonical JSON, and so the hash, it had before the option
 * existed. Ids are checked before values, so a misspelt id is named as one (options.patternPoints.<id>).
 */
const patternPoints = option(
  z
    .record(z.string(), z.unknown())
    .superRefine((overrides, ctx) => {
      for (const id of Object.keys(overrides))
        if (!HU_PATTERN_IDS.has(id))
          ctx.addIssue({ code: 'custom', path: [id], message: `no pattern ${id} in seed 003's list` });
    })
    .pipe(z.record(z.string(), z.number().int().nonnegative()))
    .optional(),
  'retroactively',
  "points per occurrence of a seed 003 pattern, by id, in place of the seed's value; a limit pattern's points are what its limit hand scores, alone",
);

const HU_MAHJONG = {
  players: players([4, 3, 2]),
  multipleWinners: option(
    z.enum(['head-bump', 'multiple']).default('head-bump'),
    'retroactively',
    'several wins on one discard: the first in turn order after the discarder, or all of them (seed 003 is silent)',
  ),
  allSequencesConcealedOnly: option(
    z.boolean().default(true),
    'retroactively',
    'All Sequences only without exposed melds: how the seed’s own example reaches 6100',
  ),
  limit: points(8000, 'cap on the sum of non-limit patterns (seed 003: 8000)'),
  patternPoints,
  readyHandPayment: points(
    1000,
    'paid at exhaustive draw by each player without a ready hand to each with one',
  ),
  heavyPenalty: points(4000, 'paid by the offender to each other player for a game-ruining error'),
  falseWin: falseWin('reject'),
  falseWinPenalty: falseWinPenalty(4000, 'seed 003’s heavy penalty for a game-ruining error'),
  flowers: option(
    z.boolean().default(true),
    'from-next-hand',
    'play with the eight flowers (seed 003: optional, recommended)',
  ),
  sacredDiscard: option(
    z.boolean().default(true),
    'from-next-hand',
    'furiten: a player who discarded a wait cannot win on a discard',
  ),
  /**
   * How Winning on the Last Draw/Discard is read. Optional with no default, like patternPoints: absent is
   * 'pond', and a ruleset without it keeps the hash it had before the option existed.
   */
  lastTile: option(
    z.enum(['pond', 'wall']).optional(),
    'from-next-hand',
    "Winning on the Last Draw/Discard (seed 003): 'pond' (the default, when absent) is the draw of the seat whose next discard fills its pond and the discard that fills it, which is offered to win claims before the hand is drawn; 'wall' is the wall's last tile, which pond-length draws never reach (the pond-filling discard then draws the hand at once)",
    'pond',
  ),
  ...windows,
} satisfies OptionSpecs;

const FOUR_SEAS = {
  multipleWinners: option(
    z.enum(['head-bump', 'multiple', 'score-priority']).default('score-priority'),
    'retroactively',
    'several wins on one discard (seed 000 proposes score priority without excluding wins)',
  ),
  discardMultiplier: points(4, 'a discard win is worth this many times the hand score'),
  bystanderCap: points(50, 'a player who neither discarded nor won pays the hand score, capped at this'),
  falseWin: falseWin('reject'),
  falseWinPenalty: falseWinPenalty(0, 'the rule text names none'),
  ...windows,
} satisfies OptionSpecs;

const CHINESE_CLASSICAL = {
  limit: option(
    z.number().int().positive().nullable().default(null),
    'retroactively',
    'cap on a final hand score, applied before payments (seed 002); null for none',
  ),
  eastDoubles: option(z.boolean().default(true), 'retroactively', 'East pays and receives double (seed 002)'),
  startingPoints: option(
    z.number().int().nonnegative().default(2000),
    'from-next-hand',
    'each player’s points at the start',
  ),
  falseWin: falseWin('reject'),
  falseWinPenalty: falseWinPenalty(0, 'the rule text names none'),
  ...windows,
} satisfies OptionSpecs;

const MAHJONG_HOUSE = {
  multipleWinners: option(
    z.enum(['head-bump', 'multiple']).default('head-bump'),
    'retroactively',
    'one winner (截糊, standard) or Multiple Winners on One Discard (一炮多響, house option)',
  ),
  passLocksWin: option(
    z.boolean().default(false),
    'from-next-hand',
    '過水: passing a win locks the player out until their next turn (off in Mahjong House)',
  ),
  falseWin: falseWin('reject'),
  falseWinPenalty: falseWinPenalty(0, 'the rule text names none'),
  ...windows,
} satisfies OptionSpecs;

const TABLE_LAW = {
  multipleWinners: option(
    z.enum(['head-bump', 'multiple']).default('multiple'),
    'retroactively',
    'several wins on one discard (seed 004 speaks of East winning "alone or with other winners")',
  ),
  chasingHonor: paidAtOnce(5, 'chasing an honour: the first discarder pays each opponent'),
  chasingSuit: paidAtOnce(10, 'chasing a suit tile: the first discarder pays each opponent'),
  diceTriple: paidAtOnce(5, 'a triple of 1 to 5 on the dice'),
  diceTripleSix: paidAtOnce(10, 'a triple 6 on the dice'),
  concealedGong: paidAtOnce(5, 'each opponent pays a correctly declared concealed gong'),
  unshownConcealedGong: paidAtOnce(10, 'an unshown concealed gong pays each opponent'),
  kitty: paidAtOnce(5, 'each player’s stake in the kitty after a drawn hand'),
  robbingGongBonus: points(10, 'the gong player pays the robber this on top of the hand'),
  falseMahjong: paidAtOnce(25, 'a false Mahjong pays each other player'),
  falseWin: falseWin('penalise'),
  westException: option(
    z.boolean().default(true),
    'from-next-hand',
    'the fourth West is held back and the chase still paid',
  ),
  streakDie: option(
    z.boolean().default(true),
    'from-next-hand',
    'a die tracks the dealer streak bonus 2n + 1',
  ),
  ...windows,
} satisfies OptionSpecs;

export const PRESET_DEFINITIONS = {
  'hu-mahjong': { seed: '003_cfd8ab0b6123cd10.txt', version: 1, options: HU_MAHJONG },
  'four-seas': { seed: '000_ec34d038d69464af.txt', version: 1, options: FOUR_SEAS },
  'chinese-classical': { seed: '002_5e711bd9262c21d9.txt', version: 1, options: CHINESE_CLASSICAL },
  'mahjong-house': { seed: '001_523a04aecc6d5fca.txt', version: 1, options: MAHJONG_HOUSE },
  'table-law': { seed: '004_09ddc7a2a14e8477.txt', version: 1, options: TABLE_LAW },
} as const;

export type PresetId = keyof typeof PRESET_DEFINITIONS;
export const PRESET_IDS = Object.keys(PRESET_DEFINITIONS) as PresetId[];

export const OPTION_SCHEMAS = {
  'hu-mahjong': optionsSchema(HU_MAHJONG),
  'four-seas': optionsSchema(FOUR_SEAS),
  'chinese-classical': optionsSchema(CHINESE_CLASSICAL),
  'mahjong-house': optionsSchema(MAHJONG_HOUSE),
  'table-law': optionsSchema(TABLE_LAW),
} as const;

export type PresetOptions = { [Id in PresetId]: z.output<(typeof OPTION_SCHEMAS)[Id]> };
