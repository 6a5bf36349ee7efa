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

export type StreamRef =
  | { readonly kind: 'tournament'; readonly tournamentId: string }
  | { readonly kind: 'game'; readonly gameId: string }
  | { readonly kind: 'hand'; readonly gameId: string; readonly hand: number }
  | { readonly kind: 'other' };

/** What a stream name says: tournament-{id}, game-{id}, hand-{gameId}-{n}. */
export function streamRef(stream: string): StreamRef {
  if (stream.startsWith('tournament-')) return { kind: 'tournament', tournamentId: stream.slice(11) };
  if (stream.startsWith('game-')) return { kind: 'game', gameId: stream.slice(5) };
  const hand = /^hand-(.+)-(\d+)$/.exec(stream);
  if (hand !== null) return { kind: 'hand', gameId: hand[1]!, hand: Number(hand[2]) };
  return { kind: 'other' };
}
