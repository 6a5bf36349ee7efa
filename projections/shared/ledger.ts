// Whose points moved, hand by hand: the ledger standings and the audit log both fold. A hand's points are its
// settlement in force (HandSettled, then each SettlementCorrected: an adjustment adds its transfers, a
// replacement restates them — the domain's own step, transfersAfter) plus what moved at once (immediate
// payments, penalties settled now), mapped from seats to players by HandStarted.seatWinds; a tournament
// penalty is deducted from its player unless cancelled. A ruling's correction counts through the
// SettlementCorrected the service writes for it in the hand stream, never through DisputeRuled itself: both
// would count an adjustment twice.
import { transfersAfter } from '../../domain/play/correction/in-force.ts';
import { handStream } from '../../domain/play/metadata.ts';
import type { HandSettled, SettlementCorrected } from '../../domain/play/payment-events.ts';
import type { Transfer } from '../../domain/rules/seats.ts';
import { type Decoded, streamRef } from '../runtime/decode.ts';

export interface LedgerTransfer {
  readonly from: string;
  readonly to: string;
  readonly points: number;
  readonly reason: string;
}

export interface HandLedger {
  /** Seat → player for this hand. */
  readonly seatWinds: Readonly<Record<string, string>>;
  /** The settlement in force, by seat. */
  readonly settlement: readonly LedgerTransfer[];
  /** The seats the settlement in force names as winners (none before it, or for a drawn hand). */
  readonly winners: readonly string[];
  /** Immediate payments and penalties settled at once, by seat. */
  readonly paidNow: readonly LedgerTransfer[];
  /**
   * A referee's void-and-redeal ruling: the hand has no settlement, but what was paid at once before the void
   * stands, as the game counts it (a voided hand's deltas count: HandRecorded).
   */
  readonly voidedByRuling: boolean;
}

export interface Penalty {
  readonly playerId: string;
  readonly points: number;
  readonly reason: string;
  readonly cancelled: boolean;
  /** Where the penalty was given, as far as it says: its round, its game and hand (the progress chart's step). */
  readonly round?: number;
  readonly gameId?: string;
  readonly hand?: number;
}

export interface Ledger {
  /**
   * By game, then hand stream: a change copies one game's hands and the list of games, not every hand of the
   * tournament (which made folding a large tournament quadratic).
   */
  readonly hands: Readonly<Record<string, Readonly<Record<string, HandLedger>>>>;
  /** By penaltyId: a ruling's penalty and a PlayerPenalised with the same id are one penalty. */
  readonly penalties: Readonly<Record<string, Penalty>>;
  /** disputeId → the hand stream disputed (a void-and-redeal ruling voids it). */
  readonly disputes: Readonly<Record<string, string>>;
}

/** The hand events that move points or name who holds a seat: the only ones the ledger reads. */
export const LEDGER_HAND_TYPES: ReadonlySet<string> = new Set([
  'HandStarted',
  'HandResultEntered',
  'HandSettled',
  'SettlementCorrected',
  'ImmediatePayment',
  'PenaltyAssessed',
]);

export const emptyLedger: Ledger = { hands: {}, penalties: {}, disputes: {} };

const emptyHand: HandLedger = {
  seatWinds: {},
  settlement: [],
  winners: [],
  paidNow: [],
  voidedByRuling: false,
};

/** What stands of a hand's settlement: its transfers and the seats it names as winners. */
export interface InForce {
  readonly settlement: readonly LedgerTransfer[];
  readonly winners: readonly string[];
}

/** The settlement in force after a HandSettled or SettlementCorrected: the domain's own step (transfersAfter). */
export function settleHand(standing: InForce, event: HandSettled | SettlementCorrected): InForce {
  return {
    settlement: transfersAfter(standing.settlement as readonly Transfer[], event),
    winners: winnersAfter(event),
  };
}

/** The seats named as winners once this settlement or correction stands: its own, whatever its mode. */
export const winnersAfter = (event: HandSettled | SettlementCorrected): readonly string[] =>
  event.data.winners.map((w) => w.seat);

/** The ledger with one hand stream's entry changed (outside the fold: docs/projections.md "Choices and limits"). */
function changeHand(ledger: Ledger, stream: string, change: (h: HandLedger) => HandLedger): Ledger {
  const game = gameOfStream(stream);
  const hands = ledger.hands[game] ?? {};
  return {
    ...ledger,
    hands: { ...ledger.hands, [game]: { ...hands, [stream]: change(hands[stream] ?? emptyHand) } },
  };
}

