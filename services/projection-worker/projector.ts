// Projections in a thread of their own, beside a command that appends many events (the headless demo): on a
// machine with two cores the read models are written while the games are played, instead of after. The
// worker (worker.ts) follows the store through its own connections; SQLite's WAL lets it read what the main
// thread commits while the main thread goes on writing.
import { Worker } from 'node:worker_threads';
import { StoreBusy } from '../commands/stores.ts';
import type { Config } from '../config.ts';
import type { FromWorker, ToWorker } from './messages.ts';

export interface Projector {
  /** The appends are done: resolves once the read models hold every event, with how many the worker read. */
  finish(): Promise<number>;
  /** Stops the worker where it is (the command failed); the next catch-up goes on from its checkpoints. */
  stop(): Promise<void>;
}

export function startProjector(config: Config): Projector {
  const worker = new Worker(new URL('../threads/boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./worker.ts', import.meta.url).href, config },
  });
  const finished = new Promise<number>((resolve, reject) => {
    worker.on('message', (message: FromWorker) => {
      switch (message.kind) {
        case 'done':
          return resolve(message.projected);
        case 'busy':
          return reject(new StoreBusy(message.where));
        case 'failed':
          return reject(new Error(`the projection worker failed: ${message.message}`));
      }
    });
    worker.on('error', reject);
    worker.on('exit', (code) =>
      reject(new Error(`the projection worker stopped (exit ${code}) before it finished`)),
    );
  });
  // A failure before finish() is asked for is reported by finish(), not as an unhandled rejection.
  finished.catch(() => {});
  return {
    finish() {
      worker.postMessage('finish' satisfies ToWorker);
      return finished;
    },
    async stop() {
      await worker.terminate();
    },
  };
}
