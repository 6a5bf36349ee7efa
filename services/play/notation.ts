// `play --notation`: beside an event that carries tiles, the same tiles in compact notation, at the same
// paths as in `data`. Additive: the event itself is printed exactly as the domain emitted it.
import { formatTiles, type Tile } from '../../domain/tiles/index.ts';

const ONE_TILE = new Set(['tile', 'claimed', 'flower']);
const TILE_LISTS = new Set(['tiles', 'order']);

const isTiles = (value: unknown): value is Tile[] =>
  Array.isArray(value) && value.every((t) => Number.isInteger(t));

/** The tile-bearing paths of an event's data in compact notation, or undefined when it carries no tile. */
export function notationOf(data: unknown): Record<string, unknown> | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (ONE_TILE.has(key) && Number.isInteger(value)) out[key] = formatTiles([value as Tile]);
    else if (TILE_LISTS.has(key) && isTiles(value)) out[key] = formatTiles(value);
    else if (key === 'chows' && Array.isArray(value) && value.every(isTiles))
      out[key] = value.map((pair) => formatTiles(pair));
    else if (key === 'hands' && value !== null && typeof value === 'object')
      out[key] = Object.fromEntries(
        Object.entries(value).map(([seat, tiles]) => [seat, isTiles(tiles) ? formatTiles(tiles) : tiles]),
      );
    else if (Array.isArray(value)) {
      // A list of records (lapsed claims): each entry's notation, null for one without tiles.
      const entries = value.map(notationOf);
      if (entries.some((e) => e !== undefined)) out[key] = entries.map((e) => e ?? null);
    } else {
      const nested = notationOf(value);
      if (nested !== undefined) out[key] = nested;
    }
  }
  return Object.keys(out).length === 0 ? undefined : out;
}
