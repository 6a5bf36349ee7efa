// The hand stream's frame (hand-{gameId}-{n}): the start with its committed wall, the deal, the end without a
// win (drawn or voided), and the wall shown once the hand is over.
import { z } from 'zod';
import { shuffleWall, WALL_ALGORITHM, wallHash, wallProblem } from '../tiles/wall.ts';
import {
  eventSchema,
  firstRepeat,
  id,
  reason,
  rulesetInPlay,
  seat,
  seatsOf,
  seatsProblem,
  sha256Hash,
  tile,
  wind,
} from './fields.ts';

const die = z.int().min(1).max(6);

/**
 * Where the wall comes from: a recorded seed (shuffleWall), or an order a referee arranged to reconstruct a
 * disputed hand. Either way the hash commits to the order. A seed gives the wall away as surely as the order
 * does: like the order, it must be withheld from players until the hand ends.
 */
const wallSource = z.discriminatedUnion('source', [
  z.strictObject({
    source: z.literal('seed'),
    algorithm: z.literal(WALL_ALGORITHM),
    seed: z.string().min(1),
    hash: sha256Hash,
  }),
  z.strictObject({ source: z.literal('arranged'), order: z.array(tile), hash: sha256Hash }),
]);

/** What frames a hand, however it is recorded (played live, or entered by a table scorer). */
export const handFrame = {
  gameId: id,
  /** The hand's number in the game, from 1; its stream is hand-{gameId}-{hand}. */
  hand: z.int().positive(),
  ruleset: rulesetInPlay,
  prevalentWind: wind,
  /** The player holding each seat wind this hand; East deals. */
  seatWinds: z.partialRecord(seat, id),
};

export const HandStarted = eventSchema(
  'HandStarted',
  1,
  z
    .strictObject({
      ...handFrame,
      /** East's player: the dealer. */
      dealer: id,
      /** How many times the dealer has dealt again in a row (0 on a new dealer's first hand). */
      repeats: z.int().nonnegative(),
      dice: z.tuple([die, die, die]),
      /** 144 tiles with the eight flowers and seasons, 136 without. */
      withFlowers: z.boolean(),
      wall: wallSource,
    })
    .superRefine((data, ctx) => {
      const seats = seatsOf(data.seatWinds);
      const problem = seatsProblem(seats);
      if (problem) ctx.addIssue({ code: 'custom', path: ['seatWinds'], message: problem });
      const repeated = firstRepeat(seats.map((s) => data.seatWinds[s]));
      if (repeated !== undefined)
        ctx.addIssue({ code: 'custom', path: ['seatWinds'], message: `${repeated} holds two winds` });
      if (data.seatWinds.E !== data.dealer)
        ctx.addIssue({
          code: 'custom',
          path: ['dealer'],
          message: `East deals: the dealer is ${data.seatWinds.E ?? 'East’s player'}, not ${data.dealer}`,
        });
      const order =
        data.wall.source === 'seed' ? shuffleWall(data.wall.seed, data.withFlowers) : data.wall.order;
      if (data.wall.source === 'arranged') {
        const wrong = wallProblem(order, data.withFlowers);
        if (wrong) ctx.addIssue({ code: 'custom', path: ['wall', 'order'], message: wrong });
      }
      if (wallHash(order) !== data.wall.hash)
        ctx.addIssue({
          code: 'custom',
          path: ['wall', 'hash'],
          message: `the ${data.wall.source === 'seed' ? 'seed’s wall' : 'arranged wall'} hashes to ${wallHash(order)}`,
        });
    }),
);
export type HandStarted = z.infer<typeof HandStarted>;

/** Every seat's starting tiles, flowers among them (declared and replaced afterwards). */
export const TilesDealt = eventSchema(
  'TilesDealt',
  1,
  z.strictObject({ hands: z.partialRecord(seat, z.array(tile).min(13).max(14)) }).superRefine((data, ctx) => {
    const problem = seatsProblem(seatsOf(data.hands));
    if (problem) ctx.addIssue({ code: 'custom', path: ['hands'], message: problem });
  }),
);
export type TilesDealt = z.infer<typeof TilesDealt>;

/** The order the hand's hash committed to, shown once the hand is over. */
export const WallRevealed = eventSchema(
  'WallRevealed',
  1,
  z.strictObject({ order: z.array(tile), hash: sha256Hash }).superRefine((data, ctx) => {
    const wrong = wallProblem(data.order, data.order.length > 136);
    if (wrong) ctx.addIssue({ code: 'custom', path: ['order'], message: wrong });
    else if (wallHash(data.order) !== data.hash)
      ctx.addIssue({
        code: 'custom',
        path: ['hash'],
        message: `the order hashes to ${wallHash(data.order)}`,
      });
  }),
);
export type WallRevealed = z.infer<typeof WallRevealed>;

/** No winner: the live wall ran out, or a pond reached its length (seed 003: 18 / 20 / 22 discards). */
export const HandDrawn = eventSchema(
  'HandDrawn',
  1,
  z.discriminatedUnion('reason', [
    z.strictObject({ reason: z.literal('wall-exhausted') }),
    z.strictObject({ reason: z.literal('pond-full'), seat, discards: z.int().positive() }),
  ]),
);
export type HandDrawn = z.infer<typeof HandDrawn>;

/** A hand that counts for nothing and is dealt again (seed 004: after a false Mahjong, same dealer). */
export const HandVoided = eventSchema(
  'HandVoided',
  1,
  z.strictObject({ cause: z.enum(['false-win', 'misdeal', 'ruling']), explanation: reason }),
);
export type HandVoided = z.infer<typeof HandVoided>;
