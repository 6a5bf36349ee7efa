// Rounds over HTTP: an organizer schedules, seats, starts and closes each round (starting it starts its tables'
// games), and may plan the seating of the rounds to come at once; a referee or organizer gives a table extra
// time and reads the seating-quality report. Swiss seating reads the standings from the tournament's finished
// tables, as the demo does.
import type { SeatingChoice, TournamentState } from '../../../domain/tournament/index.ts';
import { MAX_PLAN_ROUNDS, type PastRound, seatingQuality } from '../../../domain/tournament/seating/index.ts';
import { standingsSoFar } from '../../demo/run-demo.ts';
import type { Platform } from '../../platform.ts';
import { notFound } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { AppendedEvents, byOf, runTournamentCommand } from './tournament-command.ts';
import { reasonField, TournamentParams } from './tournaments.ts';

const roundNumber = z.coerce.number().int().positive();
export const RoundParams = TournamentParams.extend({ round: roundNumber });
const TableParams = RoundParams.extend({ table: z.coerce.number().int().positive() });
const minutes = z
  .int()
  .positive()
  .max(24 * 60);

/** GameStarted's `end`, declared here too so that the document names its variants. */
const GameEnd = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('hands'), count: z.int().positive() }),
    z.object({ kind: z.literal('rounds'), last: z.enum(['E', 'S', 'W', 'N']) }),
    z.object({ kind: z.literal('time-limit'), at: z.iso.datetime({ offset: true }) }),
  ])
  .openapi('GameEnd', { description: 'How each table’s game ends' });

const ScheduleBody = z
  .object({
    round: z.int().positive(),
    method: z.enum(['random', 'swiss', 'uploaded']),
    end: GameEnd,
    minutes: minutes.openapi({ description: 'The round clock, from its start' }),
    recording: z
      .enum(['live', 'entered'])
      .optional()
      .openapi({ description: 'live (default): played through the API; entered: a scorer enters each hand' }),
  })
  .openapi('ScheduleRound');

const reseat = z.boolean().optional().openapi({ description: 'Seat again a round seated but not started' });
const SeatBody = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('random'), reseat }),
    z.object({ method: z.literal('swiss'), reseat }),
    z.object({
      method: z.literal('uploaded'),
      tables: z.array(z.array(z.string().min(1)).min(2).max(4)).min(1),
      reseat,
    }),
  ])
  .openapi('SeatRound');

const CloseBody = z
  .object({ force: z.boolean().optional().openapi({ description: 'Close with tables still playing' }) })
  .optional()
  .openapi('CloseRound');
const ExtendBody = z.object({ minutes, reason: reasonField }).openapi('ExtendTableTime');

const PlanBody = z
  .object({
    rounds: z
      .int()
      .min(1)
      .max(MAX_PLAN_ROUNDS)
      .openapi({ description: 'How many rounds to plan, from the first round not yet seated' }),
  })
  .openapi('PlanSeating');

const count = z.int().nonnegative();
const SeatingQuality = z
  .object({
    rounds: count,
    repeatPairs: count.openapi({ description: 'Each meeting of a pair after its first' }),
    consecutiveRepeats: count.openapi({
      description: 'Of those, meetings where the pair met the round before',
    }),
    windImbalance: count.openapi({ description: 'Summed over players: most minus fewest times at one wind' }),
    tableRevisits: count.openapi({
      description: 'Each time a player sits at a table number they sat at before',
    }),
    pairs: z.array(
      z.object({ players: z.array(z.string()).length(2), rounds: z.array(z.int().positive()).min(2) }),
    ),
    windBalance: z.array(
      z.object({
        playerId: z.string(),
        winds: z.object({ E: count, S: count, W: count, N: count }),
        imbalance: count,
      }),
    ),
    revisits: z.array(
      z.object({
        playerId: z.string(),
        table: z.int().positive(),
        rounds: z.array(z.int().positive()).min(2),
      }),
    ),
  })
  .openapi('SeatingQuality');
const SeatingQualityReport = z
  .object({
    seated: SeatingQuality.openapi({ description: 'The rounds seated so far' }),
    planned: SeatingQuality.nullable().openapi({
      description: 'The rounds seated so far and the plan’s rounds still to seat; null without a plan',
    }),
    plan: z
      .object({
        firstRound: z.int().positive(),
        lastRound: z.int().positive(),
        players: count,
        seed: z.string(),
        algorithm: z.string(),
        source: z.enum(['design', 'schedule', 'search']),
      })
      .nullable(),
  })
  .openapi('SeatingQualityReport');

/** The seating-quality report of the rounds seated so far, and with the plan's rounds still to seat. */
function qualityReport(state: TournamentState): z.infer<typeof SeatingQualityReport> {
  const seatedRounds = state.rounds.filter((r) => r.phase !== 'scheduled');
  const seated: PastRound[] = seatedRounds.map((r) => ({ tables: r.tables.map((t) => t.seats) }));
  const { plan } = state;
  if (plan === undefined) return { seated: quality(seated), planned: null, plan: null };
  const ahead = plan.rounds
    .filter((r) => r.round > seatedRounds.length)
    .map((r) => ({ tables: r.tables.map((t) => t.seats) }));
  return {
    seated: quality(seated),
    planned: quality([...seated, ...ahead]),
    plan: {
      firstRound: plan.rounds[0]!.round,
      lastRound: plan.rounds.at(-1)!.round,
      players: plan.players.length,
      seed: plan.seed,
      algorithm: plan.algorithm,
      source: plan.source,
    },
  };
}

