// Seat winds at a table (DESIGN.md "The domain", tournament seating): each player towards the winds they
// have sat least, so that over the event everyone deals first about equally often.
import type { TableSize } from './types.ts';

const SEAT_COUNT = 4;

function permutations(of: readonly number[]): number[][] {
  if (of.length <= 1) return [[...of]];
  return of.flatMap((first, i) =>
    permutations([...of.slice(0, i), ...of.slice(i + 1)]).map((rest) => [first, ...rest]),
  );
}

/** Every order of a table's seats, for tables of 2, 3 and 4: 2, 6 and 24 of them. */
export const SEAT_ORDERS: Readonly<Record<TableSize, readonly (readonly number[])[]>> = {
  2: permutations([0, 1]),
  3: permutations([0, 1, 2]),
  4: permutations([0, 1, 2, 3]),
};

/**
 * What seating `player` at `seat` adds: the times they already sat there beyond their least-sat wind of
 * this table's winds. Zero at a wind they are short of.
 */
function excess(winds: Int32Array, player: number, seat: number, size: TableSize): number {
  const base = player * SEAT_COUNT;
  let least = winds[base]!;
  for (let s = 1; s < size; s++) least = Math.min(least, winds[base + s]!);
  return winds[base + seat]! - least;
}

/**
 * The seats of `players` (fewer than `size` when substitutes fill the rest) that add the least excess,
 * trying `orders` in turn and keeping the first best one; the excess comes with it.
 */
export function bestSeats(
  players: readonly number[],
  size: TableSize,
  winds: Int32Array,
  orders: readonly (readonly number[])[] = SEAT_ORDERS[size],
): { readonly seats: readonly number[]; readonly excess: number } {
  const best = bestOrder(players, size, winds, orders);
  return { seats: best.order.slice(0, players.length), excess: best.excess };
}

/** The least excess `players` can sit with at a table of `size`: what the search prices. */
export function leastExcess(players: readonly number[], size: TableSize, winds: Int32Array): number {
  return bestOrder(players, size, winds, SEAT_ORDERS[size]).excess;
}

function bestOrder(
  players: readonly number[],
  size: TableSize,
  winds: Int32Array,
  orders: readonly (readonly number[])[],
): { order: readonly number[]; excess: number } {
  // Each player's excess at each seat, worked out once rather than once per order.
  const excesses = new Int32Array(SEAT_COUNT * SEAT_COUNT);
  players.forEach((player, i) => {
    for (let seat = 0; seat < size; seat++)
      excesses[i * SEAT_COUNT + seat] = excess(winds, player, seat, size);
  });
  let best = orders[0]!;
  let bestExcess = Number.POSITIVE_INFINITY;
  for (const order of orders) {
    let total = 0;
    for (let i = 0; i < players.length && total < bestExcess; i++)
      total += excesses[i * SEAT_COUNT + order[i]!]!;
    if (total < bestExcess) {
      best = order;
      bestExcess = total;
      if (total === 0) break;
    }
  }
  return { order: best, excess: bestExcess };
}
