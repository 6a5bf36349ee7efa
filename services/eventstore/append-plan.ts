// What every adapter does to an append between reading the stream's head and writing rows: check the
// expected revision, then give each event its revision and chained hashes. The adapter supplies the head,
// read under whatever lock makes the check and the write one step. The store makes the id of every event
// that comes without one (DESIGN.md "Events": event ids are made by the store).

import { canonicalJson } from '../../domain/rules/rulesets/ruleset.ts';
import { newEventId } from './event-id.ts';
import { completeChainedHash } from './hash-chain.ts';
import { plainCanonicalJson, quotedKey } from './plain-json.ts';
import { type ExpectedRevision, type NewEvent, WrongExpectedVersion } from './port.ts';

/** The last event of a stream, as far as an append needs it. */
export interface StreamHead {
  readonly revision: number;
  readonly hash: string;
}

/** An event with its id: the caller's, or the one the store made. */
export interface IdentifiedEvent extends NewEvent {
  readonly id: string;
}

/** An event ready to be written: its revision, hashes, and its payloads both as values and as JSON text. */
export interface PlannedEvent extends IdentifiedEvent {
  readonly stream: string;
  readonly revision: number;
  readonly previousHash: string;
  readonly hash: string;
  readonly dataJson: string;
  readonly metadataJson: string;
}

/** An append carried an event id that the store (or the same append) already holds. */
export class DuplicateEventId extends Error {
  override readonly name = 'DuplicateEventId';
  constructor(readonly ids: readonly string[]) {
    super(`event id already stored: ${ids.join(', ')}`);
  }
}

/** The stream's actual last revision, or -1 when it has no events. */
export function actualRevision(head: StreamHead | undefined): number {
  return head === undefined ? -1 : head.revision;
}

export function checkExpected(
  stream: string,
  expected: ExpectedRevision,
  head: StreamHead | undefined,
): void {
  const actual = actualRevision(head);
  if (expected === 'any') return;
  if (expected === 'no-stream' ? actual !== -1 : BigInt(expected) !== BigInt(actual)) {
    throw new WrongExpectedVersion(stream, expected, actual);
  }
}

/**
 * An event as normaliseEvents leaves it: its id (a random UUID when the caller named none), its payloads as
 * reading them back gives them, as JSON text, and in the canonical form the hash is taken over.
 */
export interface NormalisedEvent extends IdentifiedEvent {
  readonly dataJson: string;
  readonly metadataJson: string;
  readonly dataCanonical: string;
  readonly metadataCanonical: string;
}

/**
 * Checks the events' shape before any I/O, and turns payloads into what reading them back will give:
 * the hash is taken over that round-tripped value, so verifyChain on read events agrees with it (a Date,
 * an undefined array item or NaN would otherwise hash differently from what comes back). The JSON text the
 * store writes is made here, and the canonical form of the round-tripped value, before the adapter takes its
 * write lock: for a plain payload the two are one text (roundTrip).
 */
export function normaliseEvents(stream: string, events: readonly NewEvent[]): NormalisedEvent[] {
  if (typeof stream !== 'string' || stream === '') throw new TypeError('stream must be a non-empty string');
  const seen = new Set<string>();
  const repeated = new Set<string>();
  // One command's events usually share one metadata object: round-trip it once for this append. Events copied
  // from a store (an import, the bench) bring a metadata object each, most of them the same text as another
  // of the append: the same text parses to the same value, so that is round-tripped once too.
  const metadataSeen = new Map<object, Json>();
  const metadataByText = new Map<string, Json>();
  const normalised = events.map((event, index): NormalisedEvent => {
    if (event.id !== undefined && (typeof event.id !== 'string' || event.id === ''))
      throw new TypeError(`events[${index}].id must be a non-empty string when given`);
    if (typeof event.type !== 'string' || event.type === '') {
      throw new TypeError(`events[${index}].type must be a non-empty string`);
    }
    if (!Number.isSafeInteger(event.schemaVersion))
      throw new TypeError(`events[${index}].schemaVersion must be an integer`);
    if (event.metadata === null || typeof event.metadata !== 'object' || Array.isArray(event.metadata)) {
      throw new TypeError(`events[${index}].metadata must be an object`);
    }
    // Made here, once per event and before any I/O, so that an adapter retrying its write sends the same ids.
    const id = event.id ?? newEventId();
    if (seen.has(id)) repeated.add(id);
    seen.add(id);
    const data = roundTrip(event.data ?? null);
    let metadata = metadataSeen.get(event.metadata);
    if (metadata === undefined) {
      // JSON.stringify's text, not the canonical walk, finds the copies: it is native, and copies of one
      // command's metadata were written alike.
      const text = JSON.stringify(event.metadata);
      metadata = metadataByText.get(text);
      if (metadata === undefined) {
        metadata = roundTrip(event.metadata);
        metadataByText.set(text, metadata);
      }
      metadataSeen.set(event.metadata, metadata);
    }
    return {
      id,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: data.value,
      metadata: metadata.value as Record<string, unknown>,
      dataJson: data.text,
      metadataJson: metadata.text,
      dataCanonical: data.canonical,
      metadataCanonical: metadata.canonical,
    };
  });
  if (repeated.size > 0) throw new DuplicateEventId([...repeated]);
  return normalised;
}

/**
 * Revisions and chained hashes for events appended after `head`, from what normaliseEvents made of them: their
 * JSON text and canonical form.
 */
export function planEvents(
  stream: string,
  events: readonly NormalisedEvent[],
  head: StreamHead | undefined,
): PlannedEvent[] {
  let revision = actualRevision(head);
  let previousHash = head?.hash ?? '';
  // The envelope's strings as JSON: the stream once per append, a type once (quotedKey keeps the few there
  // are), the previous hash as the event before's hash (hex, no escaping); only the head's is stringified.
  const quotedStream = JSON.stringify(stream);
  let quotedPreviousHash = JSON.stringify(previousHash);
  return events.map((event) => {
    revision += 1;
    const hash = completeChainedHash(
      {
        stream: quotedStream,
        id: JSON.stringify(event.id),
        type: quotedKey(event.type),
        previousHash: quotedPreviousHash,
      },
      revision,
      event.schemaVersion,
      event.dataCanonical,
      event.metadataCanonical,
    );
    const planned: PlannedEvent = {
      id: event.id,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata: event.metadata,
      stream,
      revision,
      previousHash,
      hash,
      dataJson: event.dataJson,
      metadataJson: event.metadataJson,
    };
    previousHash = hash;
    quotedPreviousHash = `"${hash}"`;
    return planned;
  });
}

/** A payload as reading it back gives it, its JSON text, and the canonical form of that value. */
interface Json {
  readonly value: unknown;
  readonly text: string;
  readonly canonical: string;
}

/**
 * A value of plain JSON reads back as itself: its canonical form is its text, made in the one walk that tells
 * it is plain, and reading that text back gives the value with its keys in sorted order (as PostgreSQL's
 * jsonb gives them in an order of its own). Any other value goes through JSON.stringify's text.
 */
function roundTrip(value: unknown): Json {
  const canonical = plainCanonicalJson(value);
  return canonical === undefined ? parsed(jsonText(value)) : { value, text: canonical, canonical };
}

function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError('event data must be JSON');
  return text;
}

function parsed(text: string): Json {
  const value: unknown = JSON.parse(text);
  return { value, text, canonical: canonicalJson(value) };
}
