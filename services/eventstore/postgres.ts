// The PostgreSQL event store (DESIGN.md "Storage and scale"), through pg and kysely.
//
// Ordering. A store whose positions come from a sequence loses events: transactions A and B take
// positions 5 and 6, B commits first, a reader reads up to 6 and moves its checkpoint past 5 before A
// commits. Here positions come from a single-row counter, `position_counter`, that every append updates
// first thing in its transaction. The row lock that update takes is held until the transaction ends, so
// appenders are serialised: the next one gets its positions only once the previous one has committed (or
// rolled back, handing its positions back: there are no gaps either). PostgreSQL makes a commit visible
// before it releases the committing transaction's locks, so whenever a snapshot shows position n it
// already shows every position below n: readAll and subscriptions, which only ever read "after the last
// position seen", can never skip an event. The price is one appender at a time per schema (throughput is
// about one commit round trip per append); past that, DESIGN.md moves events to KurrentDB.
//
// The lock also makes the expected-revision check exact: the stream's head is read in a statement of its
// own after the lock is granted, which under READ COMMITTED (every connection's default, set at start-up)
// takes a fresh snapshot that includes the previous appender's commit. (Reading the head in the same
// statement as the update would use a snapshot from before the wait.) UNIQUE (stream, revision) stands
// behind it all the same.
//
// One round trip. The counter's update, the head's read and the insert are one call of a PL/pgSQL function
// (append_events_v2), so the lock is held only while PostgreSQL works, never across round trips to this
// process: a client transaction of five statements held it over four, and under load each waited its turn in
// a busy event loop. The events are hashed here, before the call, on the head this store last saw of the
// stream (after its own append or a read; else it reads it first); the function compares that head with the
// one it reads under the lock and, when they differ, raises with the head it found, undoing the call
// (counter included). The append then checks the expected revision on that head, hashes again and calls again.
//
// Roles. The connection string's user owns the schema: it runs the migration (tables, triggers, and the
// application role with its grants). Every connection of the store's pool then runs as the application
// role (`-c role=…` at connection start-up, checked once at open). That role owns nothing, so it cannot
// drop, disable or replace a trigger or its function; it holds SELECT and INSERT on events and SELECT and
// UPDATE on position_counter, nothing else (no UPDATE, DELETE, TRUNCATE: an upsert's DO UPDATE is refused
// too); and it is no superuser, so it cannot set session_replication_role (which would silence the
// triggers). The open refuses an application role that is a superuser, owns the events table or is a member
// of its owner. Connecting as the application role itself (LOGIN, its own password) works once the owner
// has migrated the schema; that is the setup where the server never holds the owner's keys.
import { type ColumnType, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import {
  actualRevision,
  checkExpected,
  DuplicateEventId,
  normaliseEvents,
  planEvents,
  type StreamHead,
} from './append-plan.ts';
import type { EventStore, ReadAllOptions, StoredEvent } from './port.ts';
import { OpenSubscriptions, Wakeup } from './subscription.ts';

export interface PostgresEventStoreOptions {
  /** The schema holding the store's tables, created if missing (default 'eventstore'). */
  readonly schema?: string;
  /** How often a subscription reads even without a notification (default 1000 ms). */
  readonly pollIntervalMs?: number;
  /** Connections in the pool (default 10). */
  readonly poolSize?: number;
  /**
   * The application role every connection of the store runs as (default 'mahjong_app'; cluster-wide, like
   * every role). The migration creates it (NOLOGIN) if missing and grants it only what an append and a read
   * need; see "Roles" below and docs/event-store.md.
   */
  readonly appRole?: string;
}

export const DEFAULT_APP_ROLE = 'mahjong_app';

interface EventsTable {
  position: ColumnType<string, string, never>;
  stream: ColumnType<string, string, never>;
  revision: ColumnType<number, number, never>;
  id: ColumnType<string, string, never>;
  type: ColumnType<string, string, never>;
  schema_version: ColumnType<number, number, never>;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<Record<string, unknown>, string, never>;
  recorded_at: ColumnType<Date, never, never>;
  previous_hash: ColumnType<string, string, never>;
  hash: ColumnType<string, string, never>;
}

interface PositionCounterTable {
  only_row: ColumnType<boolean, never, never>;
  last: ColumnType<string, never, string>;
}

interface EventStoreDatabase {
  events: EventsTable;
  position_counter: PositionCounterTable;
}

/** One channel for every schema; the payload names the schema whose events table grew. */
export const NOTIFY_CHANNEL = 'mahjong_ledger_events';

/** The append's function (its name says its version: a change of arguments or body is a new name). */
const APPEND_FUNCTION = 'append_events_v2';
/** The SQLSTATE the append's function raises when the stream's head is not the one the events were hashed on. */
const APPEND_HEAD_MOVED = 'ML001';
const appendSignature = (schema: string): string =>
  `"${schema}".${APPEND_FUNCTION}(text,integer,text,text[],text[],integer[],text[],text[],text[],text[])`;

const TRIGGERS = ['events_refuse_update', 'events_refuse_delete', 'events_refuse_truncate', 'events_notify'];

function schemaDdl(schema: string, appRole: string) {
  const s = sql.id(schema);
  const r = sql.id(appRole);
  return [
    sql`CREATE SCHEMA IF NOT EXISTS ${s}`,
    sql`CREATE TABLE IF NOT EXISTS ${s}.events (
      position bigint PRIMARY KEY CHECK (position > 0),
      stream text NOT NULL,
      revision integer NOT NULL CHECK (revision >= 0),
      id text NOT NULL,
      type text NOT NULL,
      schema_version integer NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      previous_hash text NOT NULL,
      hash text NOT NULL,
      CONSTRAINT events_id_unique UNIQUE (id),
      CONSTRAINT events_stream_revision_unique UNIQUE (stream, revision)
    )`,
    sql`CREATE TABLE IF NOT EXISTS ${s}.position_counter (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      last bigint NOT NULL
    )`,
    sql`INSERT INTO ${s}.position_counter (last)
        SELECT coalesce(max(position), 0) FROM ${s}.events ON CONFLICT (only_row) DO NOTHING`,
    sql`CREATE OR REPLACE FUNCTION ${s}.refuse_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION 'events are immutable: % on %.% refused', TG_OP, TG_TABLE_SCHEMA, TG_TABLE_NAME;
        END $$`,
    sql`CREATE OR REPLACE FUNCTION ${s}.notify_events() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify(${sql.lit(NOTIFY_CHANNEL)}, TG_TABLE_SCHEMA);
          RETURN NULL;
        END $$`,
    // An append in one statement (one round trip), so that the counter's lock is held only while PostgreSQL
    // itself works: taken first, then the head read in a statement of its own (a fresh snapshot, see the top),
    // compared with the head the caller hashed the events on. A head that moved raises APPEND_HEAD_MOVED with
    // the head found as its detail, and the whole call rolls back (the counter with it: no gap). It answers
    // the rows it stored, as a read of them would give them back (no read after the append).
    sql`CREATE OR REPLACE FUNCTION ${s}.${sql.id(APPEND_FUNCTION)}(
          p_stream text, p_head_revision integer, p_head_hash text, p_ids text[], p_types text[],
          p_schema_versions integer[], p_data text[], p_metadata text[], p_previous_hashes text[], p_hashes text[])
        RETURNS SETOF ${s}.events
        LANGUAGE plpgsql AS $$
        DECLARE
          v_count integer := cardinality(p_ids);
          v_last bigint;
          v_revision integer;
          v_hash text;
        BEGIN
          UPDATE ${s}.position_counter SET last = last + v_count RETURNING last INTO v_last;
          SELECT e.revision, e.hash INTO v_revision, v_hash FROM ${s}.events e
           WHERE e.stream = p_stream ORDER BY e.revision DESC LIMIT 1;
          IF v_revision IS DISTINCT FROM p_head_revision OR v_hash IS DISTINCT FROM p_head_hash THEN
            RAISE EXCEPTION 'the head of stream % moved', p_stream USING ERRCODE = ${sql.lit(APPEND_HEAD_MOVED)},
              DETAIL = json_build_object('revision', v_revision, 'hash', v_hash)::text;
          END IF;
          RETURN QUERY INSERT INTO ${s}.events AS e
              (position, stream, revision, id, type, schema_version, data, metadata, previous_hash, hash)
            SELECT v_last - v_count + u.i, p_stream, coalesce(p_head_revision, -1) + u.i::integer, u.id, u.type,
                   u.schema_version, u.data::jsonb, u.metadata::jsonb, u.previous_hash, u.hash
              FROM unnest(p_ids, p_types, p_schema_versions, p_data, p_metadata, p_previous_hashes, p_hashes)
                   WITH ORDINALITY AS u(id, type, schema_version, data, metadata, previous_hash, hash, i)
            RETURNING e.*;
        END $$`,
    sql`CREATE OR REPLACE TRIGGER events_refuse_update BEFORE UPDATE ON ${s}.events
        FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_event_change()`,
    sql`CREATE OR REPLACE TRIGGER events_refuse_delete BEFORE DELETE ON ${s}.events
        FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_event_change()`,
    sql`CREATE OR REPLACE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON ${s}.events
        FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_event_change()`,
    sql`CREATE OR REPLACE TRIGGER events_notify AFTER INSERT ON ${s}.events
        FOR EACH STATEMENT EXECUTE FUNCTION ${s}.notify_events()`,
    // Roles are cluster-wide: another database's or schema's migration may create this one at the same
    // moment (the advisory lock is per database), and the loser of that race gets unique_violation.
    sql`DO $$ BEGIN
          CREATE ROLE ${r} NOLOGIN;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END $$`,
    // The owner connects and then runs as the role: a superuser may anyway; anyone else needs membership.
    sql`DO $$ BEGIN
          IF current_user <> ${sql.lit(appRole)}
             AND NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
            GRANT ${r} TO CURRENT_USER;
          END IF;
        END $$`,
    sql`REVOKE ALL ON ${s}.events, ${s}.position_counter FROM ${r}`,
    sql`GRANT USAGE ON SCHEMA ${s} TO ${r}`,
    sql`GRANT SELECT, INSERT ON ${s}.events TO ${r}`,
    sql`GRANT SELECT, UPDATE ON ${s}.position_counter TO ${r}`,
    // It runs with its caller's rights (SECURITY INVOKER): the role's INSERT and UPDATE, nothing more.
    sql`REVOKE ALL ON FUNCTION ${s}.${sql.id(APPEND_FUNCTION)} FROM PUBLIC`,
    sql`GRANT EXECUTE ON FUNCTION ${s}.${sql.id(APPEND_FUNCTION)} TO ${r}`,
  ];
}

/** Whether the application role holds exactly its grants: what it needs, and nothing more on events. */
function grantsReady(schema: string, appRole: string) {
  const events = `"${schema}".events`;
  const counter = `"${schema}".position_counter`;
  // CASE first: the privilege functions fail on a role that does not exist.
  return sql<boolean>`CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${appRole}) THEN
      has_schema_privilege(${appRole}, ${schema}, 'USAGE')
      AND has_table_privilege(${appRole}, ${events}, 'SELECT')
      AND has_table_privilege(${appRole}, ${events}, 'INSERT')
      AND NOT has_table_privilege(${appRole}, ${events}, 'UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
      AND has_table_privilege(${appRole}, ${counter}, 'SELECT')
      AND has_table_privilege(${appRole}, ${counter}, 'UPDATE')
      AND CASE WHEN to_regprocedure(${appendSignature(schema)}) IS NOT NULL
        THEN has_function_privilege(${appRole}, ${appendSignature(schema)}, 'EXECUTE') ELSE false END
    ELSE false END`;
}

/**
 * Creates the schema, tables, triggers and the application role's grants unless all are there; concurrent
 * openers take turns. Runs as the connection string's own user (the owner), on a connection of its own.
 */
async function ensureSchema(connectionString: string, schema: string, appRole: string): Promise<void> {
  const db = new Kysely<EventStoreDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1 }) }),
  });
  try {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`mahjong-ledger eventstore ${schema}`}))`.execute(
        trx,
      );
      const { rows } = await sql<{ ready: boolean }>`
        SELECT CASE WHEN to_regclass(format('%I.position_counter', ${schema}::text)) IS NOT NULL
           AND (SELECT count(*) FROM pg_trigger t
                  JOIN pg_class c ON c.oid = t.tgrelid
                  JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE n.nspname = ${schema} AND c.relname = 'events' AND t.tgname = ANY(${TRIGGERS})
               ) = ${TRIGGERS.length}
           THEN ${grantsReady(schema, appRole)} ELSE false END AS ready`.execute(trx);
      // Before any grant: a mighty role is refused, not given (or stripped of) privileges.
      await refuseMightyRole(trx, schema, appRole);
      if (!rows[0]?.ready) {
        try {
          for (const statement of schemaDdl(schema, appRole)) await statement.execute(trx);
        } catch (error) {
          if (error instanceof pg.DatabaseError && error.code === '42501')
            throw new Error(
              `the event store in schema ${schema} is not set up for role ${appRole}, and this connection's ` +
                `user may not set it up (${error.message}): open it once with the schema owner's DATABASE_URL`,
            );
          throw error;
        }
      }
    });
  } finally {
    await db.destroy();
  }
}

