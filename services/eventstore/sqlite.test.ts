import { mkdtempSync, rmSync } from 'node:fs';
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
});
