// Events of the game stream beside GameStarted and GameFinished (game-events.ts): a finished hand's result as
// the game counts it — running scores, the kitty, and the deal that follows (seeds 003 and 004).
import { z } from 'zod';
import { eventSchema, id, seat, seatsOf, seatsProblem, wind } from '../fields.ts';
import { GameFinished, GameStarted } from '../game-events.ts';

const seatWinds = z.partialRecord(seat, id).superRefine((winds, ctx) => {
  const problem = seatsProblem(seatsOf(winds));
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A hand's deltas per seat: they sum to zero, and name only seats someone held that hand. */
function deltasOfTheTable(
  data: { deltas: Partial<Record<string, number>>; seatWinds: Partial<Record<string, string>> },
  ctx: z.RefinementCtx,
): void {
  const sum = Object.values(data.deltas).reduce((a: number, b) => a + (b ?? 0), 0);
  if (sum !== 0) ctx.addIssue({ code: 'custom', path: ['deltas'], message: `deltas sum to ${sum}, not 0` });
  for (const s of seatsOf(data.deltas))
    if (data.seatWinds[s] === undefined)
      ctx.addIssue({ code: 'custom', path: ['deltas', s], message: `no player sits at ${s}` });
}

const result = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('won'),
    winners: z.array(seat).min(1).max(3),
    selfDraw: z.boolean(),
    /** Table law: the self-draw winner collected the kitty before the next dice roll (seed 004). */
    kittyCollected: z.boolean(),
  }),
  /** No winner; whether the dealer had a ready hand (seed 003 keeps the deal on one). */
  z.strictObject({ kind: z.literal('drawn'), dealerReady: z.boolean() }),
  /** Dealt again with the same dealer (seed 004: false Mahjong); its deltas (penalties) still count. */
  z.strictObject({ kind: z.literal('voided') }),
]);

export const HandRecorded = eventSchema(
  'HandRecorded',
  1,
  z
    .strictObject({
      /** The hand's number in the game, from 1: its stream is hand-{gameId}-{hand}. */
      hand: z.int().positive(),
      result,
      /** Who held each seat wind this hand: the seats the deltas name. */
      seatWinds,
      /** The hand's settlement per seat (penalties included, the kitty not): sums to zero. */
      deltas: z.partialRecord(seat, z.int()),
      /** Table law's kitty: what each seat put in (drawn hand), what the winner took, what lies there after. */
      kitty: z.strictObject({
        paidIn: z.int().nonnegative(),
        collected: z.int().nonnegative(),
        after: z.int().nonnegative(),
      }),
      /** Every player's points after this hand. */
      scores: z
        .array(z.strictObject({ playerId: id, points: z.int() }))
        .min(2)
        .max(4),
      /** The deal that follows; null when the game ends with this hand. */
      next: z
        .strictObject({
          hand: z.int().positive(),
          prevalentWind: wind,
          seatWinds,
          dealer: id,
          repeats: z.int().nonnegative(),
          /** Table law's streak count n (seed 004); 0 elsewhere. */
          streak: z.int().nonnegative(),
          rotated: z.boolean(),
        })
        .nullable(),
    })
    .superRefine(deltasOfTheTable),
);
export type HandRecorded = z.infer<typeof HandRecorded>;

/**
 * A recorded hand's settlement was corrected (a ruling, an amendment's recompute): its points per seat change
 * by `deltas`, and so does every player's score from then on — the game's final scores too, once it is over.
 * The hand stream's SettlementCorrected (`correction`, by event id) says why; this is how the game counts it.
 */
export const HandResultCorrected = eventSchema(
  'HandResultCorrected',
  1,
  z
    .strictObject({
      hand: z.int().positive(),
      /** The SettlementCorrected this applies, by event id: applied once. */
      correction: id,
      seatWinds,
      /** Per seat: the hand's points after less before; sums to zero. */
      deltas: z.partialRecord(seat, z.int()),
      /** Every player's points after the correction (the final scores when the game is over), most first. */
      scores: z
        .array(z.strictObject({ playerId: id, points: z.int() }))
        .min(2)
        .max(4),
    })
    .superRefine(deltasOfTheTable),
);
export type HandResultCorrected = z.infer<typeof HandResultCorrected>;

export const GameEvent = z.discriminatedUnion('type', [
  GameStarted,
  HandRecorded,
  HandResultCorrected,
  GameFinished,
]);
export type GameEvent = z.infer<typeof GameEvent>;
