// Chow shapes (seed 001, "Chow: the next player only, and last"; seed 003: or the only opponent with 2 players).
import { isSuited, rankOf, type Tile } from '../../tiles/index.ts';
import type { PlayerCount, Seat } from '../seats.ts';
import { seatsInPlay } from '../seats.ts';
import type { ChowTiles } from './claim.ts';

/** The pairs of tiles that make a run with the tile, lowest first: 3m → 12m, 24m, 45m. */
export function chowShapes(tile: Tile): ChowTiles[] {
  if (!isSuited(tile)) return [];
  const rank = rankOf(tile);
  const shapes: ChowTiles[] = [];
  if (rank >= 2) shapes.push([tile - 2, tile - 1]);
  if (rank >= 1 && rank <= 7) shapes.push([tile - 1, tile + 1]);
  if (rank <= 6) shapes.push([tile + 1, tile + 2]);
  return shapes;
}

/** Do the two tiles make a run with the tile, in whichever order they are given? */
export function makesChow(tile: Tile, tiles: readonly Tile[]): boolean {
  if (tiles.length !== 2) return false;
  const [a, b] = [...tiles].sort((x, y) => x - y) as [Tile, Tile];
  return chowShapes(tile).some(([x, y]) => x === a && y === b);
}

export const sameChow = (a: readonly Tile[], b: readonly Tile[]): boolean =>
  Math.min(...a) === Math.min(...b) && Math.max(...a) === Math.max(...b);

/** The one seat that may chow a discard: the discarder's next player (the only opponent with 2 players). */
export function chowSeatAfter(from: Seat, players: PlayerCount): Seat {
  // turnOrderAfter(from, players)[0], without building the whole order: every claim check asks for it.
  const seats = seatsInPlay(players);
  return seats[(seats.indexOf(from) + 1) % seats.length]!;
}
