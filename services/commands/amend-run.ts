// What `amend` and `worker` do (amend.ts registers them and checks their options): loaded only when one of
// them runs, so that the other commands do not load the platform and the queue.
import type { z } from 'zod';
import type { TournamentRejectionCode } from '../../domain/tournament/index.ts';
import { standingsDocOf } from '../../projections/index.ts';
import { openAmendmentQueue } from '../amendments/open.ts';
import { previewAmendment } from '../amendments/preview.ts';
import { recomputeAmendment } from '../amendments/recompute.ts';
import { Amendments } from '../amendments/service.ts';
import type { Io } from '../cli.ts';
import type { Config } from '../config.ts';
import { EXIT_INVALID, EXIT_REJECTED } from '../exit-codes.ts';
import { createPlatform } from '../platform.ts';
import { runnerOf } from '../read-models.ts';
import type { AmendArguments } from './amend.ts';
import { progressBar } from './demo.ts';
import { openCommandStores } from './stores.ts';

/** Refusals that say the request itself is wrong: exit 2, as any invalid input. */
const INVALID: ReadonlySet<TournamentRejectionCode> = new Set([
  'unknown-option',
  'bad-option-value',
  'option-not-amendable',
  'amendment-not-retroactive',
  'amendment-changes-nothing',
]);

export async function amend(io: Io, env: Config, args: z.infer<typeof AmendArguments>): Promise<number> {
  const stores = await openCommandStores(env, { readonlyEvents: args.preview });
  const platform = createPlatform(stores.store, { deadlines: false, movesTablesOn: false });
  // A preview queues nothing: it opens no queue (and touches no Redis).
  const queue = args.preview ? undefined : openAmendmentQueue(env);
  try {
    const command = {
      type: 'AmendRuleset' as const,
      amendmentId: args.id ?? `amend-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
      changes: args.set,
      scope: args.scope,
      reason: args.reason,
      at: platform.now(),
      by: { role: 'organizer' as const, id: 'cli' },
    };
    if (args.preview) {
      await stores.projecting(() => runnerOf(stores.store, stores.readModels).catchUp());
      const doc = await standingsDocOf(stores.readModels, args.tournament);
      const outcome = await previewAmendment(platform, args.tournament, command, doc);
      if (outcome.status === 'rejected') return refused(io, outcome.rejection);
      io.stdout(`${JSON.stringify(outcome.preview, null, 2)}\n`);
      return 0;
    }
    const amendments = new Amendments(platform, queue!);
    const actor = { role: 'organizer' as const, id: 'cli' };
    const ids = { commandId: `cli:${command.amendmentId}`, correlationId: command.amendmentId };
    const { outcome, job } = await stores.appending(() =>
      amendments.amend(args.tournament, command, actor, ids),
    );
    if (outcome.status === 'rejected') return refused(io, outcome.rejection);
    const amended = outcome.events.map(({ type, data }) => ({ type, data }));
    if (job === undefined || queue!.kind === 'bullmq') {
      io.stdout(`${JSON.stringify({ events: amended, job: job ?? null }, null, 2)}\n`);
      return 0;
    }
    // No Redis: nobody else will take the job, so it is done here, now.
    const bar = progressBar('recompute');
    const applied = await recomputeAmendment(
      platform,
      { tournamentId: args.tournament, amendmentId: command.amendmentId },
      {
        progress: (done, total) => bar.update(done, total),
      },
    );
    bar.stop();
    io.stdout(`${JSON.stringify({ events: amended, applied }, null, 2)}\n`);
    return 0;
  } finally {
    await queue?.close();
    platform.close();
    await stores.close();
  }
}

function refused(
  io: Io,
  rejection: { code: TournamentRejectionCode; rule: string; message: string },
): number {
  io.stdout(`${JSON.stringify({ error: rejection }, null, 2)}\n`);
  io.stderr(`refused: ${rejection.code}: ${rejection.message}\n`);
  return INVALID.has(rejection.code) || rejection.code === 'unknown-amendment' ? EXIT_INVALID : EXIT_REJECTED;
}

export async function work(io: Io, env: Config, concurrency: number): Promise<void> {
  const stores = await openCommandStores(env, { readonlyEvents: false });
  const platform = createPlatform(stores.store, { deadlines: false, movesTablesOn: false });
  const queue = openAmendmentQueue(env, undefined, (error) => io.stderr(`queue: ${String(error)}\n`));
  const worker = new Amendments(platform, queue).work(concurrency);
  io.stderr(`worker: taking amendment jobs from ${env.redisUrl} (${concurrency} at once); Ctrl-C stops it\n`);
  const stop = async (signal: NodeJS.Signals) => {
    io.stderr(`${signal}: stopping the worker (a job running finishes first)…\n`);
    await worker.close();
    await queue.close();
    platform.close();
    await stores.close();
    process.exit(0);
  };
  process.once('SIGINT', (s) => void stop(s));
  process.once('SIGTERM', (s) => void stop(s));
}
