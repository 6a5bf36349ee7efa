// Concealed gongs, seed 004: 5 from each opponent when correctly declared; 10 to each opponent when unshown (the
// seed's amounts; the table's `concealedGong` and `unshownConcealedGong` when set).
import { RuleInputError } from '../../errors.ts';
import type { Seat, Transfer } from '../../seats.ts';
import { deadHandRejection } from './dead-hand.ts';
import {
  checkSeat,
  deadHandsOf,
  opponentsOf,
  resolveAmounts,
  SEED_004_AMOUNTS,
  type TableContext,
  type Withheld,
} from './ledger.ts';

/** "the 5 point immediate payment a correctly declared concealed gong earns" (the seed's default) */
export const CONCEALED_GONG = SEED_004_AMOUNTS.concealedGong;
/** "An unshown concealed gong costs a 10 point payment to each opponent" (the seed's default) */
export const UNSHOWN_CONCEALED_GONG = SEED_004_AMOUNTS.unshownConcealedGong;

/**
 * Each opponent pays the declarer the table's `concealedGong` (5), dead hands too (they keep paying); a dead
 * hand cannot declare one.
 */
export function concealedGongTransfers(seat: Seat, table: TableContext): Transfer[] {
  const points = resolveAmounts(table.amounts).concealedGong;
  checkSeat(seat, table.players, 'seat');
  const refused = deadHandRejection(seat, 'declare-concealed-gong', deadHandsOf(table));
  if (refused) throw new RuleInputError('seat', refused.message);
  if (points === 0) return [];
  return opponentsOf(seat, table.players).map((from) => ({
    from,
    to: seat,
    points,
    reason: `concealed gong declared by ${seat}: each opponent pays ${points}`,
  }));
}

/**
 * The penalty, the table's `unshownConcealedGong` (10), charged once East discards the first tile of the next
 * hand and separate from what the gong earned. It is gong money, so a dead hand among the opponents does not
 * collect it.
 */
export function unshownConcealedGongTransfers(
  seat: Seat,
  table: TableContext,
): { transfers: Transfer[]; withheld: Withheld[] } {
  const points = resolveAmounts(table.amounts).unshownConcealedGong;
  checkSeat(seat, table.players, 'seat');
  const dead = deadHandsOf(table);
  const transfers: Transfer[] = [];
  const withheld: Withheld[] = [];
  if (points === 0) return { transfers, withheld };
  for (const to of opponentsOf(seat, table.players)) {
    const refused = deadHandRejection(to, 'collect-gong-money', dead);
    if (refused) withheld.push({ seat: to, reason: refused.message });
    else
      transfers.push({
        from: seat,
        to,
        points,
        reason: `unshown concealed gong of ${seat}: ${points} to each opponent`,
      });
  }
  return { transfers, withheld };
}
