// Test support for the read side: a tournament in a real SQLite event store, read-model databases in a temp
// directory, and a dump of every read-model table ordered by its key, to compare builds byte for byte.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { EventStore } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import type { ReadModels } from '../runtime/db.ts';
import type { ReadAll } from '../runtime/event.ts';
import { type TournamentPlan, writeTournament } from './tournament.ts';

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'projections-'));

export async function storeWithTournament(dir: string, plan: TournamentPlan): Promise<EventStore> {
  const store = openSqliteEventStore(join(dir, 'events.db'));
  await writeTournament(store, plan);
  return store;
}

export const readAllOf =
  (store: EventStore): ReadAll =>
  ({ after, limit }) =>
    store.readAll({ after, limit });

const TABLES = {
  projection_checkpoints: ['projection'],
  projection_lookup: ['projection', 'game_id'],
  projection_docs: ['projection', 'doc_key'],
  projection_doc_parts: ['projection', 'doc_key', 'part', 'entry_key'],
  standings_rows: ['tournament_id', 'player_id'],
  board_tables: ['tournament_id', 'table_no'],
  history_rows: ['player_id', 'game_id'],
  replay_events: ['stream', 'revision'],
} as const;

/** Every table as text, rows ordered by key: two builds are identical when their dumps are. */
export async function dump(db: ReadModels): Promise<string> {
  const parts: string[] = [];
  for (const [table, key] of Object.entries(TABLES)) {
    const order = sql.join(key.map((k) => sql.ref(k)));
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by ${order}`.execute(db);
    parts.push(`${table}\n${rows.rows.map((r) => JSON.stringify(Object.entries(r).sort())).join('\n')}`);
  }
  return parts.join('\n\n');
}
