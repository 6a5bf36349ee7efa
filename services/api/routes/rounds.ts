// Rounds over HTTP: an organizer schedules, seats, starts and closes each round (starting it starts its tables'
// games); a referee or organizer gives a table extra time. Swiss seating reads the standings from the
// tournament's finished tables, as the demo does.
import type { SeatingChoice } from '../../../domain/tournament/index.ts';
import { standingsSoFar } from '../../demo/run-demo.ts';
import type { Platform } from '../../platform.ts';
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
