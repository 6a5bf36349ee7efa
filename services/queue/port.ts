// The job queue port (DESIGN.md "Storage and scale"): a retroactive amendment is recomputed as one job per
// amendment, its id the amendment's. BullMQ on Redis when REDIS_URL is set (bullmq.ts), in memory
// otherwise (in-process.ts). Jobs are retried with exponential backoff and may run more than once (a
// worker killed mid-job, a lock lost while Redis was away), so handlers must be idempotent.

/** How far a job has got, in units its handler chooses (e.g. hands recomputed of hands in scope). */
export interface JobProgress {
  readonly done: number;
  readonly total: number;
}

/** What a handler learns about the run it is in, and how it reports progress to every listener. */
export interface JobContext {
  readonly id: string;
  /** 1 for the first run; a run cut short by a dead worker counts, so a handler can tell it is re-running. */
  readonly attempt: number;
  progress(p: JobProgress): Promise<void>;
}

/** Does one job; a throw is a failed attempt (retried while attempts remain); the result must be JSON. */
export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<unknown>;

/** Where a job is; 'delayed' is a job waiting out its retry backoff. */
export type JobStatus = 'waiting' | 'active' | 'delayed' | 'completed' | 'failed';

/** A job as any process sees it, for status pages and for a duplicate add's answer. */
export interface JobState {
  readonly id: string;
  readonly status: JobStatus;
  readonly progress: JobProgress | undefined;
  /** Runs begun so far, including one a dead worker never finished (BullMQ: attemptsStarted). */
  readonly attemptsMade: number;
  /** Runs taken back from a worker that stopped renewing its lock (always 0 in process). */
  readonly stalls: number;
  readonly failedReason?: string;
  readonly result?: unknown;
}

/** An add either made the job or found it already known: the caller needs the existing job's state. */
export type AddOutcome =
  | { readonly added: true }
  | { readonly added: false; readonly reason: 'duplicate'; readonly existing: JobState };

/** What any process may hear about any job of the queue. */
export type JobEvent =
  | { readonly id: string; readonly kind: 'progress'; readonly progress: JobProgress }
  | { readonly id: string; readonly kind: 'completed'; readonly result: unknown }
  | { readonly id: string; readonly kind: 'failed'; readonly reason: string; readonly willRetry: boolean };

/** One work() call's consumer; closing it lets its running jobs finish and takes no more. */
export interface QueueWorker {
  close(): Promise<void>;
}

/** The options of work(): how many jobs this worker runs at once (default 1). */
export interface WorkOptions {
  readonly concurrency?: number;
}

/** A named queue of jobs with data T. */
export interface JobQueue<T> {
  readonly kind: 'bullmq' | 'in-process';
  readonly name: string;
  /** One job per id: a second add of an id known to the queue (in any state, including completed/failed while kept) is refused as a duplicate. */
  add(id: string, data: T): Promise<AddOutcome>;
  /** Processes jobs in this process until closed; any number of workers, in any number of processes. */
  work(handler: JobHandler<T>, options?: WorkOptions): QueueWorker;
  /** The job's state, undefined when the queue does not know (or no longer keeps) the id. */
  state(id: string): Promise<JobState | undefined>;
  /**
   * Progress and completion of any job, from any process (BullMQ: QueueEvents). Resolves, with an unsubscribe,
   * once the listener is listening: every event sent after that is heard (a reader of a shared feed fixes its
   * place in it first, and an event sent before that place would be missed).
   */
  onEvent(listener: (event: JobEvent) => void): Promise<() => void>;
  /** Closes workers (their running jobs finish first), listeners and connections; nothing is left running. */
  close(): Promise<void>;
}

/** Retry and crash-recovery tuning shared by both adapters (the lock ones matter only to BullMQ). */
export interface QueueOptions {
  /** Runs per job before it fails for good (default 5). */
  readonly attempts?: number;
  /** Exponential backoff base: the n-th retry waits backoffMs * 2^(n-1) (default 1000). */
  readonly backoffMs?: number;
  /** BullMQ lock: a worker silent this long is presumed dead and its job is taken back (default 30000). */
  readonly lockDurationMs?: number;
  /** How often workers look for jobs whose lock expired (default 30000; tests use ~500). */
  readonly stalledIntervalMs?: number;
  /** How long completed and failed jobs are kept, so an add of their id is still refused (default a day). */
  readonly keepFinishedMs?: number;
}

/** The defaults of QueueOptions, in one place for both adapters. */
export function withDefaults(options: QueueOptions = {}): Required<QueueOptions> {
  return {
    attempts: options.attempts ?? 5,
    backoffMs: options.backoffMs ?? 1000,
    lockDurationMs: options.lockDurationMs ?? 30_000,
    stalledIntervalMs: options.stalledIntervalMs ?? 30_000,
    keepFinishedMs: options.keepFinishedMs ?? 24 * 60 * 60 * 1000,
  };
}

/** The wait before retry number `retry` (1-based), the same in both adapters. */
export function backoffDelay(backoffMs: number, retry: number): number {
  return backoffMs * 2 ** (retry - 1);
}
