// Immediate payments, seed 004 "Keep two records": settled when they occur, never charged again with the hand.
import { RuleInputError } from '../../errors.ts';
import type { Seat, Transfer } from '../../seats.ts';
import { chasingTransfers, checkFlow, type Discard, findChases } from './chasing.ts';
import { concealedGongTransfers, unshownConcealedGongTransfers } from './concealed-gong.ts';
import { diceTriplePoints, diceTripleTransfers } from './dice-triples.ts';
import { type FlowerMoney, flowerMoneyTransfers } from './flower-money.ts';
import { checkPlayers, checkSeat, resolveAmounts, type TableContext, type Withheld } from './ledger.ts';
import { type WestChase, westChaseTransfers } from './west-exception.ts';

/** Every immediate event carries the id of the hand event it settles, so it is paid once. */
export type ImmediateEvent =
  /** The four discards of the run, as `findChases` found them in the flow. */
  | { readonly kind: 'chasing'; readonly id: string; readonly discards: readonly Discard[] }
  | ({ readonly kind: 'west-exception'; readonly id: string } & WestChase)
  | {
      readonly kind: 'dice-triple';
      readonly id: string;
      readonly thrower: Seat;
      readonly dice: readonly number[];
    }
  | { readonly kind: 'concealed-gong'; readonly id: string; readonly seat: Seat }
  | { readonly kind: 'unshown-concealed-gong'; readonly id: string; readonly seat: Seat }
  | ({ readonly kind: 'flower-money'; readonly id: string } & FlowerMoney);

export type ImmediateKind = ImmediateEvent['kind'];

export interface ImmediateEntry {
  readonly eventId: string;
  readonly kind: ImmediateKind;
  readonly transfers: readonly Transfer[];
  /** Payments the rule would make but a dead hand may not collect. */
  readonly withheld: readonly Withheld[];
}

/** The first of the two records: one entry per immediate event, in the order settled. */
export interface ImmediateRecord {
  readonly entries: readonly ImmediateEntry[];
}

export const EMPTY_IMMEDIATE_RECORD: ImmediateRecord = { entries: [] };

/**
 * What one immediate event pays, with the table as it is when the event occurs: a hand found dead later
 * does not undo what it collected before. The amounts are the table's (`table.amounts`, the seed's for each
 * one missing).
 */
export function settleImmediateEvent(event: ImmediateEvent, table: TableContext): ImmediateEntry {
  const amounts = resolveAmounts(table.amounts);
  table = { ...table, amounts };
  checkPlayers(table.players);
  if (typeof event.id !== 'string' || event.id.length === 0)
    throw new RuleInputError('id', 'an immediate event needs an id, so that it is settled once');
  const entry = (transfers: readonly Transfer[], withheld: readonly Withheld[] = []): ImmediateEntry => ({
    eventId: event.id,
    kind: event.kind,
    transfers,
    withheld,
  });
  switch (event.kind) {
    case 'chasing': {
      checkFlow(event.discards, table.players, 'discards');
      const [chase] = findChases(event.discards);
      if (event.discards.length !== 4 || chase === undefined)
        throw new RuleInputError('discards', 'chasing needs four identical tiles discarded in a row');
      return entry(chasingTransfers(chase, table.players, amounts));
    }
    case 'west-exception':
      return entry(westChaseTransfers(event, table.players, amounts));
    case 'dice-triple': {
      checkSeat(event.thrower, table.players, 'thrower');
      if (diceTriplePoints(event.dice, amounts) === undefined)
        throw new RuleInputError('dice', `[${event.dice.join(', ')}] is no triple: it pays nothing`);
      return entry(diceTripleTransfers(event.dice, event.thrower, table.players, amounts));
    }
    case 'concealed-gong':
      return entry(concealedGongTransfers(event.seat, table));
    case 'unshown-concealed-gong': {
      const { transfers, withheld } = unshownConcealedGongTransfers(event.seat, table);
      return entry(transfers, withheld);
    }
    case 'flower-money': {
      const { transfers, withheld } = flowerMoneyTransfers(event, table);
      return entry(transfers, withheld);
    }
  }
}

export const isSettled = (record: ImmediateRecord, eventId: string): boolean =>
  record.entries.some((e) => e.eventId === eventId);

/** Adds an event to the record as it occurs; an event already there is refused, never paid twice. */
export function recordImmediate(
  record: ImmediateRecord,
  event: ImmediateEvent,
  table: TableContext,
): ImmediateRecord {
  if (isSettled(record, event.id))
    throw new RuleInputError(
      'id',
      `immediate event ${event.id} (${event.kind}) is already settled: never charged twice`,
    );
  return { entries: [...record.entries, settleImmediateEvent(event, table)] };
}

export const immediateTransfers = (record: ImmediateRecord): Transfer[] =>
  record.entries.flatMap((e) => e.transfers);
