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

export interface AmendOutcome {
  readonly outcome: TournamentOutcome;
  /** The recompute's job, when the amendment re-settles finished hands. */
  readonly job: (AddOutcome & { readonly id: string }) | undefined;
}

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

  /** Queues an amendment's recompute; a job of the same amendment known to the queue is refused. */
  async enqueue(job: AmendmentJob): Promise<AddOutcome & { readonly id: string }> {
    const id = amendmentJobId(job);
    return { ...(await this.queue.add(id, job)), id };
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
          if (added.added || added.existing.status === 'failed') queued += 1;
        }
    }
    return queued;
  }
}
