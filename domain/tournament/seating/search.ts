// The seating search (DESIGN.md "The domain", tournament seating): swaps of players between tables, anywhere
// in a random round, between neighbouring tables in a swiss one.
import { type CompiledHistory, W_WIND } from './history.ts';
import type { Draw } from './random.ts';
import { avoidRepeats } from './repeats.ts';
import type { TableSize } from './types.ts';
import { leastExcess } from './winds.ts';

/** Players (by index) at each table, and each table's seats; substitutes fill the seats left. */
export interface Layout {
  readonly members: number[][];
  readonly sizes: readonly TableSize[];
}

/** Swaps tried per player to balance winds once repeats are settled. */
export const WIND_SWAPS_PER_PLAYER = 100;

function tableCost(
  members: readonly number[],
  size: TableSize,
  pairCost: Int32Array,
  winds: Int32Array | undefined,
  n: number,
): number {
  let cost = 0;
  for (let i = 0; i < members.length; i++)
    for (let j = i + 1; j < members.length; j++) cost += pairCost[members[i]! * n + members[j]!]!;
  return winds === undefined ? cost : cost + W_WIND * leastExcess(members, size, winds);
}

/** A random round: repeats first (`avoidRepeats`), then winds (`balanceWinds`). */
export function improveAnywhere(layout: Layout, history: CompiledHistory, n: number, draw: Draw): void {
  if (layout.members.length < 2) return;
  avoidRepeats(layout.members, history, n, draw);
  balanceWinds(layout, history.pairCost, history.winds, n, draw);
}

/**
 * Swaps between a seeded player of a table whose winds (or repeats) cost something and a seeded player of
 * another table, kept unless they raise the cost (equal-cost swaps let the search cross plateaus), up to
 * WIND_SWAPS_PER_PLAYER × players of them. W_WIND is far below W_REPEAT, so no swap buys winds with a repeat.
 */
function balanceWinds(layout: Layout, pairCost: Int32Array, winds: Int32Array, n: number, draw: Draw): void {
  const { members, sizes } = layout;
  const costs = members.map((m, t) => tableCost(m, sizes[t]!, pairCost, winds, n));
  const costly: number[] = [];
  for (let step = 0; step < WIND_SWAPS_PER_PLAYER * n; step++) {
    costly.length = 0;
    costs.forEach((cost, t) => {
      if (cost > 0) costly.push(t);
    });
    if (costly.length === 0) return;
    const t1 = costly[draw.below(costly.length)]!;
    const t2 = (t1 + 1 + draw.below(members.length - 1)) % members.length;
    const at1 = members[t1]!;
    const at2 = members[t2]!;
    const i = draw.below(at1.length);
    const j = draw.below(at2.length);
    swap(at1, i, at2, j);
    const cost1 = tableCost(at1, sizes[t1]!, pairCost, winds, n);
    const cost2 = tableCost(at2, sizes[t2]!, pairCost, winds, n);
    if (cost1 + cost2 <= costs[t1]! + costs[t2]!) {
      costs[t1] = cost1;
      costs[t2] = cost2;
    } else swap(at1, i, at2, j);
  }
}

/**
 * A swiss round: tables from the top down, each rid of its repeats by swaps with the table below while it
 * has any (the swap that leaves it cheapest, then both tables, then the one between the nearest standings);
 * then, from the bottom up, a table still holding repeats may swap with the table above when that lowers the
 * two tables' cost. Upper tables are settled first, as a swiss draw pairs its leaders first. `rank` is each
 * player's place in the standings order.
 */
export function improveNeighbours(
  layout: Layout,
  history: CompiledHistory,
  n: number,
  rank: readonly number[],
): void {
  const { members, sizes } = layout;
  const cost = (t: number) => tableCost(members[t]!, sizes[t]!, history.pairCost, undefined, n);
  for (let t = 0; t + 1 < members.length; t++)
    while (cost(t) > 0) {
      const best = bestSwap(members, t, t + 1, rank, () => [cost(t), cost(t) + cost(t + 1)]);
      if (best === undefined || best.score[0]! >= cost(t)) break;
      swap(members[t]!, best.i, members[t + 1]!, best.j);
    }
  for (let t = members.length - 1; t > 0; t--)
    while (cost(t) > 0) {
      const before = cost(t - 1) + cost(t);
      const best = bestSwap(members, t - 1, t, rank, () => [cost(t - 1) + cost(t)]);
      if (best === undefined || best.score[0]! >= before) break;
      swap(members[t - 1]!, best.i, members[t]!, best.j);
    }
}

/** The swap between tables `upper` and `lower` with the least score, then the nearest standings. */
function bestSwap(
  members: number[][],
  upper: number,
  lower: number,
  rank: readonly number[],
  score: () => number[],
): { i: number; j: number; score: number[] } | undefined {
  const above = members[upper]!;
  const below = members[lower]!;
  let best: { i: number; j: number; score: number[] } | undefined;
  for (let i = 0; i < above.length; i++)
    for (let j = 0; j < below.length; j++) {
      swap(above, i, below, j);
      const candidate = [...score(), Math.abs(rank[above[i]!]! - rank[below[j]!]!)];
      swap(above, i, below, j);
      if (best === undefined || lexLess(candidate, best.score)) best = { i, j, score: candidate };
    }
  return best;
}

function lexLess(a: readonly number[], b: readonly number[]): boolean {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! < b[k]!;
  return false;
}

function swap(a: number[], i: number, b: number[], j: number): void {
  const held = a[i]!;
  a[i] = b[j]!;
  b[j] = held;
}
