// Tokens an organizer hands out: a seat token per player per table of a round (substitutes too: someone plays
// them), and referee tokens. Issuing a round's seat tokens again revokes the ones issued before, so a token
// printed on a lost slip stops working. The issuing routes take no Idempotency-Key: a kept reply would keep the
// raw tokens in the idempotency table, where the token table keeps only their hashes; issuing again is the
// retry. Officials list a tournament's tokens (never the token nor its hash) and revoke them; a seat token
// ends with its game (seatEndedOf).
import type { Kysely } from 'kysely';
import type { Platform } from '../../platform.ts';
import { tournamentOf } from '../../platform.ts';
import {
  issueToken,
  listTokens,
  type PlayerPrincipal,
  type Principal,
  ROLES,
  type Role,
  revokeTokenById,
  type TokenView,
  tokenById,
} from '../auth.ts';
import type { ApiDatabase } from '../db.ts';
import { forbidden, notFound, rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { RoundParams } from './rounds.ts';
import { TournamentParams } from './tournaments.ts';

const SeatTokens = z
  .array(
    z.object({
      playerId: z.string(),
      table: z.int(),
      gameId: z.string(),
      token: z.string(),
      tokenId: z.string(),
    }),
  )
  .openapi('SeatTokens');
const RefereeToken = z
  .object({
    tournamentId: z.string(),
    token: z.string(),
    tokenId: z.string(),
    label: z.string().nullable(),
    expiresAt: z.string(),
  })
  .openapi('RefereeToken');
/** A referee token lives 30 days unless asked otherwise; a year at most. */
const RefereeBody = z
  .object({
    label: z.string().trim().min(1).max(200).optional().openapi({ description: 'Who holds it' }),
    expiresInHours: z
      .int()
      .min(1)
      .max(366 * 24)
      .optional()
      .openapi({ description: 'Default 720 (30 days); at most a year' }),
  })
  .optional()
  .openapi('IssueRefereeToken');

const TokenViewSchema = z
  .object({
    tokenId: z.string(),
    role: z.enum(ROLES),
    label: z.string().nullable(),
    tournamentId: z.string().nullable(),
    gameId: z.string().nullable(),
    playerId: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z
      .string()
      .nullable()
      .openapi({ description: 'null: never by time (seat tokens end with their game)' }),
    revokedAt: z.string().nullable(),
    status: z.enum(['active', 'revoked', 'expired']),
  })
  .openapi('Token');
const TokenPage = z
  .object({
    tokens: z.array(TokenViewSchema),
    next: z
      .string()
      .nullable()
      .openapi({ description: 'Pass as `after` for the next page; null on the last' }),
  })
  .openapi('TokenPage');
const TokenQuery = z.object({
  role: z.enum(ROLES).optional(),
  gameId: z.string().min(1).max(200).optional(),
  active: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'true: only tokens not revoked and not expired' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  after: z.string().min(1).max(100).optional(),
});
const tokenId = z.string().min(1).max(100).openapi({ description: 'The token’s id (never the token)' });
const TournamentTokenParams = TournamentParams.extend({ tokenId });

/**
 * What a principal may revoke among a tournament's tokens: an organizer any of them; a referee the seat
 * tokens and its own token, never an organizer's or another referee's.
 */
function mayRevoke(principal: Principal, token: TokenView): string | undefined {
  if (principal.role === 'organizer') return undefined;
  if (token.role === 'player' || token.tokenId === principal.tokenId) return undefined;
  return token.role === 'organizer'
    ? 'a referee may not revoke an organizer token'
    : 'a referee revokes seat tokens and its own token, not another referee’s';
}

/** The roles a principal sees in a tournament's list: a referee sees what it may revoke. */
const listedRoles = (principal: Principal): readonly Role[] =>
  principal.role === 'organizer' ? ROLES : ['referee', 'player'];

/**
 * Why a seat token sends no more commands, or undefined while its game is on: the game finished (its table
 * recorded, or its GameFinished already in the game stream), or its round closed with the table unfinished.
 */
export const seatEndedOf =
  (platform: Platform) =>
  async ({ tournamentId, gameId }: PlayerPrincipal): Promise<string | undefined> => {
    const { state } = await platform.tournaments.current(tournamentId);
    const round = state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));
    const table = round?.tables.find((t) => t.gameId === gameId);
    if (round?.phase === 'closed') return `round ${round.round} of ${tournamentId} is closed`;
    if (table?.finished === true) return `game ${gameId} is finished`;
    const { game } = await platform.tables.snapshot(gameId);
    if (game.state.phase === 'finished' && tournamentOf(game) === tournamentId)
      return `game ${gameId} is finished`;
    return undefined;
  };

