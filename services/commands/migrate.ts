// `migrate`: brings the configured stores up to date and exits, so that a deployment migrates once before
// its API processes start (infra/compose.yaml) instead of each process racing to do it. The stores migrate
// themselves on open, as the server opens them (server.ts): the event store, the read models with every
// projection's tables, and the API's tables (with the live tables' leases on PostgreSQL). Opening them here
// runs the same migrations; the command reports which tables each store gained, and which projections will
// be projected again from the first event (a new one, or one whose format changed) at the next start.
// Exit 0 when every store is ready, 2 for a configuration that cannot be used (the message names the
// variable), 5 for an SQLite file another process keeps locked.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import { ALL_PROJECTIONS } from '../../projections/index.ts';
import { openReadModels, type ReadModels } from '../../projections/runtime/db.ts';
import { openPostgresApiDatabase, openSqliteApiDatabase } from '../api/db.ts';
import { type Io, reportInvalid } from '../cli.ts';
import type { Config } from '../config.ts';
import { API_FILE, EVENTS_FILE, openConfiguredEventStore, READ_MODELS_FILE } from '../eventstore/open.ts';
import { runnerOf } from '../read-models.ts';
import { openSqlLeases } from '../tables/leases/sql-leases.ts';
import { config, fail, parsed } from './arguments.ts';
import { isSqliteBusy, reportBusy, StoreBusy } from './stores.ts';

/** The PostgreSQL schemas the server uses (server.ts openStores, the event store's default). */
const SCHEMAS = { events: 'eventstore', readModels: 'read_models', api: 'api' } as const;

const MigrateArguments = z.object({
  wait: z.coerce
    .number()
    .int('whole seconds')
    .min(0, 'seconds, 0 or more')
    .max(600, 'at most 600 seconds')
    .default(0),
  json: z.boolean().default(false),
});

export interface MigratedStore {
  readonly store: 'events' | 'read models' | 'api tables';
  readonly kind: 'sqlite' | 'postgres' | 'kurrentdb';
  /** The file, or the server and schema, without credentials. */
  readonly where: string;
  readonly created: readonly string[];
  readonly present: readonly string[];
}

export interface MigratedProjection {
  readonly name: string;
  /** The format its rows were in, absent for a projection new to these read models. */
  readonly from?: number;
  readonly to: number;
}

export interface MigrateReport {
  readonly stores: readonly MigratedStore[];
  /** Projections that will be projected again from the first event: new ones, and changed formats. */
  readonly reprojected: readonly MigratedProjection[];
}

/** Where a store is, and the tables it has. */
interface Place {
  readonly kind: MigratedStore['kind'];
  readonly where: string;
  tables(): Promise<string[]>;
}

/** A store could not be opened for a reason of the environment: the variable that names it, and why. */
class Unusable extends Error {
  override readonly name = 'Unusable';
  constructor(
    readonly variable: 'DATA_DIR' | 'DATABASE_URL' | 'KURRENTDB_URL',
    message: string,
  ) {
    super(message);
  }
}

export function registerMigrateCommand(program: Command, io: Io): void {
  program
    .command('migrate')
    .description(
      'migrate the configured stores (events, read models, API tables) and exit; run it before the servers start',
    )
    .option('--wait <seconds>', 'retry a store that does not answer yet for up to this long', '0')
    .option('--json', 'print the report as JSON')
    .action(async (options: Record<string, unknown>) => {
      const args = parsed(io, MigrateArguments, options);
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      fail(await runMigrate(io, env, args.wait * 1000, args.json));
    });
}

async function runMigrate(io: Io, env: Config, waitMs: number, json: boolean): Promise<number> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const report = await migrate(env);
      io.stdout(json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report));
      return 0;
    } catch (error) {
      const busy = reportBusy(io, error, env.dataDir);
      if (busy !== undefined) return busy;
      if (!(error instanceof Unusable)) throw error;
      if (Date.now() < deadline) {
        io.stderr(`migrate: ${error.variable}: ${error.message}; trying again\n`);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        continue;
      }
      return reportInvalid(io, error.variable, error.message);
    }
  }
}

