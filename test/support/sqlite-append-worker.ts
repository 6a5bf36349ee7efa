// A worker thread for SqliteWriterThreads: opens its own store on the file, waits for the other workers
// at the barrier, then runs its appends.
import { parentPort } from 'node:worker_threads';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { runAppends, type WorkerJob, waitAtBarrier } from './event-store-writers.ts';

parentPort!.on('message', async ({ path, job, barrier, parties }: WorkerJob) => {
  const store = openSqliteEventStore(path);
  try {
    waitAtBarrier(barrier, parties);
    parentPort!.postMessage(await runAppends(store, job));
  } finally {
    await store.close();
  }
});
