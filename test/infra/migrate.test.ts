// `mahjong-ledger migrate` (infra/README.md "Migrations"): on SQLite in a temp DATA_DIR, and on PostgreSQL in
// a database made for this file when DATABASE_URL answers. It creates every table the server opens, says
// which, changes nothing the second time, names a projection whose format changed, and refuses a
// configuration it cannot use with exit 2 naming the variable. A first run and a first refusal are real
// processes; the rest run the same program in this process, which saves a start-up each.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS } from '../../projections/index.ts';
import type { MigrateReport } from '../../services/commands/migrate.ts';
import { loadConfig } from '../../services/config.ts';
import { openStores, runnerOf } from '../../services/server.ts';
import { postgresUrl } from '../support/services.ts';
import { cli, cliInProcess, query, ThrowawayDatabases } from './support.ts';

const EVENT_TABLES = { sqlite: ['events'], postgres: ['events', 'position_counter'] };
const READ_MODEL_TABLES = [
  'board_tables',
  'history_rows',
  'projection_checkpoints',
  'projection_doc_parts',
  'projection_docs',
  'projection_lookup',
  'projection_versions',
  'replay_events',
  'standings_rows',
];
const API_TABLES = ['api_tokens', 'idempotency_keys'];
const PROJECTIONS = ALL_PROJECTIONS.map((p) => p.name);

type Run = { status: number | null; stdout: string; stderr: string };
const withReport = (run: Run) => ({
  ...run,
  report: run.status === 0 ? (JSON.parse(run.stdout) as MigrateReport) : undefined,
});
/** `migrate --json` in this process. */
const migrate = async (env: Record<string, string>) =>
  withReport(await cliInProcess(['migrate', '--json'], env));

/** What each store gained, by store. */
const created = (report: MigrateReport | undefined) =>
  Object.fromEntries((report?.stores ?? []).map((s) => [s.store, [...s.created].sort()]));

/** The invalid-input refusal printed on standard output. */
function refusal(stdout: string): { field: string; message: string } {
  return (JSON.parse(stdout) as { error: { field: string; message: string } }).error;
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-infra-migrate-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('migrate on SQLite', () => {
  it('given an empty DATA_DIR, when migrate runs, then it creates the tables of all three stores, says so, and exits 0', () => {
    const dataDir = join(dir, 'fresh');

    const run = withReport(cli(['migrate', '--json'], { DATA_DIR: dataDir }));

    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(created(run.report)).toEqual({
      events: EVENT_TABLES.sqlite,
      'read models': READ_MODEL_TABLES,
      'api tables': API_TABLES,
    });
    expect(run.report!.stores.map((s) => [s.kind, s.where])).toEqual([
      ['sqlite', join(dataDir, 'events.db')],
      ['sqlite', join(dataDir, 'read-models.db')],
      ['sqlite', join(dataDir, 'api.db')],
    ]);
    expect(run.report!.reprojected).toEqual(PROJECTIONS.map((name) => ({ name, to: expect.any(Number) })));
  });

  it('given a migrated DATA_DIR, when migrate runs again, then nothing is created and the text says each store is up to date', async () => {
    const dataDir = join(dir, 'twice');
    expect((await migrate({ DATA_DIR: dataDir })).status).toBe(0);

    const again = await migrate({ DATA_DIR: dataDir });
    const text = await cliInProcess(['migrate'], { DATA_DIR: dataDir });

    expect(again.status).toBe(0);
    expect(created(again.report)).toEqual({ events: [], 'read models': [], 'api tables': [] });
    expect(again.report!.reprojected).toEqual([]);
    expect(text.status).toBe(0);
    expect(text.stdout).toMatch(/^events \(sqlite, .*events\.db\): up to date \(present: events\)$/m);
    expect(text.stdout).toMatch(/^migrated: 3 stores ready$/m);
  });

  it('given a migrated DATA_DIR, when the server opens its stores, then it finds every table there already', async () => {
    const dataDir = join(dir, 'as-the-server');
    expect((await migrate({ DATA_DIR: dataDir })).status).toBe(0);
    const tables = () =>
      ['events.db', 'read-models.db', 'api.db'].map((file) => {
        const db = new Database(join(dataDir, file), { readonly: true });
        try {
          return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1").pluck().all();
        } finally {
          db.close();
        }
      });
    const before = tables();

    const stores = await openStores(loadConfig({ DATA_DIR: dataDir }));
    try {
      await runnerOf(stores.store, stores.readModels).migrate();
    } finally {
      await stores.apiDb.destroy();
      await stores.readModels.destroy();
      await stores.store.close();
    }

    expect(tables()).toEqual(before);
  });

  it('given read models whose standings are of an older format, when migrate runs, then it names standings with both formats', async () => {
    const dataDir = join(dir, 'older-format');
    const first = await migrate({ DATA_DIR: dataDir });
    const current = first.report!.reprojected.find((p) => p.name === 'standings')!.to;
    const db = new Database(join(dataDir, 'read-models.db'));
    db.prepare("UPDATE projection_versions SET version = ? WHERE projection = 'standings'").run(current - 1);
    db.close();

    const run = await migrate({ DATA_DIR: dataDir });

    expect(run.status).toBe(0);
    expect(run.report!.reprojected).toEqual([{ name: 'standings', from: current - 1, to: current }]);
  });
});

describe('migrate refuses a configuration it cannot use: exit 2, the variable named', () => {
  it('given DATABASE_URL of another kind, in a process of its own, then no stack trace either', () => {
    const run = cli(['migrate'], { DATABASE_URL: 'mysql://db/x' });

    expect(run.status).toBe(2);
    expect(refusal(run.stdout)).toMatchObject({
      field: 'environment',
      message: expect.stringMatching(/^DATABASE_URL: /),
    });
    expect(run.stderr).toBe(
      'invalid input: environment: DATABASE_URL: expected a postgres or postgresql URL\n',
    );
  });

  it.each([
    ['DATA_DIR that is a file', { DATA_DIR: 'FILE' }, 'DATA_DIR', /cannot open the event store/],
    [
      'DATABASE_URL where no server answers',
      { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      'DATABASE_URL',
      /ECONNREFUSED/,
    ],
    [
      'KURRENTDB_URL where no server answers',
      { KURRENTDB_URL: 'kurrentdb://127.0.0.1:1?tls=false', DATA_DIR: 'DIR' },
      'KURRENTDB_URL',
      /no answer/,
    ],
  ])('given %s', async (_, given: Record<string, string>, field, message) => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const env = Object.fromEntries(
      Object.entries(given).map(([k, v]) => [k, v === 'FILE' ? file : v === 'DIR' ? join(dir, k) : v]),
    );

    const run = await cliInProcess(['migrate'], env);

    expect(run.status).toBe(2);
    expect(refusal(run.stdout).field).toBe(field);
    expect(refusal(run.stdout).message).toMatch(message);
  });

  it('given --wait that is not a number of seconds, then it names --wait', async () => {
    const run = await cliInProcess(['migrate', '--wait', 'soon'], { DATA_DIR: join(dir, 'unused') });

    expect(run.status).toBe(2);
    expect(refusal(run.stdout).field).toBe('--wait');
  });

  it('given --wait 3 and no server answering, then it tries again, and still exits 2 naming DATABASE_URL', async () => {
    const run = await cliInProcess(['migrate', '--wait', '3'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });

    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/DATABASE_URL: .*; trying again/);
    expect(refusal(run.stdout).field).toBe('DATABASE_URL');
  });
});

