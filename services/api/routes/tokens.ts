// Tokens an organizer hands out: a seat token per player per table of a round (substitutes too: someone plays
// them), and referee tokens. Issuing a round's seat tokens again revokes the ones issued before, so a token
// printed on a lost slip stops working. These routes take no Idempotency-Key: a kept reply would keep the raw
// tokens in the idempotency table, where the token table keeps only their hashes; issuing again is the retry.
import type { Kysely } from 'kysely';
import type { Platform } from '../../platform.ts';
import { issueToken } from '../auth.ts';
import type { ApiDatabase } from '../db.ts';
import { notFound, rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { RoundParams } from './rounds.ts';
import { TournamentParams } from './tournaments.ts';

const SeatTokens = z
  .array(z.object({ playerId: z.string(), table: z.int(), gameId: z.string(), token: z.string() }))
  .openapi('SeatTokens');
const RefereeToken = z.object({ tournamentId: z.string(), token: z.string() }).openapi('RefereeToken');
const RefereeBody = z
  .object({ label: z.string().trim().min(1).max(200).optional().openapi({ description: 'Who holds it' }) })
  .optional()
  .openapi('IssueRefereeToken');

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
            const { token } = await issueToken(
              api.db,
              { role: 'player', tournamentId: params.tournamentId, gameId: table.gameId, playerId },
              { label: `round ${params.round} table ${table.table}` },
            );
            issued.push({ playerId, table: table.table, gameId: table.gameId, token });
          }
        }
        return { status: 201, body: issued };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/referee-tokens',
      summary: 'Issue a referee token for the tournament',
      description: 'Each call issues one more token; earlier ones stay valid.',
      tags: ['tokens'],
      auth: { roles: ['organizer'] },
      params: TournamentParams,
      body: RefereeBody,
      responses: { 201: { description: 'The token, shown only here', schema: RefereeToken } },
      handler: async ({ params, body, api }) => {
        const { state } = await platform.tournaments.current(params.tournamentId);
        if (state.status === 'not-created') throw notFound(`no tournament ${params.tournamentId}`);
        const { token } = await issueToken(
          api.db,
          { role: 'referee', tournamentId: params.tournamentId },
          body?.label === undefined ? {} : { label: body.label },
        );
        return { status: 201, body: { tournamentId: params.tournamentId, token } };
      },
    }),
  ];
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
