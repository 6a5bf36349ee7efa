// The embedded event store (DESIGN.md "Storage and scale"): one SQLite file in WAL mode, through
// better-sqlite3. SQLite has one writer at a time, and every append is a single BEGIN IMMEDIATE
// transaction that takes the write lock before it reads the stream's head: the expected-revision check,
// the hash chain and the insert see no other writer, and positions (AUTOINCREMENT, so never reused) are
// assigned in commit order. A reader therefore never sees position n+1 without n.
import { resolve } from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  checkExpected,
  DuplicateEventId,
  type NormalisedEvent,
  normaliseEvents,
  type PlannedEvent,
  planEvents,
  type StreamHead,
} from './append-plan.ts';
import type { EventStore, ExpectedRevision, ReadAllOptions, StoredEvent } from './port.ts';
import { OpenSubscriptions, Wakeup } from './subscription.ts';

export interface SqliteEventStoreOptions {
  /** How often a subscription looks for events appended by another process (default 200 ms). */
  readonly pollIntervalMs?: number;
  /** How long an append waits for another connection's write lock before failing (default 5 s). */
  readonly busyTimeoutMs?: number;
  /** Open an existing file read-only (export, rebuild): no schema work, no lock taken; appends fail. */
  readonly readonly?: boolean;
}

/**
 * The message of the trigger that refuses a second event with a stored id: a plain INSERT of one meets it
 * before the UNIQUE constraint, so it is how a duplicate id shows.
 */
const ID_TAKEN = 'events are immutable: an event with this id is stored';

// Immutability. UPDATE and DELETE triggers alone do not hold: `INSERT OR REPLACE` / `REPLACE INTO` (and an
// ON CONFLICT REPLACE from anywhere) resolves a conflict by deleting the stored row, and SQLite fires no
// delete trigger for that unless the connection turned recursive_triggers on. So every insert that would
// meet a stored event (same position, same id, or same stream and revision) is refused before any conflict
// resolution runs, whatever the statement's OR clause; an upsert's DO UPDATE meets the update trigger as
// well. The triggers are created at every open, so a file made before them gets them too. They bind every
// connection, pragmas or not; only a change to the schema itself (DROP TRIGGER, writable_schema, the shell's
// `.dbconfig enable_trigger off`) gets past them, which is what the hash chain and the signed audit export
// are for (docs/event-store.md).
// The insert checks are one trigger: SQLite starts a trigger's sub-program for every row whatever its WHEN
// finds. The demo's 522,237 events in 5,121 appends took 5.5-6.2 s with no insert trigger, 6.5-6.9 s with two
// and 6.3-6.7 s with this one. A file with the two triggers of before has them replaced at open; the body
// looks for the id again only when the WHEN found something (a refused insert), to say which it was.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL CHECK (revision >= 0),
  id TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL,
  schema_version INTEGER NOT NULL,
  data TEXT NOT NULL CHECK (json_valid(data)),
  metadata TEXT NOT NULL CHECK (json_valid(metadata)),
  recorded_at TEXT NOT NULL,
  previous_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  UNIQUE (stream, revision)
) STRICT;
CREATE TRIGGER IF NOT EXISTS events_refuse_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are immutable: UPDATE refused'); END;
CREATE TRIGGER IF NOT EXISTS events_refuse_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are immutable: DELETE refused'); END;
DROP TRIGGER IF EXISTS events_refuse_overwrite;
DROP TRIGGER IF EXISTS events_refuse_same_id;
CREATE TRIGGER IF NOT EXISTS events_refuse_stored_again BEFORE INSERT ON events
WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.id)
  OR EXISTS (SELECT 1 FROM events WHERE stream = NEW.stream AND revision = NEW.revision)
  OR EXISTS (SELECT 1 FROM events WHERE position = NEW.position)
BEGIN
  SELECT RAISE(ABORT, '${ID_TAKEN}') WHERE EXISTS (SELECT 1 FROM events WHERE id = NEW.id);
  SELECT RAISE(ABORT, 'events are immutable: INSERT over a stored event refused');
