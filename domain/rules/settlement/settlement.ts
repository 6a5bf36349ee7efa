// What every payment scheme answers: who won, whose claim lapsed and why, and itemised transfers that sum
// to zero, so that an auditor can see why each point moved.
import type { Seat, Transfer } from '../seats.ts';

export interface SettledWinner {
  readonly seat: Seat;
  /** The hand score the winner declared or scored. */
  readonly handScore: number;
  /** What the winner is paid on: the hand score, or its part above the running maximum (score priority). */
  readonly effectiveScore: number;
}

export interface Settlement {
  readonly winners: readonly SettledWinner[];
  readonly lapsed: readonly { readonly seat: Seat; readonly reason: string }[];
  readonly transfers: readonly Transfer[];
}

/** Several wins on one tile: seed 000 names the three ways. */
export type MultipleWinners = 'head-bump' | 'multiple' | 'score-priority';
