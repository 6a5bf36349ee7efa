// The recompute of an amendment (DESIGN.md "Storage and scale"): every hand in scope settled again under the
// rules now in force for it, and where the result changes, one SettlementCorrected per hand per amendment —
// appended through the table with the hand stream's revision expected and a command id named by amendment
// and hand, so a job run twice, or cut short and taken up again, corrects each hand once. Hands still being
// played when the job runs are waited for (they were dealt under the old rules); hands dealt after the
// amendment are dealt under the new ones. AmendmentApplied closes it with its counts.
import type { HandRecompute } from '../../domain/play/correction/index.ts';
import {
  type AmendmentApplied,
  type TournamentState,
  tournamentStream,
} from '../../domain/tournament/index.ts';
import type { Platform } from '../platform.ts';
import { serverSteps } from '../play/command-ids.ts';
import { load } from '../play/table.ts';
import { recordCorrectedGame } from '../tournament/finished-game.ts';
import { TOURNAMENT_AGGREGATE } from '../tournament/service.ts';
import { amendmentPositions, type HandOfScope, recomputesInScope } from './hands.ts';

export interface AmendmentJob {
  readonly tournamentId: string;
  readonly amendmentId: string;
}

export interface RecomputeOptions {
  /** Hands done of hands in scope, after every batch. */
  readonly progress?: (done: number, total: number) => Promise<void> | void;
  /** Between passes while hands in scope are still being played (default 500 ms). */
  readonly waitMs?: number;
  /** How long to wait for hands in play before failing the attempt (retried later); default 10 minutes. */
  readonly patienceMs?: number;
  /** From how many hands in scope the recompute is shared out to threads (default THREADED_FROM). */
  readonly threadedFrom?: number;
}

type Counts = Omit<AmendmentApplied['data'], 'amendmentId'>;

const SYSTEM = { role: 'system', id: 'amendment-worker' } as const;

/** Runs the amendment's recompute to its end; the counts as AmendmentApplied records them. */
export async function recomputeAmendment(
  platform: Platform,
  job: AmendmentJob,
  options: RecomputeOptions = {},
): Promise<AmendmentApplied['data']> {
  const started = Date.now();
  for (;;) {
    // Read from the store, not a cache: this may be a worker process beside the server that records amendments.
    const tournament = await load(platform.store, tournamentStream(job.tournamentId), TOURNAMENT_AGGREGATE);
    const amendment = tournament.state.amendments.find((a) => a.amendmentId === job.amendmentId);
    if (amendment === undefined) throw new Error(`${job.tournamentId} has no amendment ${job.amendmentId}`);
    if (amendment.applied !== undefined) return amendment.applied;
    const { counts, live } = await pass(
      platform,
      tournament.state,
      amendmentPositions(tournament),
      job,
      options,
    );
    if (live === 0) {
      const result = { amendmentId: job.amendmentId, ...counts };
      const outcome = await platform.tournaments.command(
        job.tournamentId,
        { type: 'RecordAmendmentApplied', result, at: platform.now(), by: SYSTEM },
        SYSTEM,
        { commandId: serverSteps.amendmentApplied(job.amendmentId), correlationId: job.amendmentId },
      );
      if (outcome.status === 'rejected') throw new Error(outcome.rejection.message);
      return result;
    }
    if (Date.now() - started > (options.patienceMs ?? 600_000))
      throw new Error(`${live} hands in scope are still being played; the job is retried later`);
    await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 500));
  }
}

/** One pass over the hands in scope: each corrected where its result changes. */
async function pass(
  platform: Platform,
  state: TournamentState,
  positions: ReadonlyMap<string, bigint>,
  job: AmendmentJob,
  options: RecomputeOptions,
): Promise<{ counts: Counts; live: number }> {
  const amendment = state.amendments.find((a) => a.amendmentId === job.amendmentId)!;
  const counts = { hands: 0, corrected: 0, unchanged: 0, kept: 0, refused: 0 };
  let live = 0;
  // The last correction of the game being gone through: its table's result is carried once, after it.
  let atTable: { gameId: string; hand: number; correction: string } | undefined;
  const carry = async () => {
    if (atTable !== undefined) await carryToTable(platform, atTable);
    atTable = undefined;
  };
  for await (const { scoped: hand, found, result, done, total } of recomputesInScope(
    platform.store,
    state,
    positions,
    amendment,
    options.threadedFrom === undefined ? {} : { threadedFrom: options.threadedFrom },
  )) {
    if (atTable !== undefined && atTable.gameId !== hand.gameId) await carry();
    switch (result.kind) {
      case 'live':
        live += 1;
        break;
      case 'no-settlement':
        break;
      case 'kept':
      case 'refused':
      case 'unchanged':
        counts.hands += 1;
        counts[result.kind] += 1;
        break;
      case 'done':
      case 'changed': {
        // 'done' too: a run cut short after the correction may not have carried it to the game and table.
        const command = result.kind === 'changed' ? result.command : undefined;
        const correction = await correct(platform, job, hand.gameId, hand.hand, command, found!);
        if (correction !== undefined) atTable = { gameId: hand.gameId, hand: hand.hand, correction };
        counts.hands += 1;
        counts.corrected += 1;
        break;
      }
    }
    if (done % 50 === 0 || done === total) await options.progress?.(done, total);
  }
  await carry();
  return { counts, live };
}

/** A finished game's corrected result carried to its table, named by the game's last correction. */
async function carryToTable(
  platform: Platform,
  last: { gameId: string; hand: number; correction: string },
): Promise<void> {
  const { game } = await platform.tables.snapshot(last.gameId);
  if (game.state.phase !== 'finished') return;
  await recordCorrectedGame(platform.tournaments, game.events, last.hand, last.correction, platform.now());
}

async function correct(
  platform: Platform,
  job: AmendmentJob,
  gameId: string,
  hand: number,
  command: Extract<HandRecompute, { kind: 'changed' }>['command'] | undefined,
  read: HandOfScope,
): Promise<string | undefined> {
  const ids = {
    commandId: serverSteps.amendHand(job.amendmentId, gameId, hand),
    correlationId: job.amendmentId,
  };
  // On a rerun the command is on record: correctHand finds it by its id and only carries it through.
  const given = command ?? onRecord(job);
  const outcome = await platform.tables.correctHand(gameId, hand, given, SYSTEM, ids, {
    read: { stored: read.stored, events: read.events },
    atTable: false,
  });
  if (outcome.status !== 'rejected') return outcome.stored.id;
  if (outcome.rejection.code !== 'already-amended')
    throw new Error(`hand ${hand} of ${gameId}: ${outcome.rejection.message}`);
  return undefined;
}

/**
 * For a hand this amendment re-settled already: its correction is found by the command id before anything is
 * decided, so this command is never decided (were it, the hand's record of the amendment refuses it).
 */
function onRecord(job: AmendmentJob) {
  return {
    type: 'CorrectSettlement' as const,
    mode: 'adjustment' as const,
    change: { kind: 'transfers' as const, transfers: [] },
    wrong: 'on record',
    reason: 'on record',
    correctedBy: { role: 'system' as const, id: `amendment:${job.amendmentId}` },
    amendmentId: job.amendmentId,
  };
}
