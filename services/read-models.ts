// The read models' projection runner over a store: what the server follows, and what the commands that
// write beside it (amend, correct, demo, migrate, rebuild) catch up with. Kept apart from the server so a
// command loads no HTTP stack it does not use (the replay export's memory bound).
import { ALL_PROJECTIONS, createRunner, type ReadModels, type Runner } from '../projections/index.ts';
import type { EventStore } from './eventstore/port.ts';

/** The projection runner over the store's events. */
export function runnerOf(
  store: EventStore,
  readModels: ReadModels,
  onCommitted?: (projection: string, keys: readonly string[]) => void,
): Runner {
  return createRunner({
    db: readModels,
    readAll: ({ after, limit }) => store.readAll({ after, limit }),
    projections: ALL_PROJECTIONS,
    ...(onCommitted ? { onCommitted } : {}),
  });
}
