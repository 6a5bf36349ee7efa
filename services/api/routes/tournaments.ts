// Tournaments and their players over HTTP: an organizer creates a tournament, lists those it may see, and
// registers (one by one, or a CSV list at once), withdraws and replaces players; officials read it all, a
// player or scorer of the tournament reads it without the seed (walls and seatings derive from it, so it would
// let a player foresee them). A name another player has already is registered as given and flagged in the
// reply (`duplicateNames`), never renamed; an import with such names waits for the organizer's confirmation.
import { randomBytes } from 'node:crypto';
import { RuleInputError } from '../../../domain/rules/errors.ts';
import { PRESET_IDS, type PresetId, rulesetOf } from '../../../domain/rules/rulesets/index.ts';
import type { TournamentState } from '../../../domain/tournament/index.ts';
import { tableEndsAt, tournamentStream } from '../../../domain/tournament/index.ts';
import type { Platform } from '../../platform.ts';
import type { Principal } from '../auth.ts';
import { badRequest, forbidden, notFound, ProblemError } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { generatedId, idField, uniqueSlug } from './ids.ts';
import { duplicateNames, MAX_IMPORT_ROWS, playersOfCsv, withIds } from './players-import.ts';
import { AppendedEvents, byOf, runTournamentCommand } from './tournament-command.ts';
import {
  TournamentDispute,
  TournamentPenalty,
  TournamentPlayer,
  TournamentRound,
  TournamentRuleset,
  TournamentScoring,
} from './view-schemas.ts';

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
        z.object({
          kind: z.literal('table-points'),
          values: z
            .array(z.int().min(-1_000_000).max(1_000_000))
            .min(2)
            .max(4)
            .superRefine((values, ctx) => {
              const rising = values.findIndex((v, i) => i > 0 && v > values[i - 1]!);
              if (rising !== -1)
                ctx.addIssue({
                  code: 'custom',
                  path: [rising],
                  message: `place ${rising + 1} earns more than place ${rising}: first place first, none above a better place`,
                });
            })
            .optional()
            .openapi({
              description:
                'Per place, first place first, of any sign (uma: [15, 5, -5, -15]); default [4, 2, 1, 0]',
              example: [15, 5, -5, -15],
            }),
        }),
      ])
      .optional(),
    seed: z.string().min(1).max(200).optional().openapi({
      description: 'Seatings and walls derive from it; random when absent. Never shown to players',
    }),
  })
  .openapi('CreateTournament');

const club = z.string().trim().min(1).max(200).openapi({ description: 'Club, team or city' });
const RegisterBody = z
  .object({ playerId: idField('Else a slug of the name').optional(), name, club: club.optional() })
  .openapi('RegisterPlayer');
const WithdrawBody = z.object({ reason: reasonField }).openapi('WithdrawPlayer');
const ReplaceBody = z
  .object({
    replacement: z.object({
      playerId: idField('Else a slug of the name').optional(),
      name,
      club: club.optional(),
    }),
    reason: reasonField,
  })
  .openapi('ReplacePlayer');

export const TournamentView = z
  .object({
    tournamentId: z.string(),
    status: z.enum(['open', 'finished']),
    name: z.string(),
    ruleset: TournamentRuleset,
    scoring: TournamentScoring,
    seed: z.string().optional().openapi({ description: 'Organizers and referees only' }),
    players: z.array(TournamentPlayer),
    rounds: z.array(TournamentRound),
    penalties: z.array(TournamentPenalty),
    disputes: z.array(TournamentDispute),
    revision: z.int(),
  })
  .openapi('Tournament');

const DuplicateNames = z
  .array(
    z.object({
      name: z.string(),
      playerIds: z.array(z.string()).openapi({ description: 'Every player of the name: earlier ones first' }),
      rows: z
        .array(z.int())
        .openapi({ description: 'The import’s rows of the name (empty for one registration)' }),
    }),
  )
  .openapi('DuplicateNames', {
    description:
      'Names another player has already (or two new ones share), case and spacing aside: flagged, never renamed',
  });
export const PlayersRegistered = AppendedEvents.extend({ duplicateNames: DuplicateNames }).openapi(
  'PlayersRegistered',
);

const ImportQuery = z.object({
  allowDuplicateNames: z.enum(['true', 'false']).optional().openapi({
    description: 'true: register names already registered (or twice in the file) as they are, flagged',
  }),
  dryRun: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: check the file and answer what would be registered; nothing is written' }),
});
const ImportJson = z
  .object({ csv: z.string().min(1).openapi({ description: 'The CSV text' }) })
  .openapi('ImportPlayers', {
    description:
      'Or send the CSV itself as text/csv. Header row: name (required), id, club (optional), any order and case.',
  });
