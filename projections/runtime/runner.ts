// Runs projections over the event store (DESIGN.md "Storage and scale"): each reads the events after its
// checkpoint in batches and writes its documents, rows, game lookup AND new checkpoint in one transaction.
// An event at or below the checkpoint is skipped, so a redelivered or replayed event is never counted twice,
// and a batch that fails leaves nothing behind: the next run starts from the same checkpoint.
import { PostgresAdapter, sql } from 'kysely';
import { migratingAlone, type ReadModels } from './db.ts';
import { type Decoded, decode, streamRef } from './decode.ts';
import type { ProjectedEvent, ReadAll, Subscribe } from './event.ts';
import type { AnyProjection, GameRef, Trx } from './projection.ts';
import {
  checkpointOf,
  checkpointsOf,
  clearProjection,
  loadGame,
  loadGames,
  loadStoredDoc,
  saveCheckpoints,
  saveDocument,
  saveGame,
  saveVersion,
  versionOf,
} from './store.ts';

export interface RunnerOptions {
  readonly db: ReadModels;
  readonly readAll: ReadAll;
  readonly projections: readonly AnyProjection[];
  /**
   * Events per transaction (default 10,000: catching up writes each growing document, a tournament's standings
   * and audit log among them, once per batch; more events per batch hold more in memory while it runs).
   */
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
  /**
   * Catches up whenever the subscription delivers an event past the checkpoints, once the event loop's turn has
   * ended, or `gatherMs` after the first such event (a thread of its own, idle between appends, would otherwise
   * project every append in a batch of its own).
   */
  follow(subscribe: Subscribe, options?: { readonly gatherMs?: number }): Promise<{ close(): Promise<void> }>;
  /** Drops the projection's documents, rows, lookup and checkpoint, then catches it up from position zero. */
  rebuild(name: string): Promise<number>;
  checkpoint(name: string): Promise<bigint>;
  /** The lowest of every projection's checkpoint: every event to it is in the read models. */
  lowestCheckpoint(): Promise<bigint>;
}

/**
 * What a projection's last committed batch left in memory: the documents it wrote and the game lookup. Only
 * trusted while the stored checkpoint is still the one it was built at: another runner (or a rebuild) that
 * moved the checkpoint may have changed the rows, and a batch that failed never puts its documents here.
 */
interface Warm {
  readonly checkpoint: bigint;
  readonly docs: ReadonlyMap<string, unknown>;
  readonly games: Map<string, GameRef | undefined>;
}

/** A batch's events, each decoded at most once whichever projections read it. */
interface Batch {
  /** The position the events were read after: each projection's checkpoint was at least this. */
  readonly after: bigint;
  readonly events: readonly ProjectedEvent[];
  readonly decoded: (Decoded | undefined | null)[];
}

