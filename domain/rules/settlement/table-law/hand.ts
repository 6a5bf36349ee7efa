// One table-law hand, seed 004 "Keep two records": the immediate record, the final record and their sum.
import { RuleInputError } from '../../errors.ts';
import { type FinalHand, type FinalRecord, settleFinalHand } from './final-hand.ts';
import {
  EMPTY_IMMEDIATE_RECORD,
  type ImmediateEvent,
  type ImmediateRecord,
  immediateTransfers,
  isSettled,
  recordImmediate,
} from './immediate.ts';
import { type LedgerDeltas, ledgerDeltas, ledgerSum, resolveAmounts, type TableTransfer } from './ledger.ts';

export interface TableLawHand extends FinalHand {
  /** Immediate payments already settled in this hand, as they occurred. */
  readonly settled?: ImmediateRecord;
  /** Immediate events still unpaid when the hand is settled; they join the immediate record, never the final. */
  readonly immediate?: readonly ImmediateEvent[];
}

export interface TableLawSettlement {
  readonly immediate: ImmediateRecord;
  readonly final: FinalRecord;
  /** Both records' transfers, immediate first. */
  readonly transfers: readonly TableTransfer[];
  readonly deltas: {
    readonly immediate: LedgerDeltas;
    readonly final: LedgerDeltas;
    readonly total: LedgerDeltas;
  };
}

/**
 * Settles the hand's outstanding immediate events into the immediate record, refusing any already settled
 * ("Never charge the same immediate event again as part of the final hand"), then the final record. Both use
 * the table's amounts (`hand.amounts`, the seed's for each one missing), resolved once here.
 */
export function settleTableLawHand(hand: TableLawHand): TableLawSettlement {
  hand = { ...hand, amounts: resolveAmounts(hand.amounts) };
  let immediate = hand.settled ?? EMPTY_IMMEDIATE_RECORD;
  (hand.immediate ?? []).forEach((event, i) => {
    if (isSettled(immediate, event.id))
      throw new RuleInputError(
        `immediate[${i}].id`,
        `immediate event ${event.id} (${event.kind}) is already settled: it is never charged again with the hand`,
      );
    immediate = recordImmediate(immediate, event, hand);
  });
  const final = settleFinalHand(hand);
  const immediateList = immediateTransfers(immediate);
  const transfers = [...immediateList, ...final.transfers];
  const deltas = {
    immediate: ledgerDeltas(immediateList, hand.players),
    final: ledgerDeltas(final.transfers, hand.players),
    total: ledgerDeltas(transfers, hand.players),
  };
  for (const [record, d] of Object.entries(deltas))
    if (ledgerSum(d) !== 0) throw new Error(`the ${record} record sums to ${ledgerSum(d)}, not zero`);
  return { immediate, final, transfers, deltas };
}
