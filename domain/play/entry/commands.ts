// What a table scorer, referee or organizer enters for a hand played at a physical table. The service fills
// the context from the game (the deal the game says this hand is played with); the decider reads no clock.
import type { z } from 'zod';
import type { Seat } from '../../rules/seats.ts';
import type { ENTRY_ROLES, EnteredResult } from '../entry-events.ts';
import type { rulesetInPlay } from '../fields.ts';

/** An ISO 8601 time with offset, as the command was received. */
export type At = string;

/** The hand's frame, as the game state gives it for hand `hand`. */
export interface EntryContext {
  readonly gameId: string;
  /** The rules in play, options and hash (the game's ruleset). */
  readonly ruleset: z.input<typeof rulesetInPlay>;
  /** The player at each seat wind this hand; E deals. */
  readonly seatWinds: Partial<Record<Seat, string>>;
  readonly prevalentWind: Seat;
  /** Dealer repeats; table law's streak count n (seed 004), sent to the contract as dealerRepeats. */
  readonly repeats: number;
}

/**
 * The result as entered, in the score contract's own terms for its parts (claims with tiles or a declared
 * handScore, loserScores, penalties): a win (one claim, or several on one discard), an exhaustive draw with the
 * seats that were ready, or a void.
 */
export type EntryResult = EnteredResult;

/** One claim of an entered win, in the contract's notation (tiles or a declared handScore). */
export type ClaimAsGiven = Extract<EntryResult, { kind: 'win' }>['claims'][number];

export interface EnterHandResult {
  readonly type: 'EnterHandResult';
  /** The hand's number in the game: its stream is hand-{gameId}-{hand}. */
  readonly hand: number;
  readonly context: EntryContext;
  readonly result: EntryResult;
  readonly at: At;
  readonly by: { readonly role: (typeof ENTRY_ROLES)[number]; readonly id: string };
}
