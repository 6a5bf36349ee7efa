// The standings' rows: one per player of a tournament, rewritten whenever its document changes. The document
// keeps its games and its hands' ledger an entry a row (a game each): a batch that settles a hand rewrites that
// game's entries, not the whole tournament's (830 KB at 256 players × 8 rounds, stringified and written at
// every hand's settlement).
import type { ReadModels } from '../runtime/db.ts';
import type { Parts, Projection, Trx } from '../runtime/projection.ts';
import { stableStringify } from '../runtime/stable-json.ts';
import { insertRows } from '../runtime/store.ts';
import {
  evolveStandings,
  initialStandings,
  type StandingRow,
  type StandingsDoc,
  standingRows,
  standingsKeys,
} from './evolve.ts';

const STANDINGS_COLUMNS = [
  'tournament_id',
  'player_id',
  'place',
  'points',
  'table_points',
  'games',
  'row',
] as const;

export const standingsProjection: Projection<StandingsDoc> = {
  name: 'standings',
  // 2: the ledger's hands kept by game. 3: a hand's settlement in force by the domain's fold (adjustments
  // add; a ruling counts through its SettlementCorrected only), its winners kept; a table's final result follows
  // TableResultCorrected and HandResultCorrected (`recorded`). 4: a penalty keeps where it was given (round,
  // game, hand) for the progress chart. 5: games and the hands' ledger kept an entry a row (parts).
  version: 5,
  async migrate(db) {
    await db.schema
      .createTable('standings_rows')
      .ifNotExists()
      .addColumn('tournament_id', 'text', (c) => c.notNull())
      .addColumn('player_id', 'text', (c) => c.notNull())
      .addColumn('place', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('table_points', 'double precision', (c) => c.notNull())
      .addColumn('games', 'integer', (c) => c.notNull())
      .addColumn('row', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('standings_rows_pk', ['tournament_id', 'player_id'])
      .execute();
  },
  keysOf: standingsKeys,
  initial: initialStandings,
  evolve: evolveStandings,
  parts: {
    split: ({ games, ledger: { hands, ...ledger }, ...rest }: StandingsDoc) => ({
      rest: { ...rest, ledger },
      parts: { games, hands },
    }),
    join: (rest: unknown, { games = {}, hands = {} }: Parts): StandingsDoc => {
      const saved = rest as Omit<StandingsDoc, 'games' | 'ledger'> & {
        readonly ledger: Omit<StandingsDoc['ledger'], 'hands'>;
      };
      return {
        ...saved,
        games: games as StandingsDoc['games'],
        ledger: { ...saved.ledger, hands: hands as StandingsDoc['ledger']['hands'] },
      };
    },
  },
  async writeRows(trx: Trx, key: string, doc: StandingsDoc, before: StandingsDoc | undefined) {
    const rows = standingRows(doc);
    const byPlayer = new Map(rows.map((r) => [r.playerId, r]));
    const values = (r: StandingRow) => [
      key,
      r.playerId,
      r.place,
      r.points,
      r.tablePoints,
      r.games,
      stableStringify(r),
    ];
    const written = before === undefined ? undefined : rowsWritten.get(before);
    if (written === undefined) {
      await trx.deleteFrom('standings_rows').where('tournament_id', '=', key).execute();
      await insertRows(trx, 'standings_rows', STANDINGS_COLUMNS, rows.map(values));
    } else {
      // A hand settled moves its four players, and the places between where they were and are: those rows.
      const changed = rows.filter((r) => !sameRow(written.get(r.playerId), r));
      await insertRows(trx, 'standings_rows', STANDINGS_COLUMNS, changed.map(values), 1000, {
        conflict: ['tournament_id', 'player_id'],
        update: STANDINGS_COLUMNS.slice(2),
      });
      const gone = [...written.keys()].filter((playerId) => !byPlayer.has(playerId));
      if (gone.length > 0)
        await trx
          .deleteFrom('standings_rows')
          .where('tournament_id', '=', key)
          .where('player_id', 'in', gone)
          .execute();
    }
    rowsWritten.set(doc, byPlayer);
  },
  async clearRows(trx) {
    await trx.deleteFrom('standings_rows').execute();
  },
};

/**
 * The rows last written for a document, by player, kept for that document object: the next batch, whose
 * `before` is that same object, rewrites only the rows that differ. A document read back from the database (a
 * new runner, a batch rolled back, another process's checkpoint) is another object: its batch rewrites every
 * row.
 */
const rowsWritten = new WeakMap<StandingsDoc, ReadonlyMap<string, StandingRow>>();

/** Every field of a standings row: the compiler holds the list to the type, so a new field is compared too. */
const ROW_FIELDS = Object.keys({
  playerId: 0,
  name: 0,
  place: 0,
  points: 0,
  tablePoints: 0,
  games: 0,
  withdrawn: 0,
} satisfies Record<keyof StandingRow, 0>) as (keyof StandingRow)[];

const sameRow = (a: StandingRow | undefined, b: StandingRow): boolean =>
  a !== undefined && ROW_FIELDS.every((field) => a[field] === b[field]);

/** The tournament's standings, by place then player id. */
export async function standingsOf(db: ReadModels, tournamentId: string): Promise<StandingRow[]> {
  const rows = await db
    .selectFrom('standings_rows')
    .select('row')
    .where('tournament_id', '=', tournamentId)
    .orderBy('place')
    .orderBy('player_id')
    .execute();
  return rows.map((r) => JSON.parse(r.row) as StandingRow);
}
