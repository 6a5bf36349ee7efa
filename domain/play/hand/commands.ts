// What players, referees and the table clock ask of a hand. Time, ids and seeds come in here: the decider
// reads no clock and makes no randomness.
import type { Claim } from '../../rules/claims/index.ts';
import type { Ruleset } from '../../rules/rulesets/index.ts';
import type { Seat } from '../../rules/seats.ts';
import type { Dice, Tile } from '../../tiles/index.ts';

/** An ISO 8601 time with offset, as the command was received. */
export type At = string;

export type WallSpec =
  | { readonly source: 'seed'; readonly seed: string }
  /** A referee's reconstruction: the order tiles leave the wall, and the dice that were thrown. */
  | { readonly source: 'arranged'; readonly order: readonly Tile[]; readonly dice: Dice };

export interface StartHand {
  readonly type: 'StartHand';
  readonly gameId: string;
  readonly hand: number;
  readonly ruleset: Ruleset;
  readonly prevalentWind: Seat;
  /** The player at each seat; E deals. Two to four seats: E, S, then W, then N. */
  readonly seatWinds: Partial<Record<Seat, string>>;
  readonly repeats: number;
  readonly wall: WallSpec;
  readonly at: At;
}

export interface Discard {
  readonly type: 'Discard';
  readonly seat: Seat;
  readonly tile: Tile;
  readonly at: At;
}

export interface MakeClaim {
  readonly type: 'MakeClaim';
  readonly seat: Seat;
  readonly claim: Claim;
  /** A win under a declared-score preset (every preset but hu-mahjong) says what the hand is worth. */
  readonly handScore?: number;
  /** chinese-classical (seed 002): every other seat's final hand score, counted with the win. */
  readonly loserScores?: Partial<Record<Seat, number>>;
  readonly at: At;
}

export interface Pass {
  readonly type: 'Pass';
  readonly seat: Seat;
  readonly at: At;
}

/** The table clock at the deadline: every eligible seat that has not answered has passed. */
export interface CloseWindow {
  readonly type: 'CloseWindow';
  readonly at: At;
}

/** A win on the tile the seat just drew. */
export interface DeclareSelfDraw {
  readonly type: 'DeclareSelfDraw';
  readonly seat: Seat;
  readonly handScore?: number;
  readonly loserScores?: Partial<Record<Seat, number>>;
  readonly at: At;
}

/**
 * A referee finds a seat with too many or too few tiles (table-law, seed 004): `held` is the count found. The
 * seat plays and pays on, but never wins, claims or declares a set.
 */
export interface DeclareDeadHand {
  readonly type: 'DeclareDeadHand';
  readonly seat: Seat;
  readonly held: number;
  readonly at: At;
}

/**
 * A kong on the seat's own turn, after a draw: four tiles held (concealed), or the fourth added to an exposed
 * pong. Either is offered to the table first, to be robbed (seed 001), then the replacement is drawn.
 */
export interface DeclareKong {
  readonly type: 'DeclareKong';
  readonly seat: Seat;
  readonly tile: Tile;
  readonly kind: 'concealed' | 'added';
  readonly at: At;
}

/**
 * Seed 004, the dealer streak: East places or turns the die after the deal, before discarding the first tile
 * (table-law, during a streak). Without it the hand is played with the die forgotten.
 */
export interface PlaceStreakDie {
  readonly type: 'PlaceStreakDie';
  readonly seat: Seat;
  readonly at: At;
}

/**
 * A referee charges `seat` for an unshown concealed gong of the previous hand (table-law, seed 004): 10 to each
 * opponent, once East has discarded the first tile of this hand.
 */
export interface ChargeUnshownGong {
  readonly type: 'ChargeUnshownGong';
  readonly seat: Seat;
  readonly at: At;
}

/**
 * A referee voids the hand in play by a ruling (a misdeal found late, a disturbed wall): it counts for nothing
 * and the game deals again with the same dealer. `reason` is the explanation recorded.
 */
export interface VoidHand {
  readonly type: 'VoidHand';
  readonly reason: string;
  readonly at: At;
}

export type HandCommand =
  | StartHand
  | Discard
  | MakeClaim
  | Pass
  | CloseWindow
  | DeclareSelfDraw
  | DeclareKong
  | DeclareDeadHand
  | PlaceStreakDie
  | ChargeUnshownGong
  | VoidHand;
