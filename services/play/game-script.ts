// The game script (docs/table-script.md "Game scripts"): several hands of one game in order, each with its wall
// and actions, as a referee writes down what spans hands (the kitty, the streak, repeats and rotation). What
// each hand sets is its wall, its actions and, table-law, whether a self-draw winner collected the kitty; what
// the game derives (the hand's number, who sits where, the prevalent wind, the repeats) it may only state
// under `expect`, to be checked.
import { z } from 'zod';
import { SEATS } from '../../domain/rules/seats.ts';
import { InvalidScript, invalidOf } from './invalid.ts';
import {
  action,
  checkActions,
  checkDealt,
  gameIdField,
  rulesetField,
  seat,
  seatsField,
  startedAtField,
  wall,
} from './script.ts';

const isoTime = z.iso.datetime({ offset: true });

const gameEnd = z.discriminatedUnion('kind', [
  /** After the round of this prevalent wind: South by default (seed 003). */
  z.strictObject({ kind: z.literal('rounds'), last: seat }),
  z.strictObject({ kind: z.literal('hands'), count: z.int().positive() }),
  /** No hand starts after this time. */
  z.strictObject({ kind: z.literal('time-limit'), at: isoTime }),
]);

/** What the game derives for a hand, stated to be checked before the hand is dealt. */
const expectation = z.strictObject({
  hand: z.int().positive().optional(),
  seats: seatsField.optional(),
  prevalentWind: seat.optional(),
  /** As HandStarted records it: the dealer's repeats; table-law's streak count n. */
  repeats: z.int().nonnegative().optional(),
  /** Table law: the points in the kitty as the hand is dealt. */
  kitty: z.int().nonnegative().optional(),
});
export type Expectation = z.output<typeof expectation>;

const handEntry = z.strictObject({
  /** When the hand is dealt; by default when the previous hand's last action was made (the game's start). */
  startedAt: isoTime.optional(),
  wall,
  actions: z.array(action),
  /** Table law: a self-draw winner who forgot the kitty before the next dice roll leaves it (seed 004). */
  kittyCollected: z.boolean().optional(),
  expect: expectation.optional(),
});
export type GameScriptHand = z.output<typeof handEntry>;

export const GameScript = z
  .strictObject({
    ruleset: rulesetField,
    gameId: gameIdField,
    /** Who sits where for the first hand: E deals first. */
    seats: seatsField,
    startingPoints: z.int().nonnegative().optional(),
    /** After the South round by default (seed 003). */
    end: gameEnd.optional(),
    /** Time 0: the game starts and its first hand is dealt. */
    startedAt: startedAtField,
    hands: z.array(handEntry).min(1),
  })
  .superRefine((script, ctx) => {
    const seated = SEATS.filter((s) => script.seats[s] !== undefined);
    script.hands.forEach((hand, k) => {
      checkActions(hand.actions, ctx, ['hands', k]);
      checkDealt(hand.wall, seated, ctx, ['hands', k]);
      if (hand.kittyCollected !== undefined && script.ruleset.preset !== 'table-law')
        ctx.addIssue({
          code: 'custom',
          path: ['hands', k, 'kittyCollected'],
          message: `only table-law keeps a kitty, not ${script.ruleset.preset}`,
        });
      const charge = hand.actions.findIndex((a) => a.action === 'charge-unshown-gong');
      if (k === 0 && charge >= 0)
        ctx.addIssue({
          code: 'custom',
          path: ['hands', k, 'actions', charge],
          message: 'an unshown gong is charged in the next hand: the first hand has no hand before it',
        });
    });
  });
export type GameScript = z.output<typeof GameScript>;

/** What the game derives: written on a hand it would read as set, so it is named before the schema speaks. */
const DERIVED = ['hand', 'seats', 'prevalentWind', 'repeats'] as const;

/** Parses a game script; a derived field set on a hand is named with where it belongs. */
export function parseGameScript(input: unknown): GameScript {
  const hands = (input as { hands?: unknown }).hands;
  if (Array.isArray(hands))
    hands.forEach((hand, k) => {
      if (hand === null || typeof hand !== 'object') return;
      const field = DERIVED.find((f) => f in hand);
      if (field !== undefined)
        throw new InvalidScript(
          `hands[${k}].${field}`,
          `the game derives ${field} for each hand: state it under "expect" to have it checked`,
        );
    });
  const parsed = GameScript.safeParse(input);
  if (!parsed.success) throw invalidOf(parsed.error);
  return parsed.data;
}
