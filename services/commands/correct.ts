// `correct` on the command line: a referee's or organizer's correction of a settled hand, as a dispute ruled
// with a correction — an adjustment (transfers added to what stands) or a replacement (the settlement restated)
// — or, with --preview, what it would do (per seat and player before, after and the change, and the standings
// before and after), writing nothing. The same decisions as the API's ruling routes. What it does is in
// correct-run.ts, loaded when it runs.
import type { Command } from 'commander';
import { z } from 'zod';
import { SEATS, type Seat, type Transfer } from '../../domain/rules/seats.ts';
import type { Io } from '../cli.ts';
import { config, fail, parsed } from './arguments.ts';

const seat = z.enum(SEATS);

/** `--transfer S>N:300:reason`: who pays whom, how much, and why (repeatable). */
const transferArg = z.string().transform((text, ctx): Transfer => {
  const match = /^([ESWN])>([ESWN]):([1-9]\d*)(?::(.+))?$/.exec(text);
  if (match === null || match[1] === match[2]) {
    ctx.addIssue({
      code: 'custom',
      message: `${text}: give FROM>TO:POINTS[:reason], e.g. S>N:300:undeclared flower`,
    });
    return z.NEVER;
  }
  return { from: match[1] as Seat, to: match[2] as Seat, points: Number(match[3]), reason: match[4] ?? '' };
});

/** `--points E=300,S=-300`: points per seat, summing to zero. */
const pointsArg = z.string().transform((text, ctx) => {
  const points: Partial<Record<Seat, number>> = {};
  for (const part of text.split(',')) {
    const match = /^([ESWN])=([+-]?\d+)$/.exec(part.trim());
    if (match === null) {
      ctx.addIssue({ code: 'custom', message: `${part}: give SEAT=POINTS, e.g. E=300,S=-300` });
      return z.NEVER;
    }
    points[seat.parse(match[1])] = Number(match[2]);
  }
  const sum = Object.values(points).reduce((a, b) => a + (b ?? 0), 0);
  if (sum !== 0) {
    ctx.addIssue({ code: 'custom', message: `the points per seat sum to ${sum}, not 0` });
    return z.NEVER;
  }
  return points;
});

export const CorrectArguments = z
  .object({
    tournament: z.string().min(1).max(200),
    dispute: z.string().min(1).max(200).optional(),
    game: z.string().min(1).max(200).optional(),
    hand: z.coerce.number().int().positive().optional(),
    mode: z.enum(['adjustment', 'replacement']),
    transfer: z.array(transferArg).optional(),
    points: pointsArg.optional(),
    wrong: z.string().trim().min(1, 'say what was wrong with the settlement in force'),
    reason: z.string().trim().min(1, 'say why, for the record'),
    preview: z.boolean().default(false),
  })
  .refine((a) => a.dispute !== undefined || (a.game !== undefined && a.hand !== undefined), {
    message: 'name the dispute (--dispute), or the hand (--game and --hand)',
    path: ['dispute'],
  })
  .refine((a) => (a.transfer === undefined) !== (a.points === undefined), {
    message: 'give the transfers (--transfer, repeatable) or the points per seat (--points), one of them',
    path: ['transfer'],
  });
export type CorrectArguments = z.infer<typeof CorrectArguments>;

export function registerCorrectCommand(program: Command, io: Io): void {
  program
    .command('correct')
    .description('correct a settled hand by a ruling (adjustment or replacement); --preview writes nothing')
    .requiredOption('--tournament <id>', 'the tournament')
    .option('--dispute <id>', 'the open dispute to rule (else one is opened for --game and --hand)')
    .option('--game <id>', 'the hand’s game')
    .option('--hand <n>', 'the hand’s number in its game')
    .requiredOption('--mode <mode>', 'adjustment (added to what stands) or replacement (restated whole)')
    .option(
      '--transfer <transfer...>',
      'FROM>TO:POINTS[:reason], e.g. S>N:300:undeclared flower (repeatable)',
    )
    .option('--points <points>', 'points per seat, summing to zero: SEAT=POINTS,…, e.g. S=-300,N=300')
    .requiredOption('--wrong <text>', 'what was wrong with the settlement in force')
    .requiredOption('--reason <text>', 'why, for the record')
    .option('--preview', 'show what it would do, writing nothing')
    .action(async (options: Record<string, unknown>) => {
      const args = parsed(io, CorrectArguments, options);
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      // The platform is loaded by the command that runs, not by every command: the export's memory bound.
      const { correct } = await import('./correct-run.ts');
      fail(await correct(io, env, args));
    });
}