export function createRunner(options: RunnerOptions): Runner {
  const { db, readAll, projections } = options;
  const batchSize = options.batchSize ?? 10_000;
  let migrated: Promise<void> | undefined;
  const warm = new Map<string, Warm>();
  // A position every projection's checkpoint has reached, as this runner last saw them: a delivered event at or
  // below it is done, and is let go without reading five checkpoints (each command's events are delivered one
  // by one; the first's catch-up projects them all). Checkpoints only go forward, but for a rebuild, which
  // catches its projection up again before the runner's next batch.
  let projectedTo = -1n;
  // One batch at a time: a live delivery and a manual catch-up never interleave their transactions.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };

  const migrate = (): Promise<void> => {
    // Servers starting at once on one PostgreSQL schema: one creates or upgrades the tables at a time.
    migrated ??= migratingAlone(db, async () => {
      for (const p of projections) {
        await p.migrate(db);
        await upgrade(p);
      }
    });
    return migrated;
  };

  // Documents of an older format would be read as the new one: drop them and the checkpoint, so that the
  // catch-up projects them again from position zero.
  const upgrade = async (projection: AnyProjection): Promise<void> => {
    const version = projection.version ?? 1;
    if ((await versionOf(db, projection.name)) === version) return;
    await db.transaction().execute(async (trx) => {
      await clear(trx, projection);
      await saveVersion(trx, projection.name, version);
    });
  };

  const clear = async (trx: Trx, projection: AnyProjection): Promise<void> => {
    warm.delete(projection.name);
    await projection.clearRows?.(trx);
    await clearProjection(trx, projection.name);
  };

  const byName = (name: string): AnyProjection => {
    const found = projections.find((p) => p.name === name);
    if (found === undefined) throw new RangeError(`no projection named ${name}`);
    return found;
  };

  // The projections read each batch together: the events are read and decoded once, not once per
  // projection, and written in one transaction, each projection with its own checkpoint, skipping what it has
  // already projected. (One transaction each made a live action cost five commits.)
  async function catchUpAll(some: readonly AnyProjection[]): Promise<number> {
    let read = 0;
    for (;;) {
      let after: bigint | undefined;
      // A warm checkpoint is where this runner's last commit left it: a guess the transaction checks (a
      // projection rebuilt meanwhile is found stale there, one another process moved on finds the batch
      // done; either is read again from its stored checkpoint).
      const cold = some.filter((p) => !warm.has(p.name)).map((p) => p.name);
      const guessed = cold.length < some.length;
      const stored = await checkpointsOf(db, cold);
      for (const p of some) {
        const c = warm.get(p.name)?.checkpoint ?? stored.get(p.name)!;
        if (after === undefined || c < after) after = c;
      }
      const events = await readAll({ after: after ?? 0n, limit: batchSize });
      const everyProjection = some.length === projections.length;
      if (events.length === 0) {
        if (everyProjection && after !== undefined && after > projectedTo) projectedTo = after;
        return read;
      }
      read += events.length;
      const batch: Batch = { after: after ?? 0n, events, decoded: new Array(events.length).fill(null) };
      // Taken out for the batch: a batch that fails (or a commit that does) leaves no warm state behind.
      const kept = some.map((p) => {
        const w = warm.get(p.name);
        warm.delete(p.name);
        return w;
      });
      // Locked in the same order by every runner: two processes never hold one each of two locks.
      // The locks, the checkpoints read and the checkpoints written take a statement each for the batch, not
      // one per projection: on PostgreSQL every statement is a round trip, and a live action's batch is small.
      const results = await db.transaction().execute(async (trx) => {
        const names = some.map((p) => p.name);
        await lockProjections(trx, names);
        const checkpoints = await checkpointsOf(trx, names);
        const trusted = some.map((p, i) => {
          const w = kept[i];
          return w !== undefined && w.checkpoint === (checkpoints.get(p.name) ?? 0n) ? w : undefined;
        });
        const games = some.map((_, i) => trusted[i]?.games ?? new Map<string, GameRef | undefined>());
        await lookUpGames(trx, names, games, events);
        const done: Awaited<ReturnType<typeof applyBatch>>[] = [];
        for (const [i, projection] of some.entries())
          done.push(
            await applyBatch(
              trx,
              projection,
              batch,
              trusted[i],
              games[i]!,
              checkpoints.get(projection.name) ?? 0n,
            ),
          );
        await saveCheckpoints(
          trx,
          some.flatMap((p, i) => (done[i]!.advanced ? [[p.name, done[i]!.next!.checkpoint] as const] : [])),
        );
        return done;
      });
      let advanced = false;
      let stale = false;
      for (const [i, projection] of some.entries()) {
        const done = results[i]!;
        if (done.next !== undefined) warm.set(projection.name, done.next);
        if (done.stale === true) stale = true;
        // A source that hands back only events at or below the checkpoint has nothing more to give.
        if (!done.advanced) continue;
        advanced = true;
        options.onCommitted?.(projection.name, done.keys);
      }
      if (stale) continue;
      // A batch short of the limit reached the end of the log when it was read: every projection is now at
      // its last event (or was past it). What was appended since is delivered and caught up in turn.
      if (events.length < batchSize) {
        if (everyProjection && events.at(-1)!.position > projectedTo) projectedTo = events.at(-1)!.position;
        return read;
      }
      if (!advanced) {
        if (!guessed) return read;
        // Behind the stored checkpoints (another process projected meanwhile): from them, not the guesses.
        for (const p of some) warm.delete(p.name);
      }
    }
  }

  async function applyBatch(
    trx: Trx,
    projection: AnyProjection,
    batch: Batch,
    trusted: Warm | undefined,
    // The lookup as this projection's rows hold it: the batch's games read in advance, written through.
    games: Map<string, GameRef | undefined>,
    checkpoint: bigint,
  ): Promise<{ keys: string[]; advanced: boolean; stale?: true; next?: Warm }> {
    const { events, decoded } = batch;
    const { name } = projection;
    // The checkpoint went back since the batch was read (another process rebuilt the projection): the events
    // between it and the batch were never applied to what is stored now. Nothing is written; the next read
    // starts from the stored checkpoint.
    if (checkpoint < batch.after) return { keys: [], advanced: false, stale: true };
    const docs = new Map<string, unknown>();
    // Each changed document as it was stored before this batch, for writeRows (undefined: a new one).
    const before = new Map<string, unknown>();
    const appended: Decoded[] = [];
    let last = checkpoint;
    for (let i = 0; i < events.length; i++) {
      const raw = events[i]!;
      if (raw.position <= checkpoint) continue;
      last = raw.position;
      let event = decoded[i];
      if (event === null) event = decoded[i] = decode(raw);
      if (event === undefined) continue;
      if (projection.appendRows !== undefined) appended.push(event);
      // Most events neither seat nor start a game, and most find their game cached: neither awaits then.
      if (recordsGames(event)) await recordGames(trx, name, event, games);
      const cached = cachedGame(event, games);
      const game = cached === null ? undefined : (cached ?? (await gameOf(trx, name, event, games)));
      for (const key of projection.keysOf(event, game)) {
        let doc: unknown;
        if (docs.has(key)) doc = docs.get(key);
        else {
          const stored = trusted?.docs.has(key)
            ? trusted.docs.get(key)
            : await loadStoredDoc(trx, projection, key);
          before.set(key, stored);
          doc = stored ?? projection.initial(key);
        }
        docs.set(key, projection.evolve(doc, event, game));
      }
    }
    const appendedTo = appended.length === 0 ? [] : ((await projection.appendRows?.(trx, appended)) ?? []);
    const keys = [...new Set([...docs.keys(), ...appendedTo])].sort();
    let written = 0;
    for (const key of keys) {
      if (!docs.has(key)) continue;
      const doc = docs.get(key);
      const was = before.get(key);
      // evolve handed back the stored document for every event of the batch (a game's discards, to its
      // history): nothing of it changed, so neither it nor its rows are written again.
      if (was !== undefined && doc === was) continue;
      await saveDocument(trx, projection, key, doc, was);
      await projection.writeRows?.(trx, key, doc, was);
      options.afterWrite?.(name, ++written);
    }
    if (last <= checkpoint) return { keys, advanced: false, ...(trusted ? { next: trusted } : {}) };
    // Its new checkpoint (next.checkpoint) is written with the others' once every projection has its batch.
    // Only the documents this batch changed stay warm: the next batch most likely changes them again (the
    // tournament's, the hands still being played), and memory stays bounded by a batch's reach.
    return { keys, advanced: true, next: { checkpoint: last, docs, games } };
  }

  function catchUp(): Promise<number> {
    return serial(async () => {
      await migrate();
      return catchUpAll(projections);
    });
  }

  return {
    migrate,

    catchUp,

    async follow(subscribe, followOptions) {
      const gatherMs = followOptions?.gatherMs ?? 0;
      await migrate();
      const from = await lowestCheckpoint();
      if (from > projectedTo) projectedTo = from;
      // Under load many commands are appended in one turn of the event loop (the requests that came in
      // together): a catch-up that waits for the turn to end projects all of their events in one batch, one
      // transaction, instead of one each. Every delivery waits for it: it is projected once that resolves.
      let gathering: Promise<number> | undefined;
      return subscribe(from, async (event) => {
        if (event.position <= projectedTo) return;
        gathering ??= new Promise<void>((gathered) =>
          gatherMs > 0 ? setTimeout(gathered, gatherMs) : setImmediate(gathered),
        ).then(() => {
          gathering = undefined;
          return catchUp();
        });
        await gathering;
      });
    },

    rebuild: (name) =>
      serial(async () => {
        await migrate();
        const projection = byName(name);
        await db.transaction().execute((trx) => clear(trx, projection));
        return catchUpAll([projection]);
      }),

    checkpoint: (name) => checkpointOf(db, byName(name).name),

    lowestCheckpoint,
  };

  async function lowestCheckpoint(): Promise<bigint> {
    const stored = await checkpointsOf(
      db,
      projections.map((p) => p.name),
    );
    let lowest: bigint | undefined;
    for (const c of stored.values()) if (lowest === undefined || c < lowest) lowest = c;
    return lowest ?? 0n;
  }
}

