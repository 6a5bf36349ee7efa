// A refusal names the rule that refused, so that a player, a referee and a log all read the same reason.

export type GameRejectionCode =
  | 'game-already-started'
  | 'game-not-started'
  | 'game-over'
  | 'bad-table'
  | 'bad-starting-points'
  | 'wrong-hand'
  | 'unknown-seat'
  | 'deltas-not-zero'
  | 'bad-result'
  | 'hand-not-recorded';

export interface GameRejection {
  readonly code: GameRejectionCode;
  /** The rule that refused, and where it comes from. */
  readonly rule: string;
  readonly message: string;
}

export const GAME_RULES = {
  start: 'a game starts once (game stream)',
  over: 'a finished game records nothing more',
  table: 'seats E, S, then W, then N, one player each; the ruleset sets the number of players',
  points: 'starting points are a whole number, zero or more',
  order: 'hands are recorded in order, from 1',
  seats: 'a hand settles only the seats in play',
  zero: 'points sum to zero per hand (issue 4)',
  result: 'a win names its winners among the seats in play; a self-draw has one winner',
  corrected: 'a correction changes a hand the game has recorded, between the players who sat in it',
} as const;

export const rejectGame = (
  code: GameRejectionCode,
  rule: string,
  message: string,
): { rejection: GameRejection } => ({ rejection: { code, rule, message } });
