// Schedules kept in the code: rounds with no repeat pair that no construction of designs.ts gives, found
// offline by our own searches and checked by plan-seating.test.ts. How each was found is said beside it, so
// that anyone can find it again.
import { type CyclicSchedule, developCyclic } from './cyclic.ts';
import type { PointRound } from './designs.ts';
import { developTranslated, type TranslatedRound } from './translated.ts';

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

/**
 * 32 players over 10 rounds with no repeat (the social golfer instance 8-4-10): each player meets 30 of the 31
 * others once and never meets p XOR 1. The rounds are kept by the 8 translations p → p XOR g (translated.ts):
 * four rounds by all of them, three pairs of twin rounds each kept by a subgroup of 4 containing p → p XOR 1,
 * the symmetry a published solution of 8-4-10 turned out to have (its automorphism group is these 8
 * translations: docs/seating.md "32 × 10"). Found under that symmetry, exactly as kept here, by
 * `npx tsx test/seating/find-translated.ts` (36,904 table orbits; CaDiCaL 1.5.3 answers in about 40 s).
 */
const THIRTY_TWO: readonly TranslatedRound[] = [
  {
    tables: [
      [0, 6, 17, 23],
      [8, 11, 13, 14],
      [24, 26, 28, 30],
    ],
    under: [0, 1, 2, 3, 4, 5, 6, 7],
  },
  {
    tables: [
      [0, 2, 5, 7],
      [10, 13, 26, 29],
      [16, 19, 20, 23],
    ],
    under: [0, 1, 2, 3, 4, 5, 6, 7],
  },
  { tables: [[0, 8, 19, 29]], under: [0, 1, 2, 3, 4, 5, 6, 7] },
  { tables: [[0, 9, 16, 31]], under: [0, 1, 2, 3, 4, 5, 6, 7] },
  {
    tables: [
      [0, 13, 21, 30],
      [4, 10, 16, 24],
    ],
    under: [0, 1, 2, 3],
    twin: 4,
  },
  {
    tables: [
      [0, 3, 25, 26],
      [4, 8, 22, 28],
      [12, 14, 17, 19],
    ],
    under: [0, 1, 2, 3],
    twin: 4,
  },
  {
    tables: [
      [0, 10, 22, 27],
      [2, 6, 9, 13],
      [16, 21, 25, 28],
    ],
    under: [0, 1, 4, 5],
    twin: 2,
  },
];

/** Rounds over `points` points kept here, or none. */
export function knownSchedules(points: number): PointRound[] {
  switch (points) {
    case 28:
      return developCyclic(TWENTY_EIGHT);
    case 32:
      return developTranslated(THIRTY_TWO);
    default:
      return [];
  }
}
