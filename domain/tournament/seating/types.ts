// Seating a tournament round: the shapes the tournament aggregate and the seating search share. The search
// itself (seat-round.ts) is pure and deterministic: the same request and seed give the same tables.
import type { Seat } from '../../rules/seats.ts';

export type TableSize = 2 | 3 | 4;

/** One table of a round: the player at each seat wind of its first hand (E deals first). */
export type SeatedTable = Readonly<Partial<Record<Seat, string>>>;

/** A round already played (or seated): its tables, as they sat. */
export interface PastRound {
  readonly tables: readonly SeatedTable[];
}

export type SeatingMethod =
  /** Random draw, then improved against repeat opponents and wind imbalance. */
  | { readonly kind: 'random' }
  /**
   * Swiss: players grouped by standing (best first, as `standings` lists them), then improved within groups
   * of neighbouring standings against repeats and wind imbalance.
   */
  | { readonly kind: 'swiss'; readonly standings: readonly string[] }
  /** The organizer's own tables, each listed in seat order E, S, W, N; checked, never changed. */
  | { readonly kind: 'uploaded'; readonly tables: readonly (readonly string[])[] };

export interface SeatingRequest {
  /** The players to seat this round (active, registered; withdrawn ones left out). */
  readonly players: readonly string[];
  /** Table sizes the ruleset allows, e.g. [4] or [4, 3, 2]. Substitutes fill the rest when only 4 is allowed. */
  readonly allowedSizes: readonly TableSize[];
  readonly history: readonly PastRound[];
  readonly method: SeatingMethod;
  /** Recorded in the round's event, so the seating can be computed again and checked. */
  readonly seed: string;
}

/** How good a seating history is: lower is better. */
export interface SeatingCost {
  /** Pairs of players who have met more than once, counted once per extra meeting. */
  readonly repeatPairs: number;
  /** Of those, meetings in two consecutive rounds. */
  readonly consecutiveRepeats: number;
  /** Sum over players of (most times at one wind − fewest times at one wind) over the seats of their tables. */
  readonly windImbalance: number;
}

export interface Seating {
  readonly tables: readonly SeatedTable[];
  /** Substitute ids seated to fill tables of 4 (`substitute-1`, …): their results never count. */
  readonly substitutes: readonly string[];
  /** The cost of the history with this round added. */
  readonly cost: SeatingCost;
}
