// What the main thread and the projection worker say to each other.

/** To the worker: the appends are done; catch up once more and stop. */
export type ToWorker = 'finish';

/** From the worker, once: caught up (and how many events it read in all), or why not. */
export type FromWorker =
  | { readonly kind: 'done'; readonly projected: number }
  | { readonly kind: 'busy'; readonly where: string }
  | { readonly kind: 'failed'; readonly message: string };

// The server's projections in a thread of their own (follower.ts, follower-thread.ts).

/** To the server's projection thread. */
export type ToFollower =
  /** Catch up now, and answer with the same id once the read models hold what was appended before. */
  | { readonly kind: 'catch-up'; readonly id: number }
  /** Stop following, close the stores, and end. */
  | { readonly kind: 'stop' };

/** From the server's projection thread. */
export type FromFollower =
  /** Caught up (every event to `position` is in the read models) and following the store: the server may answer. */
  | { readonly kind: 'ready'; readonly position: string }
  /** A batch committed: the documents it changed (the board's go to its streams). */
  | { readonly kind: 'committed'; readonly projection: string; readonly keys: readonly string[] }
  /** Every event up to this position (decimal) is reflected in the read models. */
  | { readonly kind: 'projected'; readonly position: string }
  | { readonly kind: 'caught-up'; readonly id: number; readonly read: number }
  | { readonly kind: 'catch-up-failed'; readonly id: number; readonly message: string }
  /** A batch failed and is tried again later (another writer held the read models, the database restarted). */
  | { readonly kind: 'batch-failed'; readonly message: string }
  /** Something went wrong that the thread works around (the projector's lock lost its connection). */
  | { readonly kind: 'problem'; readonly message: string }
  /** The thread could not start or stopped following for good. */
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'stopped' };
