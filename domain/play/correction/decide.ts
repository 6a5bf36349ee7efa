// Correcting a settled hand (DESIGN.md "Events": nothing is edited). A correction says what it does: an
// adjustment adds transfers to the settlement in force, a replacement restates it whole. Either is given as
// itemised transfers, or as points per seat that must sum to zero. The decision names what it corrects and
// carries the settlement before and the change per seat, so an audit reads the true before and after.
import { canonicalJson } from '../../rules/rulesets/index.ts';
import type { Seat, Transfer } from '../../rules/seats.ts';
import type { PlayEvent } from '../events.ts';
import type { SettlementCorrected } from '../payment-events.ts';
import {
  deltaBetween,
  netOf,
  type SettlementInForce,
  settlementInForce,
  transfersOfNet,
} from './in-force.ts';

type Data = SettlementCorrected['data'];

export interface CorrectSettlement {
  readonly type: 'CorrectSettlement';
  readonly mode: Data['mode'];
  /** Adjustment: the transfers added. Replacement: the settlement restated whole. */
  readonly change:
    | { readonly kind: 'transfers'; readonly transfers: readonly Transfer[] }
    | { readonly kind: 'points'; readonly points: Readonly<Partial<Record<Seat, number>>> };
  /** A replacement's winners (default: those in force). */
  readonly winners?: Data['winners'];
  readonly lapsed?: Data['lapsed'];
  /** The rules the corrected settlement stands under (an amendment's); default those in force. */
  readonly ruleset?: Data['ruleset'];
  readonly wrong: string;
  readonly reason: string;
  readonly correctedBy: Data['correctedBy'];
  readonly amendmentId?: string;
}

export type CorrectionRejectionCode =
  | 'hand-not-settled'
  | 'bad-correction'
  | 'correction-not-zero-sum'
  | 'correction-changes-nothing'
  | 'already-amended';

export interface CorrectionRejection {
  readonly code: CorrectionRejectionCode;
  readonly rule: string;
  readonly message: string;
}

export const CORRECTION_RULES = {
  settled: 'a correction changes the settlement in force of a settled hand',
  seats: 'a correction moves points between the seats at the hand’s table, whole points above zero',
  zero: 'a hand’s points sum to zero: a correction that would leave it otherwise is refused',
  change: 'a correction changes what stands',
  once: 'an amendment re-settles a hand once',
} as const;

export type CorrectionDecision =
  | { readonly event: SettlementCorrected; readonly inForce: SettlementInForce }
  | { readonly rejection: CorrectionRejection };

const reject = (
  code: CorrectionRejectionCode,
  rule: string,
  message: string,
): { readonly rejection: CorrectionRejection } => ({
  rejection: { code, rule, message },
});

/** Who held each seat wind in a hand stream: its first event's (dealt live, or entered). */
export function seatWindsOfHand(events: readonly PlayEvent[]): Partial<Record<Seat, string>> {
  const first = events[0];
  return first?.type === 'HandStarted' || first?.type === 'HandResultEntered'
    ? { ...first.data.seatWinds }
    : {};
}

/** The seats at the hand's table. */
export function seatsOfHand(events: readonly PlayEvent[]): Seat[] {
  const winds = seatWindsOfHand(events);
  return (Object.keys(winds) as Seat[]).filter((s) => winds[s] !== undefined);
}

/**
 * `events` is the hand stream, `eventIds` the store's id of each (the correction names the one it corrects).
 */
export function decideCorrection(
  command: CorrectSettlement,
  events: readonly PlayEvent[],
  eventIds: readonly string[],
): CorrectionDecision {
  const inForce = settlementInForce(events);
  if (inForce === undefined)
    return reject('hand-not-settled', CORRECTION_RULES.settled, 'the hand has no settlement');
  if (command.amendmentId !== undefined && inForce.amendments.includes(command.amendmentId))
    return reject(
      'already-amended',
      CORRECTION_RULES.once,
      `amendment ${command.amendmentId} re-settled it already`,
    );
  const seats = seatsOfHand(events);
  const transfers = transfersOf(command, seats);
  if ('rejection' in transfers) return transfers;
  const after = command.mode === 'adjustment' ? [...inForce.transfers, ...transfers.list] : transfers.list;
  const deltas = deltaBetween(netOf(inForce.transfers), netOf(after));
  const winners = command.winners ?? inForce.winners;
  const sameWinners = canonicalJson(winners) === canonicalJson(inForce.winners);
  if (Object.keys(deltas).length === 0 && (command.mode === 'adjustment' || sameWinners))
    return reject(
      'correction-changes-nothing',
      CORRECTION_RULES.change,
      command.mode === 'adjustment' && transfers.list.length === 0
        ? 'an adjustment lists at least one transfer'
        : 'the corrected settlement moves the same points per seat as the one in force',
    );
  const event: SettlementCorrected = {
    type: 'SettlementCorrected',
    schemaVersion: 2,
    data: {
      corrects: eventIds[inForce.index]!,
      mode: command.mode,
      correctedBy: { ...command.correctedBy },
      wrong: command.wrong,
      reason: command.reason,
      ...(command.amendmentId === undefined ? {} : { amendmentId: command.amendmentId }),
      ruleset: { ...(command.ruleset ?? inForce.ruleset) },
      previousRuleset: { ...inForce.ruleset },
      winners: winners.map((w) => ({ ...w })),
      lapsed: (command.lapsed ?? inForce.lapsed).map((l) => ({ ...l })),
      transfers: transfers.list.map((t) => ({ ...t })),
      previous: inForce.transfers.map((t) => ({ ...t })),
      deltas,
    },
  };
  return { event, inForce };
}

function transfersOf(
  command: CorrectSettlement,
  seats: readonly Seat[],
): { readonly list: Transfer[] } | { readonly rejection: CorrectionRejection } {
  const { change } = command;
  const named =
    change.kind === 'transfers'
      ? change.transfers.flatMap((t) => [t.from, t.to])
      : (Object.keys(change.points) as Seat[]);
  const stranger = named.find((s) => !seats.includes(s));
  if (stranger !== undefined)
    return reject('bad-correction', CORRECTION_RULES.seats, `no player sits at ${stranger} in this hand`);
  if (change.kind === 'transfers') {
    const bad = change.transfers.find((t) => !Number.isInteger(t.points) || t.points <= 0 || t.from === t.to);
    if (bad !== undefined)
      return reject(
        'bad-correction',
        CORRECTION_RULES.seats,
        `${bad.from} → ${bad.to} ${bad.points}: a transfer moves whole points above zero between two seats`,
      );
    return { list: change.transfers.map((t) => ({ ...t })) };
  }
  const values = Object.values(change.points) as number[];
  if (values.some((v) => !Number.isInteger(v)))
    return reject('bad-correction', CORRECTION_RULES.seats, 'points per seat are whole numbers');
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum !== 0)
    return reject(
      'correction-not-zero-sum',
      CORRECTION_RULES.zero,
      `the points per seat sum to ${sum}, not 0: ${seats.map((s) => `${s} ${change.points[s] ?? 0}`).join(', ')}`,
    );
  return { list: transfersOfNet(change.points, command.reason) };
}
