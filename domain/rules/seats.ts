// Seats are winds; turn order is E → S → W → N → E (spec/score-contract.md). Smaller tables drop N, then W.
import { EAST, type Tile } from '../tiles/index.ts';

export const SEATS = ['E', 'S', 'W', 'N'] as const;
export type Seat = (typeof SEATS)[number];
export type PlayerCount = 2 | 3 | 4;

export function seatsInPlay(players: PlayerCount): readonly Seat[] {
  return SEATS.slice(0, players);
}

/** The wind tile of a seat: E → East (27) … N → North (30). */
export function windTileOf(seat: Seat): Tile {
  return EAST + SEATS.indexOf(seat);
}

/**
 * Seats after `from` in turn order, `from` excluded: the order in which claims on its discard rank. Each of
 * the few answers is made once and shared, frozen: every discard's claim window, its arbitration and its
 * resolution ask for one (about 2% of a bot game's time when each call built its list).
 */
export function turnOrderAfter(from: Seat, players: PlayerCount): readonly Seat[] {
  const key = SEATS.indexOf(from) * 8 + players;
  let order = turnOrders.get(key);
  if (order === undefined) {
    const seats = seatsInPlay(players);
    const start = seats.indexOf(from);
    order = Object.freeze(
      Array.from({ length: seats.length - 1 }, (_, i) => seats[(start + 1 + i) % seats.length]!),
    );
    turnOrders.set(key, order);
  }
  return order;
}

const turnOrders = new Map<number, readonly Seat[]>();

/** Points per seat, every seat in play present, in seat order. */
export type Deltas = Partial<Record<Seat, number>>;

export interface Transfer {
  readonly from: Seat;
  readonly to: Seat;
  readonly points: number;
  readonly reason: string;
}

export function deltasOf(transfers: readonly Transfer[], players: PlayerCount): Deltas {
  const deltas: Deltas = {};
  for (const seat of seatsInPlay(players)) deltas[seat] = 0;
  for (const { from, to, points } of transfers) {
    deltas[from] = (deltas[from] ?? 0) - points;
    deltas[to] = (deltas[to] ?? 0) + points;
  }
  return deltas;
}
