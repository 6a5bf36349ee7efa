// Tournaments and their players over HTTP: an organizer creates a tournament and registers, withdraws and
// replaces players; officials read it all, a player of the tournament reads it without the seed (walls and
// seatings derive from it, so it would let a player foresee them).
import { randomBytes } from 'node:crypto';
import { RuleInputError } from '../../../domain/rules/errors.ts';
import { PRESET_IDS, type PresetId, rulesetOf } from '../../../domain/rules/rulesets/index.ts';
import type { TournamentState } from '../../../domain/tournament/index.ts';
import { tableEndsAt } from '../../../domain/tournament/index.ts';
import type { Platform } from '../../platform.ts';
import { badRequest, forbidden, notFound } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { generatedId, idField, uniqueSlug } from './ids.ts';
import { AppendedEvents, byOf, runTournamentCommand } from './tournament-command.ts';

export const TournamentParams = z.object({ tournamentId: idField('The tournament') });
const PlayerParams = TournamentParams.extend({ playerId: idField('A registered player') });

const name = z.string().trim().min(1).max(200);
export const reasonField = z.string().trim().min(1).max(2000).openapi({ description: 'Why, for the record' });

const CreateBody = z
  .object({
    tournamentId: idField('Chosen by the organizer; else a slug of the name with a random suffix').optional(),
    name,
    preset: z.enum(PRESET_IDS as [PresetId, ...PresetId[]]),
    options: z.record(z.string(), z.unknown()).optional().openapi({ description: 'The preset’s options' }),
    scoring: z
      .discriminatedUnion('kind', [
        z.object({ kind: z.literal('points') }),
        z.object({ kind: z.literal('table-points'), values: z.array(z.int().nonnegative()).optional() }),
      ])
      .optional(),
    seed: z.string().min(1).max(200).optional().openapi({
      description: 'Seatings and walls derive from it; random when absent. Never shown to players',
    }),
  })
  .openapi('CreateTournament');

const RegisterBody = z
  .object({ playerId: idField('Else a slug of the name').optional(), name })
  .openapi('RegisterPlayer');
const WithdrawBody = z.object({ reason: reasonField }).openapi('WithdrawPlayer');
const ReplaceBody = z
  .object({
    replacement: z.object({ playerId: idField('Else a slug of the name').optional(), name }),
    reason: reasonField,
  })
  .openapi('ReplacePlayer');

const TournamentView = z
  .object({
    tournamentId: z.string(),
    status: z.enum(['open', 'finished']),
    name: z.string(),
    ruleset: z.unknown(),
    scoring: z.unknown(),
    seed: z.string().optional().openapi({ description: 'Organizers and referees only' }),
    players: z.array(z.unknown()),
    rounds: z.array(z.unknown()),
    penalties: z.array(z.unknown()),
    disputes: z.array(z.unknown()),
    revision: z.int(),
  })
  .openapi('Tournament');

