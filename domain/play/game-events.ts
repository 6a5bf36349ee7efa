// Events of the game stream (game-{id}): one game at one table, from its seating to its final scores.
import { z } from 'zod';
import { eventSchema, firstRepeat, id, isoTime, rulesetInPlay, seat, seatsProblem, wind } from './fields.ts';

const gameEnd = z.discriminatedUnion('kind', [
  /** After the round of this prevalent wind: South by default (seed 003). */
  z.strictObject({ kind: z.literal('rounds'), last: wind }),
  z.strictObject({ kind: z.literal('hands'), count: z.int().positive() }),
  /** No hand starts after this time. */
  z.strictObject({ kind: z.literal('time-limit'), at: isoTime }),
]);

export const GameStarted = eventSchema(
  'GameStarted',
  1,
  z
    .strictObject({
      gameId: id,
      tournamentId: id.nullable(),
      ruleset: rulesetInPlay,
      /** Who sits where for the first hand; seats are that hand's winds, East deals. */
      players: z
        .array(z.strictObject({ playerId: id, seat }))
        .min(2)
        .max(4),
      startingPoints: z.int(),
      end: gameEnd,
    })
    .superRefine((data, ctx) => {
      const seats = data.players.map((p) => p.seat);
      const problem = seatsProblem(seats);
      if (problem) ctx.addIssue({ code: 'custom', path: ['players'], message: problem });
      const repeated = firstRepeat(data.players.map((p) => p.playerId));
      if (repeated !== undefined)
        ctx.addIssue({ code: 'custom', path: ['players'], message: `${repeated} has two seats` });
      const players = data.ruleset.options.players;
      if (typeof players === 'number' && players !== data.players.length)
        ctx.addIssue({
          code: 'custom',
          path: ['players'],
          message: `the ruleset seats ${players} players, not ${data.players.length}`,
        });
    }),
);
export type GameStarted = z.infer<typeof GameStarted>;

export const GameFinished = eventSchema(
  'GameFinished',
  1,
  z
    .strictObject({
      reason: z.enum(['rounds-complete', 'hand-limit', 'time-limit', 'stopped-by-organizer']),
      hands: z.int().nonnegative(),
      /** Final points per player, penalties and kitty included. */
      scores: z
        .array(z.strictObject({ playerId: id, points: z.int() }))
        .min(2)
        .max(4),
    })
    .refine((data) => firstRepeat(data.scores.map((s) => s.playerId)) === undefined, {
      message: 'each player has one final score',
      path: ['scores'],
    }),
);
export type GameFinished = z.infer<typeof GameFinished>;
