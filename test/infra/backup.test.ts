// infra/backup.sh and infra/restore.sh (infra/README.md "Backups and restore"), run for real on a small
// store: one table of four bots playing one hand (`demo`), and a token row in the API's tables. The backup
// restored into a new place holds the same events and token, and `verify` passes on it; a tampered restore
// fails `verify` naming the stream; a damaged backup, a target that already holds events and a backup
// folder that exists are refused with exit 2. SQLite always (sqlite3's command line); PostgreSQL when
// DATABASE_URL answers, in databases made for this file (pg_dump, pg_restore, psql).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../support/services.ts';
import { cliInProcess, query, type Ran, script, ThrowawayDatabases, tool } from './support.ts';

const DEMO = ['demo', '--players', '4', '--rounds', '1', '--hands', '1', '--seed', 'infra-backup'];
const HAND = 'hand-demo-infra-backup-r1-t1-1';
const TOKEN = {
  id: 'infra-backup-token',
  token_hash: 'infra-backup-hash',
  role: 'organizer',
  created_at: '2026-03-01T10:00:00.000Z',
};

function ok(run: Ran, what: string): Ran {
  if (run.status !== 0) throw new Error(`${what} exited ${run.status}: ${run.stdout}\n${run.stderr}`);
  return run;
}

const manifest = (folder: string) =>
  Object.fromEntries(
    readFileSync(join(folder, 'MANIFEST'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2) as [string, string]),
  );

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-infra-backup-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const hasSqlite3 = tool('sqlite3', 'Debian: apt-get install sqlite3');

describe.skipIf(!hasSqlite3)('backup and restore of a SQLite DATA_DIR', () => {
  let source: string;
  let backup: string;
  /** Every event of a store: its position, stream, revision and hash. */
  const chainOf = (dataDir: string) => {
    const db = new Database(join(dataDir, 'events.db'), { readonly: true });
    try {
      return db.prepare('SELECT position, stream, revision, hash FROM events ORDER BY position').all();
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    source = join(dir, 'sqlite-source');
    backup = join(dir, 'sqlite-backup');
    ok(await cliInProcess(['migrate'], { DATA_DIR: source }), 'migrate');
    ok(await cliInProcess(DEMO, { DATA_DIR: source }), 'demo');
    const api = new Database(join(source, 'api.db'));
    api
      .prepare('INSERT INTO api_tokens (id, token_hash, role, created_at) VALUES (?, ?, ?, ?)')
      .run(TOKEN.id, TOKEN.token_hash, TOKEN.role, TOKEN.created_at);
    api.close();
  }, 180_000);

  it('given a store a writer keeps locked, when backup.sh runs, then it copies the events and API tables at once, with a manifest and checksums, for its owner alone', () => {
    const writer = new Database(join(source, 'events.db'));
    writer.exec('BEGIN IMMEDIATE');
    let run: Ran;
    try {
      run = script('backup.sh', [backup], { DATA_DIR: source });
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(readdirSync(backup).sort()).toEqual(['MANIFEST', 'SHA256SUMS', 'api.db', 'events.db']);
    expect(manifest(backup)).toMatchObject({ kind: 'sqlite', events: String(chainOf(source).length) });
    expect(statSync(backup).mode & 0o777).toBe(0o700);
  });

  it('given the backup, when restore.sh puts it into an empty DATA_DIR, then the events and the token are there and verify exits 0', async () => {
    const restored = join(dir, 'sqlite-restored');

    const run = script('restore.sh', [backup], { DATA_DIR: restored });
    const verify = await cliInProcess(['verify'], { DATA_DIR: restored });

    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`restore: ${chainOf(source).length} events into ${restored}`);
    expect(chainOf(restored)).toEqual(chainOf(source));
    const api = new Database(join(restored, 'api.db'), { readonly: true });
    expect(api.prepare('SELECT id, token_hash, role, created_at FROM api_tokens').all()).toEqual([TOKEN]);
    api.close();
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain(`checked 3 streams, ${chainOf(source).length} events`);
    expect(verify.stdout).toContain('OK: everything holds');
  });

  it('given a restored copy with one settlement rewritten (its trigger dropped), when verify runs, then it exits 1 naming the hand', async () => {
    const tampered = join(dir, 'sqlite-tampered');
    ok(script('restore.sh', [backup], { DATA_DIR: tampered }), 'restore');
    const raw = new Database(join(tampered, 'events.db'));
    raw.exec('DROP TRIGGER events_refuse_update');
    raw
      .prepare(
        `UPDATE events SET data = json_set(data, '$.rewritten', 1)
          WHERE position = (SELECT min(position) FROM events WHERE stream = ? AND type = 'HandSettled')`,
      )
      .run(HAND);
    raw.close();

    const verify = await cliInProcess(['verify'], { DATA_DIR: tampered });

    expect(verify.status).toBe(1);
    expect(verify.stdout).toMatch(new RegExp(`^MISMATCH stream ${HAND} revision \\d+: `, 'm'));
  });

  it('given a DATA_DIR that already holds events, when restore.sh runs, then exit 2 and the store is untouched', () => {
    const before = chainOf(source);

    const run = script('restore.sh', [backup], { DATA_DIR: source });

    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/already holds events\.db/);
    expect(chainOf(source)).toEqual(before);
  });

  it('given a backup whose events file was damaged, when restore.sh runs, then exit 2 names the damage and nothing is restored', () => {
    const damaged = join(dir, 'sqlite-damaged');
    ok(script('backup.sh', [damaged], { DATA_DIR: source }), 'backup');
    const file = join(damaged, 'events.db');
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100]! + 1) % 256;
    writeFileSync(file, bytes);
    const target = join(dir, 'sqlite-from-damaged');

    const run = script('restore.sh', [damaged], { DATA_DIR: target });

    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/does not match its SHA256SUMS/);
    expect(() => statSync(join(target, 'events.db'))).toThrow();
  });

  it('given a backup folder that exists, when backup.sh runs, then exit 2 and the folder is left as it was', () => {
    const before = readdirSync(backup).sort();

    const run = script('backup.sh', [backup], { DATA_DIR: source });

    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/already exists/);
    expect(readdirSync(backup).sort()).toEqual(before);
  });
});