function quality(rounds: readonly PastRound[]): z.infer<typeof SeatingQuality> {
  const report = seatingQuality(rounds);
  return {
    ...report,
    pairs: report.pairs.map((p) => ({ players: [...p.players], rounds: [...p.rounds] })),
    windBalance: report.windBalance.map((w) => ({ ...w, winds: { ...w.winds } })),
    revisits: report.revisits.map((r) => ({ ...r, rounds: [...r.rounds] })),
  };
}

export function roundRoutes(platform: Platform): Route[] {
  const organizerCommand = {
    tags: ['rounds'],
    auth: { roles: ['organizer'] },
    ifMatch: 'optional',
    idempotency: 'optional',
  } as const;
  return [
    defineRoute({
      ...organizerCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds',
      summary: 'Schedule a round (again, until it is seated)',
      params: TournamentParams,
      body: ScheduleBody,
      responses: { 200: { description: 'RoundScheduled', schema: AppendedEvents } },
      handler: (ctx) => {
        const { body } = ctx;
        return runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'ScheduleRound',
            round: body.round,
            method: body.method,
            end: body.end,
            minutes: body.minutes,
            ...(body.recording === undefined ? {} : { recording: body.recording }),
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        );
      },
    }),
    defineRoute({
      ...organizerCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/seating',
      summary: 'Seat a round: random, swiss (by the standings so far) or uploaded tables',
      description:
        'Swiss reads the standings from the finished tables’ results in force (corrections included): table ' +
        'points first where the tournament scores them, then points, less penalties in force, best first. ' +
        'Uploaded tables list player ids in seat order E, S, W, N.',
      params: RoundParams,
      body: SeatBody,
      responses: { 200: { description: 'RoundSeated', schema: AppendedEvents } },
      handler: async (ctx) => {
        const { params, body } = ctx;
        let method: SeatingChoice;
        switch (body.method) {
          case 'random':
            method = { kind: 'random' };
            break;
          case 'swiss': {
            const { state } = await platform.tournaments.current(params.tournamentId);
            method = { kind: 'swiss', standings: standingsSoFar(state) };
            break;
          }
          case 'uploaded':
            method = { kind: 'uploaded', tables: body.tables };
            break;
        }
        return runTournamentCommand(
          platform,
          params.tournamentId,
          {
            type: 'SeatRound',
            round: params.round,
            method,
            ...(body.reseat === undefined ? {} : { reseat: body.reseat }),
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        );
      },
    }),
    defineRoute({
      ...organizerCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/seating-plan',
      summary: 'Plan the seating of the rounds to come, all at once, with as few repeat pairs as can be',
      description:
        'Plans `rounds` rounds from the first round not yet seated, for the active players, the rounds seated ' +
        'so far taken as history (docs/seating.md "Planned seating"). A round seated at random then follows ' +
        'the plan; swiss and uploaded rounds do not. After a withdrawal or a replacement, seating the next ' +
        'round repairs the plan with the fewest changes (SeatingPlanRepaired, before RoundSeated). A new plan ' +
        'replaces the old.',
      params: TournamentParams,
      body: PlanBody,
      responses: {
        200: { description: 'SeatingPlanned', schema: AppendedEvents },
        409: { description: 'rejected: too-few-players, tournament-finished, not-created' },
      },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          { type: 'PlanSeating', rounds: ctx.body.rounds, at: platform.now(), by: byOf(ctx.principal) },
          ctx,
          ctx.api.metrics,
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/seating-quality',
      summary: 'The seating-quality report: repeat pairs, consecutive repeats, wind balance, table revisits',
      description:
        'Over the rounds seated so far, and over those with the plan’s rounds still to seat. Substitutes are ' +
        'left out. ETag: the tournament stream’s revision.',
      tags: ['rounds'],
      auth: { roles: ['organizer', 'referee'] },
      params: TournamentParams,
      responses: { 200: { description: 'The report', schema: SeatingQualityReport } },
      handler: async ({ params }) => {
        const { state, revision } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        return { body: qualityReport(state), revision };
      },
    }),
    defineRoute({
      ...organizerCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/start',
      summary: 'Start a round: its clock runs and its tables’ games start',
      params: RoundParams,
      responses: { 200: { description: 'RoundStarted', schema: AppendedEvents } },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          { type: 'StartRound', round: ctx.params.round, at: platform.now(), by: byOf(ctx.principal) },
          ctx,
          ctx.api.metrics,
        ),
    }),
    defineRoute({
      ...organizerCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/close',
      summary: 'Close a round (force: with tables still playing, listed as unfinished)',
      params: RoundParams,
      body: CloseBody,
      responses: { 200: { description: 'RoundClosed', schema: AppendedEvents } },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'CloseRound',
            round: ctx.params.round,
            ...(ctx.body?.force === undefined ? {} : { force: ctx.body.force }),
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        ),
    }),
    defineRoute({
      ...organizerCommand,
      auth: { roles: ['referee', 'organizer'] },
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/tables/:table/extend',
      summary: 'Give a table extra minutes beyond the round clock',
      params: TableParams,
      body: ExtendBody,
      responses: { 200: { description: 'TableTimeExtended', schema: AppendedEvents } },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'ExtendTableTime',
            round: ctx.params.round,
            table: ctx.params.table,
            minutes: ctx.body.minutes,
            reason: ctx.body.reason,
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        ),
    }),
  ];
}