export const ImportReply = z
  .object({
    dryRun: z.boolean(),
    players: z.array(
      z.object({ row: z.int(), playerId: z.string(), name: z.string(), club: z.string().nullable() }),
    ),
    duplicateNames: DuplicateNames,
    events: AppendedEvents.shape.events,
    revision: z.int().openapi({ description: 'The tournament stream’s revision after the import (ETag)' }),
  })
  .openapi('PlayersImported');

const TournamentSummary = z
  .object({
    tournamentId: z.string(),
    name: z.string(),
    status: z.enum(['open', 'finished']),
    players: z.int().openapi({ description: 'Registered, withdrawn and replaced ones included' }),
    activePlayers: z.int(),
    rounds: z.int().openapi({ description: 'Rounds scheduled' }),
    currentRound: z
      .object({ round: z.int(), phase: z.enum(['scheduled', 'seated', 'started', 'closed']) })
      .nullable(),
    createdAt: z.string(),
    revision: z.int(),
  })
  .openapi('TournamentSummary');
export const TournamentList = z.object({ tournaments: z.array(TournamentSummary) }).openapi('TournamentList');

export function tournamentRoutes(platform: Platform): Route[] {
  const known = tournamentIndex(platform);
  return [
    defineRoute({
      method: 'get',
      path: '/api/tournaments',
      summary: 'The tournaments the token may see: id, name, status, players, rounds, created',
      description:
        'A global organizer sees every tournament; an organizer or referee bound to one sees that one. Newest ' +
        'first.',
      tags: ['tournaments'],
      auth: { roles: ['organizer', 'referee'] },
      responses: { 200: { description: 'The tournaments', schema: TournamentList } },
      handler: async ({ principal }) => {
        const ids = principal.tournamentId === undefined ? await known() : [principal.tournamentId];
        const found: { position: bigint; summary: z.infer<typeof TournamentSummary> }[] = [];
        for (const id of ids) {
          const { state, revision, stored } = await platform.tournaments.current(id);
          if (state.status === 'not-created') continue;
          const current = state.rounds.at(-1);
          found.push({
            position: stored[0]?.position ?? 0n,
            summary: {
              tournamentId: state.tournamentId,
              name: state.name,
              status: state.status,
              players: state.players.length,
              activePlayers: state.players.filter((p) => p.status === 'active').length,
              rounds: state.rounds.length,
              currentRound: current === undefined ? null : { round: current.round, phase: current.phase },
              createdAt: stored[0]?.recordedAt ?? '',
              revision,
            },
          });
        }
        // Newest first: the order of creation in the store, exact where two share a millisecond.
        found.sort((a, b) => (a.position < b.position ? 1 : a.position > b.position ? -1 : 0));
        return { body: { tournaments: found.map((f) => f.summary) } };
      },
    }),
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
      description:
        'ETag: the tournament stream’s revision. A player or scorer token of the tournament gets no seeds.',
      tags: ['tournaments'],
      auth: { roles: ['organizer', 'referee', 'player', 'scorer'] },
      params: TournamentParams,
      responses: { 200: { description: 'The tournament as it stands', schema: TournamentView } },
      handler: async ({ params, principal }) => {
        const { state, revision } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        return { body: tournamentView(state, revision, isOfficial(principal)), revision };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/players',
      summary: 'Register a player',
      description:
        'A name another player of the tournament has already is registered as given; `duplicateNames` flags it.',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      params: TournamentParams,
      body: RegisterBody,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: {
        201: { description: 'PlayerRegistered, and the names flagged', schema: PlayersRegistered },
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
          ...(body.club === undefined ? {} : { club: body.club }),
          at: platform.now(),
          by: byOf(ctx.principal),
        } as const;
        const reply = await runTournamentCommand(
          platform,
          params.tournamentId,
          command,
          ctx,
          ctx.api.metrics,
          201,
        );
        const { state } = await platform.tournaments.current(params.tournamentId);
        return {
          ...reply,
          body: {
            ...reply.body,
            duplicateNames: duplicateNames(state.players, [{ playerId, name: body.name }]),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/players/import',
      summary: 'Register a list of players from CSV: all of them, or none',
      description:
        'The body is the CSV (`text/csv`) or `{ csv }`. Header row: `name` (required), `id`, `club` (optional), ' +
        'in any order and case; one player a row, blank rows skipped, at most ' +
        `${MAX_IMPORT_ROWS}. A row without an id gets a slug of its name. Every row is checked first: a bad ` +
        'one is 400 naming its row and field (`body.csv.<row>.<field>`, the header being row 1), an id ' +
        'already registered 409 `player-exists`; nothing is written. A name already registered, or twice in ' +
        'the file, is 409 `duplicate-names` listing them, unless `allowDuplicateNames=true`: then they are ' +
        'registered as given (never renamed) and flagged in `duplicateNames`. `dryRun=true` answers what would ' +
        'be registered, duplicates included, and writes nothing.',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      params: TournamentParams,
      query: ImportQuery,
      bodyDocumented: ImportJson,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: {
        200: { description: 'dryRun: what would be registered', schema: ImportReply },
        201: { description: 'PlayerRegistered for each row, in file order', schema: ImportReply },
        404: { description: 'No such tournament' },
        409: { description: 'rejected: player-exists (with the row), duplicate-names, tournament-finished' },
      },
      handler: async (ctx) => {
        const { params, query } = ctx;
        const csv = csvOfBody(ctx.body);
        const parsed = playersOfCsv(csv);
        if (!parsed.ok)
          throw badRequest(
            `the CSV has ${parsed.problems.length === 1 ? 'a bad row' : 'bad rows'}: ${parsed.problems
              .map((p) => `row ${p.row} ${p.field}`)
              .join(', ')}`,
            parsed.problems.map((p) => ({ path: `body.csv.${p.row}.${p.field}`, message: p.message })),
          );
        const { state, revision } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        const registered = new Set(state.players.map((p) => p.playerId));
        const taken = parsed.players.filter((p) => p.playerId !== undefined && registered.has(p.playerId));
        if (taken.length > 0)
          throw new ProblemError(
            409,
            'rejected',
            `already registered: ${taken.map((p) => `${p.playerId} (row ${p.row})`).join(', ')}`,
            {
              rejection: { code: 'player-exists', rule: PLAYER_RULE },
              errors: taken.map((p) => ({
                path: `body.csv.${p.row}.id`,
                message: `${p.playerId} is registered`,
              })),
            },
          );
        const players = withIds(parsed.players, registered);
        const flagged = duplicateNames(state.players, players);
        const listed = players.map((p) => ({
          row: p.row,
          playerId: p.playerId,
          name: p.name,
          club: p.club ?? null,
        }));
        if (query.dryRun === 'true')
          return {
            revision,
            body: { dryRun: true, players: listed, duplicateNames: flagged, events: [], revision },
          };
        if (flagged.length > 0 && query.allowDuplicateNames !== 'true')
          throw new ProblemError(
            409,
            'rejected',
            `names registered already or twice in the file: ${flagged.map((d) => d.name).join(', ')}; ` +
              'send allowDuplicateNames=true to register them as they are',
            { rejection: { code: 'duplicate-names', rule: DUPLICATE_RULE }, duplicateNames: flagged },
          );
        const reply = await runTournamentCommand(
          platform,
          params.tournamentId,
          {
            type: 'RegisterPlayers',
            players: players.map((p) => ({
              playerId: p.playerId,
              name: p.name,
              ...(p.club === undefined ? {} : { club: p.club }),
            })),
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
          201,
        );
        return { ...reply, body: { dryRun: false, players: listed, duplicateNames: flagged, ...reply.body } };
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
            replacement: {
              playerId,
              name: replacement.name,
              ...(replacement.club === undefined ? {} : { club: replacement.club }),
            },
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

const PLAYER_RULE = 'each player is registered once, under one id that is not a substitute’s (substitute-k)';
const DUPLICATE_RULE =
  'a name already registered, or twice in one list, is registered only when the organizer says so: never renamed';

/** Officials see the seeds; a player or scorer does not. */
const isOfficial = (principal: Principal): boolean =>
  principal.role === 'organizer' || principal.role === 'referee';

/** The CSV of an import: the text/csv body itself, or `{ csv }` in JSON. */
function csvOfBody(body: unknown): string {
  if (typeof body === 'string' && body.trim() !== '') return body;
  const parsed = ImportJson.safeParse(body);
  if (parsed.success) return parsed.data.csv;
  const object = typeof body === 'object' && body !== null;
  throw badRequest('send the CSV as text/csv, or as JSON { "csv": "…" }', [
    { path: object ? 'body.csv' : 'body', message: 'a CSV text is required' },
  ]);
}

/**
 * Every tournament's id, from TournamentCreated in the store's log: read once from the start, then only what
 * came since (the read models are not at hand here; tournaments are few, the log is read in pages).
 */
function tournamentIndex(platform: Platform): () => Promise<string[]> {
  const ids = new Set<string>();
  let after = 0n;
  let reading: Promise<unknown> = Promise.resolve();
  const catchUp = async () => {
    for (;;) {
      const page = await platform.store.readAll({ after, limit: 2000 });
      if (page.length === 0) return;
      for (const event of page)
        if (event.type === 'TournamentCreated' && event.stream.startsWith(tournamentStream('')))
          ids.add(event.stream.slice(tournamentStream('').length));
      after = page.at(-1)!.position;
    }
  };
  return async () => {
    const done = reading.then(catchUp);
    reading = done.catch(() => undefined);
    await done;
    return [...ids];
  };
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
