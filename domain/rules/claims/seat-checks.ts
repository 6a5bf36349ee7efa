// Seat and tile checks shared by the claim rules (seed 001): who is at the table, what can be offered.
import { formatTiles, isFlower, TILE_KINDS, type Tile } from '../../tiles/index.ts';
import { ruleInputError } from '../errors.ts';
import { type PlayerCount, SEATS, type Seat, seatsInPlay } from '../seats.ts';

export function checkPlayers(players: unknown, field: string): PlayerCount {
  if (players !== 2 && players !== 3 && players !== 4)
    ruleInputError(field, `players must be 4, 3 or 2, not ${String(players)}`);
  return players as PlayerCount;
}

export function checkSeat(seat: unknown, players: PlayerCount, field: string): Seat {
  if (!SEATS.includes(seat as Seat))
    ruleInputError(field, `unknown seat ${JSON.stringify(seat)}: seats are ${SEATS.join(', ')}`);
  const inPlay = seatsInPlay(players);
  if (!inPlay.includes(seat as Seat))
    ruleInputError(
      field,
      `seat ${String(seat)} is not in play at a ${players}-player table (${inPlay.join(', ')})`,
    );
  return seat as Seat;
}

/** A tile that can be discarded or melded: no flower. */
export function checkTile(tile: unknown, field: string): Tile {
  if (typeof tile !== 'number' || !Number.isInteger(tile) || tile < 0 || tile >= TILE_KINDS)
    ruleInputError(
      field,
      `${String(tile)} is no tile that can be discarded or melded (0..33, flowers excluded)`,
    );
  return tile as Tile;
}

/** A flower or season offered on its declaration (seed 003's Eight Immortals): 34..41. */
export function checkFlower(tile: unknown, field: string): Tile {
  if (typeof tile !== 'number' || !isFlower(tile))
    ruleInputError(field, `${String(tile)} is no flower (34..41): only a flower is offered as one`);
  return tile as Tile;
}

export const show = (tile: Tile): string => formatTiles([tile]);
