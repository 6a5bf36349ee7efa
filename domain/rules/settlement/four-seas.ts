// Four Seas payments and several wins on one discard, seed 000 (000_ec34d038d69464af.txt).
import { RuleInputError } from '../errors.ts';
import type { Transfer } from '../seats.ts';
import {
  checkDeclaredWin,
  claimsInTurnOrder,
  type DeclaredClaim,
  type DeclaredWin,
  headBump,
  type Lapsed,
  selfDrawFromEach,
  wholePoints,
} from './declared-win.ts';
import type { MultipleWinners, SettledWinner, Settlement } from './settlement.ts';

/** Options of the scheme; defaults from seed 000. Field names match the four-seas preset. */
export interface FourSeasOptions {
  /** Several wins on one discard: the seed proposes `score-priority` (default). */
  readonly multipleWinners?: MultipleWinners;
  /** "the winner of a discard win receives four times the hand score". */
  readonly discardMultiplier?: number;
  /** A player who neither discarded nor won pays "one hand-score amount, capped at fifty points". */
  readonly bystanderCap?: number;
}

export interface FourSeasHand extends DeclaredWin {
  readonly options?: FourSeasOptions;
}

export const FOUR_SEAS_DEFAULTS = {
  multipleWinners: 'score-priority',
  discardMultiplier: 4,
  bystanderCap: 50,
} as const satisfies Required<FourSeasOptions>;

const POLICIES: readonly MultipleWinners[] = ['head-bump', 'multiple', 'score-priority'];

/**
 * Settles one Four Seas hand. A discard win pays each winner `discardMultiplier` × its effective score: every
 * player who neither discarded nor won (a bystander) pays the effective scores, at most `bystanderCap` over the
 * whole hand, and the discarder pays the rest. Which claims win and on what:
 * - head-bump: the first claimant after the discarder, on its score; later claimants pay as bystanders;
 * - multiple: every claimant, each on its full score;
 * - score-priority: every claimant, each on the part of its score above the highest before it in turn order,
 *   so the winners together are paid exactly one win on the highest score. A claimant below that receives
 *   nothing and pays nothing.
 * Self-draw: every other player pays the hand score capped at `bystanderCap` (the seed covers discards only;
 * no one dealt in, so everyone is paid as a bystander: docs/rules.md).
 */
export function settleFourSeas(hand: FourSeasHand): Settlement {
  const seats = checkDeclaredWin(hand);
  const { multipleWinners, discardMultiplier, bystanderCap } = fourSeasOptions(hand);
  const { from } = hand;
  if (from === undefined) {
    const [claim] = hand.claims as [DeclaredClaim];
    const capped = claim.handScore > bystanderCap ? `, capped at ${bystanderCap}` : '';
    return selfDrawFromEach(
      seats,
      claim,
      Math.min(claim.handScore, bystanderCap),
      `self-draw: pays the hand score ${claim.handScore}${capped}`,
    );
  }

  const ranked = claimsInTurnOrder(hand);
  let lapsed: Lapsed[] = [];
  let winners: SettledWinner[];
  switch (multipleWinners) {
    case 'head-bump': {
      const bump = headBump(from, ranked);
      winners = [{ ...bump.winner, effectiveScore: bump.winner.handScore }];
      lapsed = bump.lapsed;
      break;
    }
    case 'multiple':
      winners = ranked.map((claim) => ({ ...claim, effectiveScore: claim.handScore }));
      break;
    case 'score-priority': {
      let highest = 0;
      winners = ranked.map((claim) => {
        const effectiveScore = Math.max(0, claim.handScore - highest);
        highest = Math.max(highest, claim.handScore);
        return { ...claim, effectiveScore };
      });
      break;
    }
  }

  const bystanders = seats.filter((seat) => seat !== from && !winners.some((w) => w.seat === seat));
  const payer = hand.winType === 'discard' ? 'discard win' : 'robbing the kong, paid as the discarder';
  const transfers: Transfer[] = [];
  let paidBefore = 0; // effective scores bystanders have paid on so far: the cap is for the whole hand
  for (const { seat: to, handScore, effectiveScore } of winners) {
    const score =
      effectiveScore === handScore
        ? `${handScore}`
        : `${effectiveScore} (${handScore} − ${handScore - effectiveScore})`;
    const share = Math.min(paidBefore + effectiveScore, bystanderCap) - Math.min(paidBefore, bystanderCap);
    const capped =
      share === effectiveScore
        ? ''
        : `, capped at ${bystanderCap}${paidBefore > 0 ? ` for the hand (${Math.min(paidBefore, bystanderCap)} paid already)` : ''}`;
    for (const seat of bystanders) {
      transfers.push({ from: seat, to, points: share, reason: `pays the hand score ${score}${capped}` });
    }
    const worth = discardMultiplier * effectiveScore;
    const fromOthers = share * bystanders.length;
    transfers.push({
      from,
      to,
      points: worth - fromOthers,
      reason: `${payer}: ${discardMultiplier} × ${score} = ${worth}${fromOthers > 0 ? `, less ${fromOthers} paid by ${bystanders.join(' and ')}` : ''}`,
    });
    paidBefore += effectiveScore;
  }
  return { winners, lapsed, transfers: transfers.filter((t) => t.points > 0) };
}

function fourSeasOptions(hand: FourSeasHand): Required<FourSeasOptions> {
  const options = hand.options ?? {};
  const multipleWinners = options.multipleWinners ?? FOUR_SEAS_DEFAULTS.multipleWinners;
  if (!POLICIES.includes(multipleWinners)) {
    throw new RuleInputError(
      'options.multipleWinners',
      `${String(multipleWinners)} is none of ${POLICIES.join(', ')}`,
    );
  }
  const discardMultiplier = wholePoints(
    options.discardMultiplier ?? FOUR_SEAS_DEFAULTS.discardMultiplier,
    'options.discardMultiplier',
  );
  // With fewer, a discarder could pay less than a bystander, or be paid by one.
  if (discardMultiplier < hand.players - 1) {
    throw new RuleInputError(
      'options.discardMultiplier',
      `at least ${hand.players - 1} at a ${hand.players}-player table, so that the discarder pays no less than a bystander`,
    );
  }
  const bystanderCap = wholePoints(
    options.bystanderCap ?? FOUR_SEAS_DEFAULTS.bystanderCap,
    'options.bystanderCap',
  );
  return { multipleWinners, discardMultiplier, bystanderCap };
}
