// The stores a CLI command opens beside another process: read-only events open under a held write lock,
// and a busy store is reported as exit 5 with the file named, JSON on standard output, never a stack trace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { EXIT_BUSY, isSqliteBusy, openCommandStores, reportBusy, StoreBusy } from './stores.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-command-stores-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    io: {
      stdout: (t: string) => (out.stdout += t),
      stderr: (t: string) => (out.stderr += t),
      readStdin: () => '',
    },
  };
}

describe('the stores of a command', () => {
  it('given events.db write-locked by another connection, when opened read-only, then its events are read', async () => {
    const writer = openSqliteEventStore(join(dir, 'events.db'));
    await writer.append('s-1', [{ id: 'e-1', type: 'Noted', schemaVersion: 1, data: {}, metadata: {} }], -1);
    await writer.close();
    const lock = new Database(join(dir, 'events.db'));
    lock.exec('BEGIN IMMEDIATE');
    try {
      const stores = await openCommandStores(loadConfig({ DATA_DIR: dir }), { readonlyEvents: true });
      expect((await stores.store.readAll()).map((e) => e.id)).toEqual(['e-1']);
      await stores.close();
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
  });

  it('given an empty DATA_DIR, when opened read-only, then the store is created as before', async () => {
    const stores = await openCommandStores(loadConfig({ DATA_DIR: dir }), { readonlyEvents: true });
    expect(await stores.store.readAll()).toEqual([]);
    await stores.close();
  });
});

describe('reporting a busy store', () => {
  it('given StoreBusy, then exit 5, the file on standard output as store-busy and a line on standard error', () => {
    const { io, out } = capture();
    const status = reportBusy(io, new StoreBusy('/data/events.db'), '/data');
    expect(status).toBe(EXIT_BUSY);
    expect(JSON.parse(out.stdout).error).toMatchObject({ code: 'store-busy', where: '/data/events.db' });
    expect(out.stderr).toMatch(
      /^busy: \/data\/events\.db is locked by another process: .* held for more than 5 s/,
    );
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it("given SQLite's own busy error, then the data folder is named; any other error is not this report's", () => {
    const { io, out } = capture();
    const busy = new Database.SqliteError('database is locked', 'SQLITE_BUSY');
    expect(isSqliteBusy(busy)).toBe(true);
    expect(reportBusy(io, busy, '/data')).toBe(EXIT_BUSY);
    expect(JSON.parse(out.stdout).error.where).toBe('/data');
    expect(reportBusy(io, new Error('disk full'), '/data')).toBeUndefined();
    expect(isSqliteBusy(new Database.SqliteError('no such table: x', 'SQLITE_ERROR'))).toBe(false);
  });
});
