// A win declared on a hand that is none (`issues show 4`, item 2; issue 12, items 1 and 2): the ruleset's
// `falseWin` says whether the declaration is refused ('reject', `not-a-win`, `claim-not-open`, `dead-hand`) or
// penalised ('penalise'): the declarer pays each other player at once, the hand is void (dealt again by the
// same dealer) and the wall is shown. A self-draw, a win claimed on a discard or robbing a kong, and any win a
// dead hand declares (seed 004: "This is not a false Mahjong as long as you do not declare a win") alike.

import type { Seat, Transfer } from '../../rules/seats.ts';
import { deadHandDeclaration } from '../../rules/settlement/table-law/index.ts';
import { seatsOf } from '../fields.ts';
import { revealWall } from './draw.ts';
import type { Emitter } from './emitter.ts';
import { type HandState, kindsOf, type OpenWindow, seatHand } from './state.ts';
import { falseMahjongPenalty } from './table-law.ts';
import { notAWin } from './win.ts';

/** The ruleset's choice; a stream recorded before the option existed keeps the rule it was played by. */
export function falseWinOf(state: HandState): 'reject' | 'penalise' {
  const chosen = state.options.falseWin;
  if (chosen === 'reject' || chosen === 'penalise') return chosen;
  return state.preset === 'table-law' ? 'penalise' : 'reject';
}

interface Penalty {
  readonly kind: string;
  readonly points: number;
  readonly reason: string;
  readonly transfers: readonly Transfer[];
  readonly explanation: string;
}

/** Any preset but table law: `falseWinPenalty` to each other player (none when it is 0). */
function falseWinPenalty(state: HandState, seat: Seat, why: string): Penalty {
  const raw = state.options.falseWinPenalty;
  const points = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  const rule = `${state.preset} falseWin 'penalise'`;
  return {
    kind: 'false-win',
    points,
    reason: `${rule}: false win (${why}): ${points} to each other player`,
    transfers:
      points === 0
        ? []
        : seatsOf(state.seats)
            .filter((to) => to !== seat)
            .map((to) => ({
              from: seat,
              to,
              points,
              reason: `false win by ${seat}: ${points} to each other player`,
            })),
    explanation: `${rule}: a false win voids the hand; the same dealer deals again`,
  };
}

/** How the false win was declared: on the tile just drawn, or claimed on another's tile (whose). */
export type FalseDeclaration =
  | { readonly by: 'self-draw' }
  | { readonly by: 'discard' | 'robbing-kong'; readonly from: Seat };

/** A dead hand's declaration is false whatever it holds (seed 004); undefined when the hand is alive. */
export const deadDeclaration = (state: HandState, seat: Seat): string | undefined =>
  deadHandDeclaration(seat, state.deadHands);

/**
 * A win claimed in the open window that is a false win to penalise (why, and how it was declared), or
 * undefined when it is not one: the ruleset refuses false wins, the seat may not answer here at all (the
 * tile's own player, a seat that has answered), or the hand with the tile is a win (a claim the window does
 * not open to it, barred by sacred discard or the pass lock, or a concealed kong robbed by no thirteen
 * orphans, stays refused). Eligibility is not asked: a seat the window lists for nothing, or a dead hand the
 * window does not wait for, may still declare a win, and its declaration is false. On time or late alike: a
 * late answer counts as a pass, but a false declaration is made all the same. A kong's tile is claimed
 * robbing it; a discard, or a flower (seed 003: "considered as winning by discard"), by discard.
 */
export function falseClaim(
  state: HandState,
  window: OpenWindow,
  seat: Seat,
): { readonly why: string; readonly how: FalseDeclaration } | undefined {
  if (falseWinOf(state) !== 'penalise') return undefined;
  const { offer } = window;
  if (state.seats[seat] === undefined || seat === offer.from) return undefined;
  if (window.seats[seat]?.answer !== undefined) return undefined;
  const by = offer.kind === 'added-kong' || offer.kind === 'concealed-kong' ? 'robbing-kong' : 'discard';
  const how = { by, from: offer.from } as const;
  const dead = deadDeclaration(state, seat);
  if (dead !== undefined) return { why: dead, how };
  const hand = seatHand(state, seat);
  const why = notAWin(state, {
    seat,
    concealed: kindsOf(hand),
    melds: hand.melds,
    tile: offer.tile,
    winType: by,
  });
  return why === undefined ? undefined : { why, how };
}

/** FalseWinDeclared, PenaltyAssessed (settled now), HandVoided and WallRevealed: the hand is over. */
export function falseWin(
  em: Emitter,
  seat: Seat,
  tile: number,
  why: string,
  how: FalseDeclaration = { by: 'self-draw' },
): void {
  const { state } = em;
  const penalty =
    state.preset === 'table-law' ? falseMahjongPenalty(state, seat, why) : falseWinPenalty(state, seat, why);
  em.emit({
    type: 'FalseWinDeclared',
    schemaVersion: 1,
    data: { seat, tile, ...how, reason: why },
  });
  em.emit({
    type: 'PenaltyAssessed',
    schemaVersion: 1,
    data: {
      seat,
      kind: penalty.kind,
      points: penalty.points,
      reason: penalty.reason,
      settled: 'now',
      transfers: penalty.transfers.map(({ from, to, points, reason }) => ({ from, to, points, reason })),
    },
  });
  em.emit({
    type: 'HandVoided',
    schemaVersion: 1,
    data: { cause: 'false-win', explanation: penalty.explanation },
  });
  revealWall(em);
}
