// What each layer of the SQLite event store's table costs an insert, counted in instructions rather than
// timed: on a shared 2-core machine the same append varied by ±30% from run to run, and an instruction count
// under valgrind does not. The demo's first events (test/bench/store-speed.ts's fixture), in their appends'
// batches, go into a new file with the table built up one layer at a time, the rows written as the store
// writes them (INSERTs of up to 64 rows, one transaction per append) or one row a statement (the raw limit).
// Run under callgrind, counting only inside sqlite3_step:
//
//   valgrind --tool=callgrind --toggle-collect=sqlite3_step --callgrind-out-file=/tmp/cg.LAYER \
//     node --import tsx test/bench/sqlite-insert-layers.ts LAYER [EVENTS_DB] [--limit N]
//
// and read "Collected" on its standard error. Without valgrind it prints the wall time, for a quick look.
// The figures of 2026-12-06 are in docs/event-store.md ("What an SQLite append costs").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { batchesOf } from './event-batches.ts';

const COLUMNS = `stream TEXT NOT NULL, revision INTEGER NOT NULL, id TEXT NOT NULL, type TEXT NOT NULL,
  schema_version INTEGER NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, recorded_at TEXT NOT NULL,
  previous_hash TEXT NOT NULL, hash TEXT NOT NULL`;
const CHECKED_COLUMNS = COLUMNS.replace(
  'revision INTEGER NOT NULL',
  'revision INTEGER NOT NULL CHECK (revision >= 0)',
)
  .replace('data TEXT NOT NULL', 'data TEXT NOT NULL CHECK (json_valid(data))')
  .replace('metadata TEXT NOT NULL', 'metadata TEXT NOT NULL CHECK (json_valid(metadata))');
const INDEXED = `CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, ${COLUMNS},
  UNIQUE (id), UNIQUE (stream, revision)) STRICT`;
const CHECKED = `CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, ${CHECKED_COLUMNS},
  UNIQUE (id), UNIQUE (stream, revision)) STRICT`;
// As services/eventstore/sqlite.ts's events_refuse_stored_again, its body shortened (it runs only on a refusal).
const STORE_TRIGGER = `CREATE TRIGGER refuse BEFORE INSERT ON events
  WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.id)
    OR EXISTS (SELECT 1 FROM events WHERE stream = NEW.stream AND revision = NEW.revision)
    OR EXISTS (SELECT 1 FROM events WHERE position = NEW.position)
  BEGIN SELECT RAISE(ABORT, 'refused'); END`;
const IDLE_TRIGGER = `CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.revision < 0
  BEGIN SELECT RAISE(ABORT, 'refused'); END`;

/**
 * Each layer: its schema, whether its rows go one a statement, and whether an append reads the stream's head
 * first as the store does (not in a bare table, which has no index to find it by: it would scan the table).
 */
const LAYERS = {
  raw: {
    schema: `CREATE TABLE events (position INTEGER PRIMARY KEY, ${COLUMNS})`,
    single: true,
    head: false,
  },
  'raw-batched': {
    schema: `CREATE TABLE events (position INTEGER PRIMARY KEY, ${COLUMNS})`,
    single: false,
    head: false,
  },
  indexed: { schema: INDEXED, single: false, head: true },
  checked: { schema: CHECKED, single: false, head: true },
  'idle-trigger': { schema: `${CHECKED}; ${IDLE_TRIGGER}`, single: false, head: true },
  store: { schema: `${CHECKED}; ${STORE_TRIGGER}`, single: false, head: true },
  'store-single': { schema: `${CHECKED}; ${STORE_TRIGGER}`, single: true, head: true },
} as const;
type Layer = keyof typeof LAYERS;

const { values, positionals } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string' } } });
const layer = positionals[0] as Layer;
if (!(layer in LAYERS)) {
  console.error(`sqlite-insert-layers: the layer must be one of ${Object.keys(LAYERS).join(', ')}`);
  process.exit(2);
}
const source = positionals[1] ?? '/work/bench-fixture-256x8/events.db';
const limit = Number(values.limit ?? 30_000);

const reader = openSqliteEventStore(source, { readonly: true });
const events = await reader.readAll({ after: 0n, limit });
await reader.close();
const batches = batchesOf(events).map((batch) =>
  batch.map((e) => [
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
  ]),
);

const dir = mkdtempSync(join(tmpdir(), 'insert-layers-'));
try {
  const db = new Database(join(dir, 'events.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 10000');
  db.exec(LAYERS[layer].schema);
  const statements = new Map<number, Database.Statement<unknown[]>>();
  const insertOf = (rows: number) => {
    let statement = statements.get(rows);
    if (statement === undefined) {
      const tuples = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
      statement = db.prepare<unknown[]>(
        `INSERT INTO events (stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash) VALUES ${tuples}`,
      );
      statements.set(rows, statement);
    }
    return statement;
  };
  const head = db.prepare(
    'SELECT revision, hash FROM events WHERE stream = ? ORDER BY revision DESC LIMIT 1',
  );
  const append = db.transaction((batch: unknown[][]) => {
    if (LAYERS[layer].head) head.get(batch[0]![0]);
    if (LAYERS[layer].single) {
      for (const row of batch) insertOf(1).run(row);
      return;
    }
    for (let first = 0; first < batch.length; ) {
      let rows = 64;
      while (rows > batch.length - first) rows >>= 1;
      insertOf(rows).run(batch.slice(first, first + rows).flat());
      first += rows;
    }
  });
  const started = performance.now();
  for (const batch of batches) append.immediate(batch);
  db.close();
  console.log(
    `${layer}: ${events.length} events in ${batches.length} appends, ${(performance.now() - started).toFixed(0)} ms`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
