// The BullMQ dashboard (bull-board) for operators: job counts, states, progress, failures and retries.
// It has no authentication of its own: the caller mounts the router behind its organizer auth.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Router } from 'express';
import { BullMqJobQueue } from './bullmq.ts';
import type { JobQueue } from './port.ts';

/** Where the caller mounts the board, and which queues it shows. */
export interface QueueBoardOptions {
  /** The path the router is mounted at, e.g. '/admin/queues' (the page's links are built from it). */
  readonly basePath: string;
  /** In-process queues are left out: their jobs are in another heap, not in Redis. */
  readonly queues: readonly JobQueue<unknown>[];
  /**
   * Default false: operators may retry, promote, clean and remove jobs. A retry is safe (handlers are
   * idempotent), but a removed or cleaned job is forgotten, so an add of its id is no longer refused.
   */
  readonly readOnly?: boolean;
}

/** An express router serving the dashboard; mount it as `app.use(basePath, auth, router)`. */
export function queueBoardRouter(options: QueueBoardOptions): Router {
  const server = new ExpressAdapter();
  server.setBasePath(options.basePath);
  const readOnlyMode = options.readOnly ?? false;
  const queues = options.queues
    .filter((queue) => queue instanceof BullMqJobQueue)
    .map((queue) => new BullMQAdapter(queue.bullQueue, { readOnlyMode }));
  createBullBoard({ queues, serverAdapter: server });
  return server.getRouter() as Router;
}
