import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteWriterThreads } from '../../test/support/event-store-writers.ts';
import { describeEventStoreContract, event } from './event-store.contract.ts';
import { verifyChain } from './hash-chain.ts';
import type { EventStore } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'mahjong-ledger-eventstore-'));
const threads = new SqliteWriterThreads();
let files = 0;

afterAll(async () => {
  await threads.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new database file of this run; removed with the run's folder. */
function newFile(): string {
  files += 1;
  return join(dir, `events-${files}.sqlite`);
}

/** 1,000 events of 2 kB in 40 streams: about 500 pages of WAL, far below what a commit checkpoints at (10,000). */
async function appendTwoMegabytes(store: EventStore): Promise<void> {
  const data = { payload: 'x'.repeat(2000) };
  for (let hand = 0; hand < 40; hand++)
    await store.append(
      `hand-${hand}`,
      Array.from({ length: 25 }, () => ({ type: 'Discarded', schemaVersion: 1, data, metadata: {} })),
      'no-stream',
    );
}

/** Whether `holds` comes true within `ms`, looked at every 50 ms. */
async function until(holds: () => boolean, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    if (holds()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return holds();
}

function removeFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

for (const [name, checkpointThread] of [
  ['SQLite', false],
  ['SQLite, its WAL checkpointed from a thread (as the servers open it)', true],
] as const)
  describeEventStoreContract(name, async () => {
    const path = newFile();
    const store = openSqliteEventStore(path, { pollIntervalMs: 50, checkpointThread });
    const others: EventStore[] = [];
    const raw = new Database(path);
    return {
      store,
      async openAnother() {
        const other = openSqliteEventStore(path, { pollIntervalMs: 50, checkpointThread });
        others.push(other);
        return other;
      },
      concurrently: (jobs) => threads.run(path, jobs),
      async raw(statement) {
        raw.exec(statement);
      },
      async dropImmutabilityTriggers() {
        raw.exec('DROP TRIGGER events_refuse_update; DROP TRIGGER events_refuse_delete;');
      },
      async dispose() {
        await Promise.all([store, ...others].map((s) => s.close()));
        raw.close();
        removeFile(path);
      },
    };
  });

describe('SQLite event store', () => {
  it('keeps one file in WAL mode; a reopened store continues positions and chains', async () => {
    const path = newFile();
    const first = openSqliteEventStore(path);
    await first.append('s', [event('a'), event('b')], 'no-stream');
    await first.close();
    const check = new Database(path, { readonly: true });
    expect(check.pragma('journal_mode', { simple: true })).toBe('wal');
    check.close();

    const again = openSqliteEventStore(path);
    const result = await again.append('s', [event('c')], 1);
    expect(result).toEqual({ nextExpectedRevision: 2, position: 3n });
    expect(verifyChain(await again.readStream('s'))).toEqual([]);
    await again.close();
    removeFile(path);
  });

  it('given a store checkpointed from a thread, when 2 MB of events are appended, then the thread copies them into the file within seconds, and the close leaves no WAL', async () => {
    const path = newFile();
    const store = openSqliteEventStore(path, { checkpointThread: true });
    await appendTwoMegabytes(store);
    const copied = await until(() => statSync(path).size > 1_500_000, 5000);
    expect(copied, 'the file holds the appended pages').toBe(true);
    expect(await store.readAll({ limit: 2000 })).toHaveLength(1000);
    await store.close();
    // The thread's connection closed before the store's: the last one to close removes the WAL.
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openSqliteEventStore(path, { readonly: true });
    expect(verifyChain(await reopened.readStream('hand-39'))).toEqual([]);
    await reopened.close();
    removeFile(path);
  });

  it('given a store checkpointing in its commits (the default), when the same is appended, then the file does not grow until the close', async () => {
    const path = newFile();
    const store = openSqliteEventStore(path);
    await appendTwoMegabytes(store);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(statSync(path).size).toBeLessThan(1_500_000);
    await store.close();
    expect(statSync(path).size).toBeGreaterThan(1_500_000);
    removeFile(path);
  });

  it("':memory:' gives a private store", async () => {
    const one = openSqliteEventStore(':memory:');
    const two = openSqliteEventStore(':memory:');
    await one.append('s', [event('a')], 'no-stream');
    expect((await one.readAll()).length).toBe(1);
    expect(await two.readAll()).toEqual([]);
    await one.close();
    await two.close();
  });
});

describe('SQLite event store: immutability against any connection', () => {
  /** A store with two events on stream s, and a raw better-sqlite3 connection that set no pragma. */
  async function storeAndRaw() {
    const path = newFile();
    const store = openSqliteEventStore(path);
    await store.append('s', [event('a'), event('b')], 'no-stream');
    const raw = new Database(path);
    return {
      path,
      store,
      raw,
      async close() {
        raw.close();
        await store.close();
        removeFile(path);
      },
    };
  }

  const COLUMNS =
    'stream, revision, id, type, schema_version, data, metadata, recorded_at, previous_hash, hash';
  const row = (stream: string, revision: number, id: string) =>
    `'${stream}', ${revision}, '${id}', 'Rewritten', 1, '{"points":90000}', '{}', '2026-01-01T00:00:00.000Z', '', 'forged'`;

  it.each([
    [
      'REPLACE INTO over the same stream and revision',
      `REPLACE INTO events (${COLUMNS}) VALUES (${row('s', 0, 'new-id')})`,
    ],
    [
      'INSERT OR REPLACE with the same id',
      `INSERT OR REPLACE INTO events (${COLUMNS}) VALUES (${row('t', 0, 'a')})`,
    ],
    [
      'INSERT OR REPLACE at the same position',
      `INSERT OR REPLACE INTO events (position, ${COLUMNS}) VALUES (2, ${row('t', 0, 'other')})`,
    ],
    [
      'an upsert (ON CONFLICT DO UPDATE)',
      `INSERT INTO events (${COLUMNS}) VALUES (${row('s', 1, 'b')}) ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
    ],
    [
      'INSERT OR IGNORE over a stored event',
      `INSERT OR IGNORE INTO events (${COLUMNS}) VALUES (${row('s', 1, 'b')})`,
    ],
    ['UPDATE OR REPLACE', `UPDATE OR REPLACE events SET data = '{"points":90000}' WHERE id = 'a'`],
  ])(
    'given stored events, when a raw connection runs %s, then it is refused and nothing changes',
    async (_, statement) => {
      const { store, raw, close } = await storeAndRaw();
      try {
        const before = await store.readStream('s');

        expect(() => raw.exec(statement)).toThrow(/events are immutable/);

        expect(await store.readStream('s')).toEqual(before);
        expect(await store.readStream('t')).toEqual([]);
        expect(verifyChain(before)).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it('given stored events, when a raw connection inserts a new event, then it is stored: only overwrites are refused', async () => {
    const { store, raw, close } = await storeAndRaw();
    try {
      raw.exec(`INSERT INTO events (${COLUMNS}) VALUES (${row('t', 0, 'c')})`);

      expect((await store.readAll()).map((e) => [e.position, e.stream, e.revision, e.id])).toEqual([
        [1n, 's', 0, 'a'],
        [2n, 's', 1, 'b'],
        [3n, 't', 0, 'c'],
      ]);
    } finally {
      await close();
    }
  });

  it('given a store appending an id it holds, then the append is a DuplicateEventId, as before the triggers', async () => {
    const { store, close } = await storeAndRaw();
    try {
      await expect(store.append('t', [event('x'), event('a')], 'no-stream')).rejects.toMatchObject({
        name: 'DuplicateEventId',
        ids: ['a'],
      });
      expect(await store.readStream('t')).toEqual([]);
    } finally {
      await close();
    }
  });

  it('given a file made before the insert triggers, when a store opens it, then REPLACE is refused there too', async () => {
    const { path, store, raw, close } = await storeAndRaw();
    try {
      raw.exec('DROP TRIGGER events_refuse_overwrite; DROP TRIGGER events_refuse_same_id;');
      await store.close();
      // While the triggers are missing, REPLACE rewrites an event: what an older file allowed.
      raw.exec(`REPLACE INTO events (position, ${COLUMNS}) VALUES (1, ${row('s', 0, 'a')})`);
      expect(raw.prepare(`SELECT type FROM events WHERE position = 1`).pluck().get()).toBe('Rewritten');

      const reopened = openSqliteEventStore(path);
      await reopened.close();

      const triggers = raw
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`)
        .pluck()
        .all();
      expect(triggers).toEqual([
        'events_refuse_delete',
        'events_refuse_overwrite',
        'events_refuse_same_id',
        'events_refuse_update',
      ]);
      expect(() =>
        raw.exec(`REPLACE INTO events (position, ${COLUMNS}) VALUES (2, ${row('s', 1, 'b')})`),
      ).toThrow(/events are immutable/);
    } finally {
      await close();
    }
  });
});
