// The audit log of one tournament: penalties (at the table and the tournament's), their cancellations,
// disputes and rulings, corrected settlements and voided hands — who, when, why, and each affected player's
// tournament points before and after, with the event's id, stream, revision and hash for the hash chain.
import type { Decoded } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';
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

export type AuditKind = 'penalty' | 'penalty-cancelled' | 'dispute' | 'ruling' | 'correction' | 'void';

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
  /** A corrected settlement: the replaced and the standing one, per player. */
  readonly settlementBefore?: Readonly<Record<string, number>>;
  readonly settlementAfter?: Readonly<Record<string, number>>;
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
          settlementBefore: byPlayer(handLedgerOf(doc.ledger, meta.stream)?.settlement ?? [], seatPlayer),
          settlementAfter: byPlayer(hand?.settlement ?? [], seatPlayer),
        }
      : {}),
  };
  return { ...doc, ledger, entries: [...doc.entries, entry] };
}

interface Described {
  readonly kind: AuditKind;
  readonly why: string;
  readonly detail: string;
  /** Players named by the event; `seat:X` for a seat of the event's hand. */
  readonly players: readonly string[];
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
            ? `${disputeId}: correction (${ruling.wrong})`
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
      return { kind: 'correction', why: d.reason, detail: `corrects ${d.corrects}: ${d.wrong}`, players: [] };
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
