// Planned seating (issue 11 item 7): zero repeat pairs wherever the designs, the kept schedules or the search
// reach it, each wind as evenly as the rounds allow, and seatRound's table sizes and substitutes.
import { describe, expect, it } from 'vitest';
import { SEATS } from '../../../rules/seats.ts';
import { seatingCost, windImbalanceByPlayer } from '../cost.ts';
import { SeatingError } from '../errors.ts';
import { seatRound } from '../seat-round.ts';
import { isSubstitute } from '../substitutes.ts';
import type { PastRound, SeatedTable } from '../types.ts';
import { designRounds } from './designs.ts';
import { galoisField } from './galois.ts';
import { MAX_PLAN_ROUNDS, planSeating } from './plan-seating.ts';
import type { PlanRequest } from './types.ts';

const playerIds = (count: number) =>
  Array.from({ length: count }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const seated = (table: SeatedTable) => SEATS.flatMap((seat) => table[seat] ?? []);
const request = (count: number, rounds: number, more: Partial<PlanRequest> = {}): PlanRequest => ({
  players: playerIds(count),
  rounds,
  allowedSizes: [4],
  seed: 'spring-seed:plan-1',
  ...more,
});
const asHistory = (rounds: readonly { tables: readonly SeatedTable[] }[]): PastRound[] =>
  rounds.map((r) => ({ tables: r.tables }));

/** Times each player sat at each wind, E S W N. */
function windCounts(rounds: readonly PastRound[]): Map<string, number[]> {
  const counts = new Map<string, number[]>();
  for (const round of rounds)
    for (const table of round.tables)
      SEATS.forEach((seat, s) => {
        const id = table[seat];
        if (id === undefined || isSubstitute(id)) return;
        const held = counts.get(id) ?? [0, 0, 0, 0];
        held[s]! += 1;
        counts.set(id, held);
      });
  return counts;
}

/** Every player of the request once per round, at tables of 4 (substitutes filling). */
function expectEveryoneOnce(plan: ReturnType<typeof planSeating>, players: readonly string[]) {
  for (const round of plan.rounds) {
    const ids = round.tables.flatMap(seated).filter((id) => !isSubstitute(id));
    expect([...ids].sort()).toEqual([...players].sort());
  }
}

describe('the constructions', () => {
  it('GF(q) is a field for the prime powers the designs use', () => {
    for (const q of [4, 5, 7, 8, 9, 16]) {
      const field = galoisField(q)!;
      for (let a = 1; a < q; a++) {
        // Every non-zero element has an inverse, and multiplication distributes over addition.
        expect(Array.from({ length: q }, (_, b) => field.mul(a, b)).sort((x, y) => x - y)).toEqual(
          Array.from({ length: q }, (_, b) => b),
        );
        for (let b = 0; b < q; b++)
          for (let c = 0; c < q; c++)
            expect(field.mul(a, field.add(b, c))).toBe(field.add(field.mul(a, b), field.mul(a, c)));
      }
    }
    expect(galoisField(6)).toBeUndefined();
  });

  it('RTD(4, q) and its groups give rounds with no pair twice: 16 → 5 (AG(2, 4)), 32 → 9, 64 → 21', () => {
    const counts: Record<number, number> = {};
    for (const points of [16, 20, 28, 32, 36, 64]) {
      const rounds = designRounds(points);
      counts[points] = rounds.length;
      const history = rounds.map((round) => ({
        tables: round.map((table) => ({
          E: `${table[0]}`,
          S: `${table[1]}`,
          W: `${table[2]}`,
          N: `${table[3]}`,
        })),
      }));
      expect(seatingCost(history).repeatPairs).toBe(0);
      for (const round of rounds) expect(new Set(round.flat()).size).toBe(points);
    }
    expect(counts).toEqual({ 16: 5, 20: 5, 28: 7, 32: 9, 36: 9, 64: 21 });
  });
});

describe('planSeating', () => {
  it('given 16 players, when 5 rounds are planned, then nobody meets anyone twice (the affine plane AG(2, 4))', () => {
    const plan = planSeating(request(16, 5));
    expect(plan.rounds).toHaveLength(5);
    expectEveryoneOnce(plan, playerIds(16));
    expect(plan.source).toBe('design');
    expect(plan.cost.repeatPairs).toBe(0);
    // Everyone meets all 15 others: 5 rounds × 3.
    expect(seatingCost(asHistory(plan.rounds))).toMatchObject({ repeatPairs: 0, consecutiveRepeats: 0 });
  });

  it('given 32 players, when 8 rounds are planned, then no pair meets twice and everyone sits each wind exactly twice', () => {
    const plan = planSeating(request(32, 8));
    expectEveryoneOnce(plan, playerIds(32));
    expect(plan.cost).toEqual({ repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 });
    for (const [id, winds] of windCounts(asHistory(plan.rounds)))
      expect([id, winds]).toEqual([id, [2, 2, 2, 2]]);
  });

  it('given 32 players, when 10 rounds are planned, then no pair meets twice (the social golfer instance 8-4-10), where round by round repeats many', () => {
    const players = playerIds(32);
    const plan = planSeating(request(32, 10));
    expectEveryoneOnce(plan, players);
    expect(plan.source).toBe('schedule');
    expect(plan.cost.repeatPairs).toBe(0);
    expect(seatingCost(asHistory(plan.rounds))).toMatchObject({ repeatPairs: 0, consecutiveRepeats: 0 });
    const history: PastRound[] = [];
    for (let r = 1; r <= 10; r++)
      history.push({
        tables: seatRound({ players, allowedSizes: [4], history, method: { kind: 'random' }, seed: `r-${r}` })
          .tables,
      });
    const byRound = seatingCost(history).repeatPairs;
    console.log(`32 players over 10 rounds: planned 0 repeat pairs, round by round ${byRound}`);
    expect(byRound).toBeGreaterThan(0);
    // 10 rounds: each wind 2 or 3 times.
    for (const winds of windCounts(asHistory(plan.rounds)).values())
      expect(Math.max(...winds) - Math.min(...winds)).toBeLessThanOrEqual(1);
  });

  it('gives the same plan for the same seed, and another for another seed', () => {
    const again = request(20, 5);
    expect(planSeating(again)).toEqual(planSeating(again));
    expect(planSeating({ ...again, seed: 'other' }).rounds).not.toEqual(planSeating(again).rounds);
  });

  it('seats 30 players at [4] as a round does: eight tables of 4, the 2 substitutes at the last two tables', () => {
    const plan = planSeating(request(30, 8));
    expectEveryoneOnce(plan, playerIds(30));
    expect(plan.cost.repeatPairs).toBe(0);
    for (const round of plan.rounds) {
      expect(round.tables.map((t) => seated(t).length)).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
      expect(round.substitutes).toEqual(['substitute-1', 'substitute-2']);
      expect(round.tables.slice(6).map((t) => seated(t).filter(isSubstitute))).toEqual([
        ['substitute-1'],
        ['substitute-2'],
      ]);
    }
  });

  it('seats 31 players at [4, 3, 2] at seven tables of 4 and one of 3, E S W at the table of 3', () => {
    const plan = planSeating(request(31, 6, { allowedSizes: [4, 3, 2] }));
    expectEveryoneOnce(plan, playerIds(31));
    expect(plan.cost.repeatPairs).toBe(0);
    for (const round of plan.rounds) {
      expect(round.tables.map((t) => seated(t).length)).toEqual([4, 4, 4, 4, 4, 4, 4, 3]);
      expect(Object.keys(round.tables[7]!).sort()).toEqual(['E', 'S', 'W']);
      expect(round.substitutes).toEqual([]);
    }
    expect(Math.max(...windImbalanceByPlayer(asHistory(plan.rounds)).values())).toBeLessThanOrEqual(2);
  });

  it('given two rounds already seated at random, when the rest is planned, then the plan meets nobody again', () => {
    const players = playerIds(36);
    const history: PastRound[] = [];
    for (let r = 1; r <= 2; r++)
      history.push({
        tables: seatRound({
          players,
          allowedSizes: [4],
          history,
          method: { kind: 'random' },
          seed: `ev:round-${r}`,
        }).tables,
      });
    const plan = planSeating(request(36, 6, { history }));
    expect(plan.source).toBe('search');
    expect(seatingCost([...history, ...asHistory(plan.rounds)]).repeatPairs).toBe(0);
    expect(plan.cost.repeatPairs).toBe(0);
  });

  it('refuses a round count out of range, a player listed twice, and too few players', () => {
    expect(() => planSeating(request(16, 0))).toThrow(RangeError);
    expect(() => planSeating(request(16, MAX_PLAN_ROUNDS + 1))).toThrow(/1 to 30 rounds/);
    expect(() => planSeating({ ...request(8, 2), players: ['p01', 'p01', 'p02', 'p03'] })).toThrow(
      SeatingError,
    );
    expect(() => planSeating(request(3, 2))).toThrow(/3 players cannot be seated at tables of \[4\]/);
  });
});

describe('report: planned seating against round-by-round seating, 16 to 64 players', () => {
  it('repeats no more than seatRound round by round, at every size, over 8 rounds', () => {
    const rows: Record<string, number | string>[] = [];
    for (let count = 16; count <= 64; count++) {
      const players = playerIds(count);
      const plan = planSeating(request(count, 8, { seed: `report-${count}` }));
      const history: PastRound[] = [];
      for (let r = 1; r <= 8; r++)
        history.push({
          tables: seatRound({
            players,
            allowedSizes: [4],
            history,
            method: { kind: 'random' },
            seed: `report-${count}:round-${r}`,
          }).tables,
        });
      const byRound = seatingCost(history);
      rows.push({
        players: count,
        planned: plan.cost.repeatPairs,
        source: plan.source,
        consecutive: plan.cost.consecutiveRepeats,
        windImbalance: plan.cost.windImbalance,
        roundByRound: byRound.repeatPairs,
      });
      expect(plan.cost.repeatPairs, `${count} players`).toBeLessThanOrEqual(byRound.repeatPairs);
    }
    console.table(rows);
    // 16 players meet everyone in 5 rounds: 3 more rounds repeat at least 72 pairs, and the plan repeats no more.
    expect(rows[0]).toMatchObject({ players: 16, planned: 72 });
    // From 29 players on, 8 rounds without a repeat: designs, kept schedules or the search.
    expect(rows.filter((row) => Number(row.players) >= 29).every((row) => row.planned === 0)).toBe(true);
  });
});
