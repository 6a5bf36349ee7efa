// Sacred discard (furiten), seed 003: a player who has discarded any tile that would complete their hand,
// whatever pattern it would make, cannot win on a discard; they may still win by self-draw.
import type { Tile } from '../tiles/index.ts';
import type { Meld } from './meld.ts';
import { waits } from './waits.ts';

/** The player's own discards that are among the waits of their ready hand: non-empty means barred. */
export function sacredDiscards(
  concealed: ArrayLike<number>,
  melds: readonly Meld[],
  discards: readonly Tile[],
): Tile[] {
  const waiting = new Set(waits(concealed, melds));
  return [...new Set(discards.filter((t) => waiting.has(t)))];
}

export function isBarredFromDiscardWin(
  concealed: ArrayLike<number>,
  melds: readonly Meld[],
  discards: readonly Tile[],
): boolean {
  return sacredDiscards(concealed, melds, discards).length > 0;
}
