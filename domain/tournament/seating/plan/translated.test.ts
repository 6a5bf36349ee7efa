// The 32-point schedule kept as translation orbits (schedules.ts, translated.ts): ten rounds of the social
// golfer instance 8-4-10, no pair twice, and the symmetry its comment claims.
import { describe, expect, it } from 'vitest';
import type { PointRound } from './designs.ts';
import { knownSchedules } from './schedules.ts';
import { developTranslated } from './translated.ts';

const key = (table: readonly number[]) => [...table].sort((a, b) => a - b).join(',');
const roundKey = (round: PointRound) => round.map(key).sort().join(' ');

/** How many times each pair {a, b}, a < b, sits at one table over the rounds. */
function meetings(rounds: readonly PointRound[], points: number): number[] {
  const met = new Array<number>(points * points).fill(0);
  for (const round of rounds)
    for (const table of round)
      for (const a of table) for (const b of table) if (a < b) met[a * points + b]! += 1;
  return met;
}

describe('developTranslated', () => {
  it('given a round kept by {0, 1} with a twin by 2, then it gives the tables and their translates, then the twin', () => {
    const rounds = developTranslated([{ tables: [[0, 2, 8, 10]], under: [0, 1], twin: 4 }]);
    expect(rounds).toEqual([
      [
        [0, 2, 8, 10],
        [1, 3, 9, 11],
      ],
      [
        [4, 6, 12, 14],
        [5, 7, 13, 15],
      ],
    ]);
  });
});

describe('the 32-point schedule (8-4-10)', () => {
  const rounds = knownSchedules(32);

  it('has 10 rounds of 8 tables of 4, each seating all 32 points once', () => {
    expect(rounds).toHaveLength(10);
    for (const round of rounds) {
      expect(round).toHaveLength(8);
      for (const table of round) expect(table).toHaveLength(4);
      expect([...round.flat()].sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, p) => p));
    }
  });

  it('seats no pair twice, and the only pairs that never meet are p and p XOR 1', () => {
    const met = meetings(rounds, 32);
    for (let a = 0; a < 32; a++)
      for (let b = a + 1; b < 32; b++) expect([a, b, met[a * 32 + b]]).toEqual([a, b, b === (a ^ 1) ? 0 : 1]);
  });

  it('is mapped onto itself by every translation p → p XOR g', () => {
    const all = rounds.map(roundKey).sort();
    for (let g = 0; g < 8; g++) {
      const moved = rounds.map((round) => roundKey(round.map((table) => table.map((p) => p ^ g)))).sort();
      expect([g, moved]).toEqual([g, all]);
    }
  });
});
