import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEATS } from '../../rules/seats.ts';
import { seatingCost, windImbalanceByPlayer } from './cost.ts';
import { SeatingError } from './errors.ts';
import { W_CONSECUTIVE, W_REPEAT } from './history.ts';
import { seatRound } from './seat-round.ts';
import { isSubstitute } from './substitutes.ts';
import { tableSizesFor } from './table-sizes.ts';
import type { PastRound, SeatedTable, SeatingMethod, SeatingRequest, TableSize } from './types.ts';

const playerIds = (count: number) =>
  Array.from({ length: count }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const seated = (table: SeatedTable) => SEATS.flatMap((seat) => table[seat] ?? []);
const random: SeatingMethod = { kind: 'random' };

function request(players: readonly string[], more: Partial<SeatingRequest> = {}): SeatingRequest {
  return { players, allowedSizes: [4], history: [], method: random, seed: 'event-1:round-1', ...more };
}

/** Seats `rounds` rounds one after another, each with the rounds before as history. */
function event(
  players: readonly string[],
  rounds: number,
  method: (round: number) => SeatingMethod = () => random,
) {
  const history: PastRound[] = [];
  for (let r = 1; r <= rounds; r++)
    history.push({
      tables: seatRound(request(players, { history, method: method(r), seed: `ev:round-${r}` })).tables,
    });
  return history;
}

describe('seatRound: random', () => {
  it('gives the same tables for the same seed, and others for another seed', () => {
    const players = playerIds(32);
    const history = event(players, 2);
    const again = request(players, { history, seed: 'ev:round-3' });
    expect(seatRound(again)).toEqual(seatRound(again));
    expect(seatRound({ ...again, seed: 'ev:round-3b' }).tables).not.toEqual(seatRound(again).tables);
  });

  it('seats 30 players at [4, 3, 2] at six tables of 4 and two of 3, without substitutes', () => {
    const seating = seatRound(request(playerIds(30), { allowedSizes: [4, 3, 2] }));
    expect(
      seating.tables
        .map((t) => seated(t).length)
        .sort()
        .reverse(),
    ).toEqual([4, 4, 4, 4, 4, 4, 3, 3]);
    expect(seating.substitutes).toEqual([]);
  });

  it('seats 30 players at [4] at eight tables of 4, with 2 substitutes at different tables', () => {
    const seating = seatRound(request(playerIds(30)));
    expect(seating.tables.map((t) => seated(t).length)).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    expect(seating.substitutes).toEqual(['substitute-1', 'substitute-2']);
    const withSubstitute = seating.tables.filter((t) => seated(t).some(isSubstitute));
    expect(withSubstitute).toHaveLength(2);
  });

  it('finds the cheapest tables when repeats are forced, a repeat from the last round costing most', () => {
    // Given 12 players after 3 rounds (each has met 9 of 11), round 4 must seat pairs again. Of all 5775
    // ways to seat 12 at three tables, the search takes one of the cheapest at its price: W_REPEAT per earlier
    // meeting of each pair seated again, W_CONSECUTIVE more if they met in round 3.
    const players = playerIds(12);
    const history = event(players, 3);
    const counted = new Map<string, number>();
    const met = (x: string, y: string, rounds: readonly PastRound[]) => {
      const key = `${x} ${y} ${rounds.length}`;
      const known = counted.get(key);
      if (known !== undefined) return known;
      const count = rounds.filter((r) =>
        r.tables.some((t) => seated(t).includes(x) && seated(t).includes(y)),
      ).length;
      counted.set(key, count);
      return count;
    };
    const price = (tables: readonly (readonly string[])[]) => {
      let sum = 0;
      for (const ids of tables)
        for (const [i, x] of ids.entries())
          for (const y of ids.slice(i + 1))
            sum += W_REPEAT * met(x, y, history) + W_CONSECUTIVE * met(x, y, history.slice(-1));
      return sum;
    };
    const cheapest = Math.min(...groupingsOf(players).map(price));
    const seating = seatRound(request(players, { history, seed: 'ev:round-4' }));
    expect(cheapest).toBeGreaterThan(0);
    expect(price(seating.tables.map(seated))).toBe(cheapest);
  });

  it('report: 32 players over 8 rounds meet someone again only in the last rounds, and balance winds', () => {
    const players = playerIds(32);
    const history = event(players, 8);
    const rows = history.map((_, r) => {
      const before = seatingCost(history.slice(0, r));
      const after = seatingCost(history.slice(0, r + 1));
      return {
        round: r + 1,
        repeatPairs: after.repeatPairs - before.repeatPairs,
        consecutiveRepeats: after.consecutiveRepeats - before.consecutiveRepeats,
        windImbalanceSoFar: after.windImbalance,
      };
    });
    const total = seatingCost(history);
    console.table([
      ...rows,
      {
        round: 'total',
        repeatPairs: total.repeatPairs,
        consecutiveRepeats: total.consecutiveRepeats,
        windImbalanceSoFar: total.windImbalance,
      },
    ]);
    // Rounds 1 to 6 can always avoid repeats (each player has met at most 15 of 31): the search must.
    expect(rows.slice(0, 6).every((row) => row.repeatPairs === 0)).toBe(true);
    // A repeat-free 8th round exists for some seatings of rounds 1 to 7 (a resolvable design), but a round is
    // seated knowing only the rounds before it: after seven greedy rounds each player has 10 unmet opponents
    // and the 8th round usually cannot seat every table among them. The search holds that to a handful of
    // repeats (3 to 7 over the seeds tried); 8 is 1 in 24 of the round's 192 pairings.
    expect(total.repeatPairs).toBeLessThanOrEqual(8);
    expect(total.consecutiveRepeats).toBe(0);
    // Eight rounds let everyone sit each wind twice (imbalance 0); allow a little, never 3 for anyone.
    expect(total.windImbalance).toBeLessThanOrEqual(32);
    expect(Math.max(...windImbalanceByPlayer(history).values())).toBeLessThanOrEqual(2);
  });

  it('seats everyone exactly once at allowed sizes, with substitutes only when needed', () => {
    const allowedArb = fc.constantFrom<TableSize[]>([4], [4, 3], [4, 3, 2], [4, 2], [3]);
    fc.assert(
      fc.property(fc.integer({ min: 8, max: 64 }), allowedArb, fc.string(), (count, allowedSizes, seed) => {
        const players = playerIds(count);
        const previous = seatRound(request(players, { allowedSizes, seed: `${seed}:1` }));
        const seating = seatRound(
          request(players, { allowedSizes, seed: `${seed}:2`, history: [{ tables: previous.tables }] }),
        );
        const everyone = seating.tables.flatMap(seated);
        expect(everyone.filter((id) => !isSubstitute(id)).sort()).toEqual(players);
        expect(everyone.filter(isSubstitute)).toEqual(seating.substitutes);
        expect(new Set(everyone).size).toBe(everyone.length);
        for (const table of seating.tables) {
          expect(allowedSizes).toContain(seated(table).length);
          // Seats are taken from E on: a table of 3 has no N, a table of 2 no W.
          expect(Object.keys(table)).toEqual(SEATS.slice(0, seated(table).length));
        }
        expect(seating.substitutes).toHaveLength(tableSizesFor(count, allowedSizes).substitutes);
        if (allowedSizes.includes(4) && allowedSizes.includes(3)) expect(seating.substitutes).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a player listed twice, or one whose id is kept for substitutes', () => {
    expect(() => seatRound(request([...playerIds(7), 'p01']))).toThrow(/listed more than once: p01/);
    expect(() => seatRound(request([...playerIds(7), 'substitute-1']))).toThrow(SeatingError);
  });
});

describe('seatRound: swiss', () => {
  const players = playerIds(16);
  const swiss = (standings: readonly string[]): SeatingMethod => ({ kind: 'swiss', standings });
  const byStanding = (...numbers: number[]) => numbers.map((n) => players[n - 1]!);
  // Round 1 in registration order: p01–p04, p05–p08, p09–p12, p13–p16.
  const round1 = event(players, 1, () => swiss([]));

  it('seats neighbouring standings together: the top four at table 1 when they have not met', () => {
    expect(round1.map((t) => seated(t.tables[0]!).sort())).toEqual([byStanding(1, 2, 3, 4)]);
    const standings = byStanding(1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16);
    const seating = seatRound(
      request(players, { history: round1, method: swiss(standings), seed: 'ev:round-2' }),
    );
    expect(seating.tables.map((t) => seated(t).sort())).toEqual([
      byStanding(1, 5, 9, 13),
      byStanding(2, 6, 10, 14),
      byStanding(3, 7, 11, 15),
      byStanding(4, 8, 12, 16),
    ]);
    expect(seating.cost.repeatPairs).toBe(0);
  });

  it('swaps with the table below when the top four would meet again, keeping the leader at table 1', () => {
    // p01 and p02 met in round 1 and lead the standings; p05 and p06 met too.
    const standings = byStanding(1, 2, 5, 6, 9, 10, 13, 14, 3, 4, 7, 8, 11, 12, 15, 16);
    const seating = seatRound(
      request(players, { history: round1, method: swiss(standings), seed: 'ev:round-2' }),
    );
    const top = seated(seating.tables[0]!);
    expect(top).toContain(players[0]);
    expect(top).not.toEqual(expect.arrayContaining(byStanding(1, 2)));
    // Every table still draws from neighbouring standings: table 1 from the top 8.
    expect(top.every((id) => standings.indexOf(id) < 8)).toBe(true);
    expect(seating.cost.repeatPairs).toBe(0);
  });

  it('puts players missing from the standings last, in registration order', () => {
    const standings = byStanding(16, 15, 14, 13, 12, 11, 10, 9);
    const seating = seatRound(request(players, { method: swiss(standings) }));
    expect(seated(seating.tables[0]!).sort()).toEqual(byStanding(13, 14, 15, 16));
    expect(seated(seating.tables[3]!).sort()).toEqual(byStanding(5, 6, 7, 8));
  });

  it('over 4 rounds of 16 seats nobody twice, the leader at table 1, winds balanced at each table', () => {
    // Standings shuffled a little each round, as results would: the leaders of round r lead round r + 1.
    const orders = [
      [],
      [1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16],
      [1, 6, 11, 16, 2, 5, 12, 15, 3, 8, 9, 14, 4, 7, 10, 13],
      [1, 7, 12, 14, 2, 8, 11, 13, 3, 5, 10, 16, 4, 6, 9, 15],
    ];
    const history = event(players, 4, (r) => swiss(byStanding(...(orders[r - 1] ?? []))));
    expect(seatingCost(history)).toMatchObject({ repeatPairs: 0, consecutiveRepeats: 0 });
    for (const round of history) expect(seated(round.tables[0]!)).toContain(players[0]);
    // Winds are balanced within each table, not by moving players between tables: four rounds could give
    // everyone each wind once (0), but a table whose players all lack the same wind cannot.
    expect(seatingCost(history).windImbalance).toBeLessThanOrEqual(16);
    expect(Math.max(...windImbalanceByPlayer(history).values())).toBeLessThanOrEqual(2);
  });
});

describe('seatRound: uploaded', () => {
  const players = playerIds(8);
  const upload = (...tables: string[][]): SeatingRequest =>
    request(players, { method: { kind: 'uploaded', tables } });

  it('keeps the tables as listed, in seat order E, S, W, N, and lists the substitutes the organizer seated', () => {
    const seating = seatRound(upload(['p08', 'p01', 'p02', 'p03'], ['p04', 'p05', 'p06', 'p07']));
    expect(seating.tables[0]).toEqual({ E: 'p08', S: 'p01', W: 'p02', N: 'p03' });
    expect(seating.substitutes).toEqual([]);
    const short = request(playerIds(7), {
      method: {
        kind: 'uploaded',
        tables: [
          ['p01', 'p02', 'p03', 'p04'],
          ['p05', 'substitute-1', 'p06', 'p07'],
        ],
      },
    });
    expect(seatRound(short).substitutes).toEqual(['substitute-1']);
  });

  it('names a player seated twice, a player not in the round, and players left out', () => {
    expect(() => seatRound(upload(['p01', 'p02', 'p03', 'p04'], ['p05', 'p06', 'p07', 'p01']))).toThrow(
      /p01 is seated 2 times \(tables 1, 2\).*not seated: p08/,
    );
    expect(() =>
      seatRound(upload(['p01', 'p02', 'p03', 'p04'], ['p05', 'p06', 'p07', 'p99', 'p08'])),
    ).toThrow(/table 2 seats 5.*p99 \(table 2\) is not a player of this round/);
  });

  it('refuses a short table unless the organizer lists a substitute at it', () => {
    const short = request(playerIds(7), {
      method: {
        kind: 'uploaded',
        tables: [
          ['p01', 'p02', 'p03', 'p04'],
          ['p05', 'p06', 'p07'],
        ],
      },
    });
    expect(() => seatRound(short)).toThrow(SeatingError);
    expect(() => seatRound(short)).toThrow(/table 2 seats 3, but the tables allowed seat 4/);
  });
});

/** Every way to seat players (a multiple of 4) at tables of 4, each table once whatever its order. */
function groupingsOf(players: readonly string[]): string[][][] {
  const [first, ...rest] = players;
  if (first === undefined) return [[]];
  const groupings: string[][][] = [];
  for (let i = 0; i < rest.length; i++)
    for (let j = i + 1; j < rest.length; j++)
      for (let k = j + 1; k < rest.length; k++) {
        const table = [first, rest[i]!, rest[j]!, rest[k]!];
        const others = rest.filter((id) => !table.includes(id));
        for (const grouping of groupingsOf(others)) groupings.push([table, ...grouping]);
      }
  return groupings;
}