const url = await postgresUrl();

// postgresUrl() printed why when there is no server to use (and failed instead under REQUIRE_ALL=1).
describe.skipIf(url === undefined)('migrate on PostgreSQL (a database made for this file)', () => {
  const databases = new ThrowawayDatabases(url ?? '');
  afterAll(() => databases.dropAll());

  it('given an empty database, when migrate runs twice, then the first creates the three schemas’ tables and the second nothing', async () => {
    const databaseUrl = await databases.make('migrate');

    const first = await migrate({ DATABASE_URL: databaseUrl });
    const second = await migrate({ DATABASE_URL: databaseUrl });

    expect(first.status).toBe(0);
    expect(created(first.report)).toEqual({
      events: EVENT_TABLES.postgres,
      'read models': READ_MODEL_TABLES,
      'api tables': [...API_TABLES, 'table_leases'],
    });
    expect(first.report!.stores.map((s) => s.where.replace(/^.*schema /, ''))).toEqual([
      'eventstore',
      'read_models',
      'api',
    ]);
    expect(first.report!.stores.every((s) => s.kind === 'postgres' && !s.where.includes('@'))).toBe(true);
    expect(second.status).toBe(0);
    expect(created(second.report)).toEqual({ events: [], 'read models': [], 'api tables': [] });
    const grants = await query<{ privilege_type: string }>(
      databaseUrl,
      `SELECT privilege_type FROM information_schema.role_table_grants
        WHERE table_schema = 'eventstore' AND table_name = 'events' AND grantee = 'mahjong_app' ORDER BY 1`,
    );
    expect(grants.map((g) => g.privilege_type)).toEqual(['INSERT', 'SELECT']);
  });

  it('given a database that does not exist, then exit 2 names DATABASE_URL', async () => {
    const missing = new URL(url!);
    missing.pathname = `/ml_infra_missing_${process.pid}`;

    const run = await cliInProcess(['migrate'], { DATABASE_URL: missing.toString() });

    expect(run.status).toBe(2);
    expect(refusal(run.stdout)).toMatchObject({
      field: 'DATABASE_URL',
      message: expect.stringMatching(/does not exist/),
    });
  });
});
