// Where a server's projections run: in a thread of their own (follower-thread.ts) when the store can be opened
// again there (a SQLite file, PostgreSQL), else on the server's thread (an in-memory store, KurrentDB). Either
// way the server learns what each batch committed, can ask for a catch-up (a request that reads what it just
// wrote), and, beside other processes, is handed every event once the read models reflect it.
import { Worker } from 'node:worker_threads';
import type { ReadModels } from '../../projections/index.ts';
import type { Config } from '../config.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { followStore } from '../follow-store.ts';
import { runnerOf } from '../read-models.ts';
import type { FromFollower, ToFollower } from './messages.ts';
import { projectorRoleFor } from './projector-role.ts';
import { Reach } from './reach.ts';

export interface ServerProjections {
  /** Resolves once the read models hold every event appended before the call (how many events were read). */
  catchUp(): Promise<number>;
  /**
   * Resolves once the read models hold every event up to `position`, or after SETTLE_MS at most (a read is
   * answered late, never held): what a query waits for before it reads what its client just wrote.
   */
  reached(position: bigint): Promise<void>;
  close(): Promise<void>;
}

/** The longest a query waits for the read models to reach what was appended before it. */
const SETTLE_MS = 2000;

/** The store, noting the position of every append made through it (for `reached`). */
export function notingAppends(store: EventStore, note: (position: bigint) => void): EventStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key !== 'append') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        const result = await target.append(...args);
        note(result.position);
        return result;
      };
    },
  });
}

export interface ProjectionHooks {
  /** After each committed batch: the projection and the documents it changed. */
  readonly onCommitted: (projection: string, keys: readonly string[]) => void;
  /** A batch failed (it is tried again), or the thread stopped (it is started again). */
  readonly onError: (error: unknown) => void;
  /** Every event appended from now on, in order, once the read models reflect it. */
  readonly onFollowed?: (event: StoredEvent) => void;
  /** Each projection thread as it is started, the first and every restart (tests stop one to see it back). */
  readonly onThreadStarted?: (thread: Worker) => void;
}

/**
 * The projections on the server's own thread: caught up before this resolves, then following the store. Beside
 * other processes on PostgreSQL (`databaseUrl`), only the holder of the projector's lock projects as events
 * come (projector-role.ts).
 */
export async function projectInProcess(
  store: EventStore,
  readModels: ReadModels,
  hooks: ProjectionHooks,
  databaseUrl?: string,
): Promise<ServerProjections> {
  const runner = runnerOf(store, readModels, hooks.onCommitted);
  await runner.catchUp();
  const role = await projectorRoleFor(databaseUrl, hooks.onError);
  const following = await followStore(runner, store, hooks.onError, hooks.onFollowed, { role }).catch(
    async (error: unknown) => {
      await role?.close();
      throw error;
    },
  );
  return {
    catchUp: () => runner.catchUp(),
    // On this thread a batch is projected in the turn after its append, before the next request is read; where
    // another process holds the projector's lock, once it says so (or SETTLE_MS passed).
    reached: async (position) => {
      if (role !== undefined && !role.holds()) await role.until(position, SETTLE_MS);
    },
    async close() {
      await following.close();
      await role?.close();
    },
  };
}

/** After an unexpected stop, the thread is started again after this long (doubling up to the last). */
const FIRST_RESTART_MS = 500;
const LAST_RESTART_MS = 30_000;
/** How long close() waits for the thread to close its stores before it is terminated. */
const STOP_MS = 10_000;

/**
 * The projections in a thread of their own, over the configured stores: caught up before this resolves (a
 * thread that cannot start rejects it), then following the store. A thread that stops unexpectedly is
 * reported and started again; its checkpoints say where it was.
 */
export async function projectInThread(
  config: Config,
  store: EventStore,
  hooks: ProjectionHooks,
): Promise<ServerProjections> {
  let worker: Worker | undefined;
  let closing = false;
  let restartMs = FIRST_RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextId = 0;
  let everReady = false;
  const requests = new Map<number, { resolve(read: number): void; reject(error: Error): void }>();
  // Every event to here is in the read models, as the thread last said.
  const projected = new Reach();
  let ready: { resolve(): void; reject(error: Error): void } | undefined;
  let started = new Promise<void>((resolve, reject) => {
    ready = { resolve, reject };
  });

  /** Resolves once the thread says every event to `position` is projected, or after `ms` when given. */
  const untilProjected = async (position: bigint, ms?: number): Promise<void> => {
    if (!closing) await projected.until(position, ms);
  };

  const start = () => {
    const thread = new Worker(new URL('../threads/boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./follower-thread.ts', import.meta.url).href, config },
    });
    worker = thread;
    hooks.onThreadStarted?.(thread);
    thread.on('message', (message: FromFollower) => {
      switch (message.kind) {
        case 'ready':
          restartMs = FIRST_RESTART_MS;
          projected.advance(BigInt(message.position));
          ready?.resolve();
          ready = undefined;
          return;
        case 'committed':
          return hooks.onCommitted(message.projection, message.keys);
        case 'projected':
          return projected.advance(BigInt(message.position));
        case 'caught-up':
          requests.get(message.id)?.resolve(message.read);
          requests.delete(message.id);
          return;
        case 'catch-up-failed':
          requests.get(message.id)?.reject(new Error(`catching up failed: ${message.message}`));
          requests.delete(message.id);
          return;
        case 'batch-failed':
          return hooks.onError(new Error(`a projection batch failed (tried again): ${message.message}`));
        case 'problem':
          return hooks.onError(new Error(message.message));
        case 'failed': {
          const error = new Error(`the projection thread failed: ${message.message}`);
          if (ready === undefined) return hooks.onError(error);
          // It could not come up: the server does not start (close() is left to the caller's failure path).
          ready.reject(error);
          ready = undefined;
          void thread.terminate();
          return;
        }
        case 'stopped':
          return;
        default:
          message satisfies never;
      }
    });
    thread.on('error', (error) => hooks.onError(error));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      const stopped = new Error(`the projection thread stopped (exit ${code})`);
      for (const request of requests.values()) request.reject(stopped);
      requests.clear();
      if (closing) return;
      if (!everReady) {
        // It never came up: the server does not start.
        ready?.reject(stopped);
        ready = undefined;
        return;
      }
      hooks.onError(stopped);
      started = new Promise<void>((resolve, reject) => {
        ready = { resolve, reject };
      });
      // Rejected only if a later thread fails before it is ready, which restarts it again: no one waits on that.
      started.catch(() => {});
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        start();
      }, restartMs);
      restartMs = Math.min(restartMs * 2, LAST_RESTART_MS);
    });
  };

  start();
  await started;
  everReady = true;

  // Beside other processes: the store's events handed on once the thread says they are projected.
  const observing =
    hooks.onFollowed === undefined
      ? undefined
      : store.subscribe(projected.at, async (event) => {
          await untilProjected(event.position);
          if (!closing) hooks.onFollowed?.(event);
        });

  return {
    async catchUp() {
      await started;
      const thread = worker;
      if (thread === undefined) throw new Error('the projection thread is not running');
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        requests.set(id, { resolve, reject });
        thread.postMessage({ kind: 'catch-up', id } satisfies ToFollower);
      });
    },
    reached: (position) => untilProjected(position, SETTLE_MS),
    async close() {
      closing = true;
      clearTimeout(restartTimer);
      projected.release();
      await observing?.close().catch(() => {});
      const thread = worker;
      if (thread === undefined) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage({ kind: 'stop' } satisfies ToFollower);
      const timer = setTimeout(() => void thread.terminate(), STOP_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}
