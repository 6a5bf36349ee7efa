// The audit log of one tournament: penalties (at the table and the tournament's), their cancellations,
// disputes and rulings, corrected settlements and the table results they moved, amendments of the ruleset and
// their recomputes, voided hands — who, when, why, and each affected player's tournament points before and
// after, with the event's id, stream, revision and hash for the hash chain.
import { deltaBetween, netOf } from '../../domain/play/correction/in-force.ts';
import type { Transfer } from '../../domain/rules/seats.ts';
import type { AmendmentApplied } from '../../domain/tournament/events.ts';
import type { Decoded } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';
import { type CorrectionFacts, correctionFacts } from '../shared/correction.ts';
import {
  emptyLedger,
  evolveLedger,
  handLedgerOf,
  LEDGER_HAND_TYPES,
  type Ledger,
  type LedgerTransfer,
  pointsOf,
} from '../shared/ledger.ts';
import { tournamentKeys } from '../shared/route.ts';

export type AuditKind =
  | 'penalty'
  | 'penalty-cancelled'
  | 'dispute'
  | 'ruling'
  | 'correction'
  | 'table-corrected'
  | 'amendment'
  | 'amendment-applied'
  | 'void';

type Points = Readonly<Record<string, number>>;

/** A corrected settlement: what it did, who corrected it and why, and the hand's settlement before and after. */
export interface AuditCorrection extends CorrectionFacts {
  /** The settlement in force before and after, points per seat, and what moved (after less before). */
  readonly seatsBefore: Points;
  readonly seatsAfter: Points;
  readonly deltas: Points;
}

/** A finished table's result moved by a corrected hand: final points per player before and after. */
export interface AuditTable {
  readonly round: number;
  readonly table: number;
  readonly gameId: string;
  readonly hand: number;
  readonly correction: string;
  readonly before: Points;
  readonly after: Points;
}

/** An amendment of the ruleset: each option's change, what it covers, the revision and hash it made. */
export interface AuditAmendment {
  readonly amendmentId: string;
  readonly changes: Readonly<Record<string, { readonly from: unknown; readonly to: unknown }>>;
  readonly scope: Readonly<Record<string, unknown>>;
  readonly revision: number;
  readonly hash: string;
  readonly previousHash: string;
  readonly recompute: boolean;
  readonly amendedBy: { readonly role: string; readonly id: string };
}

/** An amendment's recompute done: the hands in scope and what came of them (AmendmentApplied as recorded). */
export type AuditApplied = AmendmentApplied['data'];

export interface AuditEntry {
  readonly kind: AuditKind;
  readonly type: string;
  readonly event: {
    readonly id: string;
    readonly stream: string;
    readonly revision: number;
    readonly hash: string;
  };
  readonly who: Decoded['meta']['actor'];
  readonly at: string;
  readonly why: string;
  readonly detail: string;
  readonly before: Readonly<Record<string, number>>;
  readonly after: Readonly<Record<string, number>>;
  /** A corrected settlement: the one in force before it and after it, per player. */
  readonly settlementBefore?: Points;
  readonly settlementAfter?: Points;
  readonly correction?: AuditCorrection;
  readonly table?: AuditTable;
  readonly amendment?: AuditAmendment;
  readonly applied?: AuditApplied;
}

export interface AuditDoc {
  readonly tournamentId: string;
  readonly ledger: Ledger;
  readonly entries: readonly AuditEntry[];
}

export const initialAudit = (tournamentId: string): AuditDoc => ({
  tournamentId,
  ledger: emptyLedger,
  entries: [],
});

const AUDIT_HAND_TYPES: ReadonlySet<string> = new Set([...LEDGER_HAND_TYPES, 'HandVoided']);

export const auditKeys = (event: Decoded, game: GameRef | undefined): string[] =>
  tournamentKeys(event, game, AUDIT_HAND_TYPES);

