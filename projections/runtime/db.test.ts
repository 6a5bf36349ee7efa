// Read-model transactions on SQLite begin IMMEDIATE: a transaction that reads, then writes, after another
// process committed in between, would fail at once with SQLITE_BUSY under a deferred BEGIN (the busy timeout
// cannot turn an old read snapshot into a write). Beginning IMMEDIATE takes the write lock first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/support/services.ts';
import { immediateSqliteDialect, openReadModels } from './db.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-read-models-db-'));
  const setup = new Database(join(dir, 'rm.db'));
  setup.pragma('journal_mode = WAL');
  setup.exec('CREATE TABLE t (n INTEGER)');
  setup.close();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Reads, lets another connection write and commit, then writes: the runner's batch with a rebuild beside it. */
async function readThenWrite(db: Kysely<{ t: { n: number } }>) {
  const other = new Database(join(dir, 'rm.db'), { timeout: 50 });
  try {
    let otherWrote = false;
    await db.transaction().execute(async (trx) => {
      await sql`SELECT count(*) FROM t`.execute(trx);
      try {
        other.exec('INSERT INTO t VALUES (2)');
        otherWrote = true;
      } catch (error) {
        expect((error as { code: string }).code).toBe('SQLITE_BUSY');
      }
      await sql`INSERT INTO t VALUES (1)`.execute(trx);
    });
    return { committed: true, otherWrote };
  } catch (error) {
    return { committed: false, code: (error as { code?: string }).code };
  } finally {
    other.close();
  }
}

describe('read-model transactions on SQLite', () => {
  it('given a deferred BEGIN, when another connection commits between the read and the write, then SQLITE_BUSY at once', async () => {
    const db = new Kysely<{ t: { n: number } }>({
      dialect: new SqliteDialect({ database: new Database(join(dir, 'rm.db'), { timeout: 5000 }) }),
    });
    expect(await readThenWrite(db)).toEqual({ committed: false, code: 'SQLITE_BUSY_SNAPSHOT' });
    await db.destroy();
  });

  it('given BEGIN IMMEDIATE, then the other connection waits for the lock and the transaction commits', async () => {
    const db = new Kysely<{ t: { n: number } }>({
      dialect: immediateSqliteDialect(new Database(join(dir, 'rm.db'), { timeout: 5000 })),
    });
    expect(await readThenWrite(db)).toEqual({ committed: true, otherWrote: false });
    expect(await db.selectFrom('t').select('n').execute()).toEqual([{ n: 1 }]);
    await db.destroy();
  });
});

const url = await postgresUrl();

describe.skipIf(url === undefined)('read models on PostgreSQL', () => {
  it('given the read models open, then their commits do not wait for the disk, where the server’s default does', async () => {
    const schema = `rm_sync_${process.pid}`;
    const readModels = await openReadModels({ kind: 'postgres', url: url!, schema });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const setting = sql<{ setting: string }>`SELECT current_setting('synchronous_commit') AS setting`;
      expect((await setting.execute(readModels)).rows[0]?.setting).toBe('off');
      // What every other connection (the event store's among them) commits with.
      const server = await client.query<{ setting: string }>(
        "SELECT current_setting('synchronous_commit') AS setting",
      );
      expect(server.rows[0]?.setting).toBe('on');
    } finally {
      await readModels.destroy();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