/**
 * Several processes project into one PostgreSQL schema (servers beside each other): a batch holds its
 * projection's lock until it commits, so a second runner reads the checkpoint only once the first's batch is
 * in, finds the events done, and applies none of them twice. (SQLite's write transactions start IMMEDIATE:
 * they are one at a time already.)
 */
async function lockProjections(trx: Trx, projections: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter) || projections.length === 0) return;
  // One statement; its select list is evaluated in order, so every runner takes the locks in the same order.
  const locks = projections.map(
    (projection) => sql`pg_advisory_xact_lock(hashtext(${`mahjong-ledger projection ${projection}`}))`,
  );
  await sql`select ${sql.join(locks)}`.execute(trx);
}

/**
 * Reads into each projection's lookup in memory the games of the batch's events it does not hold, in one
 * statement for them all (a game without a row is held as undefined, as gameOf holds it).
 */
async function lookUpGames(
  trx: Trx,
  names: readonly string[],
  games: readonly Map<string, GameRef | undefined>[],
  events: readonly ProjectedEvent[],
): Promise<void> {
  const missing = new Set<string>();
  let lastStream: string | undefined;
  for (const { stream } of events) {
    // A batch's events come a stream at a time.
    if (stream === lastStream) continue;
    lastStream = stream;
    const ref = streamRef(stream);
    if (ref.kind !== 'game' && ref.kind !== 'hand') continue;
    if (games.some((cache) => !cache.has(ref.gameId))) missing.add(ref.gameId);
  }
  if (missing.size === 0) return;
  const ids = [...missing];
  const found = await loadGames(
    trx,
    names.filter((_, i) => ids.some((id) => !games[i]!.has(id))),
    ids,
  );
  for (const [i, name] of names.entries()) {
    const rows = found.get(name);
    if (rows === undefined) continue;
    for (const id of ids) if (!games[i]!.has(id)) games[i]!.set(id, rows.get(id));
  }
}

