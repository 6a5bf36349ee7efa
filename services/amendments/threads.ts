// An amendment's recompute shared out to threads. Reading a hand's stream and folding it again is nearly all
// of a recompute's work, and hands are settled each on its own: threads of this process (thread.ts) take every
// n-th hand each, through connections of their own to the same store (EventStore.address), and send back what
// they decided. The calling thread only takes the results in order and appends the corrections: a server
// running an amendment keeps its own thread for its requests, and the machine's cores share the work.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { HandRecompute } from '../../domain/play/correction/index.ts';
import type { Amendment, TournamentState } from '../../domain/tournament/index.ts';
import type { EventStore, StoreAddress } from '../eventstore/port.ts';
import type { ScopedHand } from './hands.ts';

/**
 * Fewer hands than this are settled in the calling thread. Two threads starting together take about a second
 * (each loads tsx and the domain's modules); one thread settles a thousand hands in about two seconds, two
 * threads in about one and a half (measured on the 2-core machine: the threads share its cores).
 */
export const THREADED_FROM = 1024;
/** Threads beyond the cores only wait for each other; past a few, the one appending thread is the limit. */
const MOST_THREADS = 4;
/** Results sent back in batches: a message per hand would cost the calling thread more than the hand. */
export const RESULTS_PER_MESSAGE = 32;

export interface Threads {
  readonly address: StoreAddress;
  readonly count: number;
}

/** The threads for a recompute of this many hands: none for a few hands, one core, or a store not reopened. */
export function threadsFor(store: EventStore, hands: number, from = THREADED_FROM): Threads | undefined {
  const count = Math.min(MOST_THREADS, availableParallelism());
  if (store.address === undefined || hands < from || count < 2) return undefined;
  return { address: store.address, count };
}

/** What a thread is given: the hands in scope, and which of them are its own (every `shares`-th from `share`). */
export interface ThreadJob {
  readonly address: StoreAddress;
  readonly scoped: readonly ScopedHand[];
  readonly state: TournamentState;
  readonly positions: ReadonlyMap<string, bigint>;
  readonly amendment: Amendment;
  readonly share: number;
  readonly shares: number;
}

export type FromThread =
  | { readonly kind: 'results'; readonly results: readonly (readonly [index: number, HandRecompute])[] }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'done' };

/** The hands' results, asked for in the scope's order. */
export interface HandResults {
  /** The result of the hand at this index of the scope, once it is settled. */
  of(index: number): Promise<HandRecompute>;
  /** Stops the threads, done or not. */
  close(): Promise<void>;
}

const BOOT = new URL('../threads/boot.mjs', import.meta.url);
const ENTRY = new URL('./thread.ts', import.meta.url).href;

export function recomputeInThreads(
  threads: Threads,
  work: Pick<ThreadJob, 'scoped' | 'state' | 'positions' | 'amendment'>,
): HandResults {
  const arrived = new Array<HandRecompute | undefined>(work.scoped.length);
  const waiting = new Map<number, { resolve(r: HandRecompute): void; reject(e: Error): void }>();
  const finished = new Set<number>();
  let failure: Error | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiting.values()) w.reject(failure);
    waiting.clear();
  };
  const workers = Array.from({ length: threads.count }, (_, share) => {
    const job: ThreadJob = { ...work, address: threads.address, share, shares: threads.count };
    const worker = new Worker(BOOT, { workerData: { entry: ENTRY, job } });
    worker.on('message', (message: FromThread) => {
      switch (message.kind) {
        case 'results':
          for (const [index, result] of message.results) {
            const waiter = waiting.get(index);
            if (waiter === undefined) arrived[index] = result;
            else {
              waiting.delete(index);
              waiter.resolve(result);
            }
          }
          return;
        case 'failed':
          return fail(new Error(`a recompute thread failed: ${message.message}`));
        case 'done':
          finished.add(share);
          // Every thread has sent all it will: a result still awaited was never sent (never so, but not a hang).
          if (finished.size === threads.count && waiting.size > 0)
            fail(new Error('the recompute threads finished without a result for every hand'));
          return;
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!finished.has(share))
        fail(new Error(`a recompute thread stopped (exit ${code}) before its hands were done`));
    });
    return worker;
  });
  return {
    of(index) {
      const result = arrived[index];
      if (result !== undefined) {
        arrived[index] = undefined;
        return Promise.resolve(result);
      }
      if (failure !== undefined) return Promise.reject(failure);
      if (finished.size === threads.count)
        return Promise.reject(new Error(`the recompute threads finished without a result for hand ${index}`));
      return new Promise((resolve, reject) => waiting.set(index, { resolve, reject }));
    },
    async close() {
      // A thread that finished its share has sent everything; one still working is stopped where it is.
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
