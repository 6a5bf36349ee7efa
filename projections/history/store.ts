// Player history: one document per game, one row per player and game for the query by player.
import type { ReadModels } from '../runtime/db.ts';
import type { Projection, Trx } from '../runtime/projection.ts';
import { stableStringify } from '../runtime/stable-json.ts';
import {
  evolveHistory,
  type HistoryDoc,
  type HistoryRow,
  historyKeys,
  historyRows,
  initialHistory,
} from './evolve.ts';

export const historyProjection: Projection<HistoryDoc> = {
  name: 'history',
  // 2: cancelled tournament penalties are taken off (PenaltyCancelled names the game and points). 3: points
  // follow HandResultCorrected; hands won are those the settlement in force names a winner of (`winners`).
  version: 3,
  async migrate(db) {
    await db.schema
      .createTable('history_rows')
      .ifNotExists()
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('game_id', 'text', (c) => c.notNull())
      .addColumn('row', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('history_rows_pk', ['player_id', 'game_id'])
      .execute();
    // A game's rows are replaced by its id: without this every write read the whole table, every player's
    // every game, and an action at a table cost more the longer the platform had run.
    await db.schema
      .createIndex('history_rows_game')
      .ifNotExists()
      .on('history_rows')
      .column('game_id')
      .execute();
  },
  keysOf: historyKeys,
  initial: initialHistory,
  evolve: evolveHistory,
  async writeRows(trx: Trx, key: string, doc: HistoryDoc, before: HistoryDoc | undefined) {
    const rows = historyRows(doc).map((r) => ({
      player_id: r.playerId,
      game_id: key,
      row: stableStringify(r),
    }));
    // Most of a hand's events change none of its game's rows (points move at the hand's end): those write
    // nothing.
    if (before !== undefined && sameRows(rows, historyRows(before))) return;
    await trx.deleteFrom('history_rows').where('game_id', '=', key).execute();
    if (rows.length === 0) return;
    await trx.insertInto('history_rows').values(rows).execute();
  },
  async clearRows(trx) {
    await trx.deleteFrom('history_rows').execute();
  },
};

function sameRows(rows: readonly { row: string }[], before: readonly HistoryRow[]): boolean {
  return rows.length === before.length && rows.every((r, i) => r.row === stableStringify(before[i]));
}

/** Every game of the player, by game id (a tournament's games sort by round and table within it). */
export async function historyOf(db: ReadModels, playerId: string): Promise<HistoryRow[]> {
  const rows = await db
    .selectFrom('history_rows')
    .select('row')
    .where('player_id', '=', playerId)
    .orderBy('game_id')
    .execute();
  return rows.map((r) => JSON.parse(r.row) as HistoryRow);
}
