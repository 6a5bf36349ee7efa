// The event store the configuration names: KurrentDB when KURRENTDB_URL is set, PostgreSQL when
// DATABASE_URL is, otherwise the embedded SQLite file `ledger.db` under DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { openKurrentDbEventStore } from './kurrentdb.ts';
import type { EventStore } from './port.ts';
import { openPostgresEventStore } from './postgres.ts';
import { openSqliteEventStore } from './sqlite.ts';

/** The one SQLite file of an embedded install: events, read models and the API's tables. */
export const LEDGER_FILE = 'ledger.db';

export type EventStoreKind = 'kurrentdb' | 'postgres' | 'sqlite';

export interface OpenedEventStore {
  readonly store: EventStore;
  readonly kind: EventStoreKind;
  /** Where it is, without credentials: for the start-up line. */
  readonly where: string;
}

export async function openConfiguredEventStore(config: Config): Promise<OpenedEventStore> {
  if (config.kurrentDbUrl !== undefined)
    return {
      store: await openKurrentDbEventStore(config.kurrentDbUrl),
      kind: 'kurrentdb',
      where: hostOf(config.kurrentDbUrl),
    };
  if (config.databaseUrl !== undefined)
    return {
      store: await openPostgresEventStore(config.databaseUrl),
      kind: 'postgres',
      where: hostOf(config.databaseUrl),
    };
  mkdirSync(config.dataDir, { recursive: true });
  const file = join(config.dataDir, LEDGER_FILE);
  return { store: openSqliteEventStore(file), kind: 'sqlite', where: file };
}

function hostOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}
