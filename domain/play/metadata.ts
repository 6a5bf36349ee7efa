// Who acted, when, and in answer to what (DESIGN.md "Events"). Time and ids come in with the command: the
// domain reads no clock and makes no ids.
import { z } from 'zod';
import { id, isoTime, seat } from './fields.ts';

// A scorer enters the hands of one physical table (a scorer token of the API).
export const ACTOR_ROLES = ['organizer', 'referee', 'player', 'scorer', 'system'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

export const EventMetadata = z.strictObject({
  actor: z
    .strictObject({
      role: z.enum(ACTOR_ROLES),
      /** The seat a player acted from, or a referee acted for. */
      seat: seat.optional(),
      /** The person or process: a player, organizer or referee id, or the worker's name. */
      id: id.optional(),
    })
    .refine((actor) => actor.role !== 'player' || actor.seat !== undefined, {
      message: 'a player acts from a seat',
      path: ['seat'],
    }),
  /** When the command was received, as the command says. */
  at: isoTime,
  /** The command, request or job every event of one decision shares. */
  correlationId: id,
  /** The event (or command) this one answers: a claim window opened by a discard, a payment by a meld. */
  causationId: id.optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** The stream of one game at one table. */
export const gameStream = (gameId: string): string => `game-${gameId}`;

/** The stream of one hand: the unit of replay and of recomputation. Hands count from 1. */
export const handStream = (gameId: string, hand: number): string => `hand-${gameId}-${hand}`;
