import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runAppends } from '../../test/support/event-store-writers.ts';
import { postgresUrl } from '../../test/support/services.ts';
import { describeEventStoreContract, event } from './event-store.contract.ts';
import { eventHash, verifyChain } from './hash-chain.ts';
import type { EventStore } from './port.ts';
import { openPostgresEventStore } from './postgres.ts';

const url = await postgresUrl();
const WAIT = { timeout: 5000, interval: 10 };

/** A throwaway schema for one test; every one made is dropped when the file's tests end. */
const schemas: string[] = [];
function newSchema(): string {
  const schema = `es_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  schemas.push(schema);
  return schema;
}

/** A role of its own for one test (roles are cluster-wide); every one made is dropped at the end. */
const roles: string[] = [];
function newRole(): string {
  const role = `es_app_${process.pid}_${randomBytes(4).toString('hex')}`;
  roles.push(role);
  return role;
}

/** The connection string with another user: the test server trusts local connections as any role. */
function as(connectionString: string, role: string): string {
  const parsed = new URL(connectionString);
  parsed.username = role;
  parsed.password = '';
  return parsed.toString();
}

async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}

// postgresUrl() printed why when there is no server to use (and failed instead under REQUIRE_ALL=1).
describe.skipIf(url === undefined)('PostgreSQL event store', () => {
  if (url === undefined) return;
  afterAll(async () => {
    const admin = await connect(url);
    for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    for (const role of roles) {
      const exists = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
      if (exists.rowCount === 0) continue;
      await admin.query(`DROP OWNED BY ${role}`);
      await admin.query(`DROP ROLE ${role}`);
    }
    await admin.end();
  });

  describeEventStoreContract('PostgreSQL', async () => {
    const schema = newSchema();
    const store = await openPostgresEventStore(url, { schema, pollIntervalMs: 100 });
    const others: EventStore[] = [];
    const admin = await connect(url);
    await admin.query(`SET search_path TO ${schema}`);
    return {
      store,
      async openAnother() {
        const other = await openPostgresEventStore(url, { schema, pollIntervalMs: 100 });
        others.push(other);
        return other;
      },
      async concurrently(jobs) {
        // A store (so a pool, so a connection) per job, all connected before the appends start together.
        const stores = await Promise.all(
          jobs.map(() => openPostgresEventStore(url, { schema, poolSize: 1 })),
        );
        try {
          return await Promise.all(jobs.map((job, index) => runAppends(stores[index]!, job)));
        } finally {
          await Promise.all(stores.map((s) => s.close()));
        }
      },
      async raw(statement) {
        await admin.query(statement);
      },
      async dropImmutabilityTriggers() {
        await admin.query(
          'DROP TRIGGER events_refuse_update ON events; DROP TRIGGER events_refuse_delete ON events',
        );
      },
      async dispose() {
        await Promise.all([store, ...others].map((s) => s.close()));
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  });

  describe('PostgreSQL event store: ordering', () => {
    it('control: with positions from a sequence, a reader skips an event that commits late', async () => {
      const schema = newSchema();
      const [a, b, reader] = await Promise.all([connect(url), connect(url), connect(url)]);
      try {
        await reader.query(
          `CREATE SCHEMA ${schema}; CREATE TABLE ${schema}.naive (position bigserial PRIMARY KEY, id text)`,
        );
        const read = async (after: number) =>
          (
            await reader.query(
              `SELECT position, id FROM ${schema}.naive WHERE position > $1 ORDER BY position`,
              [after],
            )
          ).rows.map((r: { position: string; id: string }) => `${r.position}:${r.id}`);
        await a.query('BEGIN');
        await a.query(`INSERT INTO ${schema}.naive (id) VALUES ('A')`);
        await b.query(`INSERT INTO ${schema}.naive (id) VALUES ('B')`);
        expect(await read(0)).toEqual(['2:B']);
        await a.query('COMMIT');
        // A reader that checkpointed at 2 never comes back for 1: the lost event this store's design prevents.
        expect(await read(2)).toEqual([]);
        expect(await read(0)).toEqual(['1:A', '2:B']);
      } finally {
        await Promise.all([a.end(), b.end(), reader.end()]);
      }
    });

    it('a transaction holding a position makes later appends wait for its commit: nothing is skipped', async () => {
      const schema = newSchema();
      const store = await openPostgresEventStore(url, { schema, pollIntervalMs: 100 });
      const [a, watcher] = await Promise.all([connect(url), connect(url)]);
      try {
        await store.append('before', [event('first')], 'no-stream');
        const delivered: string[] = [];
        const subscription = store.subscribe(0n, (e) => {
          delivered.push(`${e.position}:${e.id}`);
        });
        await vi.waitFor(() => expect(delivered).toEqual(['1:first']), WAIT);

        // Transaction A takes position 2 as append does, writes its event, and does not commit yet.
        await a.query('BEGIN');
        const taken = await a.query(`UPDATE ${schema}.position_counter SET last = last + 1 RETURNING last`);
        expect(taken.rows[0].last).toBe('2');
        const late = event('late');
        await a.query(
          `INSERT INTO ${schema}.events (position, stream, revision, id, type, schema_version, data, metadata, previous_hash, hash)
           VALUES (2, 'late', 0, $1, $2, 1, $3, $4, '', $5)`,
          [
            late.id,
            late.type,
            JSON.stringify(late.data),
            JSON.stringify(late.metadata),
            eventHash('late', 0, late, ''),
          ],
        );

        // B, a real append started after A took its position, cannot take position 3 and commit first.
        const b = store.append('early', [event('b')], 'no-stream');
        await vi.waitFor(async () => {
          const waiting = await watcher.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
            [`%"${schema}".append_events%`],
          );
          expect(waiting.rows[0].n).toBe(1);
        }, WAIT);
        expect((await store.readAll()).map((e) => e.id)).toEqual(['first']);
        expect(delivered).toEqual(['1:first']);

        await a.query('COMMIT');
        expect(await b).toMatchObject({ nextExpectedRevision: 0, position: 3n });
        const all = (await store.readAll()).map((e) => `${e.position}:${e.id}`);
        expect(all).toEqual(['1:first', '2:late', '3:b']);
        await vi.waitFor(() => expect(delivered).toEqual(all), WAIT);
        expect(verifyChain(await store.readStream('late'))).toEqual([]);
        await subscription.close();
      } finally {
        await a.query('ROLLBACK').catch(() => {});
        await Promise.all([a.end(), watcher.end(), store.close()]);
      }
    });

    it("an append's own transaction holds its position until it commits: a later append waits behind it", async () => {
      const schema = newSchema();
      const store = await openPostgresEventStore(url, { schema, pollIntervalMs: 100 });
      const [blocker, watcher] = await Promise.all([connect(url), connect(url)]);
      // An append is one call of the store's function, whichever lock it waits on.
      const appendsWaiting = async () => {
        const { rows } = await watcher.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
          [`%"${schema}".append_events%`],
        );
        return rows[0].n as number;
      };
      try {
        await store.append('before', [event('first')], 'no-stream');
        const delivered: string[] = [];
        const subscription = store.subscribe(0n, (e) => {
          delivered.push(`${e.position}:${e.id}`);
        });
        await vi.waitFor(() => expect(delivered).toEqual(['1:first']), WAIT);

        // An uncommitted row holding the id 'slow' makes append A's INSERT wait on the unique index, after
        // A has taken position 2: A is a real append paused between taking its position and committing.
        await blocker.query('BEGIN');
        await blocker.query(
          `INSERT INTO ${schema}.events (position, stream, revision, id, type, schema_version, data, metadata, previous_hash, hash)
           VALUES (1000, 'blocker', 0, 'slow', 'Blocker', 1, '{}', '{}', '', '')`,
        );
        const a = store.append('slow-stream', [event('slow')], 'no-stream');
        await vi.waitFor(async () => expect(await appendsWaiting()).toBe(1), WAIT);

        const b = store.append('fast-stream', [event('fast')], 'no-stream');
        await vi.waitFor(async () => expect(await appendsWaiting()).toBe(2), WAIT);
        expect((await store.readAll()).map((e) => e.id)).toEqual(['first']);

        await blocker.query('ROLLBACK');
        expect(await a).toMatchObject({ nextExpectedRevision: 0, position: 2n });
        expect(await b).toMatchObject({ nextExpectedRevision: 0, position: 3n });
        const all = (await store.readAll()).map((e) => `${e.position}:${e.id}`);
        expect(all).toEqual(['1:first', '2:slow', '3:fast']);
        await vi.waitFor(() => expect(delivered).toEqual(all), WAIT);
        await subscription.close();
      } finally {
        await blocker.query('ROLLBACK').catch(() => {});
        await Promise.all([blocker.end(), watcher.end(), store.close()]);
      }
    });
  });

  describe('PostgreSQL event store: an append in one call, on the head it remembers', () => {
    it('given two stores on one stream, when each appends after the other, then every append is checked against the real head and the chain verifies', async () => {
      const schema = newSchema();
      const [a, b] = await Promise.all([
        openPostgresEventStore(url, { schema }),
        openPostgresEventStore(url, { schema }),
      ]);
      try {
        // Given a remembers revision 0 as the head,
        expect(await a.append('s', [event('a0')], 'no-stream')).toMatchObject({
          nextExpectedRevision: 0,
          position: 1n,
        });
        // when b appends revisions 1 and 2,
        await b.append('s', [event('b1')], 0);
        await b.append('s', [event('b2')], 1);
        // then a, expecting 2, is not refused on the head it remembers, and lands at revision 3;
        expect(await a.append('s', [event('a3')], 2)).toMatchObject({
          nextExpectedRevision: 3,
          position: 4n,
        });
        // a stale expectation is refused with the real revision;
        await b.append('s', [event('b4')], 3);
        await expect(a.append('s', [event('a-late')], 3)).rejects.toMatchObject({
          name: 'WrongExpectedVersion',
          actual: 4,
        });
        // 'any' chains on b's event the function found, not on the head a remembered.
        await b.append('s', [event('b5')], 4);
        expect(await a.append('s', [event('a6'), event('a7')], 'any')).toMatchObject({
          nextExpectedRevision: 7,
          position: 8n,
        });
        const stored = await a.readStream('s');
        expect(stored.map((e) => `${e.revision}:${e.id}`)).toEqual([
          '0:a0',
          '1:b1',
          '2:b2',
          '3:a3',
          '4:b4',
          '5:b5',
          '6:a6',
          '7:a7',
        ]);
        expect(stored.map((e) => e.position)).toEqual([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n]);
        expect(verifyChain(stored)).toEqual([]);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    it('given a login whose default isolation is serializable, when two stores append to one stream at once, then every append lands, in one unbroken chain', async () => {
      const schema = newSchema();
      const role = newRole();
      const owned = await openPostgresEventStore(url, { schema, appRole: role });
      await owned.close();
      const admin = await connect(url);
      await admin.query(`ALTER ROLE ${role} LOGIN`);
      await admin.query(`ALTER ROLE ${role} SET default_transaction_isolation = 'serializable'`);
      await admin.end();
      const stores = await Promise.all(
        [1, 2].map(() => openPostgresEventStore(as(url, role), { schema, appRole: role })),
      );
      try {
        // Under serializable, the second of two appends updating the position counter at once would fail.
        await Promise.all(
          stores.map((store, s) =>
            Promise.all(
              Array.from({ length: 10 }, (_, i) => store.append('shared', [event(`e${s}-${i}`)], 'any')),
            ),
          ),
        );
        const stored = await stores[0]!.readStream('shared');
        expect(stored.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
        expect(verifyChain(stored)).toEqual([]);
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    });
  });

  describe('PostgreSQL event store: what an append answers', () => {
    it('given events with payloads in any key order, when appended, then the append answers them as a read of the stream gives them back', async () => {
      const schema = newSchema();
      const store = await openPostgresEventStore(url, { schema });
      try {
        await store.append('s', [event('before')], 'no-stream');
        const nested = { zeta: 1, alpha: { b: [3, { y: 'é', x: null }], a: '"quoted"' }, mid: true };
        const appended = await store.append(
          's',
          [
            event('one', nested),
            { ...event('two', { b: 2, a: 1 }), metadata: { z: 1, actor: { role: 'player' } } },
          ],
          0,
        );
        const read = await store.readStream('s', 1);
        // Byte for byte, as JSON: jsonb's own key order, the recording time, positions and hashes alike.
        const text = (events: unknown) =>
          JSON.stringify(events, (_, value) => (typeof value === 'bigint' ? `${value}n` : value));
        expect(read.map((e) => e.id)).toEqual(['one', 'two']);
        expect(text(appended.stored)).toBe(text(read));
        expect(appended).toMatchObject({ nextExpectedRevision: 2, position: 3n });
      } finally {
        await store.close();
      }
    });
  });

  describe('PostgreSQL event store: schema', () => {
    it('concurrent opens of a fresh schema are safe; reopening continues; schemas are separate stores', async () => {
      const schema = newSchema();
      const opened = await Promise.all([1, 2, 3].map(() => openPostgresEventStore(url, { schema })));
      await opened[0]!.append('s', [event('a')], 'no-stream');
      await opened[1]!.append('s', [event('b')], 0);
      await Promise.all(opened.map((s) => s.close()));

      const again = await openPostgresEventStore(url, { schema });
      expect(await again.append('s', [event('c')], 1)).toMatchObject({
        nextExpectedRevision: 2,
        position: 3n,
      });
      expect(verifyChain(await again.readStream('s'))).toEqual([]);
      await again.close();

      const elsewhere = await openPostgresEventStore(url, { schema: newSchema() });
      expect(await elsewhere.readAll()).toEqual([]);
      expect((await elsewhere.append('s', [event('a')], 'no-stream')).position).toBe(1n);
      await elsewhere.close();
    });

    it('refuses TRUNCATE too', async () => {
      const schema = newSchema();
      const store = await openPostgresEventStore(url, { schema });
      const admin = await connect(url);
      try {
        await store.append('s', [event('a')], 'no-stream');
        await expect(admin.query(`TRUNCATE ${schema}.events`)).rejects.toThrow(/immutable/);
        expect((await store.readAll()).length).toBe(1);
      } finally {
        await Promise.all([admin.end(), store.close()]);
      }
    });

    it('refuses a schema name that is not a plain identifier', async () => {
      await expect(openPostgresEventStore(url, { schema: 'x"; DROP SCHEMA public; --' })).rejects.toThrow(
        /plain schema name/,
      );
    });
  });
  describe('PostgreSQL event store: the application role', () => {
    it('given a fresh schema, the migration creates the role: NOLOGIN, no superuser, owning nothing, with only SELECT and INSERT on events', async () => {
      const schema = newSchema();
      const role = newRole();
      const store = await openPostgresEventStore(url, { schema, appRole: role });
      const admin = await connect(url);
      try {
        const { rows: attributes } = await admin.query(
          'SELECT rolcanlogin, rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = $1',
          [role],
        );
        expect(attributes).toEqual([
          {
            rolcanlogin: false,
            rolsuper: false,
            rolcreaterole: false,
            rolcreatedb: false,
            rolreplication: false,
            rolbypassrls: false,
          },
        ]);
        const { rows: owned } = await admin.query(
          `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND pg_has_role($2, c.relowner, 'MEMBER')`,
          [schema, role],
        );
        expect(owned).toEqual([]);
        const privileges = async (table: string) =>
          (
            await admin.query(
              `SELECT p FROM unnest(ARRAY['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p
                WHERE has_table_privilege($1, $2, p) ORDER BY p`,
              [role, `${schema}.${table}`],
            )
          ).rows.map((r: { p: string }) => r.p);
        expect(await privileges('events')).toEqual(['INSERT', 'SELECT']);
        expect(await privileges('position_counter')).toEqual(['SELECT', 'UPDATE']);
        const create = await admin.query(`SELECT has_schema_privilege($1, $2, 'CREATE') AS create`, [
          role,
          schema,
        ]);
        expect(create.rows[0].create).toBe(false);
      } finally {
        await Promise.all([admin.end(), store.close()]);
      }
    });

    it('given the store open, then its connections run as the role: with INSERT revoked from the role an append is refused, and a reopen grants it again', async () => {
      const schema = newSchema();
      const role = newRole();
      const store = await openPostgresEventStore(url, { schema, appRole: role });
      const admin = await connect(url);
      try {
        await store.append('s', [event('a')], 'no-stream');
        await admin.query(`REVOKE INSERT ON ${schema}.events FROM ${role}`);

        await expect(store.append('s', [event('b')], 0)).rejects.toThrow(
          /permission denied for table events/,
        );

        const again = await openPostgresEventStore(url, { schema, appRole: role });
        expect(await again.append('s', [event('b')], 0)).toMatchObject({
          nextExpectedRevision: 1,
          position: 2n,
        });
        expect(verifyChain(await again.readStream('s'))).toEqual([]);
        await again.close();
      } finally {
        await Promise.all([admin.end(), store.close()]);
      }
    });

    it('given one new role, when fresh schemas open at once (as parallel tests do), then every open succeeds', async () => {
      const role = newRole();
      const stores = await Promise.all(
        [1, 2, 3, 4].map(() => openPostgresEventStore(url, { schema: newSchema(), appRole: role })),
      );
      for (const store of stores)
        expect((await store.append('s', [event('a')], 'no-stream')).position).toBe(1n);
      await Promise.all(stores.map((s) => s.close()));
    });

    it('given the role with a login of its own, then it runs a migrated store, and an unmigrated one sends it to the owner', async () => {
      const schema = newSchema();
      const role = newRole();
      const owned = await openPostgresEventStore(url, { schema, appRole: role });
      await owned.append('s', [event('a')], 'no-stream');
      await owned.close();
      const admin = await connect(url);
      await admin.query(`ALTER ROLE ${role} LOGIN`);
      await admin.end();

      const asRole = await openPostgresEventStore(as(url, role), { schema, appRole: role });
      expect(await asRole.append('s', [event('b')], 0)).toMatchObject({
        nextExpectedRevision: 1,
        position: 2n,
      });
      await asRole.close();
      await expect(
        openPostgresEventStore(as(url, role), { schema: newSchema(), appRole: role }),
      ).rejects.toThrow(/open it once with the schema owner's DATABASE_URL/);
    });

    it('given an owner that is no superuser (CREATEROLE), then the migration makes it a member of the role and the store runs', async () => {
      const owner = newRole();
      const role = newRole();
      const schema = newSchema();
      const admin = await connect(url);
      try {
        await admin.query(`CREATE ROLE ${owner} LOGIN CREATEROLE`);
        await admin.query(`GRANT CREATE ON DATABASE ${admin.database} TO ${owner}`);

        const store = await openPostgresEventStore(as(url, owner), { schema, appRole: role });
        expect(await store.append('s', [event('a')], 'no-stream')).toMatchObject({
          nextExpectedRevision: 0,
          position: 1n,
        });
        await store.close();

        const { rows } = await admin.query(
          `SELECT pg_has_role($1, $2, 'MEMBER') AS member, (SELECT rolsuper FROM pg_roles WHERE rolname = $1) AS superuser`,
          [owner, role],
        );
        expect(rows).toEqual([{ member: true, superuser: false }]);
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    });

    it('refuses an application role that is a superuser or the owner, before granting it anything', async () => {
      const schema = newSchema();
      await expect(openPostgresEventStore(url, { schema, appRole: 'postgres' })).rejects.toThrow(/superuser/);
      const admin = await connect(url);
      try {
        const { rows } = await admin.query('SELECT to_regclass($1) AS t', [`${schema}.events`]);
        expect(rows[0].t).toBeNull();
      } finally {
        await admin.end();
      }
      await expect(openPostgresEventStore(url, { schema, appRole: 'Mahjong-App' })).rejects.toThrow(
        /plain lower-case role name/,
      );
    });
  });
});
