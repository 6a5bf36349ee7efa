// Tokens an organizer hands out: a seat token per player per table of a round (substitutes too: someone plays
// them), a scorer token per table of a round whose hands are entered, the table cards that carry them, and
// referee tokens. Issuing a round's seat or scorer tokens again revokes the ones issued before, so a token
// printed on a lost slip or card stops working. The issuing routes take no Idempotency-Key: a kept reply would
// keep the raw tokens in the idempotency table, where the token table keeps only their hashes; issuing again is
// the retry. Officials list a tournament's tokens (never the token nor its hash) and revoke them; seat and
// scorer tokens end with their game (seatEndedOf, tableEndedOf). Any token asks who it is (`/api/me`).
import type { Kysely } from 'kysely';
import { SEATS } from '../../../domain/rules/seats.ts';
import { tableOfGame } from '../../../domain/tournament/amendments.ts';
import type { Round, TournamentState } from '../../../domain/tournament/index.ts';
import { isSubstitute } from '../../../domain/tournament/seating/index.ts';
import type { Platform } from '../../platform.ts';
import { tournamentOf } from '../../platform.ts';
import { seatWindsOfLoaded } from '../../tables/bot-seats.ts';
import {
  issueToken,
  listTokens,
  type PlayerPrincipal,
  type Principal,
  ROLES,
  type Role,
  revokeTokenById,
  type ScorerPrincipal,
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

const signIn = z.string().openapi({
  description: 'The web app’s sign-in link for the token (relative; the token in the fragment)',
  example: '/sign-in#token=…',
});
const ScorerToken = z.object({
  table: z.int(),
  gameId: z.string(),
  token: z.string(),
  tokenId: z.string(),
  signIn,
});
export const ScorerTokens = z
  .object({
    tournamentId: z.string(),
    round: z.int(),
    tokens: z.array(ScorerToken),
    revoked: z.int().openapi({ description: 'Scorer tokens of the round issued before, revoked now' }),
  })
  .openapi('ScorerTokens');
const CardSeat = z.object({
  seat: z.enum(SEATS).openapi({ description: 'The seat wind for the first hand (E deals first)' }),
  playerId: z.string(),
  name: z.string(),
  club: z.string().nullable(),
  substitute: z.boolean().openapi({ description: 'A seat the seating filled: its results never count' }),
  token: z.string().nullable().openapi({ description: 'The seat token (live rounds only)' }),
  tokenId: z.string().nullable(),
  signIn: signIn.nullable(),
});
export const TableCards = z
  .object({
    tournamentId: z.string(),
    name: z.string(),
    round: z.int(),
    recording: z.enum(['live', 'entered']),
    tables: z.array(
      z.object({
        table: z.int(),
        gameId: z.string(),
        seats: z.array(CardSeat),
        scorer: z
          .object({ token: z.string(), tokenId: z.string(), signIn })
          .nullable()
          .openapi({ description: 'The scorer token (rounds whose hands are entered only)' }),
      }),
    ),
    revoked: z
      .object({ seat: z.int(), scorer: z.int() })
      .openapi({ description: 'Tokens of the round issued before, revoked now' }),
  })
  .openapi('TableCards');
export const Session = z
  .object({
    role: z.enum(ROLES),
    tokenId: z.string(),
    label: z.string().nullable(),
    global: z.boolean().openapi({ description: 'An organizer bound to no tournament' }),
    tournamentId: z.string().nullable(),
    round: z.int().nullable().openapi({ description: 'A scorer’s or player’s round' }),
    table: z.int().nullable(),
    gameId: z.string().nullable(),
    playerId: z.string().nullable(),
    seat: z
      .enum(SEATS)
      .nullable()
      .openapi({ description: 'A player’s seat wind in the hand being played (null between hands)' }),
    expiresAt: z.string().nullable(),
    ended: z.string().nullable().openapi({
      description: 'Why a seat or scorer token sends no more commands (its game finished, its round closed)',
    }),
  })
  .openapi('Session');

const TokenViewSchema = z
  .object({
    tokenId: z.string(),
    role: z.enum(ROLES),
    label: z.string().nullable(),
    tournamentId: z.string().nullable(),
    gameId: z.string().nullable(),
    playerId: z.string().nullable(),
    round: z.int().nullable().openapi({ description: 'A scorer token’s round' }),
    table: z.int().nullable().openapi({ description: 'A scorer token’s table' }),
    createdAt: z.string(),
    expiresAt: z
      .string()
      .nullable()
      .openapi({ description: 'null: never by time (seat and scorer tokens end with their game)' }),
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
 * What a principal may revoke among a tournament's tokens: an organizer any of them; a referee the seat and
 * scorer tokens (a card lost at a table) and its own token, never an organizer's or another referee's.
 */
function mayRevoke(principal: Principal, token: TokenView): string | undefined {
  if (principal.role === 'organizer') return undefined;
  if (token.role === 'player' || token.role === 'scorer' || token.tokenId === principal.tokenId)
    return undefined;
  return token.role === 'organizer'
    ? 'a referee may not revoke an organizer token'
    : 'a referee revokes seat and scorer tokens and its own token, not another referee’s';
}

/** The roles a principal sees in a tournament's list: a referee sees what it may revoke. */
const listedRoles = (principal: Principal): readonly Role[] =>
  principal.role === 'organizer' ? ROLES : ['referee', 'player', 'scorer'];

/** Where a token printed on a table card signs in: the web app's page, the token in the fragment (never sent
 * to the server, so it reaches no access log). Relative: the app puts its own origin in front. */
export const signInLink = (token: string): string => `/sign-in#token=${token}`;

/**
 * Why a seat or scorer token sends no more commands, or undefined while its game is on: the game finished (its
 * table recorded, or its GameFinished already in the game stream), or its round closed with the table
 * unfinished.
 */
const gameEndedOf =
  (platform: Platform) =>
  async ({ tournamentId, gameId }: { tournamentId: string; gameId: string }): Promise<string | undefined> => {
    // Read together: on a store shared with other processes each is a read of the store, before every command.
    const [{ state }, { game }] = await Promise.all([
      platform.tournaments.current(tournamentId),
      platform.tables.snapshot(gameId),
    ]);
    const round = state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));
    const table = round?.tables.find((t) => t.gameId === gameId);
    if (round?.phase === 'closed') return `round ${round.round} of ${tournamentId} is closed`;
    if (table?.finished === true) return `game ${gameId} is finished`;
    if (game.state.phase === 'finished' && tournamentOf(game) === tournamentId)
      return `game ${gameId} is finished`;
    return undefined;
  };

/** Why a seat token sends no more commands (its game ended), or undefined: AppDeps.seatEnded. */
export const seatEndedOf =
  (platform: Platform) =>
  (principal: PlayerPrincipal): Promise<string | undefined> =>
    gameEndedOf(platform)(principal);

/** Why a scorer token enters no more hands (its game ended, its round closed), or undefined. */
export const tableEndedOf =
  (platform: Platform) =>
  (principal: ScorerPrincipal): Promise<string | undefined> =>
    gameEndedOf(platform)(principal);

/** A round that has tables and is not closed: what a round's tokens are issued for. */
async function seatedRound(
  platform: Platform,
  tournamentId: string,
  roundNumber: number,
): Promise<{ state: TournamentState; round: Round }> {
  const { state } = await platform.tournaments.current(tournamentId);
  if (state.status === 'not-created') throw notFound(`no tournament ${tournamentId}`);
  const round = state.rounds[roundNumber - 1];
  if (round === undefined || round.tables.length === 0)
    throw rejected(
      {
        code: 'round-not-seated',
        rule: 'a round’s tokens are issued once it is seated',
        message: `round ${roundNumber} is not seated`,
      },
      409,
    );
  if (round.phase === 'closed')
    throw rejected(
      {
        code: 'round-closed',
        rule: 'a closed round’s tables take no more commands',
        message: `round ${roundNumber} is closed`,
      },
      409,
    );
  return { state, round };
}

const PLAYED_LIVE_RULE =
  'a scorer enters the hands of a round recorded by entry; at a live table the seats play';

export function tokenRoutes(platform: Platform): Route[] {
  const tableEnded = tableEndedOf(platform);
  const seatEnded = seatEndedOf(platform);
  return [
    defineRoute({
      method: 'get',
      path: '/api/me',
      summary: 'Who the token speaks for: role, bindings, expiry',
      description:
        'For any valid token. A player’s round, table and seat (this hand’s wind) and a scorer’s round and ' +
        'table; `ended` says why a seat or scorer token sends no more commands. The web app decides its ' +
        'navigation from it.',
      tags: ['tokens'],
      auth: { roles: ROLES },
      responses: { 200: { description: 'The session', schema: Session } },
      handler: async ({ principal, api }) => {
        const token = await tokenById(api.db, principal.tokenId);
        const base = {
          role: principal.role,
          tokenId: principal.tokenId,
          label: token?.label ?? null,
          global: principal.role === 'organizer' && principal.tournamentId === undefined,
          tournamentId: principal.tournamentId ?? null,
          round: null,
          table: null,
          gameId: null,
          playerId: null,
          seat: null,
          expiresAt: token?.expiresAt ?? null,
          ended: null,
        };
        switch (principal.role) {
          case 'organizer':
          case 'referee':
            return { body: base };
          case 'scorer': {
            const { round, table, gameId } = principal;
            return { body: { ...base, round, table, gameId, ended: (await tableEnded(principal)) ?? null } };
          }
          case 'player': {
            const { state } = await platform.tournaments.current(principal.tournamentId);
            const found = tableOfGame(state, principal.gameId);
            const { hand } = await platform.tables.snapshot(principal.gameId);
            const winds = seatWindsOfLoaded(hand);
            return {
              body: {
                ...base,
                round: found?.round.round ?? null,
                table: found?.table.table ?? null,
                gameId: principal.gameId,
                playerId: principal.playerId,
                seat: SEATS.find((s) => winds[s] === principal.playerId) ?? null,
                ended: (await seatEnded(principal)) ?? null,
              },
            };
          }
        }
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/scorer-tokens',
      summary: 'Issue a scorer token for every table of a round whose hands are entered',
      description:
        'Each token is bound to one table (its game): it previews and enters that table’s hands and reads its ' +
        'table, nothing else, and ends with the game (or the round’s close). Calling again revokes the round’s ' +
        'scorer tokens issued before (`revoked`), so a lost card stops working: one live scorer token per table. ' +
        'The raw tokens are shown only here.',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      params: RoundParams,
      responses: {
        201: { description: 'A token per table', schema: ScorerTokens },
        404: { description: 'No such tournament' },
        409: {
          description: 'rejected: round-not-seated, round-closed, played-live (a live round has no scorer)',
        },
      },
      handler: async ({ params, api }) => {
        const { round } = await seatedRound(platform, params.tournamentId, params.round);
        if (round.recording !== 'entered')
          throw rejected(
            {
              code: 'played-live',
              rule: PLAYED_LIVE_RULE,
              message: `round ${round.round} is played live: its tables have no scorer`,
            },
            409,
          );
        const { tokens, revoked } = await issueScorerTokens(api.db, params.tournamentId, round);
        return {
          status: 201,
          body: { tournamentId: params.tournamentId, round: round.round, tokens, revoked },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/rounds/:round/table-cards',
      summary: 'The table cards of a seated round, with fresh tokens to print',
      description:
        'Per table: its number, its players by seat wind (names and clubs) and the tokens for the card, each ' +
        'with its sign-in link (`/sign-in#token=…`, for a QR code). A round whose hands are entered gets a ' +
        'scorer token per table and no seat tokens (its players send nothing); a live round a seat token per ' +
        'seat. Issuing the cards again revokes every seat and scorer token of the round’s tables issued ' +
        'before (`revoked`): only the latest cards work. The raw tokens are shown only here.',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      params: RoundParams,
      responses: {
        201: { description: 'The cards', schema: TableCards },
        404: { description: 'No such tournament' },
        409: { description: 'rejected: round-not-seated, round-closed' },
      },
      handler: async ({ params, api }) => {
        const { state, round } = await seatedRound(platform, params.tournamentId, params.round);
        const entered = round.recording === 'entered';
        const revokedSeats = await revokeRoundSeatTokens(
          api.db,
          params.tournamentId,
          round.tables.map((t) => t.gameId),
        );
        const scorers = entered ? await issueScorerTokens(api.db, params.tournamentId, round) : undefined;
        const tables: z.infer<typeof TableCards>['tables'] = [];
        for (const table of round.tables) {
          const seats: z.infer<typeof CardSeat>[] = [];
          for (const seat of SEATS) {
            const playerId = table.seats[seat];
            if (playerId === undefined) continue;
            const player = state.players.find((p) => p.playerId === playerId);
            const issued = entered
              ? undefined
              : await issueToken(
                  api.db,
                  { role: 'player', tournamentId: params.tournamentId, gameId: table.gameId, playerId },
                  { label: `round ${round.round} table ${table.table}` },
                );
            seats.push({
              seat,
              playerId,
              name: player?.name ?? playerId,
              club: player?.club ?? null,
              substitute: isSubstitute(playerId),
              token: issued?.token ?? null,
              tokenId: issued?.tokenId ?? null,
              signIn: issued === undefined ? null : signInLink(issued.token),
            });
          }
          const scorer = scorers?.tokens.find((t) => t.table === table.table);
          tables.push({
            table: table.table,
            gameId: table.gameId,
            seats,
            scorer:
              scorer === undefined
                ? null
                : { token: scorer.token, tokenId: scorer.tokenId, signIn: scorer.signIn },
          });
        }
        return {
          status: 201,
          body: {
            tournamentId: params.tournamentId,
            name: state.name,
            round: round.round,
            recording: round.recording,
            tables,
            revoked: { seat: revokedSeats, scorer: scorers?.revoked ?? 0 },
          },
        };
      },
    }),
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

/** Revokes the round's scorer tokens issued before, then issues one per table. */
async function issueScorerTokens(
  db: Kysely<ApiDatabase>,
  tournamentId: string,
  round: Round,
): Promise<{ tokens: z.infer<typeof ScorerToken>[]; revoked: number }> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('role', '=', 'scorer')
    .where('tournament_id', '=', tournamentId)
    .where('round_number', '=', round.round)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  const tokens: z.infer<typeof ScorerToken>[] = [];
  for (const table of round.tables) {
    const { token, tokenId } = await issueToken(
      db,
      { role: 'scorer', tournamentId, round: round.round, table: table.table, gameId: table.gameId },
      { label: `scorer: round ${round.round} table ${table.table}` },
    );
    tokens.push({ table: table.table, gameId: table.gameId, token, tokenId, signIn: signInLink(token) });
  }
  return { tokens, revoked: Number(result.numUpdatedRows) };
}

/** Revokes every seat token bound to the games (whoever sits there now: a reseated round moves players). */
async function revokeRoundSeatTokens(
  db: Kysely<ApiDatabase>,
  tournamentId: string,
  gameIds: readonly string[],
): Promise<number> {
  if (gameIds.length === 0) return 0;
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: new Date().toISOString() })
    .where('role', '=', 'player')
    .where('tournament_id', '=', tournamentId)
    .where('game_id', 'in', gameIds)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