/**
 * An application role that is a superuser, or owns the events table (or is a member of its owner: the
 * migrating user, when there is no table yet), could rewrite events: refused. (The role itself migrating
 * is let through: its DDL fails for want of privileges, with a message saying so.)
 */
async function refuseMightyRole(
  db: Kysely<EventStoreDatabase>,
  schema: string,
  appRole: string,
): Promise<void> {
  const { rows } = await sql<{ superuser: boolean; owner: boolean }>`
    SELECT r.rolsuper AS superuser,
           pg_has_role(r.oid, coalesce(
             (SELECT relowner FROM pg_class WHERE oid = to_regclass(format('%I.events', ${schema}::text))),
             (SELECT oid FROM pg_roles WHERE rolname = current_user AND rolname <> ${appRole})), 'MEMBER') AS owner
      FROM pg_roles r
     WHERE r.rolname = ${appRole}`.execute(db);
  const role = rows[0];
  if (role?.superuser)
    throw new Error(
      `the application role ${appRole} is a superuser: it could rewrite events; choose another`,
    );
  if (role?.owner)
    throw new Error(
      `the application role ${appRole} owns ${schema}.events (or is a member of its owner): choose another`,
    );
}

/** Opens (creating its tables if needed) the event store in a schema of the database at `connectionString`. */
export async function openPostgresEventStore(
  connectionString: string,
  options: PostgresEventStoreOptions = {},
): Promise<EventStore> {
  const schema = options.schema ?? 'eventstore';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema))
    throw new TypeError(`not a plain schema name: ${schema}`);
  const appRole = options.appRole ?? DEFAULT_APP_ROLE;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(appRole))
    throw new TypeError(`not a plain lower-case role name: ${appRole}`);
  await ensureSchema(connectionString, schema, appRole);
  // READ COMMITTED whatever the database's default: the append's function reads the head in a statement of
  // its own after the counter's lock, and only that isolation gives it a snapshot taken after the wait.
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    options: `-c role=${appRole} -c default_transaction_isolation=read\\ committed`,
  });
  // An idle connection that dies (a server restart) is dropped; the next query opens a new one.
  pool.on('error', () => {});
  // So is one lost between queries (checked out, no query running): its error reaches no query to fail.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<EventStoreDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    // A connection string with options of its own would replace the role: never run as the owner unawares.
    const { rows } = await sql<{ user: string; isolation: string }>`
      SELECT current_user AS user, current_setting('transaction_isolation') AS isolation`.execute(db);
    if (rows[0]?.user !== appRole)
      throw new Error(
        `the event store's connections run as ${rows[0]?.user}, not as the application role ${appRole}`,
      );
    if (rows[0]?.isolation !== 'read committed')
      throw new Error(`the event store's connections run at ${rows[0]?.isolation}, not read committed`);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const wakeup = new Wakeup();
  const listener = new Listener(connectionString, schema, wakeup);
  const subscriptions = new OpenSubscriptions();
  const pollIntervalMs = options.pollIntervalMs ?? 1000;

  // The two reads every live action makes, beside other processes several times over (a table's streams
  // read for a request, the subscription's read after each append): named statements, so each connection
  // has them parsed and planned once and no query is built and compiled again per call (kysely's compile was
  // about 75 µs a call, a twentieth of a loaded server's time at 50 tables on two processes).
  const eventsTable = `"${schema}".events`;
  const readStreamStatement = {
    name: `ml_read_stream_${schema}`,
    text: `SELECT ${COLUMNS} FROM ${eventsTable} WHERE stream = $1 AND revision >= $2 ORDER BY revision`,
  };
  const readAllStatement = {
    name: `ml_read_all_${schema}`,
    text: `SELECT ${COLUMNS} FROM ${eventsTable} WHERE position > $1 ORDER BY position LIMIT $2`,
  };

  const appendStatement = {
    name: `ml_append_${schema}`,
    text: `SELECT ${COLUMNS} FROM "${schema}".${APPEND_FUNCTION}($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ORDER BY revision`,
  };
  const headStatement = {
    name: `ml_head_${schema}`,
    text: `SELECT revision, hash, position FROM ${eventsTable} WHERE stream = $1 ORDER BY revision DESC LIMIT 1`,
  };
  const headOf = async (stream: string): Promise<(StreamHead & { position: bigint }) | undefined> => {
    const { rows } = await pool.query<{ revision: number; hash: string; position: string }>({
      ...headStatement,
      values: [stream],
    });
    const row = rows[0];
    return row && { revision: row.revision, hash: row.hash, position: BigInt(row.position) };
  };
  // The heads of the streams this store appended to last, a live table's hand among them: its next action's
  // append needs no read of the head (a head another process moved since is found by the function).
  const heads = new Map<string, StreamHead>();
  const remember = (stream: string, head: StreamHead): void => {
    heads.delete(stream);
    if (heads.size >= HEADS_KEPT) heads.delete(heads.keys().next().value!);
    heads.set(stream, head);
  };

  const readAll = async ({ after = 0n, limit }: ReadAllOptions = {}): Promise<StoredEvent[]> => {
    // LIMIT NULL is no limit.
    const { rows } = await pool.query<EventRow>({
      ...readAllStatement,
      values: [String(after), limit ?? null],
    });
    return rows.map(toStoredEvent);
  };

  return {
    address: { kind: 'postgres', url: connectionString, schema, appRole },

    async append(stream, events, expected) {
      const normalised = normaliseEvents(stream, events);
      if (normalised.length === 0) {
        const head = await headOf(stream);
        checkExpected(stream, expected, head);
        return { nextExpectedRevision: actualRevision(head), position: head?.position ?? 0n };
      }
      // The head this process last saw spares a read; the function checks it under the lock all the same.
      let fresh = !heads.has(stream);
      let head: StreamHead | undefined = fresh ? await headOf(stream) : heads.get(stream);
      for (let attempt = 1; ; attempt++) {
        try {
          checkExpected(stream, expected, head);
        } catch (error) {
          if (fresh) throw error;
          // The remembered head may be behind: the check stands only on one read now.
          head = await headOf(stream);
          fresh = true;
          continue;
        }
        const planned = planEvents(stream, normalised, head);
        try {
          const { rows } = await pool.query<EventRow>({
            ...appendStatement,
            values: [
              stream,
              head?.revision ?? null,
              head?.hash ?? null,
              planned.map((e) => e.id),
              planned.map((e) => e.type),
              planned.map((e) => e.schemaVersion),
              planned.map((e) => e.dataJson),
              planned.map((e) => e.metadataJson),
              planned.map((e) => e.previousHash),
              planned.map((e) => e.hash),
            ],
          });
          const stored = rows.map(toStoredEvent);
          const last = stored.at(-1)!;
          remember(stream, { revision: last.revision, hash: last.hash });
          return { nextExpectedRevision: last.revision, position: last.position, stored };
        } catch (error) {
          heads.delete(stream);
          if (!(error instanceof pg.DatabaseError)) throw error;
          if (error.code === APPEND_HEAD_MOVED && attempt < MAX_APPEND_ATTEMPTS) {
            // Another append got there first: its head, read under the lock, is checked and hashed on.
            head = headFromDetail(error.detail);
            fresh = true;
            continue;
          }
          if (error.code === '23505' && error.constraint === 'events_id_unique') {
            const ids = normalised.map((e) => e.id);
            const found = await db
              .withSchema(schema)
              .selectFrom('events')
              .select('id')
              .where('id', 'in', ids)
              .execute();
            throw new DuplicateEventId(found.map((r) => r.id));
          }
          throw error;
        }
      }
    },

    async readStream(stream, fromRevision = 0) {
      const { rows } = await pool.query<EventRow>({ ...readStreamStatement, values: [stream, fromRevision] });
      const events = rows.map(toStoredEvent);
      // Its last event was the head when read: a command reads its stream, then appends to it.
      const last = events.at(-1);
      if (last !== undefined) remember(stream, { revision: last.revision, hash: last.hash });
      return events;
    },

    async readPayloads(stream) {
      const rows = await db
        .withSchema(schema)
        .selectFrom('events')
        .select(['position', 'type', 'schema_version', 'data'])
        .where('stream', '=', stream)
        .orderBy('revision')
        .execute();
      return rows.map((row) => ({
        position: BigInt(row.position),
        type: row.type,
        schemaVersion: row.schema_version,
        data: row.data,
      }));
    },

    readAll,

    subscribe(after, handler) {
      const source = {
        readAll: (o: { after: bigint; limit: number }) => {
          listener.ensure();
          return readAll(o);
        },
        wakeup,
        pollIntervalMs,
      };
      return subscriptions.start(source, after, handler);
    },

    async close() {
      await subscriptions.closeAll();
      await listener.close();
      await db.destroy();
    },
  };
}

