// Checks every preset of the score contract shares: options against the preset's schema, who may claim.
import type { Seat, Transfer } from '../seats.ts';
import { invalid } from './outcome.ts';
import type { ScoreRequest } from './schema.ts';

/** Seats in play, the discarder present exactly when the win is on another's tile, one claim per seat. */
export function validateClaimants(request: ScoreRequest, seats: readonly Seat[]): void {
  const inPlay = (seat: Seat, field: string): void => {
    if (!seats.includes(seat))
      invalid(field, `seat ${seat} is not in play at a ${seats.length}-player table (${seats.join(', ')})`);
  };
  inPlay(request.prevalentWind, 'prevalentWind');
  if (request.winType === 'self-draw') {
    if (request.from !== undefined) invalid('from', 'a self-draw win has no discarder: leave from out');
    if (request.claims.length !== 1)
      invalid('claims', `a self-draw win has exactly one claim, not ${request.claims.length}`);
  } else {
    if (request.from === undefined) {
      invalid(
        'from',
        request.winType === 'discard'
          ? 'a discard win needs the discarder'
          : 'robbing the kong needs the player whose kong was robbed',
      );
    }
    inPlay(request.from!, 'from');
  }
  const seen = new Set<Seat>();
  request.claims.forEach((claim, i) => {
    inPlay(claim.seat, `claims[${i}].seat`);
    if (claim.seat === request.from)
      invalid(
        `claims[${i}].seat`,
        `${claim.seat} cannot win on their own ${request.winType === 'discard' ? 'discard' : 'kong'}`,
      );
    if (seen.has(claim.seat)) invalid(`claims[${i}].seat`, `${claim.seat} claims twice`);
    seen.add(claim.seat);
  });
}

/**
 * Penalties where the rule text does not say whom they pay (four-seas, mahjong-house, table-law's false
 * Mahjong or an organizer's): the penalised player pays the points to each other player, apart from the hand.
 */
export function penaltiesToEachOther(request: ScoreRequest, seats: readonly Seat[]): Transfer[] {
  return (request.penalties ?? []).flatMap((penalty, i) => {
    if (!seats.includes(penalty.seat))
      return invalid(`penalties[${i}].seat`, `seat ${penalty.seat} is not in play`);
    return seats
      .filter((seat) => seat !== penalty.seat)
      .map((to) => ({ from: penalty.seat, to, points: penalty.points, reason: `penalty: ${penalty.kind}` }));
  });
}
