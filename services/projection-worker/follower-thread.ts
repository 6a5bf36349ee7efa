// The server's projection thread (follower.ts starts it): its own connections to the configured stores, the
// events read-only; it catches the read models up, follows the store, and tells the server thread what it
// committed and how far the read models reach. The server thread is left the requests, the tables and their
// streams: on SQLite an action's projection cost about a fifth of the server thread's time under load.
import { parentPort, workerData } from 'node:worker_threads';
import { openCommandStores } from '../commands/stores.ts';
import type { Config } from '../config.ts';
import { followStore } from '../follow-store.ts';
import { runnerOf } from '../read-models.ts';
import type { FromFollower, ToFollower } from './messages.ts';
import { projectorRoleFor } from './projector-role.ts';

/**
 * How long a catch-up gathers the appends that follow the first. This thread is idle between appends: without
 * it every action was a batch and a transaction of its own (at 150 live tables, the thread spent 8 s of CPU
 * where the server thread had spent 1.5 s on the same work). The read models lag the store by this much more.
 */
const GATHER_MS = 20;

const port = parentPort!;
const { config } = workerData as { config: Config };
const send = (message: FromFollower) => port.postMessage(message);
const messageOf = (error: unknown) =>
  error instanceof Error ? (error.stack ?? error.message) : String(error);

try {
  const stores = await openCommandStores(config, { readonlyEvents: true });
  const runner = runnerOf(stores.store, stores.readModels, (projection, keys) =>
    send({ kind: 'committed', projection, keys }),
  );
  await runner.catchUp();
  // Beside other processes on PostgreSQL, the holder of the projector's lock projects (projector-role.ts).
  const role = await projectorRoleFor(config.databaseUrl, (error) =>
    send({ kind: 'problem', message: messageOf(error) }),
  );
  // Every event to here is in the read models.
  const from = await runner.lowestCheckpoint();
  // How far the read models reach, sent once per turn of this thread's loop, not once per event.
  let reached: bigint | undefined;
  const following = await followStore(
    runner,
    stores.store,
    (error) => send({ kind: 'batch-failed', message: messageOf(error) }),
    (event) => {
      if (reached === undefined)
        setImmediate(() => {
          send({ kind: 'projected', position: String(reached) });
          reached = undefined;
        });
      reached = event.position;
    },
    { gatherMs: GATHER_MS, role },
  );
  port.on('message', (message: ToFollower) => {
    switch (message.kind) {
      case 'catch-up':
        runner.catchUp().then(
          (read) => send({ kind: 'caught-up', id: message.id, read }),
          (error: unknown) => send({ kind: 'catch-up-failed', id: message.id, message: messageOf(error) }),
        );
        return;
      case 'stop':
        following
          .close()
          .catch(() => {})
          .then(() => role?.close())
          .then(() => stores.close())
          .finally(() => {
            send({ kind: 'stopped' });
            port.close();
          });
        return;
      default:
        message satisfies never;
    }
  });
  send({ kind: 'ready', position: String(from) });
} catch (error) {
  send({ kind: 'failed', message: messageOf(error) });
}
