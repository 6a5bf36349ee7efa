// What an organizer, a referee or the hand service asks of a game. Time comes in with the command: the
// decider reads no clock.
import type { Ruleset } from '../../rules/rulesets/index.ts';
import type { Seat } from '../../rules/seats.ts';
import type { GameStarted } from '../game-events.ts';

/** An ISO 8601 time with offset, as the command was received. */
export type At = string;

export type GameEnd = GameStarted['data']['end'];

export interface StartGame {
  readonly type: 'StartGame';
  readonly gameId: string;
  readonly tournamentId?: string | null;
  readonly ruleset: Ruleset;
  /** Who sits where for the first hand: E deals first. */
  readonly players: readonly { readonly playerId: string; readonly seat: Seat }[];
  /** Defaults per preset (README.md "Starting points"). */
  readonly startingPoints?: number;
  /** After the South round by default (seed 003). */
  readonly end?: GameEnd;
  readonly at: At;
}

export type HandResult =
  | {
      readonly kind: 'won';
      readonly winners: readonly Seat[];
      readonly selfDraw?: boolean;
      /** Table law: the self-draw winner took the kitty in time (default true). */
      readonly kittyCollected?: boolean;
    }
  | { readonly kind: 'drawn'; readonly dealerReady?: boolean }
  | { readonly kind: 'voided' };

/** A finished hand as the game counts it: its number, how it ended, and its settlement per seat. */
export interface RecordHandResult {
  readonly type: 'RecordHandResult';
  readonly hand: number;
  readonly result: HandResult;
  /** Points per seat of that hand (seat winds, not players), penalties included; they sum to zero. */
  readonly deltas: Readonly<Partial<Record<Seat, number>>>;
  readonly at: At;
}

/** The organizer ends the game; at or after a time limit's deadline it ends by the time limit. */
export interface StopGame {
  readonly type: 'StopGame';
  readonly at: At;
}

/** A recorded hand's settlement was corrected in its hand stream: the game counts the change. */
export interface CorrectHandResult {
  readonly type: 'CorrectHandResult';
  readonly hand: number;
  /** The hand stream's SettlementCorrected, by event id. */
  readonly correction: string;
  /** Who held each seat wind that hand (its HandStarted or HandResultEntered). */
  readonly seatWinds: Readonly<Partial<Record<Seat, string>>>;
  /** Per seat: the hand's points after less before. */
  readonly deltas: Readonly<Partial<Record<Seat, number>>>;
  readonly at: At;
}

export type GameCommand = StartGame | RecordHandResult | StopGame | CorrectHandResult;
