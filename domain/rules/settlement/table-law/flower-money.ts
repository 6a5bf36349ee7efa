// Flower (bouquet) money, seed 004: settled when it occurs; the seed names no amount, so the table supplies it.
import type { Seat, Transfer } from '../../seats.ts';
import { deadHandRejection } from './dead-hand.ts';
import {
  checkPoints,
  checkSeat,
  deadHandsOf,
  opponentsOf,
  type TableContext,
  type Withheld,
} from './ledger.ts';

/**
 * A hook, not a rule: seed 004 mentions bouquets and flower money only in passing. Whoever models them (a
 * ruleset option) says what each opponent pays; a dead hand pays it but does not collect it.
 */
export interface FlowerMoney {
  readonly seat: Seat;
  /** What each opponent pays `seat`, as the table's flower rule sets it. */
  readonly pointsFromEach: number;
  /** What was declared, for the audit ("Plum", "bouquet of the four seasons"). */
  readonly what: string;
}

export function flowerMoneyTransfers(
  money: FlowerMoney,
  table: TableContext,
): { transfers: Transfer[]; withheld: Withheld[] } {
  checkSeat(money.seat, table.players, 'seat');
  checkPoints(money.pointsFromEach, 'pointsFromEach');
  const refused = deadHandRejection(money.seat, 'collect-flower-money', deadHandsOf(table));
  if (refused) return { transfers: [], withheld: [{ seat: money.seat, reason: refused.message }] };
  if (money.pointsFromEach === 0) return { transfers: [], withheld: [] };
  return {
    transfers: opponentsOf(money.seat, table.players).map((from) => ({
      from,
      to: money.seat,
      points: money.pointsFromEach,
      reason: `flower money: ${money.what} declared by ${money.seat}`,
    })),
    withheld: [],
  };
}
