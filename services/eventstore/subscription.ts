// Catch-up then live delivery, shared by the SQL adapters: read a batch after the last delivered position,
// hand each event to the handler (awaited), and when nothing is left wait for a wake-up (an append seen in
// this process, a PostgreSQL NOTIFY) or the poll interval, whichever comes first. Reading by position is
// the whole algorithm, so it is only as sound as readAll: the adapters guarantee that a reader never sees
// a position before every smaller position is visible.
import type { StoredEvent, Subscription } from './port.ts';

/**
 * A counter bumped whenever new events may exist. A subscriber notes the count before reading, then waits
 * only if it has not moved: an append that lands between the read and the wait is not missed.
 */
export class Wakeup {
  private count = 0;
  private readonly waiters = new Set<() => void>();

  get version(): number {
    return this.count;
  }

  notify(): void {
    this.count += 1;
    for (const wake of [...this.waiters]) wake();
  }

  /** Resolves when the count moves past `seen`, after `ms`, or when `cancel` is called. */
  wait(seen: number, ms: number): { readonly done: Promise<void>; cancel(): void } {
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      if (this.count !== seen) {
        resolve();
        return;
      }
      const timer = setTimeout(() => finish(), ms);
      finish = () => {
        clearTimeout(timer);
        this.waiters.delete(finish);
        resolve();
      };
      this.waiters.add(finish);
    });
    return { done, cancel: () => finish() };
  }
}

export interface SubscriptionSource {
  readAll(options: { after: bigint; limit: number }): Promise<StoredEvent[]>;
  readonly wakeup: Wakeup;
  readonly pollIntervalMs: number;
}

const BATCH = 256;

/** Between two tries of a read that failed: doubling from the first to the last. */
const FIRST_RETRY_MS = 200;
const LAST_RETRY_MS = 5000;

/**
 * Starts delivering events after `after`. A read that fails (the database restarting, a file busy past its
 * timeout) is tried again from the same position, waiting longer each time: a server's subscriptions outlive
 * a restart of PostgreSQL. The first error of the handler stops the subscription; close() then rejects with
 * it, so its owner can restart from its own checkpoint.
 */
export function startSubscription(
  source: SubscriptionSource,
  after: bigint,
  handler: (event: StoredEvent) => Promise<void> | void,
): Subscription {
  let closed = false;
  let pending: { cancel(): void } | undefined;

  const run = async (): Promise<void> => {
    let cursor = after;
    let retryMs = FIRST_RETRY_MS;
    while (!closed) {
      const seen = source.wakeup.version;
      let batch: StoredEvent[];
      try {
        batch = await source.readAll({ after: cursor, limit: BATCH });
        retryMs = FIRST_RETRY_MS;
      } catch {
        if (closed) return;
        const waiting = source.wakeup.wait(source.wakeup.version, retryMs);
        pending = waiting;
        await waiting.done;
        pending = undefined;
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        continue;
      }
      for (const event of batch) {
        if (closed) return;
        await handler(event);
        cursor = event.position;
      }
      if (batch.length < BATCH && !closed) {
        const waiting = source.wakeup.wait(seen, source.pollIntervalMs);
        pending = waiting;
        await waiting.done;
        pending = undefined;
      }
    }
  };

  let failure: { error: unknown } | undefined;
  const running = run().catch((error: unknown) => {
    failure = { error };
  });

  return {
    async close() {
      closed = true;
      pending?.cancel();
      await running;
      if (failure !== undefined) throw failure.error;
    },
  };
}

/** The subscriptions a store has open, so that closing the store closes them all. */
export class OpenSubscriptions {
  private readonly open = new Set<Subscription>();

  start(
    source: SubscriptionSource,
    after: bigint,
    handler: (event: StoredEvent) => Promise<void> | void,
  ): Subscription {
    const subscription = startSubscription(source, after, handler);
    this.open.add(subscription);
    return {
      close: async () => {
        this.open.delete(subscription);
        await subscription.close();
      },
    };
  }

  async closeAll(): Promise<void> {
    const open = [...this.open];
    this.open.clear();
    await Promise.allSettled(open.map((s) => s.close()));
  }
}
