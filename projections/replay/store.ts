// Hand replays: a row per event of each hand stream (replay/log.ts), folded into the replay when it is read.
// A live hand's replay goes as far as the projection has read.
import { handStream } from '../../domain/play/metadata.ts';
import type { ReadModels } from '../runtime/db.ts';
import type { Decoded } from '../runtime/decode.ts';
import type { Projection, Trx } from '../runtime/projection.ts';
import { insertRows } from '../runtime/store.ts';
import { type Replay, replayKeys } from './evolve.ts';
import { type LoggedEvent, logged, replayOfLog } from './log.ts';

// Rows per insert statement: well under SQLite's and PostgreSQL's limits on bound parameters.
const ROWS_PER_INSERT = 500;

export const replayProjection: Projection<never> = {
  name: 'replay',
  // 2: a row per event, folded on reading (1 stored the folded replay as a document per hand). 3: rows hold
  // SettlementCorrected as version 2 (its mode, what it replaced, its deltas), v1 events upcast.
  version: 3,
  async migrate(db) {
    await db.schema
      .createTable('replay_events')
      .ifNotExists()
      .addColumn('stream', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('event', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('replay_events_pk', ['stream', 'revision'])
      .execute();
  },
  // No documents: the rows are appended by appendRows.
  keysOf: () => [],
  initial: () => {
    throw new Error('the replay projection keeps no documents');
  },
  evolve: (doc) => doc,
  async appendRows(trx: Trx, events: readonly Decoded[]) {
    const rows: [stream: string, revision: number, event: string][] = [];
    const streams = new Set<string>();
    for (const decoded of events) {
      const [stream] = replayKeys(decoded);
      const row = logged(decoded);
      if (stream === undefined || row === undefined) continue;
      // Plain JSON: a row is written once, from a fresh decode of the stored event (never from a parsed
      // document), so its key order is already the same on every build.
      rows.push([stream, row.revision, JSON.stringify(row)]);
      streams.add(stream);
    }
    // A batch's rows go in statements of ROWS_PER_INSERT (one text, prepared once) and one for the rest.
    await insertRows(trx, 'replay_events', ['stream', 'revision', 'event'], rows, ROWS_PER_INSERT);
    return [...streams];
  },
  async clearRows(trx) {
    await trx.deleteFrom('replay_events').execute();
  },
};

/** The replay of a hand as far as it has been projected, or undefined for a hand it has not seen. */
export async function replayOf(db: ReadModels, gameId: string, hand: number): Promise<Replay | undefined> {
  const stream = handStream(gameId, hand);
  const rows = await db
    .selectFrom('replay_events')
    .select('event')
    .where('stream', '=', stream)
    .orderBy('revision')
    .execute();
  if (rows.length === 0) return undefined;
  return replayOfLog(
    stream,
    rows.map((r) => JSON.parse(r.event) as LoggedEvent),
  );
}
