// `correct` on the command line: a referee's or organizer's correction of a settled hand, as a dispute ruled
// with a correction — an adjustment (transfers added to what stands) or a replacement (the settlement restated)
// — or, with --preview, what it would do (per seat and player before, after and the change, and the standings
// before and after), writing nothing. The same decisions as the API's ruling routes.
import { randomBytes } from 'node:crypto';
import type { Command } from 'commander';
import { z } from 'zod';
import { SEATS, type Seat, type Transfer } from '../../domain/rules/seats.ts';
import { type Dispute, type RulingCommand, tournamentStream } from '../../domain/tournament/index.ts';
import { ProblemError } from '../api/problem.ts';
import { correctionPreview } from '../api/routes/correction-preview.ts';
import { correctionCommand, correctSettlement, decideOnHand } from '../api/routes/ruling-effects.ts';
import { REJECTION_STATUS } from '../api/routes/tournament-command.ts';
import { EXIT_INVALID, EXIT_REJECTED, type Io } from '../cli.ts';
import type { Config } from '../config.ts';
import { createPlatform, type Platform } from '../platform.ts';
import { runnerOf } from '../read-models.ts';
import { config, fail, parsed } from './arguments.ts';
import { openCommandStores } from './stores.ts';

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
type CorrectArguments = z.infer<typeof CorrectArguments>;

const OFFICIAL = { role: 'organizer', id: 'cli' } as const;

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
      fail(await correct(io, env, args));
    });
}

async function correct(io: Io, env: Config, args: CorrectArguments): Promise<number> {
  const stores = await openCommandStores(env, { readonlyEvents: args.preview });
  const platform = createPlatform(stores.store, { deadlines: false, movesTablesOn: false });
  try {
    const { state, revision } = await platform.tournaments.current(args.tournament);
    if (revision === -1)
      return refused(io, 409, { code: 'not-created', message: `no tournament ${args.tournament}` });
    const named = args.dispute === undefined ? undefined : state.disputes[args.dispute];
    if (args.dispute !== undefined && named === undefined)
      return refused(io, 422, {
        code: 'unknown-dispute',
        message: `no dispute ${args.dispute} in ${args.tournament}`,
      });
    const where = named ?? { gameId: args.game!, hand: args.hand! };
    // Points per seat are made into transfers by the decision; the ruling records those.
    const ruling: Extract<RulingCommand, { kind: 'correction' }> = {
      kind: 'correction',
      mode: args.mode,
      wrong: args.wrong,
      transfers: (args.transfer ?? []).map((t) => ({ ...t, reason: t.reason || args.reason })),
    };
    const command = {
      ...correctionCommand(ruling, args.reason, OFFICIAL),
      ...(args.points === undefined ? {} : { change: { kind: 'points' as const, points: args.points } }),
    };
    const decided = await decideOnHand(platform, where, command);
    if (args.preview) {
      const runner = runnerOf(stores.store, stores.readModels);
      const preview = await correctionPreview(args.tournament, where.gameId, where.hand, decided, {
        readModels: stores.readModels,
        catchUp: () => stores.projecting(() => runner.catchUp()),
      });
      io.stdout(`${JSON.stringify(preview, null, 2)}\n`);
      return 0;
    }
    if (!('event' in decided.decision)) throw new Error('refused decisions throw');
    // The transfers as the correction made them (points per seat become transfers): recorded in the ruling.
    const recorded = { ...ruling, transfers: decided.decision.event.data.transfers };
    return await rule(io, platform, args, where, named, recorded);
  } catch (error) {
    if (error instanceof ProblemError) {
      const { code } = (error.extensions.rejection ?? { code: error.code }) as { code: string };
      return refused(io, error.status, { code, message: error.message });
    }
    throw error;
  } finally {
    platform.close();
    await stores.close();
  }
}

async function rule(
  io: Io,
  platform: Platform,
  args: CorrectArguments,
  where: Pick<Dispute, 'gameId' | 'hand'>,
  named: Dispute | undefined,
  ruling: Extract<RulingCommand, { kind: 'correction' }>,
): Promise<number> {
  const key = randomBytes(6).toString('hex');
  const ids = (step: string) => ({ commandId: `cli:${key}:${step}`, correlationId: `cli:${key}` });
  const at = platform.now();
  let dispute = named;
  if (dispute === undefined) {
    const disputeId = `dispute-${key}`;
    const opened = await platform.tournaments.command(
      args.tournament,
      {
        type: 'OpenDispute',
        disputeId,
        gameId: where.gameId,
        hand: where.hand,
        reason: args.reason,
        at,
        by: OFFICIAL,
      },
      OFFICIAL,
      ids('open'),
    );
    if (opened.status === 'rejected')
      return refused(io, REJECTION_STATUS[opened.rejection.code], opened.rejection);
    dispute = opened.after.state.disputes[disputeId]!;
  }
  const ruled = await platform.tournaments.command(
    args.tournament,
    { type: 'RuleDispute', disputeId: dispute.disputeId, ruling, reason: args.reason, at, by: OFFICIAL },
    OFFICIAL,
    ids('rule'),
  );
  if (ruled.status === 'rejected')
    return refused(io, REJECTION_STATUS[ruled.rejection.code], ruled.rejection);
  const hand = await correctSettlement(platform, dispute, ruling, args.reason, OFFICIAL, ids('rule'));
  io.stdout(
    `${JSON.stringify({ stream: tournamentStream(args.tournament), disputeId: dispute.disputeId, hand }, null, 2)}\n`,
  );
  return 0;
}

function refused(io: Io, status: number, rejection: { code: string; message: string }): number {
  io.stdout(`${JSON.stringify({ error: rejection }, null, 2)}\n`);
  io.stderr(`refused: ${rejection.code}: ${rejection.message}\n`);
  return status === 422 ? EXIT_INVALID : EXIT_REJECTED;
}
