// A seat's view of a live hand (domain/play/hand): its own tiles, every pond and exposed meld, how much wall
// is left, and nothing of the wall's order or the other concealed hands.
import type { HandState } from '../../domain/play/hand/index.ts';
import { kindsOf, wallRemaining } from '../../domain/play/hand/state.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import type { PlayerView } from './view.ts';

export function playerViewOf(state: HandState, seat: Seat): PlayerView {
  const hand = state.seats[seat]!;
  const seats = Object.keys(state.seats) as Seat[];
  return {
    seat,
    players: state.players,
    prevalent: state.prevalentWind,
    concealed: kindsOf(hand),
    melds: hand.melds,
    flowers: hand.flowers,
    ponds: Object.fromEntries(seats.map((s) => [s, state.seats[s]!.pond])),
    exposed: Object.fromEntries(seats.map((s) => [s, state.seats[s]!.melds])),
    wallRemaining: wallRemaining(state),
  };
}
