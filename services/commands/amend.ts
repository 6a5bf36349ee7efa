// `amend` and `worker` on the command line. `amend` records an amendment of a tournament's ruleset (or, with
// --preview, computes what it would do and writes nothing); its recompute goes to the configured queue: a
// BullMQ worker takes it (a server's, or `worker`), and without Redis the command runs it itself. `worker`
// takes amendment jobs from Redis until stopped; any number may run, beside any number of servers. What the
// commands do is in amend-run.ts, loaded when one of them runs.
import type { Command } from 'commander';
import { z } from 'zod';
import type { AmendmentScope } from '../../domain/tournament/index.ts';
import { type Io, reportInvalid } from '../cli.ts';
import { config, fail, parsed } from './arguments.ts';

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
      // The platform is loaded by the command that runs, not by every command: the export's memory bound.
      const { amend } = await import('./amend-run.ts');
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
      const { work } = await import('./amend-run.ts');
      await work(io, env, args.concurrency);
    });
}
