// Mahjong House payments on a win, seed 001 (001_523a04aecc6d5fca.txt): the discarder pays; two winners on one
// tile by 截糊 (one winner, standard) or 一炮多響 (Multiple Winners on One Discard, a house option).
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
} from './declared-win.ts';
import type { MultipleWinners, Settlement } from './settlement.ts';

/** Score priority is Four Seas' own (seed 000); Mahjong House offers the other two. */
export type MahjongHouseMultipleWinners = Exclude<MultipleWinners, 'score-priority'>;

/** Options of the scheme; field names match the mahjong-house preset. */
export interface MahjongHouseOptions {
  /** `head-bump` (截糊, standard, default) or `multiple` (一炮多響). */
  readonly multipleWinners?: MahjongHouseMultipleWinners;
}

/** The claims' handScore is the points the paying player owes that winner (spec "Declared scores"). */
export interface MahjongHouseHand extends DeclaredWin {
  readonly options?: MahjongHouseOptions;
}

/**
 * Settles one Mahjong House win. On a discard the discarder pays each winner its declared points; a robbed
 * kong's player "pays as the discarder" (the 1 faan of robbing the kong is in the declared score). On a
 * self-draw each other player pays the declared points (the seed is silent; the common Hong Kong convention:
 * docs/rules.md).
 */
export function settleMahjongHouse(hand: MahjongHouseHand): Settlement {
  const seats = checkDeclaredWin(hand);
  const multipleWinners = hand.options?.multipleWinners ?? 'head-bump';
  if (multipleWinners !== 'head-bump' && multipleWinners !== 'multiple') {
    throw new RuleInputError(
      'options.multipleWinners',
      (multipleWinners as string) === 'score-priority'
        ? 'score priority is no Mahjong House rule: head-bump (截糊) or multiple (一炮多響)'
        : `${String(multipleWinners)} is neither head-bump (截糊) nor multiple (一炮多響)`,
    );
  }
  const { from } = hand;
  if (from === undefined) {
    const [claim] = hand.claims as [DeclaredClaim];
    return selfDrawFromEach(seats, claim, claim.handScore, `self-draw (自摸): each pays ${claim.handScore}`);
  }

  const ranked = claimsInTurnOrder(hand);
  let winners: readonly DeclaredClaim[] = ranked;
  let lapsed: readonly Lapsed[] = [];
  if (multipleWinners === 'head-bump') {
    const bump = headBump(from, ranked);
    winners = [bump.winner];
    lapsed = bump.lapsed;
  }
  const transfers: Transfer[] = winners.map(({ seat, handScore }) => ({
    from,
    to: seat,
    points: handScore,
    reason:
      hand.winType === 'discard'
        ? `discard win (出銃): the discarder pays ${handScore}`
        : `robbing the kong (搶槓): the kong's player pays ${handScore} as the discarder`,
  }));
  return {
    winners: winners.map((claim) => ({ ...claim, effectiveScore: claim.handScore })),
    lapsed,
    transfers: transfers.filter((t) => t.points > 0),
  };
}
