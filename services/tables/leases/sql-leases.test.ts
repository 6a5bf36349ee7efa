// Table leases in SQL, on the API's SQLite file and on PostgreSQL: one holder at a time, taken over once it
// expires, lost when another took it, gone when released.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../../test/support/services.ts';
import { openPostgresApiDatabase, openSqliteApiDatabase } from '../../api/db.ts';
import type { TableLeases } from './port.ts';
import { openSqlLeases } from './sql-leases.ts';

const LEASE_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Backend {
  readonly name: string;
  /** Two connections to one database, as two processes would hold. */
  open(): Promise<[Kysely<unknown>, Kysely<unknown>]>;
  close(): Promise<void>;
}

const dbs: Kysely<unknown>[] = [];
const backends: Backend[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'ml-leases-'));
      const file = join(dir, 'api.db');
      this.close = async () => rmSync(dir, { recursive: true, force: true });
      const pair = [await openSqliteApiDatabase(file), await openSqliteApiDatabase(file)] as const;
      dbs.push(...(pair as unknown as Kysely<unknown>[]));
      return pair as unknown as [Kysely<unknown>, Kysely<unknown>];
    },
    close: async () => undefined,
  },
];

const pgUrl = await postgresUrl();
if (pgUrl !== undefined) {
  const schema = `leases_test_${process.pid}`;
  backends.push({
    name: 'PostgreSQL',
    async open() {
      const pair = [
        await openPostgresApiDatabase(pgUrl, { schema, maxConnections: 2 }),
        await openPostgresApiDatabase(pgUrl, { schema, maxConnections: 2 }),
      ] as const;
      dbs.push(...(pair as unknown as Kysely<unknown>[]));
      return pair as unknown as [Kysely<unknown>, Kysely<unknown>];
    },
    async close() {
      const db = await openPostgresApiDatabase(pgUrl, { maxConnections: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      await db.destroy();
    },
  });
}

describe.each(backends)('table leases on $name', (backend) => {
  let a: TableLeases;
  let b: TableLeases;
  const lostByA: string[] = [];

  beforeAll(async () => {
    const [dbA, dbB] = await backend.open();
    a = await openSqlLeases(dbA, { leaseMs: LEASE_MS, owner: 'process-a' });
    b = await openSqlLeases(dbB, { leaseMs: LEASE_MS, owner: 'process-b' });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    for (const db of dbs.splice(0)) await db.destroy();
    await backend.close();
  });

  it('given a table nobody holds, when A takes it, then A holds it and B is refused while A renews', async () => {
    expect(await a.acquire('g-1')).toBe(true);
    expect(a.holds('g-1')).toBe(true);
    expect(await b.acquire('g-1')).toBe(false);
    expect(b.holds('g-1')).toBe(false);
    a.start((lost) => lostByA.push(...lost));
    // Three lease lengths: A's renewals keep B out all along.
    for (let i = 0; i < 6; i++) {
      await sleep(LEASE_MS / 2);
      expect(await b.acquire('g-1')).toBe(false);
    }
    expect(await b.expired()).not.toContain('g-1');
    expect(lostByA).toEqual([]);
  });

  it('given A released a table, then B takes it at once', async () => {
    expect(await a.acquire('g-2')).toBe(true);
    await a.release('g-2');
    expect(a.holds('g-2')).toBe(false);
    expect(await b.acquire('g-2')).toBe(true);
    await b.release('g-2');
  });

  it('given A died holding a table (no renewals), when its lease has expired, then the table is listed as expired, B takes it, and A hears it lost', async () => {
    const dead = await openSqlLeases(dbs[0] as Kysely<unknown>, { leaseMs: LEASE_MS, owner: 'process-dead' });
    expect(await dead.acquire('g-3')).toBe(true);
    expect(await b.acquire('g-3')).toBe(false);
    await sleep(LEASE_MS + 100);
    // It trusts its own lease for less than the lease's length: a paused process stops in time.
    expect(dead.holds('g-3')).toBe(false);
    expect(await b.expired()).toContain('g-3');
    expect(await b.acquire('g-3')).toBe(true);
    expect(await b.expired()).not.toContain('g-3');
    const lost: string[] = [];
    dead.start((gameIds) => lost.push(...gameIds));
    await sleep(LEASE_MS / 2);
    expect(lost).toEqual(['g-3']);
    expect(await dead.acquire('g-3')).toBe(false);
    await dead.close();
    expect(await a.acquire('g-3')).toBe(false);
    await b.release('g-3');
  });

  it('given A closes, then every lease it held is free at once', async () => {
    const closing = await openSqlLeases(dbs[0] as Kysely<unknown>, { leaseMs: LEASE_MS, owner: 'process-c' });
    expect(await closing.acquire('g-4')).toBe(true);
    expect(await closing.acquire('g-5')).toBe(true);
    await closing.close();
    expect(await b.acquire('g-4')).toBe(true);
    expect(await b.acquire('g-5')).toBe(true);
    expect(await b.expired()).toEqual([]);
  });
});
