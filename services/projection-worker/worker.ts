// The projection worker's thread (projector.ts starts it): it opens its own connections to the configured
// stores, the events read-only, and catches the read models up with the events again and again while the main
// thread appends them, until told to finish: then one last catch-up, which sees every event appended before.
import { parentPort, workerData } from 'node:worker_threads';
import { openCommandStores, StoreBusy } from '../commands/stores.ts';
import type { Config } from '../config.ts';
import { runnerOf } from '../read-models.ts';
import type { FromWorker, ToWorker } from './messages.ts';

/** How long an idle catch-up waits before it reads again: the main thread is still appending. */
const IDLE_MS = 20;

const port = parentPort!;
const { config } = workerData as { config: Config };
let finishing = false;
port.on('message', (message: ToWorker) => {
  if (message === 'finish') finishing = true;
});

const send = (message: FromWorker) => port.postMessage(message);
const stores = await openCommandStores(config, { readonlyEvents: true });
try {
  const runner = runnerOf(stores.store, stores.readModels);
  let projected = 0;
  for (;;) {
    // Read before the catch-up: a catch-up that starts after 'finish' arrived reads every event appended.
    const last = finishing;
    const read = await stores.projecting(() => runner.catchUp());
    projected += read;
    if (last) break;
    if (read === 0) await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  }
  send({ kind: 'done', projected });
} catch (error) {
  send(
    error instanceof StoreBusy
      ? { kind: 'busy', where: error.where }
      : { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) },
  );
} finally {
  await stores.close();
}
