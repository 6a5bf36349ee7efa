// The event store port (DESIGN.md "Storage and scale"): append with an expected version, read a stream,
// read everything from a global position, and catch up / subscribe. Events are never updated or deleted;
// each stream is a hash chain, so an export can prove nothing was altered.

/** What a caller appends: its type, schema version, payload and metadata, all JSON. */
export interface NewEvent {
  readonly type: string;
  /** The event's schema version (upcasters read old ones). */
  readonly schemaVersion: number;
  readonly data: unknown;
  /** Who acted (role, seat), when, correlation and causation ids. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /**
   * Left out, the store makes it: a random UUID per event, so that no client value can become (or block) an
   * event id. The application always leaves it out and knows its events by their metadata (a command's
   * events carry its id as causationId). A caller may name ids (tests, a copy of another store's events):
   * they must be unique in the store (DuplicateEventId).
   */
  readonly id?: string;
}

export interface StoredEvent extends NewEvent {
  readonly id: string;
  readonly stream: string;
  /** Position within the stream: 0 for its first event (KurrentDB counts revisions from 0 too). */
  readonly revision: number;
  /** Position in the whole store: strictly increasing in commit order, starting at 1. */
  readonly position: bigint;
  /** ISO 8601 time the store recorded the event. */
  readonly recordedAt: string;
  /** sha256 (hex) of the previous event of the stream ('' for the first) and of this one. */
  readonly previousHash: string;
  readonly hash: string;
}

/**
 * The expected state of the stream before the append: a revision (the last event's), 'no-stream' (it must
 * not exist yet), or 'any' (no check).
 */
export type ExpectedRevision = bigint | number | 'no-stream' | 'any';

export interface AppendResult {
  /** The revision of the last event appended. */
  readonly nextExpectedRevision: number;
  /** The global position of the last event appended. */
  readonly position: bigint;
  /**
   * The events appended, as a read of the stream gives them back, where the append itself answered them
   * (PostgreSQL's one call); absent elsewhere, where a read is no dearer (SQLite) or the store answers only
   * positions (KurrentDB).
   */
  readonly stored?: readonly StoredEvent[];
}

export class WrongExpectedVersion extends Error {
  override readonly name = 'WrongExpectedVersion';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, -1 when it does not exist. */
    readonly actual: number,
  ) {
    super(
      `stream ${stream}: expected revision ${String(expected)}, found ${actual === -1 ? 'no stream' : actual}`,
    );
  }
}

export interface ReadAllOptions {
  /** Events strictly after this position (0n = from the beginning). */
  readonly after?: bigint;
  readonly limit?: number;
}

export interface Subscription {
  /** Stops delivering; resolves once no handler is running. */
  close(): Promise<void>;
}

/**
 * Where a store can be opened again, by another thread of this process: a worker given it reads the same
 * events through connections of its own. Credentials ride along in a PostgreSQL URL: it never leaves the
 * process.
 */
export type StoreAddress =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema: string; readonly appRole: string };

/** What the domain folds of a stored event: its place in the store, its type and version, its payload. */
export type StoredPayload = Pick<StoredEvent, 'position' | 'type' | 'schemaVersion' | 'data'>;

export interface EventStore {
  /** Where it can be opened again (absent: it cannot, e.g. an in-memory SQLite store). */
  readonly address?: StoreAddress;
  append(stream: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in revision order, from a revision on (default 0). Empty when it does not exist. */
  readStream(stream: string, fromRevision?: number): Promise<StoredEvent[]>;
  /**
   * The stream's events in revision order as the domain folds them: readStream without ids, hashes, metadata
   * and times, which a reader of many streams (an amendment's recompute) would read only to drop. Optional:
   * readStream serves where a store has no cheaper read (KurrentDB sends events whole).
   */
  readPayloads?(stream: string): Promise<StoredPayload[]>;
  /** Events of every stream in position order. A reader never skips an event that commits late. */
  readAll(options?: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * Delivers every event after `after`, in position order, then new ones as they are committed (catch-up,
   * then live). The handler's returned promise is awaited before the next event.
   */
  subscribe(after: bigint, handler: (event: StoredEvent) => Promise<void> | void): Subscription;
  close(): Promise<void>;
}
