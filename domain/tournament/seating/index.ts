// Tournament seating (DESIGN.md "The domain"): table sizes, the seating search and its cost.
export { playersAt, seatingCost, windImbalanceByPlayer } from './cost.ts';
export { SeatingError } from './errors.ts';
export { W_CONSECUTIVE, W_REPEAT, W_WIND } from './history.ts';
export * from './plan/index.ts';
export {
  type RepeatedPair,
  type SeatingQuality,
  seatingQuality,
  type TableRevisit,
  type WindBalance,
} from './quality.ts';
export { SEATING_ALGORITHM } from './random.ts';
export { REPEAT_STEPS_PER_PLAYER } from './repeats.ts';
export { WIND_SWAPS_PER_PLAYER } from './search.ts';
export { seatRound } from './seat-round.ts';
export { isSubstitute, substituteId } from './substitutes.ts';
export { type TablePlan, tableSizesFor } from './table-sizes.ts';
export type * from './types.ts';
