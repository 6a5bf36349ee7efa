// Which tile to let go: the least shanten after the discard; among equals the safest (a tile already in
// some pond, then an isolated honour or terminal, then another isolated tile); among those, by chance.
import { windTileOf } from '../../domain/rules/seats.ts';
import {
  isDragon,
  isHonor,
  isSuited,
  isTerminal,
  rankOf,
  suitOf,
  type Tile,
} from '../../domain/tiles/index.ts';
import type { Random } from './random.ts';
import { shantenByDiscard } from './shape.ts';
import type { PlayerView } from './view.ts';

/** The discard of a turn's hand; counts is the checked copy of view.concealed. */
export function chooseDiscardTile(view: PlayerView, counts: Uint8Array, random: Random): Tile {
  const after = shantenByDiscard(counts, view.melds.length);
  const least = Math.min(...after.values());
  const visible = visibleCounts(view);
  let ties: Tile[] = [];
  let tiesKey: readonly [number, number] = [Number.POSITIVE_INFINITY, 0];
  for (const [t, s] of after) {
    if (s !== least) continue;
    const key = safety(t, counts, visible, view);
    const order = key[0] - tiesKey[0] || key[1] - tiesKey[1];
    if (order < 0) {
      ties = [t];
      tiesKey = key;
    } else if (order === 0) ties.push(t);
  }
  return ties[random.below(ties.length)]!;
}

// Tiles in every pond: a tile someone let go without a claim is one the others (mostly) did not want.
function visibleCounts(view: PlayerView): Uint8Array {
  const visible = new Uint8Array(34);
  for (const pond of Object.values(view.ponds)) for (const t of pond ?? []) if (t < 34) visible[t]!++;
  return visible;
}

/**
 * [tier, rank within the tier]: the lower, the sooner the tile goes. Tiers: 0 in a pond, 1 an isolated honour
 * or terminal, 2 another isolated tile, 3 the rest.
 */
function safety(t: Tile, counts: Uint8Array, visible: Uint8Array, view: PlayerView): [number, number] {
  if (visible[t]! > 0) return [0, -visible[t]!];
  if (!isolated(t, counts)) return [3, 0];
  if (isHonor(t)) {
    // A lone wind nobody scores goes first; a dragon or a wind of the seat or the round may yet pay.
    const valued = isDragon(t) || t === windTileOf(view.seat) || t === windTileOf(view.prevalent);
    return [1, valued ? 1 : 0];
  }
  if (isTerminal(t)) return [1, 2];
  // Of lone simples, 2 and 8 join fewer runs than the middle tiles.
  return [2, Math.min(rankOf(t), 8 - rankOf(t))];
}

/** Held once, and (for a suited tile) with no tile of its suit within two ranks. */
function isolated(t: Tile, counts: Uint8Array): boolean {
  if (counts[t] !== 1) return false;
  if (!isSuited(t)) return true;
  for (let u = t - 2; u <= t + 2; u++)
    if (u !== t && u >= 0 && u < 27 && suitOf(u) === suitOf(t) && counts[u]! > 0) return false;
  return true;
}
