// What `correct` does (correct.ts registers it and checks its options): loaded only when it runs, so that
// the other commands do not load the platform and the API's ruling routes.
import { randomBytes } from 'node:crypto';
import { type Dispute, type RulingCommand, tournamentStream } from '../../domain/tournament/index.ts';
import { ProblemError } from '../api/problem.ts';
import { correctionPreview } from '../api/routes/correction-preview.ts';
import { correctionCommand, correctSettlement, decideOnHand } from '../api/routes/ruling-effects.ts';
import { REJECTION_STATUS } from '../api/routes/tournament-command.ts';
import type { Io } from '../cli.ts';
import type { Config } from '../config.ts';
import { EXIT_INVALID, EXIT_REJECTED } from '../exit-codes.ts';
import { createPlatform, type Platform } from '../platform.ts';
import { runnerOf } from '../read-models.ts';
import type { CorrectArguments } from './correct.ts';
import { openCommandStores } from './stores.ts';

const OFFICIAL = { role: 'organizer', id: 'cli' } as const;

export async function correct(io: Io, env: Config, args: CorrectArguments): Promise<number> {
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
