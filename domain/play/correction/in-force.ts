// One effective result per hand (DESIGN.md "Events"): the settlement in force is the hand's HandSettled with
// every SettlementCorrected after it applied in order — an adjustment adds its transfers, a replacement
// restates them. Every reader of a hand's points (the game's record, the ledger of every read model, the
// recompute, a ruling's preview) folds it here, so no two can disagree.
import type { Seat, Transfer } from '../../rules/seats.ts';
import type { PlayEvent, PlayEventOf } from '../events.ts';
import type { HandSettled } from '../payment-events.ts';

type SettlementData = HandSettled['data'];

export interface SettlementInForce {
  /** Index, in the hand's events, of the HandSettled or SettlementCorrected applied last. */
  readonly index: number;
  readonly ruleset: SettlementData['ruleset'];
  readonly winners: SettlementData['winners'];
  readonly lapsed: SettlementData['lapsed'];
  readonly transfers: readonly Transfer[];
  /**
   * An official's adjustments since the settlement was last restated by an official (or first settled): an
   * amendment's re-settlement keeps them on top of what the new rules compute.
   */
  readonly adjustments: readonly Transfer[];
  /** Restated whole by a referee or organizer: the official's word stands over any recompute. */
  readonly restatedByOfficial: boolean;
  /** Amendments that have re-settled this hand: one correction per hand per amendment. */
  readonly amendments: readonly string[];
}

/**
 * The transfers in force after a settlement or correction, given those in force before it: what a reader
 * that keeps nothing else of the settlement (the projections' ledger) folds.
 */
export function transfersAfter(
  before: readonly Transfer[],
  event: PlayEventOf<'HandSettled' | 'SettlementCorrected'>,
): readonly Transfer[] {
  if (event.type === 'SettlementCorrected' && event.data.mode === 'adjustment')
    return [...before, ...event.data.transfers];
  return event.data.transfers;
}

/** The settlement in force after `event` (the `index`-th of the hand), or as it was for other events. */
export function applySettlement(
  inForce: SettlementInForce | undefined,
  event: PlayEvent,
  index: number,
): SettlementInForce | undefined {
  switch (event.type) {
    case 'HandSettled': {
      const { ruleset, winners, lapsed, transfers } = event.data;
      return {
        index,
        ruleset,
        winners,
        lapsed,
        transfers,
        adjustments: [],
        restatedByOfficial: false,
        amendments: [],
      };
    }
    case 'SettlementCorrected': {
      const { data } = event;
      const official = data.correctedBy.role !== 'system';
      const amendments =
        data.amendmentId === undefined
          ? (inForce?.amendments ?? [])
          : [...(inForce?.amendments ?? []), data.amendmentId];
      if (data.mode === 'adjustment')
        return {
          index,
          ruleset: data.ruleset,
          winners: data.winners,
          lapsed: data.lapsed,
          transfers: transfersAfter(inForce?.transfers ?? [], event),
          adjustments: official
            ? [...(inForce?.adjustments ?? []), ...data.transfers]
            : (inForce?.adjustments ?? []),
          restatedByOfficial: inForce?.restatedByOfficial ?? false,
          amendments,
        };
      return {
        index,
        ruleset: data.ruleset,
        winners: data.winners,
        lapsed: data.lapsed,
        transfers: data.transfers,
        // A recompute restates the computed part and carries the official adjustments forward.
        adjustments: official ? [] : (inForce?.adjustments ?? []),
        restatedByOfficial: official || (inForce?.restatedByOfficial ?? false),
        amendments,
      };
    }
    default:
      return inForce;
  }
}

/** The settlement in force of a hand stream, or undefined while it has none. */
export function settlementInForce(events: readonly PlayEvent[]): SettlementInForce | undefined {
  let inForce: SettlementInForce | undefined;
  for (let i = 0; i < events.length; i++) inForce = applySettlement(inForce, events[i]!, i);
  return inForce;
}

/** Points per seat of some transfers: what each seat received less what it paid. */
export function netOf(transfers: readonly Transfer[]): Partial<Record<Seat, number>> {
  const net: Partial<Record<Seat, number>> = {};
  for (const { from, to, points } of transfers) {
    net[from] = (net[from] ?? 0) - points;
    net[to] = (net[to] ?? 0) + points;
  }
  return net;
}

/** Per seat, `after` less `before`, zeros left out: what a correction moves. */
export function deltaBetween(
  before: Partial<Record<Seat, number>>,
  after: Partial<Record<Seat, number>>,
): Partial<Record<Seat, number>> {
  const out: Partial<Record<Seat, number>> = {};
  for (const seat of new Set([...Object.keys(before), ...Object.keys(after)]) as Set<Seat>) {
    const d = (after[seat] ?? 0) - (before[seat] ?? 0);
    if (d !== 0) out[seat] = d;
  }
  return out;
}

/**
 * Transfers that move `net` points per seat (summing to zero): each loser pays the winners in seat order,
 * largest debts first. How a referee's per-seat restatement becomes itemised transfers.
 */
export function transfersOfNet(net: Partial<Record<Seat, number>>, reason: string): Transfer[] {
  const owing = (Object.entries(net) as [Seat, number][])
    .filter(([, p]) => p < 0)
    .map(([s, p]) => ({ s, p: -p }));
  const owed = (Object.entries(net) as [Seat, number][]).filter(([, p]) => p > 0).map(([s, p]) => ({ s, p }));
  const transfers: Transfer[] = [];
  for (const debtor of owing)
    for (const creditor of owed) {
      const points = Math.min(debtor.p, creditor.p);
      if (points === 0) continue;
      transfers.push({ from: debtor.s, to: creditor.s, points, reason });
      debtor.p -= points;
      creditor.p -= points;
    }
  return transfers;
}
