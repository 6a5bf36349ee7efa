// What one seat is shown of a live hand, and what it may do now: its own tiles, everything exposed, its own
// entry of an open claim window, and nothing of the wall's order, the other hands or the other seats'
// eligibility (which would tell what they hold). The API sends exactly this to a seat token; bots decide
// from it alone, in process or over HTTP.

import { type HandState, mustAnswer } from '../../domain/play/hand/index.ts';
import type { Eligibility } from '../../domain/rules/claims/index.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import type { Tile } from '../../domain/tiles/index.ts';
import { playerViewOf } from './from-hand.ts';
import type { OfferedTile, PlayerView } from './view.ts';

export type SeatPhase =
  /** Another seat is to act, or the window waits for others. */
  | { readonly kind: 'waiting' }
  /** The seat discards next; `drawn` is the tile it just drew (a self-drawn win or a kong may be declared). */
  | { readonly kind: 'turn'; readonly drawn: Tile | null }
  /** A claim window offers a tile the seat may claim; `answered` once it has. */
  | {
      readonly kind: 'claim';
      readonly offer: OfferedTile;
      readonly open: Eligibility;
      readonly answered: boolean;
      readonly deadlineMs: number;
    }
  | { readonly kind: 'ended'; readonly how: 'settled' | 'drawn' | 'voided' };

export interface SeatView {
  readonly view: PlayerView;
  readonly phase: SeatPhase;
  /** Whose turn it is (the seat that discards next), when it is a turn. */
  readonly turn: Seat | null;
  /** Table law: a seat found with a dead hand plays on but never wins, claims or declares. */
  readonly deadHand: boolean;
}

export function seatViewOf(state: HandState, seat: Seat): SeatView {
  return {
    view: playerViewOf(state, seat),
    phase: seatPhaseOf(state, seat),
    turn: state.phase.kind === 'turn' ? state.phase.seat : null,
    deadHand: state.deadHands.includes(seat),
  };
}

function seatPhaseOf(state: HandState, seat: Seat): SeatPhase {
  const { phase } = state;
  switch (phase.kind) {
    case 'not-started':
    case 'won':
      return { kind: 'waiting' };
    case 'ended':
      return { kind: 'ended', how: phase.how };
    case 'turn':
      return phase.seat === seat ? { kind: 'turn', drawn: phase.drawn ?? null } : { kind: 'waiting' };
    case 'claim-window': {
      const { window } = phase;
      const entry = window.seats[seat];
      if (entry === undefined || !mustAnswer(entry)) return { kind: 'waiting' };
      const { open } = entry;
      const { tile, kind, from } = window.offer;
      return {
        kind: 'claim',
        offer: { tile, kind, from },
        open,
        answered: entry.answer !== undefined,
        deadlineMs: window.deadlineMs,
      };
    }
  }
}
