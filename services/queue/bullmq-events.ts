// Job events from every process, read from the queue's Redis stream by a BullMQ QueueEvents.
import { QueueEvents, type QueueEventsListener } from 'bullmq';
import type { Redis } from 'ioredis';
import { progressOf } from './bullmq-state.ts';
import { fromBullId } from './job-id.ts';
import type { JobEvent } from './port.ts';

/** Our own event: an attempt failed and will be retried (BullMQ's 'failed' is a job's last failure only). */
export const RETRY_EVENT = 'attempt-failed';

type RetryArgs = { jobId: string; reason: string };

interface RetryListener extends QueueEventsListener {
  [RETRY_EVENT]: (args: RetryArgs, id: string) => void;
}

/** The queue whose events are read, and the connection QueueEvents duplicates for its blocking reads. */
export interface EventSource {
  readonly name: string;
  readonly prefix: string;
  readonly eventsKey: string;
  readonly connection: Redis;
  readonly onError: (error: unknown) => void;
}

/** A reader of the queue's events. */
export interface JobEventSubscription {
  /**
   * Settles once the reader's place in the stream is fixed: every event sent after that is read. (It also
   * settles when that failed, the failure reported to onError: nothing would be read then.)
   */
  readonly listening: Promise<void>;
  /** Stops and closes the reader. */
  stop(): Promise<void>;
}

/** Starts reading the queue's events into `emit`. */
export function subscribeJobEvents(
  source: EventSource,
  emit: (event: JobEvent) => void,
): JobEventSubscription {
  let events: QueueEvents | undefined;
  let stopped = false;
  const listening = (async () => {
    // From the stream's last event rather than from '$' when the first blocking read happens to run: an
    // event sent once this read has answered comes after that last event, so it is read. A listener in
    // another process than the job's learns where that is only by asking (its onEvent() waits for it).
    const last = await source.connection.xrevrange(source.eventsKey, '+', '-', 'COUNT', 1);
    if (stopped) return;
    events = new QueueEvents(source.name, {
      connection: source.connection,
      prefix: source.prefix,
      lastEventId: last[0]?.[0] ?? '0',
    });
    events.on('error', source.onError);
    events.on('progress', ({ jobId, data }) => {
      const progress = progressOf(data);
      if (progress !== undefined) emit({ id: fromBullId(jobId), kind: 'progress', progress });
    });
    events.on('completed', ({ jobId, returnvalue }) => {
      emit({ id: fromBullId(jobId), kind: 'completed', result: returnvalue });
    });
    events.on('failed', ({ jobId, failedReason }) => {
      emit({ id: fromBullId(jobId), kind: 'failed', reason: failedReason, willRetry: false });
    });
    events.on<RetryListener>(RETRY_EVENT, ({ jobId, reason }: RetryArgs) => {
      emit({ id: fromBullId(jobId), kind: 'failed', reason, willRetry: true });
    });
  })().catch(source.onError);
  return {
    listening,
    async stop() {
      stopped = true;
      await listening;
      await events?.close();
    },
  };
}
