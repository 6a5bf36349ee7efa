import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
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

function removeFile(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

describeEventStoreContract('SQLite', async () => {
  const path = newFile();
  const store = openSqliteEventStore(path, { pollIntervalMs: 50 });
  const others: EventStore[] = [];
  const raw = new Database(path);
  return {
    store,
    async openAnother() {
      const other = openSqliteEventStore(path, { pollIntervalMs: 50 });
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

  it("':memory:' gives a private store", async () => {
    const one = openSqliteEventStore(':memory:');
    const two = openSqliteEventStore(':memory:');
    await one.append('s', [event('a')], 'no-stream');
    expect((await one.readAll()).length).toBe(1);
    expect(await two.readAll()).toEqual([]);
    await one.close();
    await two.close();
  });

  it('given a subscription in another thread whose poll would come in a minute, when this thread appends, then it is handed the event at once', async () => {
    const path = newFile();
    const store = openSqliteEventStore(path);
    await store.append('s', [event('a')], 'no-stream');
    const thread = new Worker(new URL('../threads/boot.mjs', import.meta.url), {
      workerData: {
        entry: new URL('./test-support/subscriber-thread.ts', import.meta.url).href,
        file: path,
      },
    });
    const ids: string[] = [];
    let heard = () => {};
    thread.on('message', (message: { kind: string; id?: string }) => {
      if (message.kind === 'event') ids.push(message.id!);
      heard();
    });
    const until = async (count: number) => {
      while (ids.length < count) await new Promise<void>((resolve) => (heard = resolve));
    };
    // The first event is read at subscribing; the second can only reach the thread by the wake-up (the test
    // ends long before the poll).
    await until(1);
    await store.append('s', [event('b')], 0);
    await until(2);

    expect(ids).toEqual(['a', 'b']);
    thread.postMessage('stop');
    await new Promise((resolve) => thread.once('exit', resolve));
    await store.close();
    removeFile(path);
  }, 30_000);
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
  const triggersOf = (raw: Database.Database) =>
    raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name`).pluck().all();
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

  it('given a file with the two insert triggers of before, when a store opens it, then one trigger stands in for them and still tells a duplicate id', async () => {
    const { path, store, raw, close } = await storeAndRaw();
    try {
      await store.close();
      raw.exec(`DROP TRIGGER events_refuse_stored_again;
        CREATE TRIGGER events_refuse_overwrite BEFORE INSERT ON events
        WHEN EXISTS (SELECT 1 FROM events WHERE position = NEW.position)
          OR EXISTS (SELECT 1 FROM events WHERE stream = NEW.stream AND revision = NEW.revision)
        BEGIN SELECT RAISE(ABORT, 'events are immutable: INSERT over a stored event refused'); END;
        CREATE TRIGGER events_refuse_same_id BEFORE INSERT ON events
        WHEN EXISTS (SELECT 1 FROM events WHERE id = NEW.id)
        BEGIN SELECT RAISE(ABORT, 'events are immutable: an event with this id is stored'); END;`);

      const reopened = openSqliteEventStore(path);
      try {
        const triggers = triggersOf(raw);
        expect(triggers).toEqual([
          'events_refuse_delete',
          'events_refuse_stored_again',
          'events_refuse_update',
        ]);
        await expect(reopened.append('t', [event('a')], 'no-stream')).rejects.toMatchObject({
          name: 'DuplicateEventId',
          ids: ['a'],
        });
        expect(() =>
          raw.exec(`INSERT OR REPLACE INTO events (${COLUMNS}) VALUES (${row('s', 1, 'other')})`),
        ).toThrow('events are immutable: INSERT over a stored event refused');
        expect(() =>
          raw.exec(`INSERT OR REPLACE INTO events (${COLUMNS}) VALUES (${row('u', 0, 'b')})`),
        ).toThrow('events are immutable: an event with this id is stored');
        expect((await reopened.readStream('s')).map((e) => e.type)).not.toContain('Rewritten');
      } finally {
        await reopened.close();
      }
    } finally {
      await close();
    }
  });

  it('given a file made before the insert triggers, when a store opens it, then REPLACE is refused there too', async () => {
    const { path, store, raw, close } = await storeAndRaw();
    try {
      raw.exec('DROP TRIGGER events_refuse_stored_again;');
      await store.close();
      // While the triggers are missing, REPLACE rewrites an event: what an older file allowed.
      raw.exec(`REPLACE INTO events (position, ${COLUMNS}) VALUES (1, ${row('s', 0, 'a')})`);
      expect(raw.prepare(`SELECT type FROM events WHERE position = 1`).pluck().get()).toBe('Rewritten');

      const reopened = openSqliteEventStore(path);
      await reopened.close();

      const triggers = triggersOf(raw);
      expect(triggers).toEqual([
        'events_refuse_delete',
        'events_refuse_stored_again',
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
