// Long loops over a tournament's hands let the event loop turn now and then. On SQLite every read and append
// answers at once, so without a turn a whole recompute (or preview) would run as one chain of resolved
// promises: the server running it would answer no request, and a BullMQ worker would renew no lock
// (QUEUE_LOCK_MS), so its live job would be taken back.

/** The longest a loop runs without letting the event loop turn. */
const SLICE_MS = 50;

/** Call once per step: resolves at once, or after one turn of the event loop once a slice has passed. */
export function turns(): () => Promise<void> {
  let turned = Date.now();
  return async () => {
    if (Date.now() - turned <= SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    turned = Date.now();
  };
}
