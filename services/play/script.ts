// The table script (docs/table-script.md): one hand as a referee writes it down — the ruleset, the seats,
// the wall (a seed, the whole order, or the dealt hands), then the players' actions in order, each at a time
// in ms after the start. Validated with zod, so that an error names the field. A game script
// (game-script.ts) writes several hands with the same wall and action forms.
import { z } from 'zod';
import { PRESET_IDS, type PresetId } from '../../domain/rules/rulesets/index.ts';
import { SEATS, type Seat } from '../../domain/rules/seats.ts';
import { parseTiles, type Tile } from '../../domain/tiles/index.ts';

export const seat = z.enum(SEATS);
const player = z.string().min(1).max(200);
const die = z.int().min(1).max(6);
const dice = z.tuple([die, die, die]);
/** Milliseconds after `startedAt`. */
const ms = z.int().nonnegative();

/** Tiles in compact notation ("123m 5p 77z"); `count` fixes how many. */
const tiles = (count?: number) =>
  z.string().transform((text, ctx): Tile[] => {
    let parsed: Tile[];
    try {
      parsed = parseTiles(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
    if (count !== undefined && parsed.length !== count) {
      ctx.addIssue({
        code: 'custom',
        message: `${count === 1 ? 'one tile' : `${count} tiles`} in compact notation, not ${parsed.length} in "${text}"`,
      });
      return z.NEVER;
    }
    return parsed;
  });
const oneTile = tiles(1).transform((t) => t[0]!);

export const wall = z.discriminatedUnion('source', [
  /** The recorded seed: shuffleWall and rollDice give the order and the dice. */
  z.strictObject({ source: z.literal('seed'), seed: z.string().min(1) }),
  /** The whole wall in the order tiles leave it (the deal from the front), and the dice thrown. */
  z.strictObject({ source: z.literal('arranged'), order: tiles(), dice }),
  /** The dealt hands (the dealer's fourteen, thirteen a seat), the live draws after them, the rest in set order. */
  z.strictObject({
    source: z.literal('dealt'),
    hands: z.partialRecord(seat, tiles()),
    draws: tiles().default([]),
    dice,
  }),
]);
export type ScriptWall = z.output<typeof wall>;

const score = z.int().nonnegative();
/** chinese-classical (seed 002): every other seat's final hand score, counted with the win. */
const loserScores = z.partialRecord(seat, score);
export const action = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('discard'), at: ms, seat, tile: oneTile }),
  z.strictObject({
    action: z.literal('claim'),
    at: ms,
    seat,
    claim: z.enum(['win', 'pong', 'kong', 'chow']),
    /** A chow: the two tiles from the hand beside the claimed one. */
    tiles: tiles(2).optional(),
    /** A win under a declared-score preset (every preset but hu-mahjong). */
    handScore: score.optional(),
    /** A win under chinese-classical: every other seat's final score. */
    loserScores: loserScores.optional(),
  }),
  z.strictObject({ action: z.literal('pass'), at: ms, seat }),
  z.strictObject({
    action: z.literal('self-draw'),
    at: ms,
    seat,
    handScore: score.optional(),
    loserScores: loserScores.optional(),
  }),
  z.strictObject({
    action: z.literal('kong'),
    at: ms,
    seat,
    tile: oneTile,
    kind: z.enum(['concealed', 'added']),
  }),
  z.strictObject({ action: z.literal('close-window'), at: ms }),
  /** A referee finds a seat with too many or too few tiles (table-law): `held` is the count found. */
  z.strictObject({ action: z.literal('dead-hand'), at: ms, seat, held: z.int().nonnegative() }),
  /** Seed 004: East places or turns the streak die, after the deal and before the first discard. */
  z.strictObject({ action: z.literal('place-die'), at: ms, seat }),
  /** Seed 004: a referee charges the seat for an unshown concealed gong of the previous hand. */
  z.strictObject({ action: z.literal('charge-unshown-gong'), at: ms, seat }),
  /** A referee voids the hand by a ruling: it is dealt again with the same dealer. */
  z.strictObject({ action: z.literal('void'), at: ms, reason: z.string().min(1).max(500) }),
  /**
   * The rest of a hand nobody won, without writing every discard: each seat discards the tile it drew and
   * every claim is passed, until the hand is drawn (play-out.ts).
   */
  z.strictObject({ action: z.literal('play-out'), at: ms }),
]);
export type ScriptAction = z.output<typeof action>;

