// Claims on one offered tile (seed 001, mahjong-house "claims"): what a player may say, and when they said it.
import type { Tile } from '../../tiles/index.ts';
import type { PlayerCount, Seat } from '../seats.ts';

/**
 * What is offered: a discard, the tile added to an exposed pong, or a concealed kong (seeds 001, 003, 004); or
 * a declared flower that completes another player's eight (seed 003's Eight Immortals: "Declare 7 flowers and
 * have someone declare the last one. Considered as winning by discard"), which only that win may take.
 */
export type OfferKind = 'discard' | 'added-kong' | 'concealed-kong' | 'flower';

export interface Offer {
  /** A playing tile 0..33; a flower (34..41) only offered as a flower. */
  readonly tile: Tile;
  /** The discarder, the player making the kong, or the flower's declarer. */
  readonly from: Seat;
  readonly kind: OfferKind;
  readonly players: PlayerCount;
}

/** The two tiles a chow takes from the hand, beside the claimed tile. */
export type ChowTiles = readonly [Tile, Tile];

export type Claim =
  | { readonly claim: 'win' }
  | { readonly claim: 'kong' }
  | { readonly claim: 'pong' }
  | { readonly claim: 'chow'; readonly tiles: ChowTiles };

/** A timeout counts as a pass (seed 001: "running out counts as a pass"). */
export type Decision = Claim | 'pass' | 'timeout';

export interface TimedDecision {
  readonly decision: Decision;
  /** Milliseconds after the tile was offered; after the deadline the decision is a timeout. */
  readonly atMs: number;
}

/** What a hand could make of the tile, whatever the rules then allow (see openClaims). */
export interface Eligibility {
  readonly win: boolean;
  /** The win is a thirteen-orphans hand: the only win that robs a concealed kong (seed 001). */
  readonly thirteenOrphans: boolean;
  /** Holds three of the tile. */
  readonly kong: boolean;
  /** Holds two of the tile. */
  readonly pong: boolean;
  /** The pairs of held tiles that make a run with the tile. */
  readonly chows: readonly ChowTiles[];
}

export const NO_CLAIM: Eligibility = {
  win: false,
  thirteenOrphans: false,
  kong: false,
  pong: false,
  chows: [],
};

export interface SeatWindow {
  /** Missing fields are false (no chows). */
  readonly eligible?: Partial<Eligibility>;
  /** Sacred discard (seed 003) or a pass lock carried from an earlier offer: no win on another's tile. */
  readonly barredFromDiscardWin?: boolean;
  /** Missing: no decision reached the table, a timeout. */
  readonly decision?: TimedDecision;
}
