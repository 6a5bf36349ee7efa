// The event store port on KurrentDB (formerly EventStoreDB), through @kurrent/kurrentdb-client 1.x.
//
// Mapping decisions (each is explained again where it is made):
// - Revisions: KurrentDB counts a stream's revisions from 0, as the port does; a port revision n is the
//   client's bigint n, 'no-stream' is NO_STREAM, 'any' is ANY (but see append: we never send ANY).
// - Global position: the commit position of the event in $all. Events appended over gRPC are committed
//   prepares, whose commit and prepare positions are both the record's own log position, so the commit
//   position is unique per event and strictly increasing in $all order. It is a byte offset in the
//   transaction log: sparse and not starting at 1 (other adapters count 1, 2, 3...). 0n still means "from
//   the beginning", because no event is recorded at offset 0.
// - System events ($-prefixed event types, or events in $-prefixed streams: stats, metadata, links,
//   projections) are not ours: readAll and subscribe leave them out (server-side filter by type, and a
//   client-side check on both type and stream), and append refuses $-prefixed streams and types.
// - Event ids: KurrentDB wants a UUID. The ids the store makes (append-plan.ts: the application names none)
//   are lowercase canonical UUIDs and are used as is; any other id a caller names becomes a deterministic
//   name-based UUID (v5 layout, SHA-1 over a fixed namespace) and the original id is kept in the event's
//   metadata, from where reads restore it.
// - Data and metadata are JSON. KurrentDB's metadata holds { schemaVersion, previousHash, hash, eventId?,
//   metadata } with our metadata nested (so it never clashes with KurrentDB's own $-keys).
// - The hash chain is computed on append from the event at the expected revision (the stream's last one),
//   with the SQL adapters' append-plan.ts: the same normalisation (the JSON form, so that what is read back
//   hashes the same), the same hashes, the same DuplicateEventId.
// - Duplicate ids: refused within one append, and when the stream already holds them after the expected
//   revision (a retried append). KurrentDB has no index of event ids across streams, so an id reused in
//   another stream, or far back in the same one, is not detected here.
// - Subscriptions: the first error (the handler's, or the server dropping the subscription) stops
//   delivery; close() then rejects with it, as subscription.ts does for the SQL adapters.
// - recordedAt is the event's created date as recorded by the server.
import { createHash } from 'node:crypto';
import type {
  AllStreamResolvedEvent,
  AppendStreamState,
  CurrentStreamState,
  EventData,
  JSONType,
  KurrentDBClient,
  ReadPosition,
  RecordedEvent,
  ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  DuplicateEventId,
  type NormalisedEvent,
  normaliseEvents,
  type PlannedEvent,
  planEvents,
} from './append-plan.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type StoredEvent,
  type Subscription,
  WrongExpectedVersion,
} from './port.ts';

/** The part of the client the adapter uses (a fake can stand in for it in tests). */
export type KurrentClient = Pick<
  KurrentDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

/** The client library's event and filter constructors. */
export type KurrentLib = Pick<
  typeof import('@kurrent/kurrentdb-client'),
  'jsonEvent' | 'excludeSystemEvents'
>;

/**
 * Opens the KurrentDB event store, e.g. `kurrentdb://admin:changeit@localhost:2113?tls=false`.
 * The client is loaded here, not when this module is imported, so that importing the adapter (or its
 * helpers) costs nothing where KurrentDB is not configured. The client connects lazily: a wrong address
 * shows on the first call, not here.
 */
export async function openKurrentDbEventStore(connectionString: string): Promise<EventStore> {
  const lib = await import('@kurrent/kurrentdb-client');
  return createKurrentDbEventStore(lib.KurrentDBClient.connectionString(connectionString), lib);
}

// ---------------------------------------------------------------------------------------------------
// Mapping helpers (pure; exported for the unit tests)

/**
 * The client's stream state for a port expectation. Revisions count from 0 on both sides, so a revision
 * maps to the same number (as a bigint). A negative or fractional revision is a caller's mistake: there
 * is 'no-stream' for a stream that must not exist.
 */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'any') return 'any';
  if (expected === 'no-stream') return 'no_stream';
  if (typeof expected === 'number' && !Number.isSafeInteger(expected)) {
    throw new RangeError(`expected revision ${expected} is not an integer`);
  }
  const revision = BigInt(expected);
  if (revision < 0n) throw new RangeError(`expected revision ${expected} is negative (use 'no-stream')`);
  return revision;
}

