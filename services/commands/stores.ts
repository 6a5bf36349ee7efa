// The stores a CLI command opens (demo, rebuild, export): the events and the read models, never the API's
// tables, which no command needs. The commands may run beside a server on the same DATA_DIR: the SQLite
// files are in WAL mode, readers never wait, writers wait for each other up to the busy timeout, and a
// command that only reads the events opens them read-only. A lock held longer than that (a stuck process, a
// write transaction left open) stops the command at once with StoreBusy, never a stack trace.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openReadModels, type ReadModels, SQLITE_BUSY_TIMEOUT_MS } from '../../projections/runtime/db.ts';
import type { Io } from '../cli.ts';
import type { Config } from '../config.ts';
import { EVENTS_FILE, openConfiguredEventStore, READ_MODELS_FILE } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/port.ts';

/** Exit status of a command stopped by a store another process keeps locked. */
export const EXIT_BUSY = 5;

export class StoreBusy extends Error {
  override readonly name = 'StoreBusy';
  constructor(
    /** The file locked, when known; else the data folder. */
    readonly where: string,
  ) {
    super(
      `${where} is locked by another process: its write lock was held for more than ` +
        `${SQLITE_BUSY_TIMEOUT_MS / 1000} s. A server on the same DATA_DIR is fine; a write held that long is ` +
        'not (a stuck process, a transaction left open). Try again once it is done.',
    );
  }
}

/** SQLite's "database is locked" (SQLITE_BUSY…) or "table is locked" (SQLITE_LOCKED…). */
export const isSqliteBusy = (error: unknown): boolean =>
  error instanceof Database.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code);

export interface CommandStores {
  readonly store: EventStore;
  readonly readModels: ReadModels;
  readonly where: string;
  /** Work on the read models (a catch-up, a rebuild), a busy file reported as StoreBusy naming it. */
  projecting<T>(work: () => Promise<T>): Promise<T>;
  /** Work appending events, likewise. */
  appending<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export async function openCommandStores(
  config: Config,
  options: { readonly readonlyEvents: boolean },
): Promise<CommandStores> {
  const eventsFile = join(config.dataDir, EVENTS_FILE);
  const readModelsFile = join(config.dataDir, READ_MODELS_FILE);
  const { store, where } = await busyAs(eventsFile, () =>
    openConfiguredEventStore(config, {
      // Read-only needs the file: a command on an empty DATA_DIR creates it, as before.
      readonly: options.readonlyEvents && existsSync(eventsFile),
    }),
  );
  try {
    const readModels = await busyAs(readModelsFile, () =>
      config.databaseUrl !== undefined
        ? openReadModels({ kind: 'postgres', url: config.databaseUrl, schema: 'read_models' })
        : openReadModels({ kind: 'sqlite', file: readModelsFile }),
    );
    return {
      store,
      readModels,
      where,
      projecting: (work) => busyAs(readModelsFile, work),
      appending: (work) => busyAs(eventsFile, work),
      async close() {
        await readModels.destroy();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/** The work, with a busy SQLite file reported as StoreBusy naming it. */
async function busyAs<T>(file: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isSqliteBusy(error) ? new StoreBusy(file) : error;
  }
}

/**
 * The exit status for a command stopped by a busy store, after saying so (JSON on standard output, like
 * every other refusal, and a line on standard error); undefined for any other error.
 */
export function reportBusy(io: Io, error: unknown, dataDir: string): number | undefined {
  const busy = error instanceof StoreBusy ? error : isSqliteBusy(error) ? new StoreBusy(dataDir) : undefined;
  if (busy === undefined) return undefined;
  io.stdout(
    `${JSON.stringify({ error: { code: 'store-busy', where: busy.where, message: busy.message } }, null, 2)}\n`,
  );
  io.stderr(`busy: ${busy.message}\n`);
  return EXIT_BUSY;
}
