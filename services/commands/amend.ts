// `amend` and `worker` on the command line. `amend` records an amendment of a tournament's ruleset (or, with
// --preview, computes what it would do and writes nothing); its recompute goes to the configured queue: a
// BullMQ worker takes it (a server's, or `worker`), and without Redis the command runs it itself. `worker`
// takes amendment jobs from Redis until stopped; any number may run, beside any number of servers.
import type { Command } from 'commander';
import { z } from 'zod';
import type { AmendmentScope, TournamentRejectionCode } from '../../domain/tournament/index.ts';
import { standingsDocOf } from '../../projections/index.ts';
import { openAmendmentQueue } from '../amendments/open.ts';
import { previewAmendment } from '../amendments/preview.ts';
import { recomputeAmendment } from '../amendments/recompute.ts';
import { Amendments } from '../amendments/service.ts';
import { EXIT_INVALID, EXIT_REJECTED, type Io, reportInvalid } from '../cli.ts';
import type { Config } from '../config.ts';
import { createPlatform } from '../platform.ts';
import { runnerOf } from '../read-models.ts';
import { config, fail, parsed } from './arguments.ts';
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

/** `--scope`: event, round:N, hand:R.H (hand H of round R on), next-hand. */
const scopeArg = z.string().transform((text, ctx): AmendmentScope => {
  if (text === 'event' || text === 'next-hand') return { kind: text };
  const round = /^round:([1-9]\d*)$/.exec(text);
  if (round !== null) return { kind: 'round', round: Number(round[1]) };
  const hand = /^hand:([1-9]\d*)\.([1-9]\d*)$/.exec(text);
  if (hand !== null) return { kind: 'hand', round: Number(hand[1]), hand: Number(hand[2]) };
  ctx.addIssue({
    code: 'custom',
    message: 'event, round:N, hand:R.H (from hand H of round R on) or next-hand',
  });
  return z.NEVER;
});

/** `--set name=value`: the value read as JSON when it is (6000, true, null), else as text (score-priority). */
const setArg = z
  .array(z.string())
  .min(1, 'name at least one option: --set name=value')
  .transform((sets, ctx) => {
    const changes: Record<string, unknown> = {};
    for (const set of sets) {
      const eq = set.indexOf('=');
      if (eq <= 0) {
        ctx.addIssue({ code: 'custom', message: `${set}: give name=value` });
        return z.NEVER;
      }
      const text = set.slice(eq + 1);
      let value: unknown = text;
      try {
        value = JSON.parse(text);
      } catch {}
      changes[set.slice(0, eq)] = value;
    }
    return changes;
  });

export const AmendArguments = z.object({
  tournament: z.string().min(1).max(200),
  set: setArg,
  scope: scopeArg.default({ kind: 'event' }),
  reason: z.string().trim().min(1, 'say why, for the record'),
  id: z.string().min(1).max(200).optional(),
  preview: z.boolean().default(false),
});

const WHOLE_1_TO_16 = 'a whole number from 1 to 16';
const WorkerArguments = z.object({
  concurrency: z.coerce.number(WHOLE_1_TO_16).int(WHOLE_1_TO_16).min(1, WHOLE_1_TO_16).max(16, WHOLE_1_TO_16),
});

export function registerAmendmentCommands(program: Command, io: Io): void {
  program
    .command('amend')
    .description(
      'amend a tournament’s ruleset (settlement options re-settle finished hands); --preview writes nothing',
    )
    .requiredOption('--tournament <id>', 'the tournament')
    .option('--set <name=value...>', 'an option and its new value (repeatable)')
    .option('--scope <scope>', 'event (default), round:N, hand:R.H or next-hand')
    .requiredOption('--reason <text>', 'why, for the record')
    .option('--id <amendmentId>', 'the amendment’s id (default generated)')
    .option(
      '--preview',
      'show per hand and per player what it would change, and the standings; write nothing',
    )
    .action(async (options: Record<string, unknown>) => {
      const args = parsed(io, AmendArguments, { ...options, set: options.set ?? [] });
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      fail(await amend(io, env, args));
    });

  program
    .command('worker')
    .description('take amendment recomputes from the queue (REDIS_URL) until stopped; run any number')
    .option('--concurrency <n>', 'jobs at once', '1')
    .action(async (options: { concurrency: string }) => {
      const args = parsed(io, WorkerArguments, options);
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      if (env.redisUrl === undefined)
        return fail(reportInvalid(io, 'REDIS_URL', 'a worker takes jobs from Redis: set REDIS_URL'));
      await work(io, env, args.concurrency);
    });
}

async function amend(io: Io, env: Config, args: z.infer<typeof AmendArguments>): Promise<number> {
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

async function work(io: Io, env: Config, concurrency: number): Promise<void> {
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
