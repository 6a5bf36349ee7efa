// What one seat may see when a bot decides: its own tiles, everything exposed on the table, and nothing of
// the wall or the other hands. The hand aggregate builds it; the bots depend on nothing else of it.
import type { Meld } from '../../domain/hand/index.ts';
import type { OfferKind } from '../../domain/rules/claims/index.ts';
import type { PlayerCount, Seat } from '../../domain/rules/seats.ts';
import type { Tile } from '../../domain/tiles/index.ts';

export interface PlayerView {
  /** The deciding seat; seats are winds, so this is also its seat wind. */
  readonly seat: Seat;
  readonly players: PlayerCount;
  /** The prevalent (round) wind. */
  readonly prevalent: Seat;
  /**
   * The seat's concealed tiles, a count per kind 0..33: on its turn 14 less 3 per meld (the drawn tile
   * included), when offered a tile one fewer.
   */
  readonly concealed: ArrayLike<number>;
  /** The seat's declared melds, concealed kongs included. */
  readonly melds: readonly Meld[];
  readonly flowers: readonly Tile[];
  /** Each seat's discards still in its pond, oldest first. */
  readonly ponds: Partial<Record<Seat, readonly Tile[]>>;
  /** Each seat's declared melds as the table sees them (another seat's concealed kong shows its kind). */
  readonly exposed: Partial<Record<Seat, readonly Meld[]>>;
  /** Tiles left to draw; a kong needs at least one for its replacement. */
  readonly wallRemaining: number;
}

/** The tile a claim window offers. */
export interface OfferedTile {
  readonly tile: Tile;
  readonly kind: OfferKind;
  /** The discarder, or the player making the kong. */
  readonly from: Seat;
}

/** The view of a seat in a claim window: its concealed tiles are those before the offered one. */
export interface ClaimView extends PlayerView {
  readonly offer: OfferedTile;
}
