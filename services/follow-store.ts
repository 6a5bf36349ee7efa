// The server's projections follow the store for as long as it runs. A batch that fails (another process, a
// `rebuild` beside the server, held the read models' write lock past the busy timeout) must not end the
// following, as a subscription does on its handler's first error: the failure is reported and the runner
// catches up again later, from its checkpoints, so nothing is lost or counted twice.
import type { Runner } from '../projections/index.ts';
import type { EventStore, StoredEvent } from './eventstore/port.ts';
import type { ProjectorRole } from './projection-worker/projector-role.ts';

export interface Following {
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;
/**
 * After the projector's holder said nothing in time about an event, how long this process projects what comes
 * without waiting for its word: a holder that is stuck (its lock held, its loop blocked) would otherwise cost
 * every following event a wait of its own.
 */
const ON_OUR_OWN_MS = 5000;

export async function followStore(
  runner: Runner,
  store: EventStore,
  onError: (error: unknown) => void,
  /**
   * Every event delivered, once the read models reflect it (projected here, or already by another process):
   * what a server beside other processes learns of their appends from.
   */
  onFollowed?: (event: StoredEvent) => void,
  options: {
    /** How long a catch-up gathers the events delivered after the first (Runner.follow); default one turn. */
    readonly gatherMs?: number;
    /**
     * Beside other processes on PostgreSQL: while another process holds the projector's lock, an event is
     * handed on once it says the read models reach it, and projected here only if it says nothing in time.
     */
    readonly role?: ProjectorRole | undefined;
  } = {},
): Promise<Following> {
  const { gatherMs, role } = options;
  let onOurOwnUntil = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let retrying: Promise<void> = Promise.resolve();
  let delay = FIRST_RETRY_MS;

  const retryLater = () => {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      retrying = runner.catchUp().then(
        () => {
          delay = FIRST_RETRY_MS;
        },
        (error: unknown) => {
          onError(error);
          delay = Math.min(delay * 2, LAST_RETRY_MS);
          retryLater();
        },
      );
    }, delay);
  };

  const following = await runner.follow(
    (after, handler) =>
      store.subscribe(after, async (event) => {
        if (role !== undefined && !role.holds() && Date.now() >= onOurOwnUntil) {
          if (await role.until(event.position)) {
            onFollowed?.(event);
            return;
          }
          onOurOwnUntil = Date.now() + ON_OUR_OWN_MS;
        }
        try {
          await handler(event);
        } catch (error) {
          onError(error);
          retryLater();
          return;
        }
        role?.announce(event.position);
        onFollowed?.(event);
      }),
    gatherMs === undefined ? undefined : { gatherMs },
  );
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await retrying;
      await following.close();
    },
  };
}
