// The final hand record, seed 004: the declared scores, the streak, the kitty, robbing the gong, false Mahjong.

import { RuleInputError } from '../../errors.ts';
import type { WinType } from '../../patterns/facts.ts';
import type { Seat } from '../../seats.ts';
import { deadHandRejection } from './dead-hand.ts';
import { falseMahjongTransfers } from './false-mahjong.ts';
import { checkKitty, collectKitty, drawnHandKitty, type Kitty } from './kitty.ts';
import {
  checkPlayers,
  checkPoints,
  checkSeat,
  deadHandsOf,
  opponentsOf,
  resolveAmounts,
  type TableContext,
  type TableLawAmounts,
  type TableTransfer,
} from './ledger.ts';
import { checkRobbingOpen, checkRobbingScore, robbedGongExtra } from './robbing-gong.ts';
import { checkStreak, type NextDeal, nextDeal, type Streak, streakTransfers } from './streak.ts';

/** The score contract's table-law claim: handScore is the points the paying player owes that winner. */
export interface DeclaredWin {
  readonly seat: Seat;
  readonly handScore: number;
}

export type HandOutcome =
  | {
      readonly kind: 'win';
      readonly winType: WinType;
      /** The discarder, or the player whose gong was robbed; absent on a self-draw. */
      readonly from?: Seat;
      readonly winners: readonly DeclaredWin[];
      /** A self-draw winner who forgot the kitty before the next dice roll leaves it (default: collected). */
      readonly kittyCollected?: boolean;
      /** Robbing the gong: whether the gong player had already placed the replacement tile (default: no). */
      readonly replacementPlaced?: boolean;
    }
  | { readonly kind: 'drawn' }
  | { readonly kind: 'false-mahjong'; readonly declarer: Seat };

export interface FinalHand extends TableContext {
  readonly streak: Streak;
  readonly kitty: Kitty;
  readonly outcome: HandOutcome;
}

/** The second of the two records: what the hand's end moves, and the state the next hand starts from. */
export interface FinalRecord {
  /** `void` after a false Mahjong: the hand is dealt again by the same dealer. */
  readonly outcome: 'won' | 'drawn' | 'void';
  readonly winners: readonly Seat[];
  readonly transfers: readonly TableTransfer[];
  readonly kitty: Kitty;
  readonly next: NextDeal;
}

/** Settles with the table's amounts (`hand.amounts`, the seed's for each one missing). */
export function settleFinalHand(hand: FinalHand): FinalRecord {
  const amounts = resolveAmounts(hand.amounts);
  checkPlayers(hand.players);
  checkStreak(hand.streak);
  checkKitty(hand.kitty);
  const { outcome } = hand;
  switch (outcome.kind) {
    case 'drawn': {
      const { transfers, kitty } = drawnHandKitty(hand.kitty, hand.players, amounts);
      return { outcome: 'drawn', winners: [], transfers, kitty, next: nextDeal(hand.streak, 'drawn') };
    }
    case 'false-mahjong':
      return {
        outcome: 'void',
        winners: [],
        transfers: falseMahjongTransfers(outcome.declarer, hand.players, amounts),
        kitty: hand.kitty,
        next: nextDeal(hand.streak, 'void'),
      };
    case 'win':
      return settleWin(hand, outcome, amounts);
  }
}

function settleWin(
  hand: FinalHand,
  win: Extract<HandOutcome, { kind: 'win' }>,
  amounts: TableLawAmounts,
): FinalRecord {
  checkWin(hand, win, amounts);
  const seats = win.winners.map((w) => w.seat);
  const payersOf = (winner: Seat): readonly Seat[] =>
    win.from === undefined ? opponentsOf(winner, hand.players) : [win.from];
  const transfers: TableTransfer[] = [];
  for (const { seat, handScore } of win.winners) {
    const reason = handReason(win.winType, handScore);
    for (const from of payersOf(seat)) transfers.push({ from, to: seat, points: handScore, reason });
    if (win.winType === 'robbing-kong') transfers.push(robbedGongExtra(win.from!, seat, amounts));
  }
  transfers.push(...streakTransfers(hand.streak, { winners: seats, payersOf, ...fromOf(win.from) }));
  const [first] = seats as [Seat];
  const kitty = collectKitty(hand.kitty, first, win.winType === 'self-draw', win.kittyCollected ?? true);
  transfers.push(...kitty.transfers);
  return {
    outcome: 'won',
    winners: seats,
    transfers: transfers.filter((t) => t.points > 0),
    kitty: kitty.kitty,
    next: nextDeal(hand.streak, seats.includes('E') ? 'east-won' : 'other-won'),
  };
}

const fromOf = (from: Seat | undefined): { from?: Seat } => (from === undefined ? {} : { from });

function handReason(winType: WinType, handScore: number): string {
  switch (winType) {
    case 'self-draw':
      return `self-draw win: each other player pays ${handScore}`;
    case 'discard':
      return `discard win: the discarder pays ${handScore}`;
    case 'robbing-kong':
      return `robbing the gong: the gong player pays ${handScore} (Robbing the Gong 10 included)`;
  }
}

function checkWin(
  hand: FinalHand,
  win: Extract<HandOutcome, { kind: 'win' }>,
  amounts: TableLawAmounts,
): void {
  const dead = deadHandsOf(hand);
  if (win.winners.length === 0) throw new RuleInputError('winners', 'a win needs a winner');
  if (win.winType === 'self-draw') {
    if (win.from !== undefined)
      throw new RuleInputError('from', 'a self-draw win has no discarder: leave from out');
    if (win.winners.length !== 1)
      throw new RuleInputError(
        'winners',
        `a self-draw win has exactly one winner, not ${win.winners.length}`,
      );
  } else {
    if (win.from === undefined)
      throw new RuleInputError(
        'from',
        win.winType === 'discard'
          ? 'a discard win needs the discarder'
          : 'robbing the gong needs the gong player',
      );
    checkSeat(win.from, hand.players, 'from');
  }
  if (win.winType === 'robbing-kong') checkRobbingOpen(win.replacementPlaced ?? false);
  else if (win.replacementPlaced !== undefined)
    throw new RuleInputError(
      'replacementPlaced',
      'only robbing the gong asks whether the replacement was placed',
    );
  if (win.winType !== 'self-draw' && win.kittyCollected !== undefined)
    throw new RuleInputError('kittyCollected', 'only a self-draw winner collects the kitty');
  const seen = new Set<Seat>();
  win.winners.forEach(({ seat, handScore }, i) => {
    const at = `winners[${i}]`;
    checkSeat(seat, hand.players, `${at}.seat`);
    if (seat === win.from) throw new RuleInputError(`${at}.seat`, `${seat} cannot win on their own tile`);
    if (seen.has(seat)) throw new RuleInputError(`${at}.seat`, `${seat} wins twice`);
    seen.add(seat);
    const refused = deadHandRejection(seat, 'declare-mahjong', dead, amounts);
    if (refused) throw new RuleInputError(`${at}.seat`, `${refused.message}; settle it as false-mahjong`);
    checkPoints(handScore, `${at}.handScore`);
    if (win.winType === 'robbing-kong') checkRobbingScore(handScore, `${at}.handScore`);
  });
}