const url = await postgresUrl();
const hasPgTools =
  url !== undefined &&
  ['pg_dump', 'pg_restore', 'psql'].every((t) => tool(t, 'Debian: apt-get install postgresql-client'));

// postgresUrl() printed why when there is no server to use (and failed instead under REQUIRE_ALL=1).
describe.skipIf(!hasPgTools)('backup and restore of PostgreSQL (databases made for this file)', () => {
  const databases = new ThrowawayDatabases(url ?? '');
  let source: string;
  let backup: string;
  const chainOf = (databaseUrl: string) =>
    query(databaseUrl, 'SELECT position, stream, revision, hash FROM eventstore.events ORDER BY position');

  beforeAll(async () => {
    source = await databases.make('backup_source');
    backup = join(dir, 'postgres-backup');
    ok(await cliInProcess(['migrate'], { DATABASE_URL: source }), 'migrate');
    ok(await cliInProcess(DEMO, { DATABASE_URL: source }), 'demo');
    await query(
      source,
      `INSERT INTO api.api_tokens (id, token_hash, role, created_at)
       VALUES ('${TOKEN.id}', '${TOKEN.token_hash}', '${TOKEN.role}', '${TOKEN.created_at}')`,
    );
  }, 180_000);
  afterAll(() => databases.dropAll());

  it('given a store, when backup.sh runs, then one dump holds the eventstore and api schemas, with a manifest', async () => {
    const run = script('backup.sh', [backup], { DATABASE_URL: source });

    expect(run.status).toBe(0);
    expect(readdirSync(backup).sort()).toEqual(['MANIFEST', 'SHA256SUMS', 'eventstore.dump']);
    expect(manifest(backup)).toMatchObject({
      kind: 'postgres',
      events_at_least: String((await chainOf(source)).length),
      schemas: 'eventstore api',
    });
  });

  it('given the backup, when restore.sh puts it into a new database and migrate runs there, then the events and the token are there and verify exits 0', async () => {
    const restored = await databases.make('backup_restored');

    const run = script('restore.sh', [backup], { DATABASE_URL: restored });
    const migrated = await cliInProcess(['migrate'], { DATABASE_URL: restored });
    const verify = await cliInProcess(['verify'], { DATABASE_URL: restored });

    expect(run.status).toBe(0);
    expect(await chainOf(restored)).toEqual(await chainOf(source));
    expect(await query(restored, 'SELECT id, token_hash, role, created_at FROM api.api_tokens')).toEqual([
      TOKEN,
    ]);
    expect(migrated.status).toBe(0);
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain('OK: everything holds');
    // The application role has its grants again, and an append through the store continues the positions.
    const more = await cliInProcess([...DEMO.slice(0, -1), 'infra-backup-more'], { DATABASE_URL: restored });
    expect(more.status).toBe(0);
    expect((await cliInProcess(['verify'], { DATABASE_URL: restored })).status).toBe(0);

    const again = script('restore.sh', [backup], { DATABASE_URL: restored });
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/already has an event store/);
  });

  it('given a restored database with one settlement rewritten (its trigger disabled), when verify runs, then it exits 1 naming the hand', async () => {
    const tampered = await databases.make('backup_tampered');
    ok(script('restore.sh', [backup], { DATABASE_URL: tampered }), 'restore');
    await query(
      tampered,
      `ALTER TABLE eventstore.events DISABLE TRIGGER events_refuse_update;
       UPDATE eventstore.events SET data = jsonb_set(data, '{rewritten}', 'true')
        WHERE position = (SELECT min(position) FROM eventstore.events
                           WHERE stream = '${HAND}' AND type = 'HandSettled');
       ALTER TABLE eventstore.events ENABLE TRIGGER events_refuse_update;`,
    );

    const verify = await cliInProcess(['verify'], { DATABASE_URL: tampered });

    expect(verify.status).toBe(1);
    expect(verify.stdout).toMatch(new RegExp(`^MISMATCH stream ${HAND} revision \\d+: `, 'm'));
  });
});