/** The port's "actual revision" for the client's current stream state: -1 when there is no stream. */
export function toActualRevision(state: CurrentStreamState | undefined): number {
  // KurrentDB reports deleted (-5) and tombstoned (-6) streams with negative numbers: no stream either.
  if (state === undefined || state === 'no_stream' || state < 0n) return -1;
  return Number(state);
}

/** Whether the last revision `actual` (-1: no stream) satisfies the expectation. */
export function meetsExpectation(expected: ExpectedRevision, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no-stream') return actual === -1;
  return BigInt(expected) === BigInt(actual);
}

/** Where a read or subscription starts, for a port position (0n = from the beginning). */
export function toReadPosition(after: bigint): ReadPosition {
  if (after < 0n) throw new RangeError(`position ${after} is negative`);
  // Our events' commit and prepare positions are equal (see the header), so the pair names the event.
  return after === 0n ? 'start' : { commit: after, prepare: after };
}

/** A system event: a $-prefixed type ($metadata, $>, $statsCollected...) or a $-prefixed stream. */
export function isSystemEvent(event: { readonly streamId: string; readonly type: string }): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The namespace of the name-based UUIDs derived from our event ids (a fixed, random UUID). */
export const EVENT_ID_NAMESPACE = '33b1be58-2530-4829-92c2-eb66f2622817';

