// Schedules kept in the code: rounds with no repeat pair that no construction of designs.ts gives.
import type { PointRound } from './designs.ts';

/** Rounds over `points` points kept here, or none. */
export function knownSchedules(_points: number): PointRound[] {
  return [];
}