export function evolveAudit(doc: AuditDoc, decoded: Decoded, _game?: GameRef): AuditDoc {
  const ledger = evolveLedger(doc.ledger, decoded);
  const described = describe(doc.ledger, decoded);
  if (described === undefined) return { ...doc, ledger };
  const before = pointsOf(doc.ledger);
  const after = pointsOf(ledger);
  const hand = handLedgerOf(ledger, decoded.meta.stream);
  const seatPlayer = (seat: string) => hand?.seatWinds[seat] ?? `seat-${seat}`;
  const named = described.players.map((p) => (p.startsWith('seat:') ? seatPlayer(p.slice(5)) : p));
  const affected = [...new Set([...named, ...changed(before, after)])].sort();
  const pick = (points: Record<string, number>) =>
    Object.fromEntries(affected.map((p) => [p, points[p] ?? 0]));
  const { meta, event } = decoded;
  const settlementBefore = handLedgerOf(doc.ledger, meta.stream)?.settlement ?? [];
  const settlementAfter = hand?.settlement ?? [];
  const entry: AuditEntry = {
    kind: described.kind,
    type: event.type,
    event: { id: meta.id, stream: meta.stream, revision: meta.revision, hash: meta.hash },
    who: meta.actor,
    at: meta.at,
    why: described.why,
    detail: described.detail,
    before: pick(before),
    after: pick(after),
    ...(event.type === 'SettlementCorrected'
      ? {
          settlementBefore: byPlayer(settlementBefore, seatPlayer),
          settlementAfter: byPlayer(settlementAfter, seatPlayer),
          correction: correctionOf(event.data, settlementBefore, settlementAfter),
        }
      : {}),
    ...described.extra,
  };
  return { ...doc, ledger, entries: [...doc.entries, entry] };
}

interface Described {
  readonly kind: AuditKind;
  readonly why: string;
  readonly detail: string;
  /** Players named by the event; `seat:X` for a seat of the event's hand. */
  readonly players: readonly string[];
  readonly extra?: Pick<AuditEntry, 'table' | 'amendment' | 'applied'>;
}