/** Opens each configured store (which migrates it) and closes it again; the events stay open to the end. */
export async function migrate(env: Config): Promise<MigrateReport> {
  const stores: MigratedStore[] = [];
  const migrated = async <T>(
    store: MigratedStore['store'],
    place: Place,
    open: () => Promise<T>,
  ): Promise<T> => {
    const before = await place.tables();
    const opened = await open();
    const after = await place.tables();
    stores.push({
      store,
      kind: place.kind,
      where: place.where,
      created: after.filter((t) => !before.includes(t)),
      present: after.filter((t) => before.includes(t)),
    });
    return opened;
  };

  const events = eventsPlace(env);
  const store = await migrated('events', events, async () => {
    const variable = env.kurrentDbUrl !== undefined ? 'KURRENTDB_URL' : storeVariable(env);
    const what = `the event store at ${events.where}`;
    const opened = await usable(variable, what, () => openConfiguredEventStore(env));
    // KurrentDB keeps no schema of ours, and its client connects lazily: one read shows that it answers.
    if (env.kurrentDbUrl !== undefined)
      await usable('KURRENTDB_URL', what, () => opened.store.readAll({ limit: 1 })).catch(
        async (error: unknown) => {
          await opened.store.close();
          throw error;
        },
      );
    return opened.store;
  });
  let reprojected: MigratedProjection[] = [];
  try {
    const readModelsPlace = sqlPlace(env, READ_MODELS_FILE, SCHEMAS.readModels);
    await migrated('read models', readModelsPlace, async () => {
      const readModels = await usable(
        storeVariable(env),
        `the read models at ${readModelsPlace.where}`,
        () =>
          env.databaseUrl !== undefined
            ? openReadModels({ kind: 'postgres', url: env.databaseUrl, schema: SCHEMAS.readModels })
            : openReadModels({ kind: 'sqlite', file: join(env.dataDir, READ_MODELS_FILE) }),
      );
      try {
        reprojected = await migrateProjections(readModels, () => runnerOf(store, readModels).migrate());
      } finally {
        await readModels.destroy();
      }
    });
    const apiPlace = sqlPlace(env, API_FILE, SCHEMAS.api);
    await migrated('api tables', apiPlace, async () => {
      const apiDb = await usable(storeVariable(env), `the API tables at ${apiPlace.where}`, () =>
        env.databaseUrl !== undefined
          ? openPostgresApiDatabase(env.databaseUrl, { schema: SCHEMAS.api, maxConnections: 1 })
          : openSqliteApiDatabase(join(env.dataDir, API_FILE)),
      );
      try {
        // Beside them on PostgreSQL, where several processes share the store: the live tables' leases.
        if (env.databaseUrl !== undefined) await (await openSqlLeases(apiDb as Kysely<unknown>)).close();
      } finally {
        await apiDb.destroy();
      }
    });
  } finally {
    await store.close();
  }
  return { stores, reprojected };
}

/** The projections' formats before and after their migration: those that changed are projected again. */
async function migrateProjections(
  readModels: ReadModels,
  run: () => Promise<void>,
): Promise<MigratedProjection[]> {
  const versions = async () =>
    new Map(
      (await readModels.selectFrom('projection_versions').select(['projection', 'version']).execute()).map(
        (row) => [row.projection, Number(row.version)],
      ),
    );
  const before = await versions();
  await run();
  const after = await versions();
  return ALL_PROJECTIONS.flatMap((p) => {
    const to = after.get(p.name);
    const from = before.get(p.name);
    if (to === undefined || from === to) return [];
    return [from === undefined ? { name: p.name, to } : { name: p.name, from, to }];
  });
}

const storeVariable = (env: Config) => (env.databaseUrl !== undefined ? 'DATABASE_URL' : 'DATA_DIR');

/**
 * The work, its failure put as the variable that names the store. A busy SQLite file stays what it is (exit
 * 5); anything else that stops a store from opening (no server there, a refused login, a database or
 * folder that does not exist, a user who may not create the schema) is a matter of configuration.
 */
async function usable<T>(variable: Unusable['variable'], what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isSqliteBusy(error) || error instanceof StoreBusy || error instanceof Unusable) throw error;
    const message = error instanceof Error ? error.message || error.name : String(error);
    // Some clients say no more than their error's name (KurrentDB's UnavailableError).
    const why = /^\w+$/.test(message) ? `no answer (${message})` : message;
    throw new Unusable(variable, `cannot open ${what}: ${why}`);
  }
}

function eventsPlace(env: Config): Place {
  if (env.kurrentDbUrl !== undefined)
    return { kind: 'kurrentdb', where: withoutCredentials(env.kurrentDbUrl), tables: async () => [] };
  return sqlPlace(env, EVENTS_FILE, SCHEMAS.events);
}

function sqlPlace(env: Config, file: string, schema: string): Place {
  const url = env.databaseUrl;
  if (url !== undefined)
    return {
      kind: 'postgres',
      where: `${withoutCredentials(url)} schema ${schema}`,
      tables: () =>
        usable('DATABASE_URL', `${withoutCredentials(url)} (schema ${schema})`, () =>
          postgresTables(url, schema),
        ),
    };
  const path = join(env.dataDir, file);
  return { kind: 'sqlite', where: path, tables: async () => sqliteTables(path) };
}

async function postgresTables(url: string, schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      'SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 ORDER BY 1',
      [schema],
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end().catch(() => {});
  }
}

function sqliteTables(path: string): string[] {
  if (!existsSync(path)) return [];
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[], string>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY 1",
      )
      .pluck()
      .all();
  } finally {
    db.close();
  }
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

function reportText(report: MigrateReport): string {
  const lines = report.stores.map((s) => {
    const created = s.created.length === 0 ? 'up to date' : `created ${s.created.join(', ')}`;
    const present = s.present.length === 0 ? '' : ` (present: ${s.present.join(', ')})`;
    const note = s.kind === 'kurrentdb' ? 'answers; its streams need no migration' : `${created}${present}`;
    return `${s.store} (${s.kind}, ${s.where}): ${note}`;
  });
  const fresh = report.reprojected.filter((p) => p.from === undefined).map((p) => p.name);
  const changed = report.reprojected.flatMap((p) => (p.from === undefined ? [] : [p]));
  if (fresh.length > 0) lines.push(`projections new to these read models: ${fresh.join(', ')}`);
  if (changed.length > 0)
    lines.push(
      `projections whose format changed, their rows dropped: ${changed
        .map((p) => `${p.name} (${p.from} → ${p.to})`)
        .join(', ')}`,
    );
  if (report.reprojected.length > 0)
    lines.push('they are projected from the first event at the next start (or run `rebuild`)');
  lines.push(`migrated: ${report.stores.length} stores ready`);
  return `${lines.join('\n')}\n`;
}