END;
`;

/** The most rows one INSERT writes (a power of two): 640 parameters, far below SQLite's limit of 32,766. */
const MAX_ROWS_PER_INSERT = 64;

/** The columns an event is read with, in this order: rows come back as arrays (cheaper than objects). */
const COLUMNS =
  'position, stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash';
type EventRow = [
  position: bigint,
  stream: string,
  revision: bigint,
  id: string,
  type: string,
  schemaVersion: bigint,
  data: string,
  metadata: string,
  recordedAt: string,
  previousHash: string,
  hash: string,
];

/**
 * Stores of this process on the same file wake each other's subscriptions on append, in this thread directly
 * and in the process's other threads (the server's projections run in one) through a BroadcastChannel named
 * after the file; other processes are noticed by polling.
 */
const wakeupsByFile = new Map<string, { readonly peers: Set<Wakeup>; readonly threads: BroadcastChannel }>();

/** Joins the file's stores of this thread, the first one opening the channel to the other threads. */
function joinFile(fileKey: string, wakeup: Wakeup): void {
  let file = wakeupsByFile.get(fileKey);
  if (file === undefined) {
    const peers = new Set<Wakeup>();
    const threads = new BroadcastChannel(`mahjong-ledger sqlite ${fileKey}`);
    // Another thread appended: every subscription of this thread on the file reads again.
    threads.onmessage = () => {
      for (const peer of [...peers]) peer.notify();
    };
    // A channel must not keep a process alive that has nothing else to do.
    threads.unref();
    file = { peers, threads };
    wakeupsByFile.set(fileKey, file);
  }
  file.peers.add(wakeup);
}

function leaveFile(fileKey: string, wakeup: Wakeup): void {
  const file = wakeupsByFile.get(fileKey);
  if (file === undefined) return;
  file.peers.delete(wakeup);
  if (file.peers.size > 0) return;
  file.threads.close();
  wakeupsByFile.delete(fileKey);
}

/** After an append to the file: its stores in this thread, and in the process's other threads, read again. */
function appendedTo(fileKey: string): void {
  const file = wakeupsByFile.get(fileKey);
  if (file === undefined) return;
  for (const peer of [...file.peers]) peer.notify();
  file.threads.postMessage(null);
}

/** Opens (creating if needed) the event store in the SQLite file at `path`; ':memory:' for a private one. */
export function openSqliteEventStore(path: string, options: SqliteEventStoreOptions = {}): EventStore {
  const readonly = options.readonly === true;
  const db = new Database(path, {
    timeout: options.busyTimeoutMs ?? 5000,
    readonly,
    fileMustExist: readonly,
  });
  try {
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      // Every append writes one entry per event into the id index, at a random place (ids are random
      // UUIDs): an append of a hand dirties about one index page per event. Checkpointing the WAL every 1,000
      // pages (SQLite's default) copied those pages back into the file over and over; every 10,000 (a WAL of
      // about 40 MB) copies each once per many appends. Only when the checkpoint runs changes: every commit
      // is in the WAL and synced as before.
      db.pragma('wal_autocheckpoint = 10000');
      db.transaction(() => db.exec(SCHEMA)).immediate();
    }
  } catch (error) {
    db.close();
    throw error;
  }

  const head = db
    .prepare<[string], { revision: bigint; hash: string; position: bigint }>(
      'SELECT revision, hash, position FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
    )
    .safeIntegers(true);
  // An append's events go in by INSERTs of up to 64 rows each (its count split into powers of two: seven
  // statements kept prepared). A statement a row paid the statement's own work once per event: stepping and
  // resetting it, and AUTOINCREMENT's update of sqlite_sequence, which comes once per statement. The demo's
  // 525,068 events in 5,121 appends: 3.0–3.1 s of inserts one row a statement, 2.7 s this way (the rest is
  // the triggers, the indexes and the checks). The last row's position is the rowid (INTEGER PRIMARY KEY)
  // run() reports, without a RETURNING row.
  const inserts = new Map<number, Database.Statement<unknown[]>>();
  const insertOf = (rows: number): Database.Statement<unknown[]> => {
    let statement = inserts.get(rows);
    if (statement === undefined) {
      statement = db
        .prepare<unknown[]>(
          `INSERT INTO events (stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash)
           VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
        )
        .safeIntegers(true);
      inserts.set(rows, statement);
    }
    return statement;
  };
  const byStream = db
    .prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision`,
    )
    .safeIntegers(true)
    .raw(true);
  const afterPosition = db
    .prepare<[bigint, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`,
    )
    .safeIntegers(true)
    .raw(true);
  const payloadsOf = db
    .prepare<[string], [position: bigint, type: string, schemaVersion: bigint, data: string]>(
      'SELECT position, type, schema_version, data FROM events WHERE stream = ? ORDER BY revision',
    )
    .safeIntegers(true)
    .raw(true);
  const existingIds = db.prepare<[string], { id: string }>(
    'SELECT id FROM events WHERE id IN (SELECT value FROM json_each(?))',
  );

  const append = db.transaction((stream: string, events: Batch, expected: ExpectedRevision) => {
    const row = head.get(stream);
    const current: (StreamHead & { position: bigint }) | undefined =
      row === undefined
        ? undefined
        : { revision: Number(row.revision), hash: row.hash, position: row.position };
    checkExpected(stream, expected, current);
    const planned = planEvents(stream, events, current);
    const position = insertRows(planned, new Date().toISOString()) ?? current?.position ?? 0n;
    return { nextExpectedRevision: planned.at(-1)?.revision ?? current?.revision ?? -1, position };
  });

  /** Writes the planned events in order; the last one's position (undefined when there are none). */
  function insertRows(planned: readonly PlannedEvent[], recordedAt: string): bigint | undefined {
    let position: bigint | undefined;
    for (let first = 0; first < planned.length; ) {
      let rows = MAX_ROWS_PER_INSERT;
      while (rows > planned.length - first) rows >>= 1;
      const values = new Array<unknown>(rows * 10);
      for (let row = 0; row < rows; row++) {
        const event = planned[first + row]!;
        const at = row * 10;
        values[at] = event.stream;
        values[at + 1] = event.revision;
        values[at + 2] = event.id;
        values[at + 3] = event.type;
        values[at + 4] = event.schemaVersion;
        values[at + 5] = event.dataJson;
        values[at + 6] = event.metadataJson;
        values[at + 7] = recordedAt;
        values[at + 8] = event.previousHash;
        values[at + 9] = event.hash;
      }
      position = BigInt(insertOf(rows).run(values).lastInsertRowid);
      first += rows;
    }
    return position;
  }

  const wakeup = new Wakeup();
  const fileKey = path === ':memory:' || path === '' ? undefined : resolve(path);
  if (fileKey !== undefined) joinFile(fileKey, wakeup);
  const subscriptions = new OpenSubscriptions();
  const pollIntervalMs = options.pollIntervalMs ?? 200;

  const readAll = async ({ after = 0n, limit }: ReadAllOptions = {}): Promise<StoredEvent[]> =>
    toStoredEvents(afterPosition.all(after, limit ?? -1));

  return {
    ...(fileKey === undefined ? {} : { address: { kind: 'sqlite', file: fileKey } as const }),

    async append(stream, events, expected) {
      const normalised = normaliseEvents(stream, events);
      let result: { nextExpectedRevision: number; position: bigint };
      try {
        result = append.immediate(stream, normalised, expected);
      } catch (error) {
        if (isUniqueIdViolation(error)) {
          const ids = existingIds.all(JSON.stringify(normalised.map((e) => e.id))).map((r) => r.id);
          throw new DuplicateEventId(ids);
        }
        throw error;
      }
      if (normalised.length > 0) {
        if (fileKey === undefined) wakeup.notify();
        else appendedTo(fileKey);
      }
      return result;
    },

    async readStream(stream, fromRevision = 0) {
      return toStoredEvents(byStream.all(stream, fromRevision));
    },

    async readPayloads(stream) {
      return payloadsOf.all(stream).map(([position, type, schemaVersion, data]) => ({
        position,
        type,
        schemaVersion: Number(schemaVersion),
        data: JSON.parse(data),
      }));
    },

    readAll,

    subscribe(after, handler) {
      return subscriptions.start({ readAll, wakeup, pollIntervalMs }, after, handler);
    },

    async close() {
      await subscriptions.closeAll();
      if (fileKey !== undefined) leaveFile(fileKey, wakeup);
      if (db.open) db.close();
    },
  };
}

/** An append's events, each with its id (made by normaliseEvents when the caller named none). */
type Batch = readonly NormalisedEvent[];

function isUniqueIdViolation(error: unknown): boolean {
  if (!(error instanceof Database.SqliteError)) return false;
  if (error.code === 'SQLITE_CONSTRAINT_TRIGGER') return error.message === ID_TAKEN;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('events.id');
}

/**
 * Events as read. One command's events carry the same metadata, so an event whose metadata is the text of
 * the one before shares its parsed value (metadata is read-only, as every stored event is) instead of
 * parsing it again: most of what a read parses is metadata.
 */
function toStoredEvents(rows: readonly EventRow[]): StoredEvent[] {
  const events = new Array<StoredEvent>(rows.length);
  let lastText: string | undefined;
  let last: Record<string, unknown> = {};
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const text = row[7];
    if (text !== lastText) {
      last = JSON.parse(text);
      lastText = text;
    }
    events[i] = {
      stream: row[1],
      revision: Number(row[2]),
      position: row[0],
      id: row[3],
      type: row[4],
      schemaVersion: Number(row[5]),
      data: JSON.parse(row[6]),
      metadata: last,
      recordedAt: row[8],
      previousHash: row[9],
      hash: row[10],
    };
  }
  return events;
}
