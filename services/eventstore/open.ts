// The event store the configuration names: KurrentDB when KURRENTDB_URL is set, PostgreSQL when
// DATABASE_URL is, otherwise the embedded SQLite file `events.db` under DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { EventStore, StoreAddress } from './port.ts';
import { openSqliteEventStore } from './sqlite.ts';

/**
 * The SQLite files of an embedded install, under DATA_DIR: the events, the read models and the API's own
 * tables each in a file of their own. SQLite lets one writer at a time into a file, so a projection catching
 * up in a long transaction would otherwise hold appends back.
 */
export const EVENTS_FILE = 'events.db';
export const READ_MODELS_FILE = 'read-models.db';
export const API_FILE = 'api.db';

export type EventStoreKind = 'kurrentdb' | 'postgres' | 'sqlite';

export interface OpenedEventStore {
  readonly store: EventStore;
  readonly kind: EventStoreKind;
  /** Where it is, without credentials: for the start-up line. */
  readonly where: string;
}

export interface OpenOptions {
  /**
   * Only reads will follow (export, rebuild): the SQLite file is opened read-only, so it takes no lock and
   * waits for no writer. The servers' stores ignore it.
   */
  readonly readonly?: boolean;
}

export async function openConfiguredEventStore(
  config: Config,
  options: OpenOptions = {},
): Promise<OpenedEventStore> {
  // The server adapters are loaded only when configured: the KurrentDB client (gRPC) and pg add tens of
  // megabytes to every process that never talks to them, the CLI's export among them.
  if (config.kurrentDbUrl !== undefined) {
    const { openKurrentDbEventStore } = await import('./kurrentdb.ts');
    return {
      store: await openKurrentDbEventStore(config.kurrentDbUrl),
      kind: 'kurrentdb',
      where: hostOf(config.kurrentDbUrl),
    };
  }
  if (config.databaseUrl !== undefined) {
    const { openPostgresEventStore } = await import('./postgres.ts');
    return {
      store: await openPostgresEventStore(config.databaseUrl),
      kind: 'postgres',
      where: hostOf(config.databaseUrl),
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, EVENTS_FILE);
  const store = openSqliteEventStore(file, options.readonly === true ? { readonly: true } : {});
  return { store, kind: 'sqlite', where: file };
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * The store at an address another thread took from its own store (EventStore.address): the same events,
 * through connections of this thread. A SQLite file is opened read-only: such a thread only reads.
 */
export async function openStoreAt(address: StoreAddress): Promise<EventStore> {
  switch (address.kind) {
    case 'sqlite':
      return openSqliteEventStore(address.file, { readonly: true });
    case 'postgres': {
      const { openPostgresEventStore } = await import('./postgres.ts');
      return openPostgresEventStore(address.url, { schema: address.schema, appRole: address.appRole });
    }
  }
}