export function tournamentRoutes(platform: Platform): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/tournaments',
      summary: 'Create a tournament',
      description:
        'A global organizer, or one bound to the tournament it names. The ruleset is the preset with its ' +
        'options (400 naming body.options.<option> when the preset refuses one).',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      body: CreateBody,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: {
        201: { description: 'TournamentCreated, and the revision (0)', schema: AppendedEvents },
        409: { description: 'rejected: tournament-exists' },
      },
      handler: async (ctx) => {
        const { body, principal } = ctx;
        const tournamentId = body.tournamentId ?? generatedId(body.name, 'tournament');
        if (principal.tournamentId !== undefined && principal.tournamentId !== tournamentId)
          throw forbidden(`the token is bound to tournament ${principal.tournamentId}`);
        const command = {
          type: 'CreateTournament',
          tournamentId,
          name: body.name,
          ruleset: rulesetFrom(body.preset, body.options),
          ...(body.scoring === undefined ? {} : { scoring: body.scoring }),
          seed: body.seed ?? randomBytes(16).toString('hex'),
          at: platform.now(),
          by: byOf(principal),
        } as const;
        return runTournamentCommand(platform, tournamentId, command, ctx, ctx.api.metrics, 201);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId',
      summary: 'A tournament: players, rounds and tables, penalties, disputes',
      description: 'ETag: the tournament stream’s revision. A player token of the tournament gets no seeds.',
      tags: ['tournaments'],
      auth: { roles: ['organizer', 'referee', 'player'] },
      params: TournamentParams,
      responses: { 200: { description: 'The tournament as it stands', schema: TournamentView } },
      handler: async ({ params, principal }) => {
        const { state, revision } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        return { body: tournamentView(state, revision, principal.role !== 'player'), revision };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/players',
      summary: 'Register a player',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      params: TournamentParams,
      body: RegisterBody,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: {
        201: { description: 'PlayerRegistered', schema: AppendedEvents },
        409: { description: 'rejected: player-exists, tournament-finished…' },
        422: { description: 'rejected: bad-player-id (substitute-k is the seating’s)' },
      },
      handler: async (ctx) => {
        const { params, body } = ctx;
        const playerId = body.playerId ?? (await freshPlayerId(platform, params.tournamentId, body.name));
        const command = {
          type: 'RegisterPlayer',
          playerId,
          name: body.name,
          at: platform.now(),
          by: byOf(ctx.principal),
        } as const;
        return runTournamentCommand(platform, params.tournamentId, command, ctx, ctx.api.metrics, 201);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/players/:playerId/withdraw',
      summary: 'Withdraw a player from later rounds',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      params: PlayerParams,
      body: WithdrawBody,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: { 200: { description: 'PlayerWithdrawn', schema: AppendedEvents } },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'WithdrawPlayer',
            playerId: ctx.params.playerId,
            reason: ctx.body.reason,
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        ),
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/players/:playerId/replace',
      summary: 'Replace a player by a new one',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      params: PlayerParams,
      body: ReplaceBody,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: { 200: { description: 'PlayerReplaced', schema: AppendedEvents } },
      handler: async (ctx) => {
        const { params, body } = ctx;
        const { replacement } = body;
        const playerId =
          replacement.playerId ?? (await freshPlayerId(platform, params.tournamentId, replacement.name));
        return runTournamentCommand(
          platform,
          params.tournamentId,
          {
            type: 'ReplacePlayer',
            playerId: params.playerId,
            replacement: { playerId, name: replacement.name },
            reason: body.reason,
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        );
      },
    }),
  ];
}

/** The preset with its options; an option the preset refuses is the request's error, named. */
function rulesetFrom(preset: PresetId, options: Record<string, unknown> | undefined) {
  try {
    return rulesetOf(preset, options ?? {});
  } catch (error) {
    if (!(error instanceof RuleInputError)) throw error;
    const path = `body.${error.field}`;
    throw badRequest(`a field is invalid: ${path}`, [{ path, message: error.message }]);
  }
}

async function freshPlayerId(platform: Platform, tournamentId: string, name: string): Promise<string> {
  const { state } = await platform.tournaments.current(tournamentId);
  return uniqueSlug(name, 'player', new Set(state.players.map((p) => p.playerId)));
}

/** The tournament as its officials see it; `secrets` false leaves out the seeds (the tournament’s and rounds’). */
export function tournamentView(state: TournamentState, revision: number, secrets: boolean) {
  return {
    tournamentId: state.tournamentId,
    status: state.status,
    name: state.name,
    ruleset: state.ruleset,
    scoring: state.scoring,
    ...(secrets ? { seed: state.seed } : {}),
    players: state.players,
    rounds: state.rounds.map((round) => ({
      round: round.round,
      phase: round.phase,
      method: round.method,
      end: round.end,
      minutes: round.minutes,
      recording: round.recording,
      ...(secrets && round.seed !== undefined ? { seed: round.seed } : {}),
      endsAt: round.endsAt ?? null,
      tables: round.tables.map((table) => ({
        table: table.table,
        gameId: table.gameId,
        seats: table.seats,
        ruleset: table.ruleset,
        finished: table.finished,
        scores: table.scores ?? null,
        extraMinutes: table.extraMinutes,
        endsAt: tableEndsAt(round, table) ?? null,
      })),
      substitutes: round.substitutes,
      unfinished: round.unfinished,
      cost: round.cost ?? null,
    })),
    penalties: Object.values(state.penalties),
    disputes: Object.values(state.disputes),
    revision,
  };
}
