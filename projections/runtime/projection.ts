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
  /** Creates the projection's own tables, idempotently. */
  migrate(db: ReadModels): Promise<void>;
  /** The documents this event changes; `game` is the event's game when its stream names one. */
  keysOf(event: Decoded, game: GameRef | undefined): readonly string[];
  initial(key: string): Doc;
  /** Pure: no I/O, no clock. */
  evolve(doc: Doc, event: Decoded, game: GameRef | undefined): Doc;
  /** Rows derived from a changed document, written in the batch's transaction (the document is saved apart). */
  writeRows?(trx: Trx, key: string, doc: Doc): Promise<void>;
  /** Deletes every row writeRows wrote: a rebuild starts from nothing. */
  clearRows?(trx: Trx): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: the runner holds projections of every document type.
export type AnyProjection = Projection<any>;
