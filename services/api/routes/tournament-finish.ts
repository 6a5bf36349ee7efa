// POST /api/tournaments/:tournamentId/finish: the organizer ends the tournament. The decider refuses while a
// round is started (409 round-open) or a dispute is unruled (409 dispute-open); once finished, no player,
// round, penalty or dispute can be recorded (409 tournament-finished). An amendment of the rules still can
// (the decider's choice: its recompute carries through to the final standings, on the record).
import type { Platform } from '../../platform.ts';
import { defineRoute, type Route } from '../route.ts';
import { AppendedEvents, byOf, runTournamentCommand } from './tournament-command.ts';
import { TournamentParams } from './tournaments.ts';

export function tournamentFinishRoutes(platform: Platform): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/tournaments/:tournamentId/finish',
      summary: 'Finish the tournament',
      description:
        'Refused while a round is started or a dispute is open (409). Afterwards no player, round, penalty ' +
        'or dispute can be recorded (409 tournament-finished); an amendment of the rules still can.',
      tags: ['tournaments'],
      auth: { roles: ['organizer'] },
      params: TournamentParams,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: {
        200: { description: 'TournamentFinished', schema: AppendedEvents },
        409: { description: 'rejected: round-open, dispute-open, tournament-finished, not-created' },
      },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          { type: 'FinishTournament', at: platform.now(), by: byOf(ctx.principal) },
          ctx,
          ctx.api.metrics,
        ),
    }),
  ];
}
