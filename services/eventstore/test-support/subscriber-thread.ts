// A thread that subscribes to a SQLite event store whose poll would not come for a minute, and posts each
// event it is handed: sqlite.test.ts appends in its own thread and looks for the wake-up across threads.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteEventStore } from '../sqlite.ts';

const { file } = workerData as { file: string };
const store = openSqliteEventStore(file, { readonly: true, pollIntervalMs: 60_000 });
const subscription = store.subscribe(0n, (event) => {
  parentPort!.postMessage({ kind: 'event', id: event.id });
});
parentPort!.on('message', async () => {
  await subscription.close();
  await store.close();
  parentPort!.close();
});
parentPort!.postMessage({ kind: 'subscribed' });
