// The framework's own rows: checkpoints, the game lookup and the documents, each read and written inside
// the batch's transaction.
import { CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import type { ReadModelTables } from './db.ts';
import type { AnyProjection, DocParts, GameRef, Parts } from './projection.ts';
import { stableStringify } from './stable-json.ts';

type Db = Kysely<ReadModelTables>;

export async function checkpointOf(db: Db, projection: string): Promise<bigint> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select('position')
    .where('projection', '=', projection)
    .executeTakeFirst();
  return row === undefined ? 0n : BigInt(row.position);
}

/** The checkpoints of these projections (0 for one never checkpointed), in one statement. */
export async function checkpointsOf(db: Db, projections: readonly string[]): Promise<Map<string, bigint>> {
  const found = new Map<string, bigint>(projections.map((projection) => [projection, 0n]));
  if (projections.length === 0) return found;
  const rows = await db
    .selectFrom('projection_checkpoints')
    .select(['projection', 'position'])
    .where('projection', 'in', projections)
    .execute();
  for (const row of rows) found.set(row.projection, BigInt(row.position));
  return found;
}

/** Moves the checkpoints of these projections, in one statement. */
export async function saveCheckpoints(
  db: Db,
  checkpoints: readonly (readonly [projection: string, position: bigint])[],
): Promise<void> {
  if (checkpoints.length === 0) return;
  await db
    .insertInto('projection_checkpoints')
    .values(checkpoints.map(([projection, position]) => ({ projection, position: position.toString() })))
    .onConflict((oc) =>
      oc.column('projection').doUpdateSet((eb) => ({ position: eb.ref('excluded.position') })),
    )
    .execute();
}

/** The format the projection's tables hold, undefined when none was recorded (new, or written before versions). */
export async function versionOf(db: Db, projection: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('projection_versions')
    .select('version')
    .where('projection', '=', projection)
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.version);
}

export async function saveVersion(db: Db, projection: string, version: number): Promise<void> {
  await db
    .insertInto('projection_versions')
    .values({ projection, version })
    .onConflict((oc) => oc.column('projection').doUpdateSet({ version }))
    .execute();
}

export async function loadDoc(db: Db, projection: string, key: string): Promise<unknown> {
  const row = await db
    .selectFrom('projection_docs')
    .select('doc')
    .where('projection', '=', projection)
    .where('doc_key', '=', key)
    .executeTakeFirst();
  return row === undefined ? undefined : JSON.parse(row.doc);
}

/** A projection's document as its evolve folds it: put together again by its restore when it saves only a part. */
export async function loadStoredDoc(db: Db, projection: AnyProjection, key: string): Promise<unknown> {
  const stored = await loadDoc(db, projection.name, key);
  if (stored === undefined) return undefined;
  if (projection.parts !== undefined)
    return projection.parts.join(stored, await loadParts(db, projection.name, key));
  if (projection.restore === undefined) return stored;
  return projection.restore(db, key, stored);
}

/** A document's records as saveParts kept them, each record's entries in the order of their keys. */
async function loadParts(db: Db, projection: string, key: string): Promise<Parts> {
  const rows = await db
    .selectFrom('projection_doc_parts')
    .select(['part', 'entry_key', 'body'])
    .where('projection', '=', projection)
    .where('doc_key', '=', key)
    .orderBy('part')
    .orderBy('entry_key')
    .execute();
  const parts: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    const entries = parts[row.part] ?? {};
    entries[row.entry_key] = JSON.parse(row.body);
    parts[row.part] = entries;
  }
  return parts;
}

/**
 * Writes the entries of a document's records that are not the same objects as before the batch (all of them
 * for a new document), and deletes those it no longer has: a batch rewrites what it changed, not the records.
 */
export async function saveParts(
  db: Db,
  projection: string,
  key: string,
  parts: Parts,
  before: Parts | undefined,
): Promise<void> {
  const changed: (readonly unknown[])[] = [];
  const gone: [part: string, entry: string][] = [];
  for (const [part, entries] of Object.entries(parts)) {
    const was = before?.[part];
    for (const [entry, value] of Object.entries(entries))
      if (was?.[entry] !== value) changed.push([projection, key, part, entry, stableStringify(value)]);
  }
  for (const [part, entries] of Object.entries(before ?? {}))
    for (const entry of Object.keys(entries))
      if (parts[part]?.[entry] === undefined) gone.push([part, entry]);
  await insertRows(db, 'projection_doc_parts', PART_COLUMNS, changed, 500, {
    conflict: ['projection', 'doc_key', 'part', 'entry_key'],
    update: ['body'],
  });
  for (const [part, entry] of gone)
    await db
      .deleteFrom('projection_doc_parts')
      .where('projection', '=', projection)
      .where('doc_key', '=', key)
      .where('part', '=', part)
      .where('entry_key', '=', entry)
      .execute();
}

const PART_COLUMNS = ['projection', 'doc_key', 'part', 'entry_key', 'body'] as const;

/**
 * A projection's document as it saves it: whole, what its `stored` keeps of it, or its rest and the entries of
 * its records that changed since `before` (the document as stored before the batch; undefined for a new one).
 */
export async function saveDocument(
  db: Db,
  projection: AnyProjection,
  key: string,
  doc: unknown,
  before: unknown,
): Promise<void> {
  const { parts } = projection;
  if (parts === undefined)
    return saveDoc(db, projection.name, key, projection.stored === undefined ? doc : projection.stored(doc));
  const split = splitOf(parts, doc);
  await saveDoc(db, projection.name, key, split.rest);
  await saveParts(
    db,
    projection.name,
    key,
    split.parts,
    before === undefined ? undefined : splitOf(parts, before as object).parts,
  );
}

