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
  },
  keysOf: historyKeys,
  initial: initialHistory,
  evolve: evolveHistory,
  async writeRows(trx: Trx, key: string, doc: HistoryDoc) {
    await trx.deleteFrom('history_rows').where('game_id', '=', key).execute();
    const rows = historyRows(doc);
    if (rows.length === 0) return;
    await trx
      .insertInto('history_rows')
      .values(rows.map((r) => ({ player_id: r.playerId, game_id: key, row: stableStringify(r) })))
      .execute();
  },
  async clearRows(trx) {
    await trx.deleteFrom('history_rows').execute();
  },
};

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
