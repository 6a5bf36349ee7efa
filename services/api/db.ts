// The API's own tables (tokens and idempotency keys), through kysely so that the same code runs on the
// embedded SQLite file and on PostgreSQL. Events live in the event store, never here.
import Database from 'better-sqlite3';
import { type ColumnType, Kysely, PostgresDialect, SqliteAdapter, sql } from 'kysely';
import pg from 'pg';
import { immediateSqliteDialect, SQLITE_BUSY_TIMEOUT_MS } from '../../projections/runtime/db.ts';
// auth.ts imports only this module's types, so the two do not import each other at run time.
import { DEFAULT_TOKEN_LIFETIME_MS } from './auth.ts';

export interface ApiTokensTable {
  id: string;
  /** sha256 (hex) of the token: the token itself is never stored. */
  token_hash: string;
  role: string;
  tournament_id: string | null;
  game_id: string | null;
  player_id: string | null;
  label: string | null;
  created_at: string;
  revoked_at: string | null;
  /** When the token stops working (ISO, UTC); null: never by time (seat tokens end with their game). */
  expires_at: string | null;
  /** A scorer token's round and table (its game is game_id); null for every other token. */
  round_number: ColumnType<number | null, number | null | undefined, number | null>;
  table_number: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface IdempotencyKeysTable {
  /** Whose key it is: keys are scoped per principal (a token id, or 'anonymous'). */
  scope: string;
  key: string;
  /** sha256 (hex) of method, path and body. */
  fingerprint: string;
  /** Null while the first request with the key is running. */
  status: number | null;
  response_body: string | null;
  response_type: string | null;
  response_etag: string | null;
  created_at: string;
}

export interface ApiDatabase {
  api_tokens: ApiTokensTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** Creates the API's tables if they are missing; safe to run at every start. */
export async function migrateApiDatabase(db: Kysely<ApiDatabase>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('tournament_id', 'text')
    .addColumn('game_id', 'text')
    .addColumn('player_id', 'text')
    .addColumn('label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('round_number', 'integer')
    .addColumn('table_number', 'integer')
    .execute();
  await addTokenExpiry(db);
  await addScorerBinding(db);
  await sql`CREATE INDEX IF NOT EXISTS api_tokens_tournament ON api_tokens (tournament_id, created_at)`.execute(
    db,
  );
  await db.schema
    .createTable('idempotency_keys')
    .ifNotExists()
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('response_type', 'text')
    .addColumn('response_etag', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await sql`CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at)`.execute(
    db,
  );
}

/**
 * `expires_at` came after the first release: a table without it gets the column. Organizer and referee
 * tokens issued before then keep working for DEFAULT_TOKEN_LIFETIME_MS from the upgrade, then expire like
 * any other; seat tokens need none (they end with their game).
 */
async function addTokenExpiry(db: Kysely<ApiDatabase>): Promise<void> {
  if ((await tokenColumns(db)).has('expires_at')) return;
  await sql`ALTER TABLE api_tokens ADD COLUMN expires_at text`.execute(db);
  await db
    .updateTable('api_tokens')
    .set({ expires_at: new Date(Date.now() + DEFAULT_TOKEN_LIFETIME_MS).toISOString() })
    .where('role', 'in', ['organizer', 'referee'])
    .where('expires_at', 'is', null)
    .execute();
}

/** A scorer token's round and table came with the scorer role: a table without them gets both (null). */
async function addScorerBinding(db: Kysely<ApiDatabase>): Promise<void> {
  const columns = await tokenColumns(db);
  for (const column of ['round_number', 'table_number'])
    if (!columns.has(column))
      await sql`ALTER TABLE api_tokens ADD COLUMN ${sql.id(column)} integer`.execute(db);
}

async function tokenColumns(db: Kysely<ApiDatabase>): Promise<Set<string>> {
  const columns =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? await sql<{ name: string }>`SELECT name FROM pragma_table_info('api_tokens')`.execute(db)
      : await sql<{ name: string }>`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'api_tokens'`.execute(db);
  return new Set(columns.rows.map((c) => c.name));
}

/** Opens (creating if needed) the API's tables in an SQLite file; ':memory:' for a private one. */
export async function openSqliteApiDatabase(path: string): Promise<Kysely<ApiDatabase>> {
  const database = new Database(path, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  if (path !== ':memory:') database.pragma('journal_mode = WAL');
  const db = new Kysely<ApiDatabase>({ dialect: immediateSqliteDialect(database) });
  try {
    // One transaction, the write lock taken first: two processes opening an old file add the column once.
    await db.transaction().execute((trx) => migrateApiDatabase(trx));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Opens the API's tables on PostgreSQL, in `schema` (created if missing; default public): tests use a
 * throwaway schema each, a deployment the default.
 */
export async function openPostgresApiDatabase(
  connectionString: string,
  options: { readonly schema?: string; readonly maxConnections?: number } = {},
): Promise<Kysely<ApiDatabase>> {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`not a plain schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    // Unqualified table names resolve in the schema, so the queries need not name it.
    options: `-c search_path=${schema}`,
  });
  // A connection lost while idle or between queries (the server restarted) is dropped, never a crash: the
  // pool opens another for the next query (an error during a query reaches that query).
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<ApiDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(db);
    // Two processes starting at once would race on CREATE TABLE IF NOT EXISTS: serialise them.
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`mahjong-ledger api ${schema}`}))`.execute(trx);
      await migrateApiDatabase(trx);
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
