// Runs projections over the event store (DESIGN.md "Storage and scale"): each reads the events after its
// checkpoint in batches and writes its documents, rows, game lookup AND new checkpoint in one transaction.
// An event at or below the checkpoint is skipped, so a redelivered or replayed event is never counted twice,
// and a batch that fails leaves nothing behind: the next run starts from the same checkpoint.
import type { ReadModels } from './db.ts';
import { type Decoded, decode, streamRef } from './decode.ts';
import type { ProjectedEvent, ReadAll, Subscribe } from './event.ts';
import type { AnyProjection, GameRef, Trx } from './projection.ts';
import {
  checkpointOf,
  clearProjection,
  loadDoc,
  loadGame,
  saveCheckpoint,
  saveDoc,
  saveGame,
} from './store.ts';

export interface RunnerOptions {
  readonly db: ReadModels;
  readonly readAll: ReadAll;
  readonly projections: readonly AnyProjection[];
  /** Events per transaction (default 500). */
  readonly batchSize?: number;
  /** After each committed batch: the projection and the document keys it changed (the API pushes from here). */
  readonly onCommitted?: (projection: string, keys: readonly string[]) => void;
  /**
   * Called inside the transaction after each document is written, with how many this batch has written;
   * throwing rolls the batch back. For tests that kill a projection mid-batch.
   */
  readonly afterWrite?: (projection: string, written: number) => void;
}

export interface Runner {
  /** Migrates every projection's tables (idempotent); the runner's other methods call it first. */
  migrate(): Promise<void>;
  /** Projects until no event is left; answers how many events were read. */
  catchUp(): Promise<number>;
  /** Catches up whenever the subscription delivers an event past the checkpoints. */
  follow(subscribe: Subscribe): Promise<{ close(): Promise<void> }>;
  /** Drops the projection's documents, rows, lookup and checkpoint, then catches it up from position zero. */
  rebuild(name: string): Promise<number>;
  checkpoint(name: string): Promise<bigint>;
}

export function createRunner(options: RunnerOptions): Runner {
  const { db, readAll, projections } = options;
  const batchSize = options.batchSize ?? 500;
  let migrated: Promise<void> | undefined;
  // One batch at a time: a live delivery and a manual catch-up never interleave their transactions.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const migrate = (): Promise<void> => {
    migrated ??= (async () => {
      for (const p of projections) await p.migrate(db);
    })();
    return migrated;
  };

  const byName = (name: string): AnyProjection => {
    const found = projections.find((p) => p.name === name);
    if (found === undefined) throw new RangeError(`no projection named ${name}`);
    return found;
  };

  async function catchUpOne(projection: AnyProjection): Promise<number> {
    let read = 0;
    for (;;) {
      const after = await checkpointOf(db, projection.name);
      const events = await readAll({ after, limit: batchSize });
      if (events.length === 0) return read;
      read += events.length;
      const batch = await db.transaction().execute((trx) => applyBatch(trx, projection, events));
      // A source that hands back only events at or below the checkpoint has nothing more to give.
      if (!batch.advanced) return read;
      options.onCommitted?.(projection.name, batch.keys);
    }
  }

  async function applyBatch(
    trx: Trx,
    projection: AnyProjection,
    events: readonly ProjectedEvent[],
  ): Promise<{ keys: string[]; advanced: boolean }> {
    const { name } = projection;
    const checkpoint = await checkpointOf(trx, name);
    const docs = new Map<string, unknown>();
    // The batch's view of the lookup: read once per game, written through.
    const games = new Map<string, GameRef | undefined>();
    let last = checkpoint;
    for (const raw of events) {
      if (raw.position <= checkpoint) continue;
      last = raw.position;
      const decoded = decode(raw);
      if (decoded === undefined) continue;
      await recordGames(trx, name, decoded, games);
      const game = await gameOf(trx, name, decoded, games);
      for (const key of projection.keysOf(decoded, game)) {
        const doc = docs.has(key)
          ? docs.get(key)
          : ((await loadDoc(trx, name, key)) ?? projection.initial(key));
        docs.set(key, projection.evolve(doc, decoded, game));
      }
    }
    const keys = [...docs.keys()].sort();
    let written = 0;
    for (const key of keys) {
      const doc = docs.get(key);
      await saveDoc(trx, name, key, doc);
      await projection.writeRows?.(trx, key, doc);
      options.afterWrite?.(name, ++written);
    }
    if (last > checkpoint) await saveCheckpoint(trx, name, last);
    return { keys, advanced: last > checkpoint };
  }

  function catchUp(): Promise<number> {
    return serial(async () => {
      await migrate();
      let read = 0;
      for (const p of projections) read += await catchUpOne(p);
      return read;
    });
  }

  return {
    migrate,

    catchUp,

    async follow(subscribe) {
      await migrate();
      return subscribe(await lowestCheckpoint(), async (event) => {
        if (event.position <= (await lowestCheckpoint())) return;
        await catchUp();
      });
    },

    rebuild: (name) =>
      serial(async () => {
        await migrate();
        const projection = byName(name);
        await db.transaction().execute(async (trx) => {
          await projection.clearRows?.(trx);
          await clearProjection(trx, name);
        });
        return catchUpOne(projection);
      }),

    checkpoint: (name) => checkpointOf(db, byName(name).name),
  };

  async function lowestCheckpoint(): Promise<bigint> {
    let lowest: bigint | undefined;
    for (const p of projections) {
      const c = await checkpointOf(db, p.name);
      if (lowest === undefined || c < lowest) lowest = c;
    }
    return lowest ?? 0n;
  }
}

/** Keeps the lookup of games to tournaments: seatings name round and table, a GameStarted its tournament. */
async function recordGames(
  trx: Trx,
  projection: string,
  { event, meta }: Decoded,
  cache: Map<string, GameRef | undefined>,
): Promise<void> {
  if (event.type === 'RoundSeated') {
    const ref = streamRef(meta.stream);
    const tournamentId = ref.kind === 'tournament' ? ref.tournamentId : null;
    for (const t of event.data.tables) {
      cache.delete(t.gameId);
      await saveGame(
        trx,
        projection,
        { gameId: t.gameId, tournamentId, round: event.data.round, table: t.table },
        true,
      );
    }
  } else if (event.type === 'GameStarted') {
    const { gameId, tournamentId } = event.data;
    cache.delete(gameId);
    await saveGame(trx, projection, { gameId, tournamentId, round: null, table: null }, false);
  }
}

async function gameOf(
  trx: Trx,
  projection: string,
  { meta }: Decoded,
  cache: Map<string, GameRef | undefined>,
): Promise<GameRef | undefined> {
  const ref = streamRef(meta.stream);
  if (ref.kind !== 'game' && ref.kind !== 'hand') return undefined;
  if (!cache.has(ref.gameId)) cache.set(ref.gameId, await loadGame(trx, projection, ref.gameId));
  return cache.get(ref.gameId) ?? { gameId: ref.gameId, tournamentId: null, round: null, table: null };
}
