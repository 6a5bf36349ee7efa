// The SQLite event store's checkpointer (sqlite-checkpointer.ts): a thread of its own, with its own connection,
// copying the WAL's committed pages back into the file every interval. Plain JavaScript: it needs nothing of the
// project, and a worker does not inherit the tsx loader.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, everyMs } = workerData;
const db = new Database(file, { fileMustExist: true, timeout: 0 });
let timer;

function checkpoint() {
  try {
    // PASSIVE: copies what no reader still needs and waits for no one; a writer goes on meanwhile.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // Another process's checkpoint holds the lock (SQLITE_BUSY): the next turn tries again.
    if (error?.code !== 'SQLITE_BUSY' && error?.code !== 'SQLITE_LOCKED') {
      parentPort.postMessage({ kind: 'failed', message: String(error?.message ?? error) });
      db.close();
      return;
    }
  }
  timer = setTimeout(checkpoint, everyMs);
}

parentPort.on('message', (message) => {
  if (message !== 'close') return;
  clearTimeout(timer);
  if (db.open) db.close();
  parentPort.close();
});
timer = setTimeout(checkpoint, everyMs);
