// Amendments end to end: the organizer's command recorded on the tournament, its recompute queued as one job
// (the job id is the tournament's and the amendment's, so a second job for it is refused), workers that take
// jobs in this process or alone (`cli worker`), and a resume at start for recomputes a stopped process left
// unfinished — the in-process queue forgets its jobs with the process; the events do not.
import type { AmendRuleset } from '../../domain/tournament/index.ts';
import type { Platform } from '../platform.ts';
import type { Actor, CommandIds } from '../play/table.ts';
import type { AddOutcome, JobQueue, QueueWorker } from '../queue/index.ts';
import type { TournamentOutcome } from '../tournament/service.ts';
import { type AmendmentJob, type RecomputeOptions, recomputeAmendment } from './recompute.ts';

export const AMENDMENT_QUEUE = 'amendments';

/** The job of an amendment: amendment ids are the tournament's own, so the job id names both. */
export const amendmentJobId = (job: AmendmentJob): string => `${job.tournamentId}.${job.amendmentId}`;

/** A job queued, known already, or not queued because the queue did not answer in time (Redis away). */
export type Enqueued =
  | (AddOutcome & { readonly id: string })
  | { readonly id: string; readonly added: false; readonly reason: 'queue-unavailable' };

export interface AmendOutcome {
  readonly outcome: TournamentOutcome;
  /** The recompute's job, when the amendment re-settles finished hands. */
  readonly job: Enqueued | undefined;
}

/** How long an amendment waits for its job to be queued before answering without it (Redis away). */
export const ENQUEUE_WAIT_MS = 5000;

export class Amendments {
  readonly #platform: Platform;
  readonly queue: JobQueue<AmendmentJob>;
  readonly #recompute: Omit<RecomputeOptions, 'progress'>;

  constructor(
    platform: Platform,
    queue: JobQueue<AmendmentJob>,
    recompute: Omit<RecomputeOptions, 'progress'> = {},
  ) {
    this.#platform = platform;
    this.queue = queue;
    this.#recompute = recompute;
  }

  /** Records the amendment; its recompute, if any, is queued at once. */
  async amend(
    tournamentId: string,
    command: AmendRuleset,
    actor: Actor,
    ids: CommandIds,
    ifMatch?: number,
  ): Promise<AmendOutcome> {
    const outcome = await this.#platform.tournaments.command(tournamentId, command, actor, ids, ifMatch);
    if (outcome.status === 'rejected') return { outcome, job: undefined };
    const amendment = outcome.after.state.amendments.find((a) => a.amendmentId === command.amendmentId);
    if (amendment === undefined || !amendment.recompute || amendment.applied !== undefined)
      return { outcome, job: undefined };
    return { outcome, job: await this.enqueue({ tournamentId, amendmentId: command.amendmentId }) };
  }

  /**
   * Queues an amendment's recompute; a job of the same amendment known to the queue is refused. A queue that
   * does not answer within ENQUEUE_WAIT_MS (Redis away: BullMQ waits for it) is reported, not waited for: the
   * amendment is on record, and its recompute is queued again at the next start or by `…/recompute`.
   */
  async enqueue(job: AmendmentJob): Promise<Enqueued> {
    const id = amendmentJobId(job);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), ENQUEUE_WAIT_MS);
    });
    const adding = this.queue.add(id, job);
    // An add that lands after the answer is no harm: it is the job asked for.
    adding.catch(() => undefined);
    try {
      const added = await Promise.race([adding, late]);
      return added === 'late' ? { id, added: false, reason: 'queue-unavailable' } : { ...added, id };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Takes jobs in this process until closed. */
  work(concurrency = 1): QueueWorker {
    return this.queue.work(
      (job, ctx) =>
        recomputeAmendment(this.#platform, job, {
          ...this.#recompute,
          progress: (done, total) => ctx.progress({ done, total }),
        }),
      { concurrency },
    );
  }

  /** Queues again the recomputes recorded but not applied in these tournaments (a duplicate is no harm). */
  async resume(tournamentIds: readonly string[]): Promise<number> {
    let queued = 0;
    for (const tournamentId of tournamentIds) {
      const { state } = await this.#platform.tournaments.current(tournamentId);
      for (const a of state.amendments)
        if (a.recompute && a.applied === undefined) {
          const added = await this.enqueue({ tournamentId, amendmentId: a.amendmentId });
          if (added.added) queued += 1;
        }
    }
    return queued;
  }
}
