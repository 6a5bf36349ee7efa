// The job queue for the rest of the application: BullMQ when a Redis URL is configured (REDIS_URL), the
// in-process queue otherwise (DESIGN.md "Storage and scale").
import { BullMqJobQueue } from './bullmq.ts';
import { InProcessJobQueue } from './in-process.ts';
import type { JobQueue, QueueOptions } from './port.ts';

/** The port's types, so callers import the queue from one place. */
export type {
  AddOutcome,
  JobContext,
  JobEvent,
  JobHandler,
  JobProgress,
  JobQueue,
  JobState,
  JobStatus,
  QueueOptions,
  QueueWorker,
  WorkOptions,
} from './port.ts';

/** What createJobQueue needs; every process that shares a queue must give the same name, URL and prefix. */
export interface JobQueueConfig {
  readonly name: string;
  /** Set: BullMQ on this Redis. Unset or empty: a queue in this process's memory. */
  readonly redisUrl?: string | undefined;
  /** Redis key prefix (default 'bull'), to keep several deployments or test runs apart on one Redis. */
  readonly prefix?: string;
  readonly options?: QueueOptions;
  /** Hears Redis connection errors and listener throws (default console.error). */
  readonly onError?: (error: unknown) => void;
}

/** The queue the configuration asks for. */
export function createJobQueue<T>(config: JobQueueConfig): JobQueue<T> {
  if (config.redisUrl !== undefined && config.redisUrl !== '') {
    return new BullMqJobQueue<T>({ ...config, redisUrl: config.redisUrl });
  }
  return new InProcessJobQueue<T>(config.name, config.options, config.onError);
}
