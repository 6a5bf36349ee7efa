// Concurrent appenders for the event store contract: each job's appends run in order from a connection
// (PostgreSQL) or a thread (SQLite) of its own, and all jobs start together.
import { Worker } from 'node:worker_threads';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent } from '../../services/eventstore/port.ts';

export interface ConcurrentAppend {
  readonly stream: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedRevision;
}

/** What one append came to; plain data, so that it crosses from a worker thread. */
export type AppendOutcome =
  | { readonly ok: true; readonly result: AppendResult }
  | {
      readonly ok: false;
      readonly error: { readonly name: string; readonly message: string; readonly actual?: number };
    };

export async function runAppends(
  store: EventStore,
  job: readonly ConcurrentAppend[],
): Promise<AppendOutcome[]> {
  const outcomes: AppendOutcome[] = [];
  for (const { stream, events, expected } of job) {
    try {
      outcomes.push({ ok: true, result: await store.append(stream, events, expected) });
    } catch (error) {
      const { name, message, actual } = error as Error & { actual?: number };
      outcomes.push({
        ok: false,
        error: actual === undefined ? { name, message } : { name, message, actual },
      });
    }
  }
  return outcomes;
}

/** Blocks the calling thread until `parties` threads have arrived at the barrier in `buffer`. */
export function waitAtBarrier(buffer: SharedArrayBuffer, parties: number): void {
  const cells = new Int32Array(buffer);
  Atomics.add(cells, 0, 1);
  Atomics.notify(cells, 0);
  for (let arrived = Atomics.load(cells, 0); arrived < parties; arrived = Atomics.load(cells, 0)) {
    Atomics.wait(cells, 0, arrived, 1000);
  }
}

export interface WorkerJob {
  readonly path: string;
  readonly job: readonly ConcurrentAppend[];
  readonly barrier: SharedArrayBuffer;
  readonly parties: number;
}

const WORKER = new URL('./sqlite-append-worker.ts', import.meta.url).href;

/**
 * Worker threads that each open their own SqliteEventStore on a file: better-sqlite3 is synchronous, so
 * two stores in one thread would only ever take turns.
 */
export class SqliteWriterThreads {
  private readonly workers: Worker[] = [];

  async run(path: string, jobs: readonly (readonly ConcurrentAppend[])[]): Promise<AppendOutcome[][]> {
    while (this.workers.length < jobs.length) this.workers.push(startWorker());
    const barrier = new SharedArrayBuffer(4);
    return Promise.all(
      jobs.map((job, index) => {
        const worker = this.workers[index]!;
        return new Promise<AppendOutcome[]>((resolve, reject) => {
          const onError = (error: Error) => reject(error);
          worker.once('error', onError);
          worker.once('message', (outcomes: AppendOutcome[]) => {
            worker.off('error', onError);
            resolve(outcomes);
          });
          worker.postMessage({ path, job, barrier, parties: jobs.length } satisfies WorkerJob);
        });
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.terminate()));
  }
}

function startWorker(): Worker {
  // The worker runs TypeScript through tsx's API: `--import tsx` does not reach a worker's entry module on Node 20.
  const bootstrap = `import('tsx/esm/api').then((api) => api.tsImport(${JSON.stringify(WORKER)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true });
}
