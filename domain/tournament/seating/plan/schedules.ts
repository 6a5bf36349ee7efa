// Schedules kept in the code: rounds with no repeat pair that no construction of designs.ts gives, found
// offline by our own searches and checked by plan-seating.test.ts. How each was found is said beside it, so
// that anyone can find it again.
import { type CyclicSchedule, developCyclic } from './cyclic.ts';
import type { PointRound } from './designs.ts';

/**
 * 28 players over 9 rounds, every pair meeting exactly once (a resolvable 2-(28, 4, 1) design; RTD(4, 7) gives
 * 7 rounds). Found by `searchCyclic(7, 2, { nodes: 1_000_000, draw: seatingDraw('schedules',
 * 'mahjong-ledger/seating-plan-search/1') })` (cyclic.ts) in 3.5 s:
 *
 *     npx tsx -e "import('./domain/tournament/seating/plan/cyclic.ts').then(async (c) => { const { seatingDraw } =
 *       await import('./domain/tournament/seating/random.ts'); console.log(JSON.stringify(c.searchCyclic(7, 2,
 *       { nodes: 1e6, draw: seatingDraw('schedules', 'mahjong-ledger/seating-plan-search/1') }))) })"
 */
const TWENTY_EIGHT: CyclicSchedule = {
  modulus: 7,
  base: [
    [0, 4, 15, 17],
    [1, 2, 21, 24],
    [3, 5, 7, 8],
    [6, 12, 18, 23],
    [9, 11, 14, 20],
    [10, 13, 25, 26],
    [16, 19, 22, 27],
  ],
  fixed: [[[0, 7, 14, 21]], [[0, 8, 16, 25]]],
};

/** Rounds over `points` points kept here, or none. */
export function knownSchedules(points: number): PointRound[] {
  switch (points) {
    case 28:
      return developCyclic(TWENTY_EIGHT);
    default:
      return [];
  }
}