/** Checks a hand's actions: time order, chow tiles, scores only on a win, play-out last. */
export function checkActions(
  actions: readonly ScriptAction[],
  ctx: z.RefinementCtx,
  path: readonly (string | number)[] = [],
): void {
  actions.forEach((a, i) => {
    const before = actions[i - 1];
    if (before !== undefined && a.at < before.at)
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'actions', i, 'at'],
        message: `actions are in time order: ${a.at} comes before the previous ${before.at}`,
      });
    if (a.action === 'claim' && (a.claim === 'chow') !== (a.tiles !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'actions', i, 'tiles'],
        message: a.claim === 'chow' ? 'a chow names the two tiles from the hand' : 'only a chow names tiles',
      });
    if (a.action === 'claim' && a.claim !== 'win')
      for (const field of ['handScore', 'loserScores'] as const)
        if (a[field] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'actions', i, field],
            message: `only a win declares ${field === 'handScore' ? 'a hand score' : 'the losers’ scores'}`,
          });
    if (a.action === 'play-out' && i !== actions.length - 1)
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'actions', i],
        message: 'play-out plays the hand to its end: it is the hand’s last action',
      });
  });
}

/** A dealt wall deals one hand to each seat at the table: E fourteen tiles, the others thirteen. */
export function checkDealt(
  dealtWall: ScriptWall,
  seated: readonly Seat[],
  ctx: z.RefinementCtx,
  path: readonly (string | number)[] = [],
): void {
  if (dealtWall.source !== 'dealt') return;
  const dealt = SEATS.filter((s) => dealtWall.hands[s] !== undefined);
  if (dealt.join() !== seated.join())
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'wall', 'hands'],
      message: `hands are dealt to the seats ${seated.join(', ')}, not ${dealt.join(', ')}`,
    });
  for (const s of dealt) {
    const length = dealtWall.hands[s]!.length;
    const expected = s === 'E' ? 14 : 13;
    if (length !== expected)
      ctx.addIssue({
        code: 'custom',
        path: [...path, 'wall', 'hands', s],
        message: `${s} is dealt ${expected} tiles, not ${length}`,
      });
  }
}

export const rulesetField = z.strictObject({
  preset: z.enum(PRESET_IDS as [PresetId, ...PresetId[]]),
  options: z.record(z.string(), z.unknown()).default({}),
});
export const gameIdField = z.string().min(1).max(200).default('script');
/** The player at each seat; E deals. */
export const seatsField = z.partialRecord(seat, player);
/** Time 0 of the script: the hand (or game) starts then. */
export const startedAtField = z.iso.datetime({ offset: true }).default('1970-01-01T00:00:00.000Z');

export const TableScript = z
  .strictObject({
    ruleset: rulesetField,
    gameId: gameIdField,
    hand: z.int().positive().default(1),
    prevalentWind: seat.default('E'),
    repeats: z.int().nonnegative().default(0),
    seats: seatsField,
    /** Every action's `at` counts from it. */
    startedAt: startedAtField,
    wall,
    actions: z.array(action),
  })
  .superRefine((script, ctx) => {
    checkActions(script.actions, ctx);
    checkDealt(
      script.wall,
      SEATS.filter((s) => script.seats[s] !== undefined),
      ctx,
    );
  });
export type TableScript = z.output<typeof TableScript>;