function describe(ledger: Ledger, { event }: Decoded): Described | undefined {
  switch (event.type) {
    case 'PenaltyAssessed': {
      const d = event.data;
      return {
        kind: 'penalty',
        why: d.reason,
        detail: `${d.kind}: ${d.points} from ${d.seat}, settled ${d.settled}`,
        players: [`seat:${d.seat}`],
      };
    }
    case 'PlayerPenalised': {
      const d = event.data;
      return {
        kind: 'penalty',
        why: d.reason,
        detail: `${d.penaltyId}: ${d.points} from ${d.playerId}`,
        players: [d.playerId],
      };
    }
    case 'PenaltyCancelled': {
      const penalty = ledger.penalties[event.data.penaltyId];
      return {
        kind: 'penalty-cancelled',
        why: event.data.reason,
        detail: `${event.data.penaltyId} cancelled`,
        players: penalty === undefined ? [] : [penalty.playerId],
      };
    }
    case 'DisputeOpened': {
      const d = event.data;
      return {
        kind: 'dispute',
        why: d.reason,
        detail: `${d.disputeId}: ${d.gameId} hand ${d.hand}`,
        players: [],
      };
    }
    case 'DisputeRuled': {
      const { ruling, disputeId, reason } = event.data;
      const detail =
        ruling.kind === 'penalty'
          ? `${disputeId}: penalty ${ruling.penaltyId}, ${ruling.points} from ${ruling.playerId}`
          : ruling.kind === 'correction'
            ? `${disputeId}: correction, ${ruling.mode ?? 'replacement'} (${ruling.wrong})`
            : `${disputeId}: ${ruling.kind}`;
      return {
        kind: 'ruling',
        why: reason,
        detail,
        players: ruling.kind === 'penalty' ? [ruling.playerId] : [],
      };
    }
    case 'SettlementCorrected': {
      const d = event.data;
      const amendment = d.amendmentId === undefined ? '' : ` (amendment ${d.amendmentId})`;
      return {
        kind: 'correction',
        why: d.reason,
        detail: `${d.mode} of ${d.corrects}${amendment}: ${d.wrong}`,
        players: [],
      };
    }
    case 'TableResultCorrected': {
      const d = event.data;
      const before = pointsByPlayer(d.previous);
      const after = pointsByPlayer(d.scores);
      const moved = Object.keys(after)
        .sort()
        .filter((p) => before[p] !== after[p])
        .map((p) => `${p} ${before[p] ?? 0} → ${after[p]}`)
        .join(', ');
      return {
        kind: 'table-corrected',
        why: `hand ${d.hand} corrected (${d.correction})`,
        detail: `round ${d.round} table ${d.table} (${d.gameId}): ${moved === '' ? 'no change' : moved}`,
        players: Object.keys(after),
        extra: {
          table: {
            round: d.round,
            table: d.table,
            gameId: d.gameId,
            hand: d.hand,
            correction: d.correction,
            before,
            after,
          },
        },
      };
    }
    case 'RulesetAmended': {
      const d = event.data;
      const changes = Object.entries(d.changes)
        .map(([name, c]) => `${name} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`)
        .join(', ');
      const scope =
        d.scope.kind === 'round'
          ? `from round ${d.scope.round}`
          : d.scope.kind === 'hand'
            ? `from round ${d.scope.round} hand ${d.scope.hand}`
            : d.scope.kind === 'event'
              ? 'the whole event'
              : 'hands dealt from now on';
      return {
        kind: 'amendment',
        why: d.reason,
        detail:
          `${d.amendmentId} (revision ${d.revision}, ${d.ruleset.hash}): ${changes}; ${scope}` +
          `${d.recompute ? '; finished hands re-settled' : ''}`,
        players: [],
        extra: {
          amendment: {
            amendmentId: d.amendmentId,
            changes: d.changes,
            scope: d.scope,
            revision: d.revision,
            hash: d.ruleset.hash,
            previousHash: d.previous.hash,
            recompute: d.recompute,
            amendedBy: { ...d.amendedBy },
          },
        },
      };
    }
    case 'AmendmentApplied': {
      const d = event.data;
      const { refused } = d as { refused?: number };
      return {
        kind: 'amendment-applied',
        why: `amendment ${d.amendmentId} recomputed`,
        detail:
          `${d.amendmentId}: ${d.hands} hands in scope, ${d.corrected} corrected, ${d.unchanged} unchanged, ` +
          `${d.kept} kept as an official restated them${refused === undefined ? '' : `, ${refused} refused`}`,
        players: [],
        extra: { applied: { ...d } },
      };
    }
    case 'HandVoided':
      return {
        kind: 'void',
        why: event.data.explanation,
        detail: `voided: ${event.data.cause}`,
        players: [],
      };
    default:
      return undefined;
  }
}

function changed(before: Record<string, number>, after: Record<string, number>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (p) => (before[p] ?? 0) !== (after[p] ?? 0),
  );
}

function correctionOf(
  d: Extract<Decoded['event'], { type: 'SettlementCorrected' }>['data'],
  before: readonly LedgerTransfer[],
  after: readonly LedgerTransfer[],
): AuditCorrection {
  const seatsBefore = netOf(before as readonly Transfer[]);
  const seatsAfter = netOf(after as readonly Transfer[]);
  return {
    ...correctionFacts(d),
    seatsBefore,
    seatsAfter,
    deltas: deltaBetween(seatsBefore, seatsAfter),
  };
}

const pointsByPlayer = (scores: readonly { playerId: string; points: number }[]): Record<string, number> =>
  Object.fromEntries(scores.map((s) => [s.playerId, s.points]));

function byPlayer(
  transfers: readonly LedgerTransfer[],
  player: (seat: string) => string,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of transfers) {
    out[player(t.from)] = (out[player(t.from)] ?? 0) - t.points;
    out[player(t.to)] = (out[player(t.to)] ?? 0) + t.points;
  }
  return out;
}