/**
 * One LISTENing connection per store, opened with the first subscription. Notifications only shorten the
 * wait: subscriptions poll as well, and a lost connection is reopened at their next read.
 */
class Listener {
  private client: pg.Client | undefined;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly schema: string,
    private readonly wakeup: Wakeup,
  ) {}

  ensure(): void {
    if (this.client !== undefined || this.closed) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    this.client = client;
    const drop = () => {
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
    };
    client.on('error', drop);
    client.on('end', drop);
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload === this.schema) this.wakeup.notify();
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${client.escapeIdentifier(NOTIFY_CHANNEL)}`))
      // Whatever was committed while no one listened is picked up by the next read.
      .then(() => this.wakeup.notify())
      .catch(drop);
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/** Stream heads an open store remembers. */
const HEADS_KEPT = 4096;
/** Appends tried while other appends to the same stream keep moving its head. */
const MAX_APPEND_ATTEMPTS = 8;

/** The head the append's function found, from its error's detail (nulls: the stream has no events). */
function headFromDetail(detail: string | undefined): StreamHead | undefined {
  const found = JSON.parse(detail ?? '{}') as { revision?: number | null; hash?: string | null };
  return found.revision == null || found.hash == null
    ? undefined
    : { revision: found.revision, hash: found.hash };
}

/** The columns an event is read with. */
const COLUMNS =
  'position, stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash';

interface EventRow {
  position: string;
  stream: string;
  revision: number;
  id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
  previous_hash: string;
  hash: string;
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    stream: row.stream,
    revision: row.revision,
    position: BigInt(row.position),
    id: row.id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
    previousHash: row.previous_hash,
    hash: row.hash,
  };
}
