// Planning an event's rounds ahead: the shapes the tournament aggregate and the planner share. The planner
// (plan-seating.ts) is pure and deterministic: the same request and seed give the same plan.
import type { PastRound, SeatedTable, SeatingCost, TableSize } from '../types.ts';

export interface PlanRequest {
  /** The players to seat in every planned round (active, registered), in registration order. */
  readonly players: readonly string[];
  /** How many rounds to plan: 1 … MAX_PLAN_ROUNDS. */
  readonly rounds: number;
  readonly allowedSizes: readonly TableSize[];
  /** Recorded with the plan, so that it can be made again and checked. */
  readonly seed: string;
  /** Rounds already seated: their meetings count, and the plan seats those pairs apart where it can. */
  readonly history?: readonly PastRound[];
}

/** One planned round: its tables in seat order E, S, W, N, and the substitutes seated (`substitute-k`). */
export interface PlannedRound {
  readonly tables: readonly SeatedTable[];
  readonly substitutes: readonly string[];
}

/**
 * Where the plan's meetings come from: a construction (a resolvable design), a schedule kept in the code
 * (found by the search, offline), or the search over the whole plan.
 */
export type PlanSource = 'design' | 'schedule' | 'search';

export interface SeatingPlan {
  readonly rounds: readonly PlannedRound[];
  readonly source: PlanSource;
  /** The cost of the history with the planned rounds added. */
  readonly cost: SeatingCost;
}
