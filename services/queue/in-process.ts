// The in-process adapter: the port's semantics in memory, for a single process without Redis. Its jobs
// DIE WITH THE PROCESS (waiting, delayed and running ones alike, and the memory of finished ids): the
// caller re-enqueues unfinished amendments at start from the event store, which is the source of truth.
import {
  type AddOutcome,
  backoffDelay,
  type JobEvent,
  type JobHandler,
  type JobProgress,
  type JobQueue,
  type JobState,
  type JobStatus,
  type QueueOptions,
  type QueueWorker,
  type WorkOptions,
  withDefaults,
} from './port.ts';

interface Entry<T> {
  readonly id: string;
  readonly data: T;
  status: JobStatus;
  progress: JobProgress | undefined;
  attempts: number;
  failedReason?: string;
  result?: unknown;
  finishedAt?: number;
  retryTimer?: NodeJS.Timeout;
}

interface Consumer<T> {
  readonly handler: JobHandler<T>;
  readonly concurrency: number;
  readonly running: Set<Promise<void>>;
  closed: boolean;
}

/** A queue in this process's memory; `onError` hears what a listener threw (it never reaches the queue). */
export class InProcessJobQueue<T> implements JobQueue<T> {
  readonly kind = 'in-process';
  private readonly settings: Required<QueueOptions>;
  private readonly jobs = new Map<string, Entry<T>>();
  private readonly waiting: Entry<T>[] = [];
  private readonly consumers = new Set<Consumer<T>>();
  private readonly listeners = new Set<(event: JobEvent) => void>();
  private closed = false;

  constructor(
    readonly name: string,
    options: QueueOptions = {},
    private readonly onError: (error: unknown) => void = (error) => console.error(error),
  ) {
    this.settings = withDefaults(options);
  }

  async add(id: string, data: T): Promise<AddOutcome> {
    this.assertOpen();
    if (id === '') throw new Error('a job id must not be empty');
    this.forgetOldFinished();
    const existing = this.jobs.get(id);
    if (existing !== undefined) return { added: false, reason: 'duplicate', existing: snapshot(existing) };
    // A copy, as Redis would keep one: the caller may go on changing its object.
    const entry: Entry<T> = {
      id,
      data: structuredClone(data),
      status: 'waiting',
      progress: undefined,
      attempts: 0,
    };
    this.jobs.set(id, entry);
    this.waiting.push(entry);
    this.dispatch();
    return { added: true };
  }

  work(handler: JobHandler<T>, options: WorkOptions = {}): QueueWorker {
    this.assertOpen();
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const consumer: Consumer<T> = { handler, concurrency, running: new Set(), closed: false };
    this.consumers.add(consumer);
    this.dispatch();
    return { close: () => this.closeConsumer(consumer) };
  }

  async state(id: string): Promise<JobState | undefined> {
    this.forgetOldFinished();
    const entry = this.jobs.get(id);
    return entry === undefined ? undefined : snapshot(entry);
  }

  async onEvent(listener: (event: JobEvent) => void): Promise<() => void> {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const entry of this.jobs.values()) clearTimeout(entry.retryTimer);
    await Promise.all([...this.consumers].map((consumer) => this.closeConsumer(consumer)));
    this.listeners.clear();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`job queue ${this.name} is closed`);
  }

  private async closeConsumer(consumer: Consumer<T>): Promise<void> {
    consumer.closed = true;
    this.consumers.delete(consumer);
    await Promise.allSettled([...consumer.running]);
  }

  /** Hands waiting jobs to consumers with room, one each in turn, so workers share the load. */
  private dispatch(): void {
    if (this.closed) return;
    let handed = true;
    while (handed && this.waiting.length > 0) {
      handed = false;
      for (const consumer of this.consumers) {
        if (consumer.running.size >= consumer.concurrency) continue;
        const entry = this.waiting.shift();
        if (entry === undefined) return;
        const run: Promise<void> = this.run(consumer, entry).finally(() => {
          consumer.running.delete(run);
          this.dispatch();
        });
        consumer.running.add(run);
        handed = true;
      }
    }
  }

  private async run(consumer: Consumer<T>, entry: Entry<T>): Promise<void> {
    entry.status = 'active';
    entry.attempts += 1;
    const attempt = entry.attempts;
    await Promise.resolve(); // the handler starts after add() and work() have returned, as with Redis
    const progress = async (p: JobProgress): Promise<void> => {
      if (entry.status !== 'active' || entry.attempts !== attempt) return;
      entry.progress = { done: p.done, total: p.total };
      this.emit({ id: entry.id, kind: 'progress', progress: entry.progress });
    };
    try {
      // As in Redis, where results are JSON: a handler that returns nothing leaves null.
      const result = (await consumer.handler(entry.data, { id: entry.id, attempt, progress })) ?? null;
      Object.assign(entry, { status: 'completed', result, finishedAt: Date.now() });
      this.emit({ id: entry.id, kind: 'completed', result });
    } catch (error) {
      this.failed(entry, error instanceof Error ? error.message : String(error));
    }
  }

  private failed(entry: Entry<T>, reason: string): void {
    entry.failedReason = reason;
    const willRetry = entry.attempts < this.settings.attempts;
    if (willRetry) this.retryLater(entry);
    else Object.assign(entry, { status: 'failed', finishedAt: Date.now() });
    this.emit({ id: entry.id, kind: 'failed', reason, willRetry });
  }

  private retryLater(entry: Entry<T>): void {
    entry.status = 'delayed';
    if (this.closed) return;
    const retry = () => {
      entry.retryTimer = undefined;
      entry.status = 'waiting';
      this.waiting.push(entry);
      this.dispatch();
    };
    entry.retryTimer = setTimeout(retry, backoffDelay(this.settings.backoffMs, entry.attempts));
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

  /** Finished jobs are kept keepFinishedMs (as BullMQ keeps them), then their ids may be added again. */
  private forgetOldFinished(): void {
    const before = Date.now() - this.settings.keepFinishedMs;
    for (const [id, entry] of this.jobs) {
      if (entry.finishedAt !== undefined && entry.finishedAt < before) this.jobs.delete(id);
    }
  }
}

function snapshot<T>(entry: Entry<T>): JobState {
  return {
    id: entry.id,
    status: entry.status,
    progress: entry.progress,
    attemptsMade: entry.attempts,
    stalls: 0,
    ...(entry.failedReason === undefined ? {} : { failedReason: entry.failedReason }),
    ...(entry.status === 'completed' ? { result: entry.result } : {}),
  };
}
