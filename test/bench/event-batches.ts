// The demo's events replayed into stores, shared by the platform bench and test/bench/store-speed.ts: the
// events in their appends' batches, the raw limit (a bare table) and our store appending them the same way.
import Database from 'better-sqlite3';
import type { EventStore, StoredEvent } from '../../services/eventstore/port.ts';

/** The events in runs of one stream each, as the commands that recorded them appended them. */
export function batchesOf(events: readonly StoredEvent[]): StoredEvent[][] {
  const batches: StoredEvent[][] = [];
  for (const event of events) {
    const last = batches.at(-1);
    if (last !== undefined && last[0]!.stream === event.stream) last.push(event);
    else batches.push([event]);
  }
  return batches;
}

/**
 * The raw limit: the same rows, every column the store keeps (its hashes and recording time too, as stored), in
 * a bare table of a new file: no constraint, no index but the rowid, no trigger, one transaction per batch.
 * The payloads are stringified here, as any store of these events must.
 */
export function rawEventTable(file: string): {
  db: Database.Database;
  append: (batch: readonly StoredEvent[]) => void;
} {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL,
    id TEXT NOT NULL, type TEXT NOT NULL, schema_version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL,
    recorded_at TEXT NOT NULL, previous_hash TEXT NOT NULL, hash TEXT NOT NULL)`);
  const insert = db.prepare(
    `INSERT INTO events (stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const append = db.transaction((batch: readonly StoredEvent[]) => {
    for (const e of batch)
      insert.run(
        e.stream,
        e.revision,
        e.id,
        e.type,
        e.schemaVersion,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.recordedAt,
        e.previousHash,
        e.hash,
      );
  });
  return { db, append };
}

/** Appends each batch (one stream's events, in order) as the command that recorded it did. */
export async function appendBatches(store: EventStore, batches: readonly StoredEvent[][]): Promise<void> {
  for (const batch of batches) await appendBatch(store, batch);
}

/**
 * Appends one batch as the command that recorded it did, expecting the revision before its first; into another
 * stream (`stream`), and with ids the store makes (`keepIds: false`) where the same events go in twice.
 */
export async function appendBatch(
  store: EventStore,
  batch: readonly StoredEvent[],
  { stream = batch[0]!.stream, keepIds = true }: { stream?: string; keepIds?: boolean } = {},
): Promise<void> {
  const first = batch[0]!;
  await store.append(
    stream,
    batch.map(({ id, type, schemaVersion, data, metadata }) =>
      keepIds ? { id, type, schemaVersion, data, metadata } : { type, schemaVersion, data, metadata },
    ),
    first.revision === 0 ? 'no-stream' : first.revision - 1,
  );
}
