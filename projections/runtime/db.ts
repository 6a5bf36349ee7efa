// Where read models live (DESIGN.md "Storage and scale"): one SQL database through kysely, SQLite by default
// (better-sqlite3, WAL) or PostgreSQL, with the same queries for both. Positions are kept as decimal text:
// both engines compare and return text alike, where 64-bit integers come back as number or string.
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  sql,
} from 'kysely';
import pg from 'pg';

export interface CheckpointTable {
  projection: string;
  position: string;
}

/** Which tournament, round and table a game is played for: hand and game streams name only the game. */
export interface LookupTable {
  projection: string;
  game_id: string;
  tournament_id: string | null;
  round: number | null;
  table_no: number | null;
}

/** A projection's documents: the state its evolve folds, as stable JSON. */
export interface DocTable {
  projection: string;
  doc_key: string;
  doc: string;
}

/** An entry of a document's record kept a row of its own (a projection's `parts`): its JSON in `body`. */
export interface DocPartTable {
  projection: string;
  doc_key: string;
  part: string;
  entry_key: string;
  body: string;
}

export interface StandingsRowTable {
  tournament_id: string;
  player_id: string;
  place: number;
  points: number;
  table_points: number;
  games: number;
  row: string;
}

/** A table of the tables board's current round, as stable JSON: the board keeps a row per table. */
export interface BoardTableRow {
  tournament_id: string;
  table_no: number;
  row: string;
}

export interface HistoryRowTable {
  player_id: string;
  game_id: string;
  row: string;
}

/** The format each projection's documents and rows were written in: a projection of another is rebuilt. */
export interface VersionTable {
  projection: string;
  version: number;
}

/** A hand's events as the replay keeps them (projections/replay/log.ts). */
export interface ReplayEventTable {
  stream: string;
  revision: number;
  event: string;
}

export interface ReadModelTables {
  projection_checkpoints: CheckpointTable;
  projection_versions: VersionTable;
  projection_lookup: LookupTable;
  projection_docs: DocTable;
  projection_doc_parts: DocPartTable;
  standings_rows: StandingsRowTable;
  board_tables: BoardTableRow;
  history_rows: HistoryRowTable;
  replay_events: ReplayEventTable;
}

export type ReadModels = Kysely<ReadModelTables>;

export type ReadModelConfig =
  | { readonly kind: 'sqlite'; readonly file: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };

/** Opens the read-model database and creates the framework's own tables; projections migrate their own. */
export async function openReadModels(config: ReadModelConfig): Promise<ReadModels> {
  if (config.kind === 'sqlite') {
    const db = openSqlite(config.file);
    await migrateRuntime(db);
    return db;
  }
  // Server processes starting at once would race on CREATE … IF NOT EXISTS: one migrates at a time.
  const lock = new pg.Client({ connectionString: config.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    const db = await openPostgres(config);
    await migrateRuntime(db);
    return db;
  } finally {
    await lock.end();
  }
}

const MIGRATION_LOCK = 'mahjong-ledger read models migration';

/**
 * Runs `work` while no other process migrates the same PostgreSQL read models (a session lock, on a
 * connection of its own); on SQLite it just runs it.
 */
export async function migratingAlone<T>(db: ReadModels, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work();
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtext(${MIGRATION_LOCK}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${MIGRATION_LOCK}))`.execute(connection);
    }
  });
}

/** How long a statement waits for another connection's write lock (another process on the same file). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

function openSqlite(file: string): ReadModels {
  const database = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  database.pragma('journal_mode = WAL');
  // Read models are made from the events: a commit need not wait for the disk. In WAL mode NORMAL keeps every
  // transaction atomic (rows and checkpoint together) and survives the process dying; only a power cut or an
  // OS crash may take the last batches back, checkpoints with them, and the next catch-up projects them again.
  database.pragma('synchronous = NORMAL');
  return new Kysely<ReadModelTables>({ dialect: immediateSqliteDialect(database) });
}

/**
 * Statements kept per connection: the runner's queries are a few dozen texts, run thousands of times; the
 * API's (a token looked up at every request) fewer still.
 */
const PREPARED_KEPT = 256;

/**
 * The connection as kysely's SQLite driver sees it, with each statement text prepared once: the driver
 * prepares every query it runs, and a projection batch runs the same few queries over and over. The driver
 * runs one query at a time on its one connection; a kept statement still iterating (a stream() left open)
 * is not handed out again, a fresh one is. Texts past PREPARED_KEPT (row inserts of every length) make room
 * by dropping the oldest.
 */
function preparedOnce(database: Database.Database): SqliteDatabase {
  const kept = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(text): SqliteStatement {
      let statement = kept.get(text);
      if (statement === undefined || statement.busy) {
        statement = database.prepare(text);
        if (kept.size >= PREPARED_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * kysely's SQLite dialect with transactions begun IMMEDIATE, and each statement text prepared once. A
 * deferred BEGIN that reads and then writes fails at once with SQLITE_BUSY when another process (a server
 * beside `rebuild`) committed in between: the busy timeout does not apply to a read snapshot that must become
 * a write. Taking the write lock first makes a transaction wait its turn, up to the busy timeout.
 */
export function immediateSqliteDialect(file: Database.Database): SqliteDialect {
  const database = preparedOnce(file);
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new ImmediateSqliteDriver({ database });
    }
  })({ database });
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

async function openPostgres(config: { url: string; schema?: string | undefined }): Promise<ReadModels> {
  const schema = config.schema;
  if (schema !== undefined) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema))
      throw new RangeError(`schema ${schema}: lower-case letters, digits, _`);
    const client = new pg.Client({ connectionString: config.url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await client.end();
    }
  }
  // As on SQLite (synchronous = NORMAL): read models are made from the events, so a commit need not wait for
  // the disk. Each transaction stays atomic, rows and checkpoint together; a crash of the server may take the
  // last batches back, checkpoints with them, and the next catch-up projects them again. The event store's
  // commits, on the same WAL, no longer share its flushes with every projection batch's.
  const pool = new pg.Pool({ connectionString: config.url, max: 4, options: '-c synchronous_commit=off' });
  // A connection lost while idle or between queries (the server restarted) is dropped, never a crash: the
  // pool opens another for the next query (an error during a query reaches that query).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  // Every connection of the pool works in the schema: queries queue behind this on a new client.
  if (schema !== undefined) pool.on('connect', (client) => void client.query(`SET search_path TO ${schema}`));
  return new Kysely<ReadModelTables>({ dialect: new PostgresDialect({ pool }) });
}

async function migrateRuntime(db: ReadModels): Promise<void> {
  await db.schema
    .createTable('projection_checkpoints')
    .ifNotExists()
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('position', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('projection_versions')
    .ifNotExists()
    .addColumn('projection', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('projection_lookup')
    .ifNotExists()
    .addColumn('projection', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('tournament_id', 'text')
    .addColumn('round', 'integer')
    .addColumn('table_no', 'integer')
    .addPrimaryKeyConstraint('projection_lookup_pk', ['projection', 'game_id'])
    .execute();
  await db.schema
    .createTable('projection_docs')
    .ifNotExists()
    .addColumn('projection', 'text', (c) => c.notNull())
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('projection_docs_pk', ['projection', 'doc_key'])
    .execute();
  await db.schema
    .createTable('projection_doc_parts')
    .ifNotExists()
    .addColumn('projection', 'text', (c) => c.notNull())
    .addColumn('doc_key', 'text', (c) => c.notNull())
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('entry_key', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('projection_doc_parts_pk', ['projection', 'doc_key', 'part', 'entry_key'])
    .execute();
}
