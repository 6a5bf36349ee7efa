// BullMQ's view of a job, read into the port's JobState.
import type { Job } from 'bullmq';
import { fromBullId } from './job-id.ts';
import type { JobProgress, JobState, JobStatus } from './port.ts';

/** What jobStateOf reads from: a BullMQ queue's getters. */
export interface JobReader {
  getJobState(jobId: string): Promise<string>;
  getJob(jobId: string): Promise<Job | undefined>;
}

/**
 * The port's state of a BullMQ job, undefined when BullMQ does not know it. The state is read before the
 * job's fields: read after, a job seen completed could show the fields of its active past (no result yet).
 */
export async function jobStateOf(queue: JobReader, bullId: string): Promise<JobState | undefined> {
  const status = statusOf(await queue.getJobState(bullId));
  const job = status === undefined ? undefined : await queue.getJob(bullId);
  if (status === undefined || job === undefined) return undefined;
  return {
    id: fromBullId(bullId),
    status,
    progress: progressOf(job.progress),
    attemptsMade: job.attemptsStarted,
    stalls: job.stalledCounter,
    ...(job.failedReason ? { failedReason: job.failedReason } : {}),
    ...(status === 'completed' ? { result: job.returnvalue } : {}),
  };
}

/** BullMQ's finer states folded into the port's: a prioritized or parked job is still waiting. */
function statusOf(state: string): JobStatus | undefined {
  switch (state) {
    case 'waiting':
    case 'prioritized':
    case 'waiting-children':
      return 'waiting';
    case 'active':
    case 'delayed':
    case 'completed':
    case 'failed':
      return state;
    default:
      return undefined;
  }
}

/** Progress as stored by JobContext.progress; anything else (a dashboard edit) reads as none. */
export function progressOf(value: unknown): JobProgress | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { done, total } = value as Record<string, unknown>;
  return typeof done === 'number' && typeof total === 'number' ? { done, total } : undefined;
}
