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

/** The raw limit: a bare table in a new file, no hash chain, no checks, one transaction per batch. */
export function rawEventTable(file: string): {
  db: Database.Database;
  append: (batch: readonly StoredEvent[]) => void;
} {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL,
    id TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL)`);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const append = db.transaction((batch: readonly StoredEvent[]) => {
    for (const e of batch)
      insert.run(e.stream, e.revision, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
  });
  return { db, append };
}

/** Appends each batch (one stream's events, in order) as the command that recorded it did. */
export async function appendBatches(store: EventStore, batches: readonly StoredEvent[][]): Promise<void> {
  for (const batch of batches) {
    const first = batch[0]!;
    await store.append(
      first.stream,
      batch.map(({ id, type, schemaVersion, data, metadata }) => ({
        id,
        type,
        schemaVersion,
        data,
        metadata,
      })),
      first.revision === 0 ? 'no-stream' : first.revision - 1,
    );
  }
}
