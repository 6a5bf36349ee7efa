// What the main thread and the projection worker say to each other.

/** To the worker: the appends are done; catch up once more and stop. */
export type ToWorker = 'finish';

/** From the worker, once: caught up (and how many events it read in all), or why not. */
export type FromWorker =
  | { readonly kind: 'done'; readonly projected: number }
  | { readonly kind: 'busy'; readonly where: string }
  | { readonly kind: 'failed'; readonly message: string };
