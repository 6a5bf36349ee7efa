// Players from a CSV file (docs/tournament.md "Players"): a header row naming the columns — `name` required,
// `id` and `club` optional, in any order and any case — then one player a row. Every row is checked before
// anything is registered, and each problem names its row (as a spreadsheet numbers it: the header is row 1)
// and its field. And names two players share: flagged to the organizer, never changed.
import { parse } from 'csv-parse/sync';
import { isSubstitute } from '../../../domain/tournament/seating/index.ts';
import { idField, uniqueSlug } from './ids.ts';

export const CSV_COLUMNS = ['name', 'id', 'club'] as const;
type Column = (typeof CSV_COLUMNS)[number];

/** More than any tournament seats; one import is one append. */
export const MAX_IMPORT_ROWS = 1000;
const MAX_TEXT = 200;
/** Enough to fix a file by; a file of a thousand bad rows need not be echoed whole. */
const MAX_PROBLEMS = 50;

export interface CsvPlayer {
  readonly row: number;
  readonly name: string;
  readonly playerId?: string;
  readonly club?: string;
}

export interface CsvProblem {
  readonly row: number;
  /** A column (`name`, `id`, `club`), `header`, or `file` for the file as a whole. */
  readonly field: string;
  readonly message: string;
}

export type CsvOutcome =
  | { readonly ok: true; readonly players: readonly CsvPlayer[] }
  | { readonly ok: false; readonly problems: readonly CsvProblem[] };

const playerId = idField('');

/** The players of a CSV text, or every problem found in it (up to 50). */
export function playersOfCsv(text: string): CsvOutcome {
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return {
      ok: false,
      problems: [
        {
          row: typeof line === 'number' ? line : 1,
          field: 'file',
          message: `not CSV: ${(error as Error).message}`,
        },
      ],
    };
  }
  const header = records[0] ?? [];
  const problems: CsvProblem[] = [];
  const columns = new Map<Column, number>();
  header.forEach((cell, i) => {
    const column = cell.toLowerCase();
    if (!(CSV_COLUMNS as readonly string[]).includes(column))
      problems.push({
        row: 1,
        field: 'header',
        message: `column ${i + 1} is “${cell.slice(0, 40)}”: the columns are name, id (optional), club (optional)`,
      });
    else if (columns.has(column as Column))
      problems.push({ row: 1, field: 'header', message: `the column ${column} is named twice` });
    else columns.set(column as Column, i);
  });
  if (!columns.has('name'))
    problems.push({ row: 1, field: 'header', message: 'a header row naming the columns, name among them' });
  if (problems.length > 0) return { ok: false, problems };

  const players: CsvPlayer[] = [];
  const idRows = new Map<string, number>();
  const cell = (record: readonly string[], column: Column): string => {
    const i = columns.get(column);
    return i === undefined ? '' : (record[i] ?? '');
  };
  records.slice(1).forEach((record, i) => {
    const row = i + 2;
    // A blank line (or a row of empty cells, as spreadsheets export them) is no player.
    if (record.every((c) => c === '')) return;
    const extra = record.slice(header.length).some((c) => c !== '');
    if (extra)
      problems.push({ row, field: 'file', message: `more cells than the header’s ${header.length} columns` });
    const name = cell(record, 'name');
    if (name === '') problems.push({ row, field: 'name', message: 'a name is required' });
    else if (name.length > MAX_TEXT)
      problems.push({ row, field: 'name', message: `at most ${MAX_TEXT} characters` });
    const id = cell(record, 'id');
    if (id !== '') {
      const earlier = idRows.get(id);
      if (!playerId.safeParse(id).success)
        problems.push({
          row,
          field: 'id',
          message: '1 to 64 of A-Z a-z 0-9 _ . -, starting with a letter or digit',
        });
      else if (isSubstitute(id))
        problems.push({ row, field: 'id', message: `${id} is kept for substitutes (substitute-k)` });
      else if (earlier !== undefined)
        problems.push({ row, field: 'id', message: `${id} is on row ${earlier} too: each id once` });
      else idRows.set(id, row);
    }
    const club = cell(record, 'club');
    if (club.length > MAX_TEXT)
      problems.push({ row, field: 'club', message: `at most ${MAX_TEXT} characters` });
    players.push({ row, name, ...(id === '' ? {} : { playerId: id }), ...(club === '' ? {} : { club }) });
  });
  if (problems.length === 0 && players.length === 0)
    problems.push({ row: 2, field: 'file', message: 'no players: one row per player after the header' });
  if (players.length > MAX_IMPORT_ROWS)
    problems.push({
      row: players[MAX_IMPORT_ROWS]!.row,
      field: 'file',
      message: `at most ${MAX_IMPORT_ROWS} players per import`,
    });
  return problems.length > 0
    ? { ok: false, problems: problems.slice(0, MAX_PROBLEMS) }
    : { ok: true, players };
}

/**
 * Ids for the rows without one: the slug of the name, made unique among the ids taken (the tournament's, the
 * file's own, those made before it), and never a substitute's.
 */
export function withIds(
  players: readonly CsvPlayer[],
  taken: ReadonlySet<string>,
): (CsvPlayer & { readonly playerId: string })[] {
  const used = new Set([...taken, ...players.flatMap((p) => (p.playerId === undefined ? [] : [p.playerId]))]);
  return players.map((player) => {
    if (player.playerId !== undefined) return { ...player, playerId: player.playerId };
    let id = uniqueSlug(player.name, 'player', used);
    if (isSubstitute(id)) id = uniqueSlug(`player ${player.name}`, 'player', used);
    used.add(id);
    return { ...player, playerId: id };
  });
}

/** Names compared as a person reads them: case, spacing and Unicode forms aside. */
export const nameKey = (name: string): string =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

export interface DuplicateName {
  readonly name: string;
  /** Every player of that name: those registered before, then the new ones. */
  readonly playerIds: readonly string[];
  /** The new ones' rows, for an import. */
  readonly rows: readonly number[];
}

/**
 * The names of new players that another player has already, or that two new players share. Registered players
 * of the new ones' ids are left out of "before", so a retried registration does not flag itself.
 */
export function duplicateNames(
  registered: readonly { readonly playerId: string; readonly name: string }[],
  added: readonly { readonly playerId: string; readonly name: string; readonly row?: number }[],
): DuplicateName[] {
  const addedIds = new Set(added.map((p) => p.playerId));
  const groups = new Map<string, { name: string; before: string[]; added: string[]; rows: number[] }>();
  for (const player of added) {
    const key = nameKey(player.name);
    const group = groups.get(key) ?? { name: player.name, before: [], added: [], rows: [] };
    group.added.push(player.playerId);
    if (player.row !== undefined) group.rows.push(player.row);
    groups.set(key, group);
  }
  for (const player of registered)
    if (!addedIds.has(player.playerId)) groups.get(nameKey(player.name))?.before.push(player.playerId);
  return [...groups.values()]
    .filter((g) => g.before.length + g.added.length > 1)
    .map((g) => ({ name: g.name, playerIds: [...g.before, ...g.added], rows: g.rows }));
}
