// Reading a stored event for the projections: play events parsed and upcast by domain/play's parser, the
// game's own HandRecorded and HandResultCorrected by their schemas, tournament events by domain/tournament's.
// Types no projection knows are skipped (undefined); a known type that does not parse is an error, not a
// silent gap in a read model.
import { isPlayEventType, type PlayEvent } from '../../domain/play/events.ts';
import { HandRecorded, HandResultCorrected } from '../../domain/play/game/events.ts';
import { streamRef as refOf, type StreamRef } from '../../domain/play/metadata.ts';
import { parseEvent } from '../../domain/play/parse.ts';
import { TOURNAMENT_EVENT_TYPES, TournamentEvent } from '../../domain/tournament/events.ts';
import type { ProjectedEvent } from './event.ts';

export type DomainEvent = PlayEvent | HandRecorded | HandResultCorrected | TournamentEvent;

export interface Actor {
  readonly role?: string;
  readonly seat?: string;
  readonly id?: string;
}

/** The store's facts about an event, as the read models keep them (JSON: the position as a string). */
export interface Envelope {
  readonly stream: string;
  readonly revision: number;
  readonly position: string;
  readonly id: string;
  readonly hash: string;
  /** When it happened: metadata.at, or the time the store recorded it. */
  readonly at: string;
  readonly actor: Actor;
}

export interface Decoded<E extends DomainEvent = DomainEvent> {
  readonly event: E;
  readonly meta: Envelope;
}

const TOURNAMENT_TYPES: ReadonlySet<string> = new Set(TOURNAMENT_EVENT_TYPES);

export function decode(raw: ProjectedEvent): Decoded | undefined {
  const event = domainEventOf(raw);
  return event === undefined ? undefined : { event, meta: envelopeOf(raw) };
}

function domainEventOf(raw: ProjectedEvent): DomainEvent | undefined {
  const { type, schemaVersion, data } = raw;
  if (type === 'HandRecorded') return HandRecorded.parse({ type, schemaVersion, data });
  if (type === 'HandResultCorrected') return HandResultCorrected.parse({ type, schemaVersion, data });
  if (isPlayEventType(type)) return parseEvent({ type, schemaVersion, data });
  if (TOURNAMENT_TYPES.has(type)) return TournamentEvent.parse({ type, schemaVersion, data });
  return undefined;
}

export function envelopeOf(raw: ProjectedEvent): Envelope {
  const metadata = raw.metadata;
  const at = typeof metadata.at === 'string' ? metadata.at : raw.recordedAt;
  return {
    stream: raw.stream,
    revision: raw.revision,
    position: raw.position.toString(),
    id: raw.id,
    hash: raw.hash ?? '',
    at,
    actor: actorOf(metadata.actor),
  };
}

/** The actor's role, seat and id where they are strings, in that order (written without spread copies). */
function actorOf(value: unknown): Actor {
  if (!isRecord(value)) return {};
  const actor: { role?: string; seat?: string; id?: string } = {};
  if (typeof value.role === 'string') actor.role = value.role;
  if (typeof value.seat === 'string') actor.seat = value.seat;
  if (typeof value.id === 'string') actor.id = value.id;
  return actor;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Stream names are the domain's (domain/play/metadata.ts). Every projection asks for each event's, and a
// batch's events come a stream at a time: the last answer is kept (a StreamRef is never changed).
export type { StreamRef };

let lastStream: string | undefined;
let lastRef: StreamRef = { kind: 'other' };
export function streamRef(stream: string): StreamRef {
  if (stream !== lastStream) {
    lastRef = refOf(stream);
    lastStream = stream;
  }
  return lastRef;
}
