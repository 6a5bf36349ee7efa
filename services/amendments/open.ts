// Where amendment jobs go, as the configuration says (BullMQ on REDIS_URL, else in this process), and which
// tournaments a starting process looks at to take up recomputes left unfinished.
import type { ReadModels } from '../../projections/index.ts';
import type { Config } from '../config.ts';
import { createJobQueue, type JobQueue } from '../queue/index.ts';
import type { AmendmentJob } from './recompute.ts';
import { AMENDMENT_QUEUE } from './service.ts';

/** Where the BullMQ dashboard is served, for global organizers. */
export const QUEUE_BOARD_PATH = '/admin/queues';

export function openAmendmentQueue(
  config: Pick<Config, 'redisUrl' | 'queuePrefix' | 'queueLockMs'>,
  prefix = config.queuePrefix,
  onError?: (error: unknown) => void,
): JobQueue<AmendmentJob> {
  const lockDurationMs = config.queueLockMs;
  return createJobQueue<AmendmentJob>({
    name: AMENDMENT_QUEUE,
    redisUrl: config.redisUrl,
    prefix,
    // Stalled jobs are looked for at a fraction of the lock, so a dead worker's job goes on soon after.
    options: { lockDurationMs, stalledIntervalMs: Math.max(250, Math.floor(lockDurationMs / 2)) },
    ...(onError === undefined ? {} : { onError }),
  });
}

/** Every tournament the read models know of (the standings are kept per tournament). */
export async function tournamentIdsOf(readModels: ReadModels): Promise<string[]> {
  const rows = await readModels
    .selectFrom('projection_docs')
    .select('doc_key')
    .where('projection', '=', 'standings')
    .execute();
  return rows.map((r) => r.doc_key);
}
