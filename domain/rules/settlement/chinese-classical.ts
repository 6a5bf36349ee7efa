// Chinese Classical payments, seed 002 (002_5e711bd9262c21d9.txt): the losers pay the winner his final score
// and settle the differences of their own, East paying and receiving double; penalties come last, undoubled.
// The text makes no difference between a discard, a self-draw and a robbed kong: the final scores carry any
// doubles for how the hand was won (spec "Declared scores"), so winType only decides who may claim.
import { RuleInputError } from '../errors.ts';
import type { Seat, Transfer } from '../seats.ts';
import {
  checkDeclaredWin,
  checkSeat,
  claimsInTurnOrder,
  type DeclaredClaim,
  type DeclaredWin,
  headBump,
  type Lapsed,
  wholePoints,
} from './declared-win.ts';
import type { Settlement } from './settlement.ts';

export interface ClassicalPenalty {
  readonly seat: Seat;
  /** What it is for, as the ruleset names it: `faulty-declaration`, … */
  readonly kind: string;
  readonly points: number;
}

/** Options of the scheme; field names match the chinese-classical preset. */
export interface ChineseClassicalOptions {
  /** Cap on a final hand score, applied before payments and differences; null or absent for none. */
  readonly limit?: number | null;
  /** "East receiving and paying the double" (default true). */
  readonly eastDoubles?: boolean;
}

export interface ChineseClassicalHand extends DeclaredWin {
  /** The claims' handScore is the winner's final score (after doubles). */
  readonly claims: readonly DeclaredClaim[];
  /** The final hand score of every loser: each seat in play but the winner, lapsed claimants included. */
  readonly loserScores: Readonly<Partial<Record<Seat, number>>>;
  /** Paid by the penalised player to the winner "at the final stage of scoring", never doubled. */
  readonly penalties?: readonly ClassicalPenalty[];
  readonly options?: ChineseClassicalOptions;
}

/**
 * Settles one Chinese Classical hand. The text knows one winner: several claims on one discard are settled by
 * head-bump (the first in turn order after the discarder), and a lapsed claimant pays and settles as a loser.
 */
export function settleChineseClassical(hand: ChineseClassicalHand): Settlement {
  const seats = checkDeclaredWin(hand);
  const { limit, eastDoubles } = classicalOptions(hand.options);
  const ranked = claimsInTurnOrder(hand);
  const { winner, lapsed }: { winner: DeclaredClaim; lapsed: Lapsed[] } =
    hand.from === undefined ? { winner: ranked[0]!, lapsed: [] } : headBump(hand.from, ranked);
  const losers = seats.filter((seat) => seat !== winner.seat);
  const scores = loserScoresOf(hand.loserScores, seats, winner.seat, losers);
  const penalties = checkPenalties(hand.penalties ?? [], seats, winner.seat);

  const limited = (score: number): number => (limit === null ? score : Math.min(score, limit));
  const shown = (score: number): string =>
    limited(score) === score ? `${score}` : `${limited(score)} (${score} limited to ${limit})`;
  const doubled = (a: Seat, b: Seat): boolean => eastDoubles && (a === 'E' || b === 'E');
  const east = (a: Seat, b: Seat): string => (doubled(a, b) ? ', East doubled' : '');
  const times = (a: Seat, b: Seat): number => (doubled(a, b) ? 2 : 1);

  const transfers: Transfer[] = losers.map((seat) => ({
    from: seat,
    to: winner.seat,
    points: limited(winner.handScore) * times(seat, winner.seat),
    reason: `pays the winner's score ${shown(winner.handScore)}${east(seat, winner.seat)}`,
  }));
  losers.forEach((a, i) => {
    for (const b of losers.slice(i + 1)) {
      const [high, low] = limited(scores[a]) >= limited(scores[b]) ? [a, b] : [b, a];
      transfers.push({
        from: low,
        to: high,
        points: (limited(scores[high]) - limited(scores[low])) * times(a, b),
        reason: `loser difference ${shown(scores[high])} − ${shown(scores[low])}${east(a, b)}`,
      });
    }
  });
  for (const { seat, kind, points } of penalties) {
    transfers.push({
      from: seat,
      to: winner.seat,
      points,
      reason: `penalty ${kind}: ${points}, never doubled`,
    });
  }
  return {
    winners: [{ ...winner, effectiveScore: limited(winner.handScore) }],
    lapsed,
    transfers: transfers.filter((t) => t.points > 0),
  };
}

function classicalOptions(options: ChineseClassicalOptions = {}): {
  limit: number | null;
  eastDoubles: boolean;
} {
  const limit = options.limit ?? null;
  if (limit !== null && wholePoints(limit, 'options.limit') === 0) {
    throw new RuleInputError(
      'options.limit',
      'a limit of 0 would leave nothing to pay: give a positive limit or none',
    );
  }
  const eastDoubles = options.eastDoubles ?? true;
  if (typeof eastDoubles !== 'boolean') throw new RuleInputError('options.eastDoubles', 'true or false');
  return { limit, eastDoubles };
}

function loserScoresOf(
  given: ChineseClassicalHand['loserScores'],
  seats: readonly Seat[],
  winner: Seat,
  losers: readonly Seat[],
): Record<Seat, number> {
  if (typeof given !== 'object' || given === null) {
    throw new RuleInputError(
      'loserScores',
      "every loser's final score is needed to settle their differences",
    );
  }
  for (const [key, score] of Object.entries(given)) {
    const seat = checkSeat(key, seats, `loserScores.${key}`);
    if (seat === winner) {
      throw new RuleInputError(
        `loserScores.${key}`,
        `${seat} won: the winner's score is the claim's handScore`,
      );
    }
    wholePoints(score, `loserScores.${key}`);
  }
  const scores = { E: 0, S: 0, W: 0, N: 0 };
  for (const seat of losers) {
    const score = given[seat];
    if (score === undefined) {
      throw new RuleInputError(
        `loserScores.${seat}`,
        `missing: ${seat} lost, and losers settle their differences`,
      );
    }
    scores[seat] = score;
  }
  return scores;
}

function checkPenalties(
  penalties: readonly ClassicalPenalty[],
  seats: readonly Seat[],
  winner: Seat,
): readonly ClassicalPenalty[] {
  if (!Array.isArray(penalties)) throw new RuleInputError('penalties', 'a list of penalties expected');
  penalties.forEach((penalty, i) => {
    const seat = checkSeat(penalty.seat, seats, `penalties[${i}].seat`);
    if (seat === winner) {
      throw new RuleInputError(
        `penalties[${i}].seat`,
        `${seat} won: a penalty is paid to the winner, so the text gives a winner's penalty no payee`,
      );
    }
    if (typeof penalty.kind !== 'string' || penalty.kind === '') {
      throw new RuleInputError(`penalties[${i}].kind`, 'name what the penalty is for');
    }
    wholePoints(penalty.points, `penalties[${i}].points`);
  });
  return penalties;
}
