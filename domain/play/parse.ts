// Reading a stored event: the envelope, then the payload brought up to the current version, then the current
// schema. Whatever fails is named by its field.
import { z } from 'zod';
import { isPlayEventType, PLAY_EVENT_SCHEMAS, type PlayEvent } from './events.ts';
import { EventMetadata } from './metadata.ts';
import { EventParseError, eventParseError } from './parse-error.ts';
import { upcast } from './upcasters.ts';

// The store's own fields (id, stream, revision, metadata...) may stand beside these: not the event's.
const envelope = z.looseObject({ type: z.string(), schemaVersion: z.int(), data: z.unknown() });

/** A stored or submitted event, at any schema version, as the current version of its type. */
export function parseEvent(raw: unknown): PlayEvent {
  const outer = envelope.safeParse(raw);
  if (!outer.success) throw eventParseError(outer.error, []);
  const { type, schemaVersion } = outer.data;
  if (!isPlayEventType(type)) throw new EventParseError('type', `unknown event type ${JSON.stringify(type)}`);
  const data = upcast(type, schemaVersion, outer.data.data);
  const schema = PLAY_EVENT_SCHEMAS[type];
  const version = schema.shape.schemaVersion.value;
  const parsed = (schema as z.ZodType).safeParse({ type, schemaVersion: version, data });
  if (!parsed.success) throw eventParseError(parsed.error, [], type, version);
  return parsed.data as PlayEvent;
}

export function parseMetadata(raw: unknown): EventMetadata {
  const parsed = EventMetadata.safeParse(raw);
  if (!parsed.success) throw eventParseError(parsed.error, ['metadata']);
  return parsed.data;
}

/**
 * An event read back from this platform's own store, where it was checked when appended and has been
 * chained by hash since: at its type's current version it is taken as it stands (no schema run, no wall
 * shuffled again to check its hash); an older version is upcast and parsed as parseEvent does. For bulk
 * reads (an amendment's recompute over every hand); `verify` is what checks the store itself.
 */
export function storedEvent(raw: { type: string; schemaVersion: number; data: unknown }): PlayEvent {
  const { type, schemaVersion, data } = raw;
  if (isPlayEventType(type) && PLAY_EVENT_SCHEMAS[type].shape.schemaVersion.value === schemaVersion)
    return { type, schemaVersion, data } as PlayEvent;
  return parseEvent(raw);
}
