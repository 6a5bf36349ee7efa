// What every scheme with declared hand scores shares (spec "Declared scores": four-seas, chinese-classical,
// mahjong-house, table-law): the checks of a win, claims ranked in turn order, and head-bump (seed 000).
import { RuleInputError } from '../errors.ts';
import type { WinType } from '../patterns/facts.ts';
import { type PlayerCount, SEATS, type Seat, seatsInPlay, turnOrderAfter } from '../seats.ts';
import type { Settlement } from './settlement.ts';

/** A claim whose score is declared rather than scored from tiles (spec "Declared scores"). */
export interface DeclaredClaim {
  readonly seat: Seat;
  readonly handScore: number;
}

/** A win on a tile (discard or robbed kong) or by self-draw, with declared scores. */
export interface DeclaredWin {
  readonly players: PlayerCount;
  readonly winType: WinType;
  /** The discarder, or the player whose added kong was robbed (who pays as the discarder); absent for self-draw. */
  readonly from?: Seat;
  /** Every win claim on the tile, in any order; exactly one for self-draw. */
  readonly claims: readonly DeclaredClaim[];
}

export interface Lapsed {
  readonly seat: Seat;
  readonly reason: string;
}

/** Points a rule input carries: whole and non-negative, so that transfers are exact and sum to zero. */
export function wholePoints(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RuleInputError(field, `${String(value)} is not a score: a whole number of points, 0 or more`);
  }
  return value;
}

/** Throws unless the seat is a wind in play; `field` names where it came from. */
export function checkSeat(seat: unknown, seats: readonly Seat[], field: string): Seat {
  if (!SEATS.includes(seat as Seat))
    throw new RuleInputError(field, `${String(seat)} is no seat: E, S, W or N`);
  if (!seats.includes(seat as Seat)) {
    throw new RuleInputError(
      field,
      `seat ${String(seat)} is not in play at a ${seats.length}-player table (${seats.join(', ')})`,
    );
  }
  return seat as Seat;
}

/**
 * The checks every declared-score scheme makes: a table of 2 to 4, the payer present exactly when the win is on
 * another's tile, at least one claim (one for self-draw), each by a distinct seat in play other than the payer,
 * with a whole, non-negative score. Returns the seats in play.
 */
export function checkDeclaredWin(win: DeclaredWin): readonly Seat[] {
  if (win.players !== 2 && win.players !== 3 && win.players !== 4) {
    throw new RuleInputError('options.players', `${String(win.players)} players: a table seats 2, 3 or 4`);
  }
  const seats = seatsInPlay(win.players);
  if (!Array.isArray(win.claims) || win.claims.length === 0) {
    throw new RuleInputError('claims', 'at least one win claim is needed');
  }
  switch (win.winType) {
    case 'self-draw':
      if (win.from !== undefined)
        throw new RuleInputError('from', 'a self-draw win has no discarder: leave from out');
      if (win.claims.length !== 1) {
        throw new RuleInputError('claims', `a self-draw win has exactly one claim, not ${win.claims.length}`);
      }
      break;
    case 'discard':
    case 'robbing-kong':
      if (win.from === undefined) {
        throw new RuleInputError(
          'from',
          win.winType === 'discard'
            ? 'a discard win needs the discarder'
            : 'robbing the kong needs the player whose kong was robbed',
        );
      }
      checkSeat(win.from, seats, 'from');
      break;
    default:
      throw new RuleInputError(
        'winType',
        `${String(win.winType satisfies never)} is no win type: discard, self-draw or robbing-kong`,
      );
  }
  const seen = new Set<Seat>();
  win.claims.forEach((claim, i) => {
    const seat = checkSeat(claim.seat, seats, `claims[${i}].seat`);
    if (seat === win.from) {
      throw new RuleInputError(
        `claims[${i}].seat`,
        `${seat} cannot win on their own ${win.winType === 'discard' ? 'discard' : 'kong'}`,
      );
    }
    if (seen.has(seat)) throw new RuleInputError(`claims[${i}].seat`, `${seat} claims twice`);
    seen.add(seat);
    wholePoints(claim.handScore, `claims[${i}].handScore`);
  });
  return seats;
}

/** Claims ranked as they rank on the tile: in turn order after the payer (a self-draw has one claim). */
export function claimsInTurnOrder(win: DeclaredWin): DeclaredClaim[] {
  if (win.from === undefined) return [...win.claims];
  const order = turnOrderAfter(win.from, win.players);
  return [...win.claims].sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
}

/** Head-bump: "The first eligible player in counterclockwise turn order wins. Later claimants are blocked." */
export function headBump(
  from: Seat,
  ranked: readonly DeclaredClaim[],
): { winner: DeclaredClaim; lapsed: Lapsed[] } {
  const [winner, ...rest] = ranked as [DeclaredClaim, ...DeclaredClaim[]];
  return {
    winner,
    lapsed: rest.map(({ seat }) => ({
      seat,
      reason: `head-bump: ${winner.seat} is first in turn order after ${from}`,
    })),
  };
}

/** A self-draw win of a declared score: every other player pays the winner the same amount. */
export function selfDrawFromEach(
  seats: readonly Seat[],
  claim: DeclaredClaim,
  pointsEach: number,
  reason: string,
): Settlement {
  return {
    winners: [{ ...claim, effectiveScore: claim.handScore }],
    lapsed: [],
    transfers: seats
      .filter((seat) => seat !== claim.seat)
      .map((seat) => ({ from: seat, to: claim.seat, points: pointsEach, reason }))
      .filter((t) => t.points > 0),
  };
}
