// The Redis connections of the BullMQ adapter. BullMQ 6 no longer brings ioredis and, from ESM, cannot load
// it by itself: we make the client (so its reconnect policy is ours), and BullMQ duplicates it for its
// blocking reads. We keep track of the duplicates too, so that a close can cut them all.
import { Redis } from 'ioredis';

/** The longest wait between two reconnect attempts: a restarted Redis is found again within this. */
const MAX_RECONNECT_DELAY_MS = 2000;

/** How often a close checks whether Redis went away while it waits. */
const CLOSE_CHECK_MS = 250;

/** A connection and every duplicate made of it. */
export class RedisFamily {
  readonly root: Redis;
  private readonly members = new Set<Redis>();
  /** Set by a close while Redis is away: a reconnecting client then ends at its next attempt. */
  private givingUp = false;

  /**
   * The root never gives up: it reconnects forever (a growing delay, capped) and keeps every command
   * until the server is back (`maxRetriesPerRequest: null`, which BullMQ workers require), so a Redis
   * restart delays jobs instead of failing them. Duplicates inherit these options.
   */
  constructor(url: string, connectionName: string) {
    this.root = this.adopt(
      new Redis(url, {
        connectionName,
        maxRetriesPerRequest: null,
        retryStrategy: (times) =>
          this.givingUp ? null : Math.min(100 * 2 ** Math.min(times, 10), MAX_RECONNECT_DELAY_MS),
      }),
    );
  }

  private adopt(client: Redis): Redis {
    this.members.add(client);
    const duplicate = client.duplicate.bind(client);
    client.duplicate = (override) => this.adopt(duplicate(override));
    return client;
  }

  /**
   * Waits for a graceful close (BullMQ's QUITs). QUIT joins the commands queued for an absent Redis, so
   * while Redis is away the close would wait for it forever: then every connection is cut instead, which
   * fails what was queued and lets the close finish. Last, whatever is still open is cut, and awaited.
   */
  async close(graceful: Promise<void>): Promise<void> {
    let settled = false;
    const done = graceful.finally(() => {
      settled = true;
    });
    try {
      while (!settled) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_CHECK_MS)))]);
        clearTimeout(timer);
        if (!settled && this.root.status !== 'ready') this.cut();
      }
      await done;
    } finally {
      this.cut();
      const ending = [...this.members].filter((client) => client.status !== 'end');
      await Promise.all(ending.map((client) => new Promise((resolve) => client.once('end', resolve))));
    }
  }

  /**
   * Waits for one part's graceful close while Redis is there. With Redis away (never reached, or gone) that
   * close would wait for it forever: `instead` closes it without waiting for Redis, and the queue's own close
   * cuts the connections after.
   */
  async whileThere(graceful: Promise<unknown>, instead: () => Promise<unknown>): Promise<void> {
    let settled = false;
    const done = graceful.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    while (!settled) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([done, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_CHECK_MS)))]);
      clearTimeout(timer);
      if (!settled && this.root.status !== 'ready') {
        instead().catch(() => {});
        return;
      }
    }
  }

  /**
   * Ends every connection. ioredis's disconnect() on a client waiting to reconnect only cancels the
   * attempt, leaving the client (and the commands queued on it) waiting forever: such a client is given one
   * last attempt instead, which ends it (it was closed by hand, and retryStrategy now says no more).
   */
  private cut(): void {
    this.givingUp = true;
    for (const client of this.members) {
      if (client.status === 'end' || client.status === 'close') continue;
      const waiting = client.status === 'reconnecting';
      client.disconnect();
      if (waiting) client.connect().catch(() => {});
    }
  }
}
