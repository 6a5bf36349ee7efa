// The seating-quality report (issue 11): repeat pairs named with their rounds, consecutive repeats, each
// player's winds and the table numbers they came back to; substitutes left out.
import { describe, expect, it } from 'vitest';
import { seatingCost } from './cost.ts';
import { seatingQuality } from './quality.ts';
import type { PastRound } from './types.ts';

const round = (...tables: string[][]): PastRound => ({
  tables: tables.map(([E, S, W, N]) => ({ E, S, W, ...(N === undefined ? {} : { N }) })),
});

describe('seatingQuality', () => {
  it('names the pairs that met again, when, and the table numbers players came back to', () => {
    const rounds = [
      round(['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']),
      round(['a', 'b', 'e', 'f'], ['c', 'd', 'g', 'h']),
      round(['e', 'a', 'g', 'substitute-1'], ['b', 'c', 'h', 'f']),
    ];
    const report = seatingQuality(rounds);
    expect(report).toMatchObject({ rounds: 3, ...seatingCost(rounds) });
    expect(report.pairs).toEqual([
      { players: ['a', 'b'], rounds: [1, 2] },
      { players: ['a', 'e'], rounds: [2, 3] },
      { players: ['b', 'c'], rounds: [1, 3] },
      { players: ['b', 'f'], rounds: [2, 3] },
      { players: ['c', 'd'], rounds: [1, 2] },
      { players: ['c', 'h'], rounds: [2, 3] },
      { players: ['e', 'f'], rounds: [1, 2] },
      { players: ['e', 'g'], rounds: [1, 3] },
      { players: ['f', 'h'], rounds: [1, 3] },
      { players: ['g', 'h'], rounds: [1, 2] },
    ]);
    expect(report.repeatPairs).toBe(10);
    // a, b sat at table 1 in rounds 1 and 2; a again in round 3; e, f at table 2 then 1…
    expect(report.revisits).toContainEqual({ playerId: 'a', table: 1, rounds: [1, 2, 3] });
    expect(report.tableRevisits).toBe(report.revisits.reduce((sum, r) => sum + r.rounds.length - 1, 0));
    expect(report.windBalance.find((w) => w.playerId === 'a')).toEqual({
      playerId: 'a',
      winds: { E: 2, S: 1, W: 0, N: 0 },
      imbalance: 2,
    });
    expect(report.windBalance.map((w) => w.playerId)).not.toContain('substitute-1');
  });

  it('numbers rounds from `firstRound`', () => {
    const rounds = [round(['a', 'b', 'c', 'd']), round(['a', 'b', 'c', 'd'])];
    expect(seatingQuality(rounds, 4).pairs[0]).toEqual({ players: ['a', 'b'], rounds: [4, 5] });
  });
});