/**
 * Keeps the lookup of games to tournaments: seatings name round and table, a GameStarted its tournament. The
 * lookup in memory is written through: a seating is what the row now holds; a GameStarted only fills a gap
 * (saveGame), so it is known only where the row was known before.
 */
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
      const game = { gameId: t.gameId, tournamentId, round: event.data.round, table: t.table };
      cache.set(t.gameId, game);
      await saveGame(trx, projection, game, true);
    }
  } else if (event.type === 'GameStarted') {
    const { gameId, tournamentId } = event.data;
    const game = { gameId, tournamentId, round: null, table: null };
    if (cache.has(gameId) && cache.get(gameId) === undefined) cache.set(gameId, game);
    await saveGame(trx, projection, game, false);
  }
}

const recordsGames = ({ event }: Decoded): boolean =>
  event.type === 'RoundSeated' || event.type === 'GameStarted';

/** gameOf's answer when the lookup is already in the cache (undefined: ask gameOf; null: no game). */
function cachedGame({ meta }: Decoded, cache: Map<string, GameRef | undefined>): GameRef | undefined | null {
  const ref = streamRef(meta.stream);
  if (ref.kind !== 'game' && ref.kind !== 'hand') return null;
  if (!cache.has(ref.gameId)) return undefined;
  return cache.get(ref.gameId) ?? { gameId: ref.gameId, tournamentId: null, round: null, table: null };
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
