// What a projection is to the runner: a pure fold over JSON documents (evolve) and the rows it writes beside
// them. Documents are keyed (a tournament, a hand stream, a game); an event may change several.
import type { Transaction } from 'kysely';
import type { ReadModels, ReadModelTables } from './db.ts';
import type { Decoded } from './decode.ts';

/** Which tournament, round and table a game belongs to, as the runner's lookup knows it. */
export interface GameRef {
  readonly gameId: string;
  readonly tournamentId: string | null;
  readonly round: number | null;
  readonly table: number | null;
}

export type Trx = Transaction<ReadModelTables>;

// Methods (not function-valued properties), so that a Projection<Standings> is a Projection<unknown> to the
// runner, which only passes a projection's own documents back to it.
export interface Projection<Doc> {
  readonly name: string;
  /**
   * The format of its documents and rows (1 when absent). Tables written in another format are dropped and
   * projected again from position zero when the runner migrates.
   */
  readonly version?: number;
  /** Creates the projection's own tables, idempotently. */
  migrate(db: ReadModels): Promise<void>;
  /** The documents this event changes; `game` is the event's game when its stream names one. */
  keysOf(event: Decoded, game: GameRef | undefined): readonly string[];
  initial(key: string): Doc;
  /** Pure: no I/O, no clock. */
  evolve(doc: Doc, event: Decoded, game: GameRef | undefined): Doc;
  /**
   * Rows derived from a changed document, written in the batch's transaction (the document is saved apart).
   * `before` is the document as stored before the batch (undefined for a new one): a projection that keeps a
   * row per part can write only the parts the batch replaced (evolve keeps what it does not change).
   */
  writeRows?(trx: Trx, key: string, doc: Doc, before: Doc | undefined): Promise<void>;
  /**
   * For a document too large to rewrite whole at every change (the board: a part per table): what of it is
   * saved as the document. Its writeRows keeps the rest, and restore puts the document together again.
   */
  stored?(doc: Doc): unknown;
  /** The document from what `stored` saved of it and the rows writeRows kept. */
  restore?(db: ReadModels, key: string, stored: unknown): Promise<Doc>;
  /**
   * For a document whose bulk is records of which a batch changes a few entries (a tournament's games and its
   * hands' ledger, its audit entries): the runner saves the rest as the document and each entry as a row of
   * its own (projection_doc_parts), and rewrites only the entries evolve replaced. Not with `stored`.
   */
  readonly parts?: DocParts<Doc>;
  /**
   * For a projection whose records only grow (a hand's events): appends rows for the batch's events, in
   * order, in the batch's transaction, instead of rewriting a document; answers the keys they concern.
   */
  appendRows?(trx: Trx, events: readonly Decoded[]): Promise<readonly string[]>;
  /** Deletes every row writeRows or appendRows wrote: a rebuild starts from nothing. */
  clearRows?(trx: Trx): Promise<void>;
}

/** A document's records, by name, each entry by its key. */
export type Parts = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export interface DocParts<Doc> {
  /**
   * The document as what is saved of it and its records. Pure; an entry evolve did not replace must come out
   * as the same object as before, which is how the runner tells what changed.
   */
  split(doc: Doc): { readonly rest: unknown; readonly parts: Parts };
  /** The document again from what split gave (a record with no entries may be absent). */
  join(rest: unknown, parts: Parts): Doc;
}

// biome-ignore lint/suspicious/noExplicitAny: the runner holds projections of every document type.
export type AnyProjection = Projection<any>;
