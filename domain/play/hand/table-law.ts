// Table law in play (seed 004): the immediate record (dice triples, chasing, the West exception, concealed
// gongs), false Mahjong and dead hands. The amounts are the ruleset's options, read by domain/rules/settlement/table-law.

import type { Seat } from '../../rules/seats.ts';
import {
  deadHandRejection,
  falseMahjongTransfers,
  type ImmediateEvent,
  resolveAmounts,
  settleImmediateEvent,
  type TableLawAmounts,
  westException,
  westOwed,
} from '../../rules/settlement/table-law/index.ts';
import { WEST } from '../../tiles/index.ts';
import type { Emitter } from './emitter.ts';
import { type HandState, seatHand } from './state.ts';

const amountsOf = (state: HandState): Partial<TableLawAmounts> => state.options as Partial<TableLawAmounts>;

/** An immediate event, settled as it occurs (seed 004 "Keep two records"): an ImmediatePayment. */
export function immediatePayment(em: Emitter, event: ImmediateEvent): void {
  const { state } = em;
  const entry = settleImmediateEvent(event, {
    players: state.players,
    deadHands: state.deadHands,
    amounts: amountsOf(state),
  });
  em.emit({
    type: 'ImmediatePayment',
    schemaVersion: 1,
    data: {
      kind: entry.kind,
      settles: entry.eventId,
      transfers: entry.transfers.map(({ from, to, points, reason }) => ({ from, to, points, reason })),
      withheld: entry.withheld.map(({ seat, reason }) => ({ seat, reason })),
    },
  });
}

/** Whether `seat`, about to discard, must show the fourth West and keep it (option `westException`). */
export function holdsBackWest(state: HandState, seat: Seat): boolean {
  if (state.preset !== 'table-law' || state.options.westException === false) return false;
  const holds = seatHand(state, seat).concealed[WEST]! > 0;
  return westException(state.flow, seat, holds, state.players).applies;
}

/** Whether `seat`, about to discard, owes the West it showed and kept (seed 004: "in the next round of turns"). */
export function owesWest(state: HandState, seat: Seat): boolean {
  if (state.preset !== 'table-law') return false;
  return westOwed(state.flow, state.westShown, seat, seatHand(state, seat).concealed[WEST]! > 0);
}

/** The chase the West exception still counts, paid when the fourth West is shown and another tile thrown. */
export function payWestChase(em: Emitter, seat: Seat): void {
  const { flow, stream } = em.state;
  immediatePayment(em, {
    kind: 'west-exception',
    id: `${stream}:west-shown-${flow.length}`,
    wests: flow.slice(-3).map((d) => ({ ...d })),
    shownBy: seat,
  });
}

/** After a discard: four identical tiles in a row in the flow are a chase, paid at once. */
export function payChase(em: Emitter): void {
  const { flow, stream, preset } = em.state;
  if (preset !== 'table-law' || flow.length < 4) return;
  const last = flow.slice(-4);
  if (last.some((d) => d.tile !== last[0]!.tile)) return;
  immediatePayment(em, {
    kind: 'chasing',
    id: `${stream}:discard-${flow.length - 1}`,
    discards: last.map((d) => ({ ...d })),
  });
}

/** A false Mahjong (seed 004): the ruleset's `falseMahjong` (25) to each other player, dead hands too. */
export function falseMahjongPenalty(state: HandState, seat: Seat, why: string) {
  const points = resolveAmounts(amountsOf(state)).falseMahjong;
  return {
    kind: 'false-mahjong',
    points,
    reason: `seed 004: false Mahjong (${why}): ${points} to each other player`,
    transfers: falseMahjongTransfers(seat, state.players, amountsOf(state)),
    explanation: 'seed 004: a false Mahjong voids the hand; East deals again',
  };
}

/**
 * A concealed gong that stands (nobody robbed it, the replacement not yet drawn: seed 004 "correctly
 * declared"): each opponent pays the declarer the ruleset's `concealedGong` (5) at once, dead opponents too.
 * A declarer whose hand was found dead while the gong waited on the window collects no gong money: the whole
 * payment is withheld.
 */
export function payConcealedGong(em: Emitter, seat: Seat, tile: number): void {
  const { state } = em;
  if (state.preset !== 'table-law') return;
  const id = `${state.stream}:concealed-gong-${seat}-${tile}`;
  const refused = deadHandRejection(seat, 'collect-gong-money', state.deadHands);
  if (refused === undefined) {
    immediatePayment(em, { kind: 'concealed-gong', id, seat });
    return;
  }
  em.emit({
    type: 'ImmediatePayment',
    schemaVersion: 1,
    data: {
      kind: 'concealed-gong',
      settles: id,
      transfers: [],
      withheld: [{ seat, reason: refused.message }],
    },
  });
}
