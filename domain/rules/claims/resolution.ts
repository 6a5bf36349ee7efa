// What one claim window decides (seed 001): who took the tile and as what, whose turn follows, and why every
// other claim lapsed, so that a referee replaying the hand sees each step.
import type { Meld } from '../../hand/index.ts';
import type { Tile } from '../../tiles/index.ts';
import type { Seat } from '../seats.ts';
import type { Claim, Offer, TimedDecision } from './claim.ts';

export interface Lapsed {
  readonly seat: Seat;
  readonly claim: Claim;
  readonly reason: string;
}

/** A claim made after the deadline: read as a pass, kept so that the record shows it. */
export interface LateDecision extends TimedDecision {
  readonly seat: Seat;
}

export type NextTurn =
  /** A win ends the hand. */
  | { readonly kind: 'hand-ends' }
  /** Nobody claimed the discard: the discarder's next player draws. */
  | { readonly kind: 'draw'; readonly seat: Seat }
  /**
   * A kong (claimed, or standing unrobbed): its player draws a replacement, then discards; `thenTurn` is the
   * player after them, and `skipped` the seats whose turn the claim jumped.
   */
  | {
      readonly kind: 'replacement';
      readonly seat: Seat;
      readonly thenTurn: Seat;
      readonly skipped: readonly Seat[];
    }
  /** A flower nobody won on: the seat in turn draws the flower's replacement and plays on. */
  | { readonly kind: 'resume' }
  /** A pong or chow: its player discards straight away. */
  | {
      readonly kind: 'discard';
      readonly seat: Seat;
      readonly thenTurn: Seat;
      readonly skipped: readonly Seat[];
    };

/** Seed 001, robbing the kong: the kong's player pays as the discarder and their set goes back. */
export interface RobbedKong {
  readonly seat: Seat;
  /** An added kong goes back to the exposed pong; a concealed kong to three tiles in hand. */
  readonly revertsTo: 'pong' | 'concealed-triplet';
}

interface Common {
  readonly offer: Offer;
  readonly lapsed: readonly Lapsed[];
  /** Seats with an open claim that passed in time. */
  readonly passed: readonly Seat[];
  /** Seats with an open claim and no decision by the deadline; one that came late is also in `late`. */
  readonly timedOut: readonly Seat[];
  readonly late: readonly LateDecision[];
  /**
   * 過水 (option passLocksWin): seats that could win on this tile and did not, barred from discard wins until
   * their next draw. The caller carries the lock as barredFromDiscardWin. Empty when the hand ends.
   */
  readonly lockedUntilDraw: readonly Seat[];
}

export type Resolution = Common &
  (
    | {
        readonly outcome: 'win';
        /** In turn order after the offering seat: the order score priority reads them in (seed 000). */
        readonly winners: readonly Seat[];
        /** The discarder, or the kong's player paying as the discarder. */
        readonly payer: Seat;
        readonly robbedKong: RobbedKong | null;
        readonly next: { readonly kind: 'hand-ends' };
      }
    | {
        readonly outcome: 'meld';
        readonly seat: Seat;
        readonly claim: 'pong' | 'kong' | 'chow';
        /** The exposed meld the claim makes. */
        readonly meld: Meld;
        /** The tiles it takes from the hand beside the claimed tile. */
        readonly fromHand: readonly Tile[];
        readonly next: NextTurn;
      }
    | { readonly outcome: 'no-claim'; readonly next: NextTurn }
    | { readonly outcome: 'kong-stands'; readonly next: NextTurn }
  );
