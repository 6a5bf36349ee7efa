// The BullMQ adapter: jobs in Redis, worked by any number of processes. A worker that dies mid-job stops
// renewing its lock; after lockDurationMs another worker's stalled check takes the job back and runs it
// again. A Redis restart is waited out (redis.ts), and a job survives it only if Redis persists (AOF).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { type Job, Queue, QueueEventsProducer, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { type JobEventSubscription, RETRY_EVENT, subscribeJobEvents } from './bullmq-events.ts';
import { jobStateOf } from './bullmq-state.ts';
import { fromBullId, toBullId } from './job-id.ts';
import {
  type AddOutcome,
  type JobEvent,
  type JobHandler,
  type JobProgress,
  type JobQueue,
  type JobState,
  type QueueOptions,
  type QueueWorker,
  type WorkOptions,
  withDefaults,
} from './port.ts';
import { RedisFamily } from './redis.ts';

/** Where the queue lives: its Redis, and a key prefix (default 'bull') that keeps apart whoever shares it. */
export interface BullMqQueueConfig {
  readonly name: string;
  readonly redisUrl: string;
  readonly prefix?: string;
  readonly options?: QueueOptions;
  /** Hears connection errors (repeated while Redis is away) and listener throws; default console.error. */
  readonly onError?: (error: unknown) => void;
}

/** A JobQueue on BullMQ; `bullQueue` is exposed for the dashboard (board.ts) and tests only. */
export class BullMqJobQueue<T> implements JobQueue<T> {
  readonly kind = 'bullmq';
  readonly name: string;
  readonly bullQueue: Queue<Job<T, unknown, string>>;
  private readonly prefix: string;
  private readonly settings: Required<QueueOptions>;
  private readonly onError: (error: unknown) => void;
  /** Shared by the Queue, the producer and (duplicated for blocking reads) the workers and events. */
  private readonly redis: RedisFamily;
  private readonly connection: Redis;
  private readonly producer: QueueEventsProducer;
  private readonly workers = new Set<Worker<T>>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private events: JobEventSubscription | undefined;
  private closing: Promise<void> | undefined;

  constructor(config: BullMqQueueConfig) {
    this.name = config.name;
    this.prefix = config.prefix ?? 'bull';
    this.settings = withDefaults(config.options);
    this.onError = config.onError ?? ((error) => console.error(`job queue ${config.name}:`, error));
    this.redis = new RedisFamily(config.redisUrl, `${this.prefix}:${config.name}`);
    this.connection = this.redis.root;
    this.connection.on('error', () => {}); // reported once, through the Queue below
    const keepSeconds = Math.ceil(this.settings.keepFinishedMs / 1000);
    this.bullQueue = new Queue<Job<T, unknown, string>>(config.name, {
      connection: this.connection,
      prefix: this.prefix,
      defaultJobOptions: {
        attempts: this.settings.attempts,
        backoff: { type: 'exponential', delay: this.settings.backoffMs },
        // Kept, not removed, so that an add of a finished id is still refused as a duplicate.
        removeOnComplete: { age: keepSeconds },
        removeOnFail: { age: keepSeconds },
      },
    });
    this.bullQueue.on('error', this.onError);
    this.producer = new QueueEventsProducer(config.name, {
      connection: this.connection,
      prefix: this.prefix,
    });
    this.producer.on('error', this.onError);
  }

  /**
   * BullMQ answers an add of a known jobId with the existing job and no sign of it. So each add names its
   * job with a token of its own: the add script runs atomically, so only one concurrent add's token is
   * stored, and reading it back tells each caller whether its add made the job.
   */
  async add(id: string, data: T): Promise<AddOutcome> {
    const jobId = toBullId(id);
    for (let tries = 0; tries < 3; tries += 1) {
      const token = `add-${randomUUID()}`;
      await this.bullQueue.add(token, data, { jobId });
      const job = await this.bullQueue.getJob(jobId);
      if (job === undefined) continue; // removed in between (the dashboard): add it again
      if (job.name === token) return { added: true };
      const existing = await jobStateOf(this.bullQueue, jobId);
      if (existing !== undefined) return { added: false, reason: 'duplicate', existing };
    }
    throw new Error(`job ${id} of ${this.name}: removed as fast as it was added three times`);
  }

  work(handler: JobHandler<T>, options: WorkOptions = {}): QueueWorker {
    if (this.closing !== undefined) throw new Error(`job queue ${this.name} is closed`);
    const worker = new Worker<T>(this.name, (job) => this.run(handler, job), {
      connection: this.connection,
      prefix: this.prefix,
      concurrency: Math.max(1, options.concurrency ?? 1),
      name: `${hostname()}:${process.pid}`,
      lockDuration: this.settings.lockDurationMs,
      stalledInterval: this.settings.stalledIntervalMs,
      // A job whose worker keeps dying fails after as many runs as a job that keeps throwing.
      maxStalledCount: this.settings.attempts,
      // After a connection error, try again soon: a Redis restart should not idle workers for BullMQ's 15 s.
      runRetryDelay: 1000,
    });
    worker.on('error', this.onError);
    this.workers.add(worker);
    return {
      close: async () => {
        this.workers.delete(worker);
        await this.redis.whileThere(worker.close(), () => worker.close(true));
      },
    };
  }

  async state(id: string): Promise<JobState | undefined> {
    return jobStateOf(this.bullQueue, toBullId(id));
  }

  async onEvent(listener: (event: JobEvent) => void): Promise<() => void> {
    if (this.closing !== undefined) throw new Error(`job queue ${this.name} is closed`);
    this.listeners.add(listener);
    this.events ??= subscribeJobEvents(
      {
        name: this.name,
        prefix: this.prefix,
        eventsKey: this.bullQueue.toKey('events'),
        connection: this.connection,
        onError: this.onError,
      },
      (event) => this.emit(event),
    );
    await this.events.listening;
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Waits for running jobs while Redis is there; with Redis away, cuts the connections (redis.ts). */
  close(): Promise<void> {
    this.closing ??= this.redis.close(this.closeGracefully());
    return this.closing;
  }

  /** Each part is closed even if another failed (BullMQ's closes may throw the error that cut Redis). */
  private async closeGracefully(): Promise<void> {
    const quietly = (closing: Promise<unknown> | undefined) => closing?.catch(this.onError);
    await Promise.all([...this.workers].map((worker) => quietly(worker.close())));
    this.workers.clear();
    await quietly(this.events?.stop());
    this.listeners.clear();
    await quietly(this.producer.close());
    await quietly(this.bullQueue.close());
    if (this.connection.status !== 'end') await this.connection.quit().catch(() => {}); // cut meanwhile
  }

  private async run(handler: JobHandler<T>, job: Job<T>): Promise<unknown> {
    const id = fromBullId(job.id ?? '');
    const progress = (p: JobProgress) => job.updateProgress({ done: p.done, total: p.total });
    try {
      return await handler(job.data, { id, attempt: job.attemptsStarted, progress });
    } catch (error) {
      // QueueEvents reports only a job's last failure; a retried one is announced here, to every process.
      const failure = error instanceof Error ? error : new Error(String(error));
      const willRetry = job.attemptsMade + 1 < (job.opts.attempts ?? 1);
      if (willRetry) {
        const event = { eventName: RETRY_EVENT, jobId: job.id, reason: failure.message };
        await this.producer.publishEvent(event, 10_000).catch(this.onError);
      }
      throw failure;
    }
  }

  private emit(event: JobEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
