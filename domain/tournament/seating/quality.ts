// The seating-quality report (DESIGN.md "The domain", tournament seating; issue 11): what seatingCost sums,
// itemised for the organizer — which pairs met again and when, each player's winds, and who came back to a
// table number they sat at before. Substitutes are left out, as in the cost.
import { SEATS, type Seat } from '../../rules/seats.ts';
import { playersAt, seatingCost, windImbalanceByPlayer } from './cost.ts';
import type { PastRound } from './types.ts';

export interface RepeatedPair {
  readonly players: readonly [string, string];
  /** Every round the pair met in (two or more). */
  readonly rounds: readonly number[];
}

export interface WindBalance {
  readonly playerId: string;
  /** Times at each wind. */
  readonly winds: Readonly<Record<Seat, number>>;
  /** Most minus fewest times at one wind, over the winds of the largest table the player sat at. */
  readonly imbalance: number;
}

export interface TableRevisit {
  readonly playerId: string;
  readonly table: number;
  /** Every round the player sat at that table number (two or more). */
  readonly rounds: readonly number[];
}

export interface SeatingQuality {
  readonly rounds: number;
  /** Each meeting of a pair after its first (seatingCost's). */
  readonly repeatPairs: number;
  /** Of those, meetings where the pair also met in the round before. */
  readonly consecutiveRepeats: number;
  /** Summed over players (seatingCost's). */
  readonly windImbalance: number;
  /** Each time a player sits at a table number they sat at before. */
  readonly tableRevisits: number;
  readonly pairs: readonly RepeatedPair[];
  /** In the order players first sit. */
  readonly windBalance: readonly WindBalance[];
  readonly revisits: readonly TableRevisit[];
}

/**
 * The report over `rounds`, the first of them round `firstRound` (table k of a round is table number k + 1).
 * Pairs are listed by their players' ids, revisits by player then table.
 */
export function seatingQuality(rounds: readonly PastRound[], firstRound = 1): SeatingQuality {
  const cost = seatingCost(rounds);
  const met = new Map<string, { players: [string, string]; rounds: number[] }>();
  const sat = new Map<string, Map<number, number[]>>();
  const winds = new Map<string, Record<Seat, number>>();
  rounds.forEach((round, r) => {
    const number = firstRound + r;
    round.tables.forEach((table, t) => {
      const seated = playersAt(table);
      for (const { id, seat } of seated) {
        const held = winds.get(id) ?? { E: 0, S: 0, W: 0, N: 0 };
        held[SEATS[seat]!] += 1;
        winds.set(id, held);
        const tables = sat.get(id) ?? new Map<number, number[]>();
        tables.set(t + 1, [...(tables.get(t + 1) ?? []), number]);
        sat.set(id, tables);
      }
      for (let i = 0; i < seated.length; i++)
        for (let j = i + 1; j < seated.length; j++) {
          const pair = [seated[i]!.id, seated[j]!.id].sort() as [string, string];
          const key = pair.join('\u0000');
          const entry = met.get(key) ?? { players: pair, rounds: [] };
          entry.rounds.push(number);
          met.set(key, entry);
        }
    });
  });
  const pairs = [...met.values()]
    .filter((p) => p.rounds.length > 1)
    .sort((a, b) => a.players[0].localeCompare(b.players[0]) || a.players[1].localeCompare(b.players[1]));
  const imbalance = windImbalanceByPlayer(rounds);
  const revisits: TableRevisit[] = [];
  let tableRevisits = 0;
  for (const [playerId, tables] of sat)
    for (const [table, at] of [...tables].sort((a, b) => a[0] - b[0]))
      if (at.length > 1) {
        revisits.push({ playerId, table, rounds: at });
        tableRevisits += at.length - 1;
      }
  return {
    rounds: rounds.length,
    repeatPairs: cost.repeatPairs,
    consecutiveRepeats: cost.consecutiveRepeats,
    windImbalance: cost.windImbalance,
    tableRevisits,
    pairs,
    windBalance: [...winds].map(([playerId, held]) => ({
      playerId,
      winds: held,
      imbalance: imbalance.get(playerId) ?? 0,
    })),
    revisits,
  };
}
