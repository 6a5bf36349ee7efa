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
// own after the lock is granted, which under READ COMMITTED (set explicitly) takes a fresh snapshot that
// includes the previous appender's commit. (Reading the head in the same statement as the update would
// use a snapshot from before the wait.) UNIQUE (stream, revision) stands behind it all the same.
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
}

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

const TRIGGERS = ['events_refuse_update', 'events_refuse_delete', 'events_refuse_truncate', 'events_notify'];

function schemaDdl(schema: string) {
  const s = sql.id(schema);
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
    sql`CREATE OR REPLACE TRIGGER events_refuse_update BEFORE UPDATE ON ${s}.events
        FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_event_change()`,
    sql`CREATE OR REPLACE TRIGGER events_refuse_delete BEFORE DELETE ON ${s}.events
        FOR EACH ROW EXECUTE FUNCTION ${s}.refuse_event_change()`,
    sql`CREATE OR REPLACE TRIGGER events_refuse_truncate BEFORE TRUNCATE ON ${s}.events
        FOR EACH STATEMENT EXECUTE FUNCTION ${s}.refuse_event_change()`,
    sql`CREATE OR REPLACE TRIGGER events_notify AFTER INSERT ON ${s}.events
        FOR EACH STATEMENT EXECUTE FUNCTION ${s}.notify_events()`,
  ];
}

/** Creates the schema, tables and triggers unless all are there; concurrent openers take turns. */
async function ensureSchema(db: Kysely<EventStoreDatabase>, schema: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`mahjong-ledger eventstore ${schema}`}))`.execute(trx);
    const { rows } = await sql<{ ready: boolean }>`
      SELECT to_regclass(format('%I.position_counter', ${schema}::text)) IS NOT NULL
         AND (SELECT count(*) FROM pg_trigger t
                JOIN pg_class c ON c.oid = t.tgrelid
                JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = ${schema} AND c.relname = 'events' AND t.tgname = ANY(${TRIGGERS})
             ) = ${TRIGGERS.length} AS ready`.execute(trx);
    if (rows[0]?.ready) return;
    for (const statement of schemaDdl(schema)) await statement.execute(trx);
  });
}

/** Opens (creating its tables if needed) the event store in a schema of the database at `connectionString`. */
export async function openPostgresEventStore(
  connectionString: string,
  options: PostgresEventStoreOptions = {},
): Promise<EventStore> {
  const schema = options.schema ?? 'eventstore';
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema))
    throw new TypeError(`not a plain schema name: ${schema}`);
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? 10 });
  // An idle connection that dies (a server restart) is dropped; the next query opens a new one.
  pool.on('error', () => {});
  const db = new Kysely<EventStoreDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await ensureSchema(db, schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const wakeup = new Wakeup();
  const listener = new Listener(connectionString, schema, wakeup);
  const subscriptions = new OpenSubscriptions();
  const pollIntervalMs = options.pollIntervalMs ?? 1000;

  const readAll = async ({ after = 0n, limit }: ReadAllOptions = {}): Promise<StoredEvent[]> => {
    let query = db
      .withSchema(schema)
      .selectFrom('events')
      .selectAll()
      .where('position', '>', String(after))
      .orderBy('position');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map(toStoredEvent);
  };

  return {
    async append(stream, events, expected) {
      const normalised = normaliseEvents(stream, events);
      try {
        return await db
          .transaction()
          .setIsolationLevel('read committed')
          .execute(async (trx) => {
            const q = trx.withSchema(schema);
            // First: the counter's row lock, held to commit, is what orders appends (see the top).
            const last =
              normalised.length === 0
                ? undefined
                : BigInt(
                    (
                      await q
                        .updateTable('position_counter')
                        .set({ last: sql<string>`last + ${normalised.length}` })
                        .returning('last')
                        .executeTakeFirstOrThrow()
                    ).last,
                  );
            const row = await q
              .selectFrom('events')
              .select(['revision', 'hash', 'position'])
              .where('stream', '=', stream)
              .orderBy('revision', 'desc')
              .limit(1)
              .executeTakeFirst();
            const head: StreamHead | undefined = row && { revision: row.revision, hash: row.hash };
            checkExpected(stream, expected, head);
            if (last === undefined) {
              return {
                nextExpectedRevision: actualRevision(head),
                position: row ? BigInt(row.position) : 0n,
              };
            }
            const planned = planEvents(stream, normalised, head);
            const first = last - BigInt(planned.length) + 1n;
            await q
              .insertInto('events')
              .values(
                planned.map((event, index) => ({
                  position: String(first + BigInt(index)),
                  stream,
                  revision: event.revision,
                  id: event.id,
                  type: event.type,
                  schema_version: event.schemaVersion,
                  data: event.dataJson,
                  metadata: event.metadataJson,
                  previous_hash: event.previousHash,
                  hash: event.hash,
                })),
              )
              .execute();
            return { nextExpectedRevision: planned.at(-1)!.revision, position: last };
          });
      } catch (error) {
        if (
          error instanceof pg.DatabaseError &&
          error.code === '23505' &&
          error.constraint === 'events_id_unique'
        ) {
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
    },

    async readStream(stream, fromRevision = 0) {
      const rows = await db
        .withSchema(schema)
        .selectFrom('events')
        .selectAll()
        .where('stream', '=', stream)
        .where('revision', '>=', fromRevision)
        .orderBy('revision')
        .execute();
      return rows.map(toStoredEvent);
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

function toStoredEvent(row: {
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
}): StoredEvent {
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
