// The tables board keeps one document per tournament, the API reads it whole. Its tables are kept a row each
// (board_tables), the document saves the rest and the tables' order: an action at one table rewrites that
// table's row, not the whole board (at 150 tables, stringifying and writing the whole board at every action was
// a quarter of the server's time under load).
import type { ReadModels } from '../runtime/db.ts';
import type { Projection, Trx } from '../runtime/projection.ts';
import { stableStringify } from '../runtime/stable-json.ts';
import { insertRows, loadStoredDoc } from '../runtime/store.ts';
import { type BoardDoc, type BoardTable, boardKeys, evolveBoard, initialBoard } from './evolve.ts';

/** What the board's document saves: all but its tables, which are listed by number, in order. */
type StoredBoard = Omit<BoardDoc, 'tables'> & { readonly tables: readonly number[] };

export const boardProjection: Projection<BoardDoc> = {
  name: 'board',
  // 2: points follow HandResultCorrected and TableResultCorrected (read before as unknown types). 3: a row per
  // table (board_tables).
  version: 3,
  async migrate(db) {
    await db.schema
      .createTable('board_tables')
      .ifNotExists()
      .addColumn('tournament_id', 'text', (c) => c.notNull())
      .addColumn('table_no', 'integer', (c) => c.notNull())
      .addColumn('row', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('board_tables_pk', ['tournament_id', 'table_no'])
      .execute();
  },
  keysOf: boardKeys,
  initial: initialBoard,
  evolve: evolveBoard,
  stored: ({ tables, ...rest }: BoardDoc): StoredBoard => ({ ...rest, tables: tables.map((t) => t.table) }),
  async restore(db, key, stored) {
    const { tables: order, ...rest } = stored as StoredBoard;
    const rows = await db
      .selectFrom('board_tables')
      .select(['table_no', 'row'])
      .where('tournament_id', '=', key)
      .execute();
    const byNumber = new Map(rows.map((r) => [Number(r.table_no), r.row]));
    const tables = order.map((n): BoardTable => {
      const row = byNumber.get(n);
      if (row === undefined) throw new Error(`board of ${key}: no row for table ${n}`);
      return JSON.parse(row) as BoardTable;
    });
    return { ...rest, tables };
  },
  async writeRows(trx, key, doc, before) {
    const sameTables =
      before !== undefined &&
      before.tables.length === doc.tables.length &&
      before.tables.every((t, i) => t.table === doc.tables[i]!.table);
    if (!sameTables) {
      // A round seated (or the first write): its tables replace whatever the tournament had.
      await trx.deleteFrom('board_tables').where('tournament_id', '=', key).execute();
      const rows = doc.tables.map((t) => [key, t.table, stableStringify(t)]);
      await insertRows(trx, 'board_tables', ['tournament_id', 'table_no', 'row'], rows);
      return;
    }
    // evolve keeps every table it does not change: the others are the same objects as before the batch.
    for (let i = 0; i < doc.tables.length; i++) {
      const table = doc.tables[i]!;
      if (table !== before.tables[i]) await saveTable(trx, key, table);
    }
  },
  async clearRows(trx) {
    await trx.deleteFrom('board_tables').execute();
  },
};

async function saveTable(trx: Trx, tournamentId: string, table: BoardTable): Promise<void> {
  const row = stableStringify(table);
  await trx
    .insertInto('board_tables')
    .values({ tournament_id: tournamentId, table_no: table.table, row })
    .onConflict((oc) => oc.columns(['tournament_id', 'table_no']).doUpdateSet({ row }))
    .execute();
}

/** The current round's tables, or undefined for a tournament the board has not seen. */
export async function boardOf(db: ReadModels, tournamentId: string): Promise<BoardDoc | undefined> {
  return (await loadStoredDoc(db, boardProjection, tournamentId)) as BoardDoc | undefined;
}
