// Repairing a plan (issue 11): a withdrawal, a replacement or a newcomer changes only the seats it must, the
// table sizes stay those a round would have, and the repeats the changes cause are counted.
import { describe, expect, it } from 'vitest';
import { SEATS } from '../../../rules/seats.ts';
import { isSubstitute } from '../substitutes.ts';
import { tableSizesFor } from '../table-sizes.ts';
import type { SeatedTable, TableSize } from '../types.ts';
import { planSeating } from './plan-seating.ts';
import { repairPlan } from './repair.ts';
import type { PlannedRound } from './types.ts';

const playerIds = (count: number) =>
  Array.from({ length: count }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const seated = (table: SeatedTable) => SEATS.flatMap((seat) => table[seat] ?? []);
const tableOf = (round: PlannedRound, id: string) => round.tables.findIndex((t) => seated(t).includes(id));
const without = (players: readonly string[], ...gone: string[]) => players.filter((id) => !gone.includes(id));
const planFor = (count: number, rounds: number, allowedSizes: TableSize[] = [4]) =>
  planSeating({ players: playerIds(count), rounds, allowedSizes, seed: 'repair' }).rounds;

/** Every active player once a round, at the sizes and with the substitutes a round of that count has. */
function expectLayout(
  rounds: readonly PlannedRound[],
  players: readonly string[],
  allowedSizes: TableSize[],
) {
  const layout = tableSizesFor(players.length, allowedSizes);
  for (const round of rounds) {
    expect(
      round.tables
        .flatMap(seated)
        .filter((id) => !isSubstitute(id))
        .sort(),
    ).toEqual([...players].sort());
    expect(round.tables.map((t) => seated(t).length).sort()).toEqual([...layout.sizes].sort());
    expect(round.substitutes).toHaveLength(layout.substitutes);
    // Substitutes one per table while a table has none.
    const perTable = round.tables.map((t) => seated(t).filter(isSubstitute).length);
    expect(Math.max(0, ...perTable) - Math.min(...perTable)).toBeLessThanOrEqual(1);
  }
}

describe('repairPlan', () => {
  it('changes nothing when the players are those planned', () => {
    const rounds = planFor(32, 4);
    const repair = repairPlan({
      rounds,
      history: [],
      players: playerIds(32),
      replacements: new Map(),
      allowedSizes: [4],
    });
    expect(repair).toEqual({ rounds, changes: [], repeatsCaused: 0 });
  });

  it('given 32 at tables of 4, when p05 withdraws, then a substitute takes their seat in every round and nobody moves', () => {
    const rounds = planFor(32, 6);
    const players = without(playerIds(32), 'p05');
    const repair = repairPlan({ rounds, history: [], players, replacements: new Map(), allowedSizes: [4] });
    expect(repair.changes).toEqual([]);
    expect(repair.repeatsCaused).toBe(0);
    expectLayout(repair.rounds, players, [4]);
    repair.rounds.forEach((round, r) => {
      round.tables.forEach((table, t) => {
        const planned = rounds[r]!.tables[t]!;
        for (const seat of SEATS)
          expect(table[seat]).toBe(planned[seat] === 'p05' ? 'substitute-1' : planned[seat]);
      });
    });
  });

  it('given 31 at tables of 4, when a player at the substitute’s table withdraws, then one player moves there from a full table', () => {
    const rounds = planFor(31, 6);
    // Someone seated with the substitute in round 1.
    const withSubstitute = rounds[0]!.tables.find((t) => seated(t).some(isSubstitute))!;
    const gone = seated(withSubstitute).find((id) => !isSubstitute(id))!;
    const players = without(playerIds(31), gone);
    const repair = repairPlan({ rounds, history: [], players, replacements: new Map(), allowedSizes: [4] });
    expectLayout(repair.rounds, players, [4]);
    const round1 = repair.changes.filter((c) => c.round === 0);
    expect(round1).toHaveLength(1);
    expect(round1[0]!.to).toBe(rounds[0]!.tables.indexOf(withSubstitute) + 1);
    // Every round changes at most the one seat it must.
    for (let r = 0; r < 6; r++)
      expect(repair.changes.filter((c) => c.round === r).length).toBeLessThanOrEqual(1);
  });

  it('at [4, 3, 2], given 30 (six tables of 4, two of 3), when a player at a table of 3 withdraws, then one player of a table of 4 joins it', () => {
    const rounds = planFor(30, 5, [4, 3, 2]);
    const three = rounds[0]!.tables.find((t) => seated(t).length === 3)!;
    const gone = seated(three)[0]!;
    const players = without(playerIds(30), gone);
    const repair = repairPlan({
      rounds,
      history: [],
      players,
      replacements: new Map(),
      allowedSizes: [4, 3, 2],
    });
    expectLayout(repair.rounds, players, [4, 3, 2]);
    expect(repair.rounds[0]!.tables.map((t) => seated(t).length)).not.toContain(2);
    expect(repair.changes.filter((c) => c.round === 0)).toHaveLength(1);
  });

  it('a replacement takes the seat of the player replaced, following a chain of replacements', () => {
    const rounds = planFor(16, 5);
    const replacements = new Map([
      ['p03', 'zoe'],
      ['zoe', 'yan'],
    ]);
    const players = [...without(playerIds(16), 'p03'), 'yan'];
    const repair = repairPlan({ rounds, history: [], players, replacements, allowedSizes: [4] });
    expect(repair.repeatsCaused).toBe(0);
    repair.rounds.forEach((round, r) => {
      expect(tableOf(round, 'yan')).toBe(tableOf(rounds[r]!, 'p03'));
    });
    expect(repair.changes.map((c) => [c.round, c.playerId, c.replaces])).toEqual(
      [0, 1, 2, 3, 4].map((r) => [r, 'yan', 'p03']),
    );
  });

  it('given 32 at tables of 4, when a newcomer registers, then a ninth table opens and the plan changes only where it must', () => {
    const rounds = planFor(32, 3);
    const players = [...playerIds(32), 'new'];
    const repair = repairPlan({ rounds, history: [], players, replacements: new Map(), allowedSizes: [4] });
    expectLayout(repair.rounds, players, [4]);
    // 33 at [4]: nine tables, three substitutes; the newcomer and two others sit at the new table.
    for (let r = 0; r < 3; r++) {
      const changes = repair.changes.filter((c) => c.round === r);
      expect(changes.map((c) => c.playerId)).toContain('new');
      expect(changes.length).toBeLessThanOrEqual(3);
    }
  });
});
