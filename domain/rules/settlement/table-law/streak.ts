// Dealer streak and the die, seed 004: East's streak bonus 2n + 1, no cap; the 1 point rows when no die is active.
import { RuleInputError } from '../../errors.ts';
import type { Seat, Transfer } from '../../seats.ts';

/** East's streak as the die should show it: n hands dealt again after an East win, 0 when none. */
export interface Streak {
  readonly count: number;
  /** East did not place or turn the die before discarding the first tile: this hand is played without it. */
  readonly dieForgotten?: boolean;
}

export const NO_STREAK: Streak = { count: 0 };

/** "The streak bonus is 3, 5, 7, 9 and so on: 2n + 1 for streak count n, with no cap." */
export const streakBonus = (count: number): number => 2 * count + 1;
/** "the separate 1 point rows for East winning and for East giving the winning discard" */
export const EAST_ROW = 1;

export function checkStreak(streak: Streak): void {
  if (!Number.isInteger(streak.count) || streak.count < 0)
    throw new RuleInputError(
      'streak.count',
      `${streak.count} is no streak count: a whole number, zero or more`,
    );
}

/** The die is active during a streak unless East forgot it this hand. */
export const dieActive = (streak: Streak): boolean => streak.count > 0 && streak.dieForgotten !== true;

/**
 * The bonus and the 1 point rows are one payment at two levels: 2n + 1 while the die is active, the 1 point
 * row otherwise (2·0 + 1 is the row itself). East winning is paid it by each player who pays East's hand;
 * without an active die (no streak, or the die forgotten) East earns only the row.
 */
export function eastWinPayment(streak: Streak): { points: number; reason: string } {
  return dieActive(streak)
    ? { points: streakBonus(streak.count), reason: `streak bonus 2n + 1, n = ${streak.count}: East won` }
    : { points: EAST_ROW, reason: 'East won: 1 point row (no streak die active)' };
}

/**
 * East giving the winning tile (a discard, or a gong robbed from East) pays each winner the bonus during a
 * streak, the die forgotten or not ("East still pays the full bonus"), and the 1 point row otherwise.
 */
export function eastGavePayment(streak: Streak): { points: number; reason: string } {
  return streak.count > 0
    ? {
        points: streakBonus(streak.count),
        reason: `streak bonus 2n + 1, n = ${streak.count}: East gave the winning tile`,
      }
    : { points: EAST_ROW, reason: 'East gave the winning tile: 1 point row' };
}

export interface StreakWin {
  readonly winners: readonly Seat[];
  /** Who pays each winner's hand: the discarder or gong player, or every other player on a self-draw. */
  readonly payersOf: (winner: Seat) => readonly Seat[];
  /** The discarder or the player whose gong was robbed; absent on a self-draw. */
  readonly from?: Seat;
}

export function streakTransfers(streak: Streak, win: StreakWin): Transfer[] {
  checkStreak(streak);
  const transfers: Transfer[] = [];
  if (win.winners.includes('E')) {
    const { points, reason } = eastWinPayment(streak);
    for (const from of win.payersOf('E')) transfers.push({ from, to: 'E', points, reason });
  }
  if (win.from === 'E') {
    const { points, reason } = eastGavePayment(streak);
    for (const to of win.winners) transfers.push({ from: 'E', to, points, reason });
  }
  return transfers;
}

/** Who deals next and what the die should show. */
export interface NextDeal {
  readonly sameDealer: boolean;
  readonly streak: Streak;
}

/**
 * East winning, alone or with others, deals again and the streak grows (a forgotten die loses no streak);
 * any other win and a drawn hand pass the deal; a void hand (false Mahjong) keeps dealer and die as they were.
 */
export function nextDeal(streak: Streak, outcome: 'east-won' | 'other-won' | 'drawn' | 'void'): NextDeal {
  switch (outcome) {
    case 'east-won':
      return { sameDealer: true, streak: { count: streak.count + 1 } };
    case 'other-won':
    case 'drawn':
      return { sameDealer: false, streak: NO_STREAK };
    case 'void':
      return { sameDealer: true, streak: { count: streak.count } };
  }
}
