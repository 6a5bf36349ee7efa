// What the standings read: the public standings (GET /api/tournaments/:id/standings), the tournament (clubs,
// penalties, scoring, its rounds' tables), the board's stream (to know when points moved) and, for the
// chart, every player's running points (GET /api/tournaments/:id/standings/progress).
import { api, type Schemas } from '../../api/client.ts';
import type { OpenStream } from '../../api/event-stream.ts';
import { unwrap } from '../../api/problem.ts';

export type StandingRow = Schemas['StandingRow'];
export type PenaltyView = Schemas['TournamentPenalty'];
export type TournamentView = Schemas['Tournament'];

export const standingsKey = (tournamentId: string) => ['standings', tournamentId, 'rows'] as const;
// The tournament as the API gives it, under the key the other pages cache it by.
export const tournamentKey = (tournamentId: string) => ['tournament', tournamentId] as const;

export async function fetchStandings(tournamentId: string): Promise<readonly StandingRow[]> {
  const body = unwrap(
    await api.GET('/api/tournaments/{tournamentId}/standings', { params: { path: { tournamentId } } }),
  );
  return body.standings;
}

export async function fetchTournament(tournamentId: string): Promise<TournamentView> {
  return unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } }));
}

/** The board's stream: its events say when some table's points moved. */
export const openBoardStream =
  (tournamentId: string): OpenStream =>
  (signal) =>
    api.GET('/api/tournaments/{tournamentId}/board/stream', {
      params: { path: { tournamentId } },
      headers: { accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    });

/** Every player's running points after each (round, hand): the chart's data, in one read. */
export type StandingsProgress = Schemas['StandingsProgress'];

export const progressKey = (tournamentId: string) => ['standings', tournamentId, 'progress'] as const;

export async function fetchProgress(tournamentId: string): Promise<StandingsProgress> {
  return unwrap(
    await api.GET('/api/tournaments/{tournamentId}/standings/progress', {
      params: { path: { tournamentId } },
    }),
  );
}
