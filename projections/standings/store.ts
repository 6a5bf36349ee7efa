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
  async writeRows(trx: Trx, key: string, doc: StandingsDoc) {
    await trx.deleteFrom('standings_rows').where('tournament_id', '=', key).execute();
    const rows = standingRows(doc).map((r) => [
      key,
      r.playerId,
      r.place,
      r.points,
      r.tablePoints,
      r.games,
      stableStringify(r),
    ]);
    // Rewritten whenever the tournament's document changes (every batch of its hands): one prepared text.
    await insertRows(trx, 'standings_rows', STANDINGS_COLUMNS, rows);
  },
  async clearRows(trx) {
    await trx.deleteFrom('standings_rows').execute();
  },
};

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
