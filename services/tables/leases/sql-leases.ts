// Table leases in a SQL table beside the API's (PostgreSQL for several processes; SQLite works the same for
// processes on one machine). Times are the database's own clock, so processes on machines whose clocks
// disagree still agree on who holds what. One statement takes a lease: an insert, or an update of a row whose
// lease is this process's or has expired; a row comes back only when this process holds the lease after it.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Kysely, type RawBuilder, SqliteAdapter, sql } from 'kysely';
import type { TableLeases } from './port.ts';

interface TableLeasesTable {
  game_id: string;
  owner: string;
  /** Milliseconds since the epoch, by the database's clock. */
  expires_ms: number | string;
}

interface LeaseDatabase {
  table_leases: TableLeasesTable;
}

export interface SqlLeasesOptions {
  /** Default 5,000 ms: a dead process's tables are taken over within about that long. */
  readonly leaseMs?: number;
  /** This process's name; default host, pid and a random suffix (a restarted process is a new owner). */
  readonly owner?: string;
  /** A renewal that fails (the database away): reported, retried at the next tick. */
  readonly onError?: (error: unknown) => void;
}

export const DEFAULT_LEASE_MS = 5000;

export async function openSqlLeases(
  database: Kysely<unknown>,
  options: SqlLeasesOptions = {},
): Promise<TableLeases> {
  const db = database as unknown as Kysely<LeaseDatabase>;
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.transaction().execute(async (trx) => {
    // Processes starting at once would race on CREATE TABLE IF NOT EXISTS: one at a time.
    if (!sqlite)
      await sql`select pg_advisory_xact_lock(hashtext('mahjong-ledger table leases'))`.execute(trx);
    await trx.schema
      .createTable('table_leases')
      .ifNotExists()
      .addColumn('game_id', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('expires_ms', 'bigint', (c) => c.notNull())
      .execute();
  });
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const nowMs: RawBuilder<number> = sqlite
    ? sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`
    : sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  /** Held leases: since when (this process's clock, at the asking) and until when it is sure of each. */
  const held = new Map<string, { since: number; until: number }>();
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> = Promise.resolve();
  // A lease is trusted for less than its length: a renewal's round trip and a paused process leave margin.
  const trustMs = Math.floor(leaseMs * 0.6);

  const acquire = async (gameId: string): Promise<boolean> => {
    const asked = Date.now();
    const row = await db
      .insertInto('table_leases')
      .values({ game_id: gameId, owner, expires_ms: sql`${nowMs} + ${leaseMs}` })
      .onConflict((oc) =>
        oc
          .column('game_id')
          .doUpdateSet({ owner, expires_ms: sql`${nowMs} + ${leaseMs}` })
          .where((eb) =>
            eb.or([eb('table_leases.owner', '=', owner), eb('table_leases.expires_ms', '<', nowMs)]),
          ),
      )
      .returning('owner')
      .executeTakeFirst();
    if (row === undefined) {
      held.delete(gameId);
      return false;
    }
    held.set(gameId, { since: asked, until: asked + trustMs });
    return true;
  };

  const renew = async (lost: (gameIds: readonly string[]) => void): Promise<void> => {
    if (held.size === 0) return;
    const asked = Date.now();
    const rows = await db
      .updateTable('table_leases')
      .set({ expires_ms: sql`${nowMs} + ${leaseMs}` })
      .where('owner', '=', owner)
      .returning('game_id')
      .execute();
    const renewed = new Set(rows.map((r) => r.game_id));
    const gone: string[] = [];
    for (const [gameId, lease] of held) {
      if (renewed.has(gameId)) lease.until = asked + trustMs;
      // One taken while the renewal ran is not in its answer, and not lost.
      else if (lease.since < asked) gone.push(gameId);
    }
    for (const gameId of gone) held.delete(gameId);
    if (gone.length > 0) lost(gone);
  };

  return {
    owner,
    leaseMs,
    acquire,
    holds: (gameId) => (held.get(gameId)?.until ?? 0) > Date.now(),
    async release(gameId) {
      held.delete(gameId);
      await db.deleteFrom('table_leases').where('game_id', '=', gameId).where('owner', '=', owner).execute();
    },
    async drop(gameId) {
      held.delete(gameId);
      await db
        .deleteFrom('table_leases')
        .where('game_id', '=', gameId)
        .where('expires_ms', '<', nowMs)
        .execute();
    },
    async expired() {
      const rows = await db
        .selectFrom('table_leases')
        .select('game_id')
        .where('expires_ms', '<', nowMs)
        .orderBy('expires_ms')
        .execute();
      return rows.map((r) => r.game_id);
    },
    start(lost) {
      if (timer !== undefined) return;
      timer = setInterval(
        () => {
          renewing = renew(lost).catch((error: unknown) => options.onError?.(error));
        },
        Math.max(50, Math.floor(leaseMs / 4)),
      );
      timer.unref();
    },
    async close() {
      clearInterval(timer);
      timer = undefined;
      await renewing;
      held.clear();
      await db.deleteFrom('table_leases').where('owner', '=', owner).execute();
    },
  };
}