/** A name-based UUID, version 5 layout (RFC 9562): SHA-1 of the namespace's bytes and the UTF-8 name. */
export function uuidV5(name: string, namespace: string): string {
  if (!CANONICAL_UUID.test(namespace.toLowerCase())) throw new RangeError(`${namespace} is not a UUID`);
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The KurrentDB event id for our id. The server reads ids back as lowercase canonical UUIDs, so only that
 * form is used as is (an uppercase UUID would come back changed, and the hash covers the id); anything
 * else gets a derived UUID. Derived deterministically, so that a retried append carries the same
 * KurrentDB ids as its first try (KurrentDB's own duplicate detection relies on them).
 */
export function toKurrentEventId(id: string): string {
  return CANONICAL_UUID.test(id) ? id : uuidV5(id, EVENT_ID_NAMESPACE);
}

/** What an event carries in KurrentDB's metadata. */
export interface KurrentMetadata {
  readonly schemaVersion: number;
  readonly previousHash: string;
  readonly hash: string;
  /** Our id, present only when it is not the KurrentDB event id itself. */
  readonly eventId?: string;
  /** The event's own metadata (who acted, when, correlation and causation). */
  readonly metadata: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}

/** Reads our fields back from an event's KurrentDB metadata; throws when they are missing or malformed. */
export function fromKurrentMetadata(raw: unknown, where: string): KurrentMetadata {
  if (!isRecord(raw)) throw new Error(`${where}: metadata is not a JSON object: not written by this adapter`);
  const { schemaVersion, previousHash, hash, eventId, metadata } = raw;
  if (
    typeof schemaVersion !== 'number' ||
    typeof previousHash !== 'string' ||
    typeof hash !== 'string' ||
    (eventId !== undefined && typeof eventId !== 'string') ||
    !isRecord(metadata)
  ) {
    throw new Error(
      `${where}: metadata lacks schemaVersion, hashes or metadata: not written by this adapter`,
    );
  }
  return { schemaVersion, previousHash, hash, metadata, ...(eventId === undefined ? {} : { eventId }) };
}

/** Commit positions KurrentDB uses for "unknown" (-1 as an unsigned 64-bit number). */
const NO_POSITION = 2n ** 64n - 1n;

/** A stored event from a resolved KurrentDB event (ours: a JSON event carrying our metadata). */
export function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent {
  const recorded = resolved.event as RecordedEvent | undefined;
  if (recorded === undefined) throw new Error('KurrentDB returned a link to a missing event');
  const where = `KurrentDB event ${recorded.id} (${recorded.streamId}@${recorded.revision})`;
  if (!recorded.isJson) throw new Error(`${where}: not a JSON event: not written by this adapter`);
  const meta = fromKurrentMetadata(recorded.metadata, where);
  const position = recorded.position?.commit ?? resolved.commitPosition;
  if (position === undefined || position === NO_POSITION || position < 0n) {
    throw new Error(`${where}: no commit position (KurrentDB/EventStoreDB 22.6 or later reports one)`);
  }
  return {
    stream: recorded.streamId,
    revision: Number(recorded.revision),
    position,
    recordedAt: recorded.created.toISOString(),
    id: meta.eventId ?? recorded.id,
    type: recorded.type,
    schemaVersion: meta.schemaVersion,
    data: recorded.data,
    metadata: meta.metadata,
    previousHash: meta.previousHash,
    hash: meta.hash,
  };
}

/** An event planned by append-plan.ts, as KurrentDB stores it: its KurrentDB id and metadata. */
export function toKurrentEvent(planned: PlannedEvent): { kurrentId: string; metadata: KurrentMetadata } {
  const kurrentId = toKurrentEventId(planned.id);
  return {
    kurrentId,
    metadata: {
      schemaVersion: planned.schemaVersion,
      previousHash: planned.previousHash,
      hash: planned.hash,
      ...(kurrentId === planned.id ? {} : { eventId: planned.id }),
      metadata: planned.metadata as Record<string, unknown>,
    },
  };
}

function checkName(kind: 'stream' | 'event type', name: string): void {
  if (name === '') throw new RangeError(`the ${kind} name is empty`);
  // KurrentDB reserves $-prefixed names for itself, and readAll leaves such events out.
  if (name.startsWith('$')) throw new RangeError(`${kind} ${name}: $-prefixed names are KurrentDB's own`);
}

function errorType(error: unknown): string | undefined {
  // The client's CommandError classes carry a `type`; checking it (rather than instanceof) also works
  // when two copies of the client are loaded, and for the fake in the tests.
  return typeof error === 'object' && error !== null && 'type' in error && typeof error.type === 'string'
    ? error.type
    : undefined;
}

const WRONG_EXPECTED_VERSION = 'wrong-expected-version';
const STREAM_NOT_FOUND = 'stream-not-found';

/** Appends with 'any' retry this many times when another writer moves the stream in between. */
const ANY_ATTEMPTS = 10;

// ---------------------------------------------------------------------------------------------------
// The adapter

/** The event store on a KurrentDB client; `openKurrentDbEventStore` is the usual way in. */
export function createKurrentDbEventStore(client: KurrentClient, lib: KurrentLib): EventStore {
  const subscriptions = new Set<Subscription>();
  let closed = false;

  function checkOpen(): void {
    if (closed) throw new Error('the KurrentDB event store is closed');
  }

  /** The stream's events from a revision on, in the given direction; [] when the stream does not exist. */
  async function read(
    stream: string,
    from: bigint | 'start' | 'end',
    direction: 'forwards' | 'backwards',
    maxCount?: number,
  ): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      const reading = client.readStream(stream, {
        fromRevision: from,
        direction,
        ...(maxCount === undefined ? {} : { maxCount }),
      });
      for await (const resolved of reading) events.push(toStoredEvent(resolved));
    } catch (error) {
      if (errorType(error) === STREAM_NOT_FOUND) return [];
      throw error;
    }
    return events;
  }

  async function lastRevision(stream: string): Promise<number> {
    return (await read(stream, 'end', 'backwards', 1))[0]?.revision ?? -1;
  }

  /** Refuses an append whose ids the stream already holds among `recent` events: a retried append. */
  function refuseRepeats(events: readonly NormalisedEvent[], recent: readonly StoredEvent[]): void {
    const ids = new Set(events.map((event) => event.id));
    const repeated = recent.filter((event) => ids.has(event.id)).map((event) => event.id);
    if (repeated.length > 0) throw new DuplicateEventId(repeated);
  }

  /** One attempt: the events chained after `base` (undefined: the stream is new), sent expecting `base`. */
  async function send(
    stream: string,
    events: readonly NormalisedEvent[],
    base: StoredEvent | undefined,
  ): Promise<AppendResult> {
    const data: EventData[] = planEvents(stream, events, base).map((planned) => {
      const { kurrentId, metadata } = toKurrentEvent(planned);
      return lib.jsonEvent({
        id: kurrentId,
        type: planned.type,
        // JSON.stringify'd by the client: any JSON value (not only an object) is stored as such.
        data: planned.data as JSONType,
        metadata: metadata as unknown as JSONType,
      });
    });
    // Never ANY: the hashes cover the revisions, so the server must refuse if the stream moved.
    const streamState: AppendStreamState = base === undefined ? 'no_stream' : BigInt(base.revision);
    const result = await client.appendToStream(stream, data, { streamState });
    if (!result.success) {
      // Only with throwOnAppendFailure=false in the connection string; the client's revision is then
      // unreliable, so ask the stream.
      throw new ConflictSignal(await lastRevision(stream));
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    let position = result.position?.commit;
    if (position === undefined) {
      // Servers report the position of a write; if one does not, the event tells.
      position = (await read(stream, result.nextExpectedRevision, 'forwards', 1))[0]?.position;
      if (position === undefined) throw new Error(`${stream}: appended, but its position is unknown`);
    }
    return { nextExpectedRevision, position };
  }

  /** Runs `attempt`, turning the client's wrong-expected-version error into a ConflictSignal. */
  async function guarded(stream: string, attempt: () => Promise<AppendResult>): Promise<AppendResult> {
    try {
      return await attempt();
    } catch (error) {
      if (errorType(error) !== WRONG_EXPECTED_VERSION) throw error;
      const actualState = (error as { actualState?: CurrentStreamState }).actualState;
      throw new ConflictSignal(
        actualState === undefined ? await lastRevision(stream) : toActualRevision(actualState),
      );
    }
  }

  async function appendExpecting(
    stream: string,
    events: readonly NormalisedEvent[],
    expected: bigint | number | 'no-stream',
  ): Promise<AppendResult> {
    // Read from the expected revision on: the event there is the one to chain onto, and any event after
    // it means the stream has moved on, either because this append already happened (its ids are there:
    // DuplicateEventId, as the SQL adapters say) or because another writer got in first.
    const from = expected === 'no-stream' ? 0n : BigInt(expected);
    const found = await read(stream, from, 'forwards', events.length + 1);
    const base = expected === 'no-stream' ? undefined : found[0];
    const later = expected === 'no-stream' ? found : found.slice(1);
    if (expected !== 'no-stream' && base?.revision !== Number(expected)) {
      throw new WrongExpectedVersion(stream, expected, await lastRevision(stream));
    }
    if (later.length > 0) {
      refuseRepeats(events, later);
      throw new WrongExpectedVersion(stream, expected, await lastRevision(stream));
    }
    try {
      return await guarded(stream, () => send(stream, events, base));
    } catch (error) {
      if (error instanceof ConflictSignal) throw new WrongExpectedVersion(stream, expected, error.actual);
      throw error;
    }
  }

  async function appendAny(stream: string, events: readonly NormalisedEvent[]): Promise<AppendResult> {
    // 'any' still needs the previous event's hash and the revisions the hashes cover, so it is sent as
    // "the stream is at the revision we read" and, when another writer got in first, re-read, re-chained
    // and sent again.
    for (let attempt = 1; ; attempt++) {
      const tail = await read(stream, 'end', 'backwards', events.length);
      refuseRepeats(events, tail);
      try {
        return await guarded(stream, () => send(stream, events, tail[0]));
      } catch (error) {
        if (!(error instanceof ConflictSignal)) throw error;
        if (attempt >= ANY_ATTEMPTS) {
          throw new Error(
            `${stream}: gave up appending after ${attempt} attempts lost to concurrent writers`,
          );
        }
      }
    }
  }

  const store: EventStore = {
    async append(stream, events, expected) {
      checkOpen();
      toStreamState(expected); // validates a numeric revision
      // Shapes, the JSON form of data and metadata, and ids repeated within the append.
      const normalised = normaliseEvents(stream, events);
      checkName('stream', stream);
      for (const event of normalised) checkName('event type', event.type);
      if (normalised.length === 0) {
        // Nothing to write: only check the expectation, and report where the stream is.
        const last = (await read(stream, 'end', 'backwards', 1))[0];
        const actual = last?.revision ?? -1;
        if (!meetsExpectation(expected, actual)) throw new WrongExpectedVersion(stream, expected, actual);
        return { nextExpectedRevision: actual, position: last?.position ?? 0n };
      }
      return expected === 'any'
        ? appendAny(stream, normalised)
        : appendExpecting(stream, normalised, expected);
    },

    async readStream(stream, fromRevision = 0) {
      checkOpen();
      checkName('stream', stream);
      if (!Number.isSafeInteger(fromRevision) || fromRevision < 0) {
        throw new RangeError(`fromRevision ${fromRevision} is not a revision`);
      }
      return read(stream, BigInt(fromRevision), 'forwards');
    },

    async readAll(options: ReadAllOptions = {}) {
      checkOpen();
      const after = options.after ?? 0n;
      const limit = options.limit;
      const events: StoredEvent[] = [];
      if (limit !== undefined && limit <= 0) return events;
      // $all is in commit order and only holds committed events, so a reader never skips one that
      // commits late. Reading from a position includes the event at that position: `floor` drops it.
      let from = toReadPosition(after);
      let floor = after;
      let boundary = after > 0n;
      // With a limit, read in pages of what is still wanted (plus the boundary event): the bridge's reads
      // cannot be abandoned half-way, so each page is read to its end. A short page is the end of the log.
      for (;;) {
        const asked = limit === undefined ? undefined : limit - events.length + (boundary ? 1 : 0);
        let count = 0;
        let lastSeen: { commit: bigint; prepare: bigint } | undefined;
        const reading = client.readAll({
          fromPosition: from,
          direction: 'forwards',
          filter: lib.excludeSystemEvents(),
          ...(asked === undefined ? {} : { maxCount: asked }),
        });
        for await (const resolved of reading) {
          count++;
          const recorded = resolved.event;
          if (recorded === undefined) continue;
          lastSeen = recorded.position;
          // The server filters on event types; streams are checked here.
          if (isSystemEvent(recorded) || recorded.position.commit <= floor) continue;
          if (limit === undefined || events.length < limit) events.push(toStoredEvent(resolved));
        }
        if (asked === undefined || events.length >= limit! || count < asked || lastSeen === undefined) break;
        from = lastSeen;
        floor = lastSeen.commit;
        boundary = true;
      }
      return events;
    },

    subscribe(after, handler) {
      checkOpen();
      // Catch-up then live in one call: subscribeToAll reads $all from the position, then follows it.
      // It starts after the position (the check below makes that hold either way); system event types
      // are filtered by the server, system streams here.
      const source = client.subscribeToAll({
        fromPosition: toReadPosition(after),
        filter: lib.excludeSystemEvents(),
      });
      let closing = false;
      let failure: { error: unknown } | undefined;
      let running: Promise<void> = Promise.resolve();
      const subscription: Subscription = {
        async close() {
          subscriptions.delete(subscription);
          if (!closing) {
            closing = true;
            await source.unsubscribe().catch(() => {});
            // Ends an idle iteration at once; a running handler finishes first.
            source.destroy();
          }
          await running;
          if (failure !== undefined) throw failure.error;
        },
      };
      subscriptions.add(subscription);
      running = (async () => {
        let last = after;
        try {
          for await (const resolved of source) {
            if (closing) break;
            const recorded = resolved.event;
            if (recorded === undefined || isSystemEvent(recorded)) continue;
            const event = toStoredEvent(resolved);
            if (event.position <= last) continue;
            await handler(event); // awaited before the next event is taken
            last = event.position;
          }
          // A subscription never ends by itself: if the server ended it, delivery has stopped.
          if (!closing)
            failure = { error: new Error(`KurrentDB ended the subscription after position ${last}`) };
        } catch (error) {
          // The first error (the handler's, or the server dropping the subscription) stops delivery
          // without skipping the event; close() rejects with it, so the owner can restart from its
          // checkpoint. What the iteration throws because close() destroyed the source is no failure.
          if (!closing) failure = { error };
        } finally {
          await source.unsubscribe().catch(() => {});
        }
      })();
      return subscription;
    },

    async close() {
      if (closed) return;
      closed = true;
      // A subscription's failure is its owner's to hear, from its own close().
      await Promise.allSettled([...subscriptions].map((subscription) => subscription.close()));
      subscriptions.clear();
      await client.dispose();
    },
  };
  return store;
}

/** Internal: an append lost to another writer; `actual` is the stream's last revision (-1: none). */
class ConflictSignal extends Error {
  constructor(readonly actual: number) {
    super(`stream is at revision ${actual}`);
  }
}