/**
 * A document's split, made once: the next batch's `before` is this batch's document, split again otherwise
 * (the audit log's makes a record of every entry).
 */
function splitOf(parts: DocParts<unknown>, doc: unknown): ReturnType<DocParts<unknown>['split']> {
  let split = splits.get(doc as object);
  if (split === undefined) {
    split = parts.split(doc);
    splits.set(doc as object, split);
  }
  return split;
}

const splits = new WeakMap<object, ReturnType<DocParts<unknown>['split']>>();

export async function saveDoc(db: Db, projection: string, key: string, doc: unknown): Promise<void> {
  const json = stableStringify(doc);
  await db
    .insertInto('projection_docs')
    .values({ projection, doc_key: key, doc: json })
    .onConflict((oc) => oc.columns(['projection', 'doc_key']).doUpdateSet({ doc: json }))
    .execute();
}

export async function loadGame(db: Db, projection: string, gameId: string): Promise<GameRef | undefined> {
  const row = await db
    .selectFrom('projection_lookup')
    .selectAll()
    .where('projection', '=', projection)
    .where('game_id', '=', gameId)
    .executeTakeFirst();
  return row === undefined ? undefined : gameRefOf(row);
}

/** A lookup row as the projections are handed it. */
const gameRefOf = (row: {
  game_id: string;
  tournament_id: string | null;
  round: number | null;
  table_no: number | null;
}): GameRef => ({
  gameId: row.game_id,
  tournamentId: row.tournament_id,
  round: row.round,
  table: row.table_no,
});

/**
 * The lookup rows of these games for these projections, in one statement: a batch's games for every projection
 * whose lookup is not in memory (each projection keeps its own rows, and asking game by game, projection by
 * projection, was five statements a live action on PostgreSQL, a round trip each).
 */
export async function loadGames(
  db: Db,
  projections: readonly string[],
  gameIds: readonly string[],
): Promise<Map<string, Map<string, GameRef>>> {
  const found = new Map<string, Map<string, GameRef>>(projections.map((p) => [p, new Map()]));
  if (projections.length === 0 || gameIds.length === 0) return found;
  const rows = await db
    .selectFrom('projection_lookup')
    .selectAll()
    .where('projection', 'in', projections)
    .where('game_id', 'in', gameIds)
    .execute();
  for (const row of rows) found.get(row.projection)?.set(row.game_id, gameRefOf(row));
  return found;
}

/** A seating names round and table and wins over what a GameStarted said; a GameStarted only fills a gap. */
export async function saveGame(db: Db, projection: string, game: GameRef, seated: boolean): Promise<void> {
  const values = {
    projection,
    game_id: game.gameId,
    tournament_id: game.tournamentId,
    round: game.round,
    table_no: game.table,
  };
  await db
    .insertInto('projection_lookup')
    .values(values)
    .onConflict((oc) => {
      const target = oc.columns(['projection', 'game_id']);
      return seated
        ? target.doUpdateSet({ tournament_id: game.tournamentId, round: game.round, table_no: game.table })
        : target.doNothing();
    })
    .execute();
}

export async function clearProjection(db: Db, projection: string): Promise<void> {
  await db.deleteFrom('projection_docs').where('projection', '=', projection).execute();
  await db.deleteFrom('projection_doc_parts').where('projection', '=', projection).execute();
  await db.deleteFrom('projection_lookup').where('projection', '=', projection).execute();
  await db.deleteFrom('projection_checkpoints').where('projection', '=', projection).execute();
}

/** An insert that meets a row with the same `conflict` columns updates its `update` columns instead. */
export interface Upsert {
  readonly conflict: readonly string[];
  readonly update: readonly string[];
}

/**
 * Inserts rows given as values in `columns` order, `rowsPerStatement` to a statement (well under SQLite's and
 * PostgreSQL's limits on bound parameters) and one statement for the rest: each statement's text depends only
 * on the table, the columns and its number of rows, so there is no query builder per statement and SQLite
 * prepares each text once (db.ts). For a projection that writes many rows per batch.
 */
export async function insertRows<T extends keyof ReadModelTables & string>(
  db: Db,
  table: T,
  columns: readonly (keyof ReadModelTables[T] & string)[],
  rows: readonly (readonly unknown[])[],
  rowsPerStatement = 1000,
  upsert?: Upsert,
): Promise<void> {
  for (let i = 0; i < rows.length; i += rowsPerStatement)
    await insertStatement(db, table, columns, rows.slice(i, i + rowsPerStatement), upsert);
}

async function insertStatement(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  upsert: Upsert | undefined,
): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const key = `${postgres ? 'pg' : 'sqlite'} ${table} ${columns.join(',')} ${rows.length} ${upsert === undefined ? '' : `${upsert.conflict.join(',')}:${upsert.update.join(',')}`}`;
  let text = insertTexts.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    for (let r = 0, n = 0; r < rows.length; r++)
      tuples.push(`(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`);
    text = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    if (upsert !== undefined)
      text += ` on conflict (${upsert.conflict.map((c) => `"${c}"`).join(', ')}) do update set ${upsert.update.map((c) => `"${c}" = excluded."${c}"`).join(', ')}`;
    if (insertTexts.size >= 64) insertTexts.delete(insertTexts.keys().next().value!);
    insertTexts.set(key, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) {
    if (row.length !== columns.length) throw new RangeError(`${table}: a row of ${row.length} values`);
    for (const value of row) parameters.push(value);
  }
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}

const insertTexts = new Map<string, string>();