export function evolveLedger(ledger: Ledger, { event, meta }: Decoded): Ledger {
  switch (event.type) {
    case 'HandStarted':
    case 'HandResultEntered':
      return changeHand(ledger, meta.stream, (h) => ({
        ...h,
        seatWinds: { ...event.data.seatWinds } as Record<string, string>,
      }));
    case 'HandSettled':
    case 'SettlementCorrected':
      return changeHand(ledger, meta.stream, (h) => ({ ...h, ...settleHand(h, event) }));
    case 'ImmediatePayment':
      return changeHand(ledger, meta.stream, (h) => ({
        ...h,
        paidNow: [...h.paidNow, ...event.data.transfers],
      }));
    case 'PenaltyAssessed':
      return event.data.settled === 'now'
        ? changeHand(ledger, meta.stream, (h) => ({ ...h, paidNow: [...h.paidNow, ...event.data.transfers] }))
        : ledger;
    case 'PlayerPenalised': {
      const { penaltyId, playerId, points, reason, round, gameId, hand } = event.data;
      return penalise(ledger, penaltyId, {
        playerId,
        points,
        reason,
        cancelled: false,
        ...placeOf(ledger.penalties[penaltyId]),
        ...(round === undefined ? {} : { round }),
        ...(gameId === undefined ? {} : { gameId }),
        ...(hand === undefined ? {} : { hand }),
      });
    }
    case 'PenaltyCancelled': {
      const penalty = ledger.penalties[event.data.penaltyId];
      if (penalty === undefined) return ledger;
      return penalise(ledger, event.data.penaltyId, { ...penalty, cancelled: true });
    }
    case 'DisputeOpened': {
      const { disputeId, gameId, hand: n } = event.data;
      return { ...ledger, disputes: { ...ledger.disputes, [disputeId]: handStream(gameId, n) } };
    }
    case 'DisputeRuled': {
      const { ruling, reason } = event.data;
      switch (ruling.kind) {
        case 'penalty': {
          // The disputed hand is where a ruling's penalty was given.
          const disputed = streamRef(ledger.disputes[event.data.disputeId] ?? '');
          return penalise(ledger, ruling.penaltyId, {
            playerId: ruling.playerId,
            points: ruling.points,
            reason,
            cancelled: ledger.penalties[ruling.penaltyId]?.cancelled ?? false,
            ...placeOf(ledger.penalties[ruling.penaltyId]),
            ...(disputed.kind === 'hand' ? { gameId: disputed.gameId, hand: disputed.hand } : {}),
          });
        }
        case 'correction':
          // Carried out as the hand stream's SettlementCorrected, which the ledger folds.
          return ledger;
        case 'void-and-redeal': {
          const stream = ledger.disputes[event.data.disputeId];
          return stream === undefined
            ? ledger
            : changeHand(ledger, stream, (h) => ({ ...h, voidedByRuling: true }));
        }
        case 'no-change':
          return ledger;
      }
      return ledger;
    }
    default:
      return ledger;
  }
}

const gameOfStream = (stream: string): string => {
  const ref = streamRef(stream);
  return ref.kind === 'hand' ? ref.gameId : '';
};

/** A hand stream's ledger, if the ledger has seen the hand. */
export const handLedgerOf = (ledger: Ledger, stream: string): HandLedger | undefined =>
  ledger.hands[gameOfStream(stream)]?.[stream];

/** What an earlier record of the same penalty said of where it was given (a ruling and its PlayerPenalised). */
function placeOf(penalty: Penalty | undefined): Pick<Penalty, 'round' | 'gameId' | 'hand'> {
  if (penalty === undefined) return {};
  const { round, gameId, hand } = penalty;
  return {
    ...(round === undefined ? {} : { round }),
    ...(gameId === undefined ? {} : { gameId }),
    ...(hand === undefined ? {} : { hand }),
  };
}

function penalise(ledger: Ledger, penaltyId: string, penalty: Penalty): Ledger {
  return { ...ledger, penalties: { ...ledger.penalties, [penaltyId]: penalty } };
}

/** One hand's points per player. */
export function handPoints(hand: HandLedger): Record<string, number> {
  const points: Record<string, number> = {};
  for (const t of [...hand.paidNow, ...hand.settlement]) {
    const from = hand.seatWinds[t.from] ?? `seat-${t.from}`;
    const to = hand.seatWinds[t.to] ?? `seat-${t.to}`;
    points[from] = (points[from] ?? 0) - t.points;
    points[to] = (points[to] ?? 0) + t.points;
  }
  return points;
}

/** Every player's points: the hands' deltas and the penalties in force. */
export function pointsOf(ledger: Ledger): Record<string, number> {
  const points: Record<string, number> = {};
  for (const game of Object.keys(ledger.hands).sort())
    for (const [player, p] of Object.entries(gamePoints(ledger.hands[game]!)))
      points[player] = (points[player] ?? 0) + p;
  for (const id of Object.keys(ledger.penalties).sort()) {
    const penalty = ledger.penalties[id]!;
    if (!penalty.cancelled) points[penalty.playerId] = (points[penalty.playerId] ?? 0) - penalty.points;
  }
  return points;
}

/**
 * One game's points per player, kept by the identity of the game's record of hands: changeHand replaces only
 * the record of the game whose hand changed, so the standings and the audit log, which sum the whole ledger at
 * every batch, add up the other games from here (2.5 ms a batch at 2,048 hands before). Points are integers
 * (domain/play/fields.ts), so a sum taken by game is the sum taken hand by hand.
 */
function gamePoints(hands: Readonly<Record<string, HandLedger>>): Readonly<Record<string, number>> {
  let points = pointsByGame.get(hands);
  if (points !== undefined) return points;
  const sum: Record<string, number> = {};
  for (const stream of Object.keys(hands).sort())
    for (const [player, p] of Object.entries(handPoints(hands[stream]!)))
      sum[player] = (sum[player] ?? 0) + p;
  points = sum;
  pointsByGame.set(hands, points);
  return points;
}

const pointsByGame = new WeakMap<object, Readonly<Record<string, number>>>();

/**
 * Places by a score, best first, equal scores sharing a place (1, 2, 2, 4): an item's place is one more than
 * the number of items that compare before it. Sorted once, not each item against every other (`compare` is a
 * difference of scores: a total order with ties).
 */
export function sharedPlaces<T>(items: readonly T[], compare: (a: T, b: T) => number): number[] {
  const order = items.map((_, i) => i).sort((a, b) => compare(items[a]!, items[b]!));
  const places = new Array<number>(items.length);
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const tiedWithPrevious = k > 0 && compare(items[order[k - 1]!]!, items[i]!) === 0;
    places[i] = tiedWithPrevious ? places[order[k - 1]!]! : k + 1;
  }
  return places;
}