export function tokenRoutes(platform: Platform): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/seat-tokens',
      summary: 'Issue a player token for every seat of a seated round',
      description:
        'Each token is bound to the table’s game and names the player. Calling again issues fresh tokens and ' +
        'revokes the ones issued before for those games and players. The raw tokens are shown only here.',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      params: RoundParams,
      responses: {
        201: { description: 'A token per seated player (substitutes included)', schema: SeatTokens },
        409: { description: 'rejected: round-not-seated' },
      },
      handler: async ({ params, api }) => {
        const { state } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        const round = state.rounds[params.round - 1];
        if (round === undefined || round.tables.length === 0)
          throw rejected(
            {
              code: 'round-not-seated',
              rule: 'seat tokens are issued for a seated round',
              message: `round ${params.round} is not seated`,
            },
            409,
          );
        const issued: z.infer<typeof SeatTokens> = [];
        for (const table of round.tables) {
          const playerIds = Object.values(table.seats);
          await revokeSeatTokens(api.db, params.tournamentId, table.gameId, playerIds);
          for (const playerId of playerIds) {
            const { token, tokenId } = await issueToken(
              api.db,
              { role: 'player', tournamentId: params.tournamentId, gameId: table.gameId, playerId },
              { label: `round ${params.round} table ${table.table}` },
            );
            issued.push({ playerId, table: table.table, gameId: table.gameId, token, tokenId });
          }
        }
        return { status: 201, body: issued };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/referee-tokens',
      summary: 'Issue a referee token for the tournament',
      description:
        'Each call issues one more token; earlier ones stay valid until they expire (30 days unless ' +
        '`expiresInHours` says otherwise) or are revoked.',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      params: TournamentParams,
      body: RefereeBody,
      responses: { 201: { description: 'The token, shown only here', schema: RefereeToken } },
      handler: async ({ params, body, api }) => {
        const { state } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        const now = new Date();
        const { token, tokenId, expiresAt } = await issueToken(
          api.db,
          { role: 'referee', tournamentId: params.tournamentId },
          {
            now,
            ...(body?.label === undefined ? {} : { label: body.label }),
            ...(body?.expiresInHours === undefined
              ? {}
              : { expiresAt: new Date(now.getTime() + body.expiresInHours * 3600_000) }),
          },
        );
        return {
          status: 201,
          body: {
            tournamentId: params.tournamentId,
            token,
            tokenId,
            label: body?.label ?? null,
            expiresAt: expiresAt!,
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/tokens',
      summary:
        'The tournament’s tokens: id, role, label, binding, created, expires, revoked (never the token)',
      description:
        'Organizers of the tournament see every token bound to it; a referee sees the referee and seat ' +
        'tokens. Oldest first, `limit` a page (default 100), `after` the `next` of the page before.',
      tags: ['tokens'],
      auth: { roles: ['organizer', 'referee'] },
      params: TournamentParams,
      query: TokenQuery,
      responses: { 200: { description: 'A page of tokens', schema: TokenPage } },
      handler: async ({ params, query, principal, api }) => {
        const roles = query.role === undefined ? listedRoles(principal) : [query.role];
        if (!listedRoles(principal).includes(query.role ?? 'player'))
          throw forbidden(`a ${principal.role} token does not list ${query.role} tokens`);
        const page = await listTokens(api.db, {
          tournamentId: params.tournamentId,
          roles,
          limit: query.limit,
          activeOnly: query.active === 'true',
          ...(query.gameId === undefined ? {} : { gameId: query.gameId }),
          ...(query.after === undefined ? {} : { after: query.after }),
        });
        return { body: page };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/tokens/:tokenId/revoke',
      summary: 'Revoke one of the tournament’s tokens',
      description:
        'An organizer of the tournament revokes any token bound to it; a referee revokes seat tokens and its ' +
        'own token (403 for an organizer’s or another referee’s). Revoking twice keeps the first time. 404 ' +
        'for a token not bound to this tournament.',
      tags: ['tokens'],
      auth: { roles: ['organizer', 'referee'] },
      params: TournamentTokenParams,
      responses: {
        200: { description: 'The token as it stands now', schema: TokenViewSchema },
        403: { description: 'A referee revoking an organizer’s or another referee’s token' },
        404: { description: 'No such token in this tournament' },
      },
      handler: async ({ params, principal, api }) => {
        const token = await tokenById(api.db, params.tokenId);
        if (token === undefined || token.tournamentId !== params.tournamentId)
          throw notFound(`no token ${params.tokenId} in tournament ${params.tournamentId}`);
        const refusal = mayRevoke(principal, token);
        if (refusal !== undefined) throw forbidden(refusal);
        return { body: await revokeTokenById(api.db, params.tokenId) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tokens',
      summary: 'The global organizer tokens (bound to no tournament): for a global organizer',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      query: TokenQuery.omit({ role: true, gameId: true }),
      responses: { 200: { description: 'A page of tokens', schema: TokenPage } },
      handler: async ({ query, principal, api }) => {
        globalOnly(principal);
        return {
          body: await listTokens(api.db, {
            tournamentId: null,
            limit: query.limit,
            activeOnly: query.active === 'true',
            ...(query.after === undefined ? {} : { after: query.after }),
          }),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tokens/:tokenId/revoke',
      summary: 'Revoke any token, global or bound: for a global organizer',
      description:
        'A global organizer may revoke its own token too; `npm start` then issues a new one at its next start.',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      params: z.object({ tokenId }),
      responses: {
        200: { description: 'The token as it stands now', schema: TokenViewSchema },
        404: { description: 'No such token' },
      },
      handler: async ({ params, principal, api }) => {
        globalOnly(principal);
        const token = await revokeTokenById(api.db, params.tokenId);
        if (token === undefined) throw notFound(`no token ${params.tokenId}`);
        return { body: token };
      },
    }),
  ];
}

function globalOnly(principal: Principal): void {
  if (principal.tournamentId !== undefined)
    throw forbidden(
      `the token is bound to tournament ${principal.tournamentId}: global tokens are for global organizers`,
    );
}

async function revokeSeatTokens(
  db: Kysely<ApiDatabase>,
  tournamentId: string,
  gameId: string,
  playerIds: readonly string[],
): Promise<void> {
  if (playerIds.length === 0) return;
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('role', '=', 'player')
    .where('tournament_id', '=', tournamentId)
    .where('game_id', '=', gameId)
    .where('player_id', 'in', playerIds)
    .where('revoked_at', 'is', null)
    .execute();
}
