// What the standings read: the public standings (GET /api/tournaments/:id/standings), the tournament (clubs,
// penalties, scoring, its rounds' tables), the board's stream (to know when points moved) and, for the
// chart, each game's hand count (GET /api/games/:id) and each hand's replay.
import { api, type Schemas } from '../../api/client.ts';
import type { OpenStream } from '../../api/event-stream.ts';
import { ApiProblem, unwrap } from '../../api/problem.ts';

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

export interface GameHands {
  /** Hands 1 to this are over: each has a replay with its payments. */
  readonly handsOver: number;
  readonly finished: boolean;
}

export async function fetchGameHands(gameId: string): Promise<GameHands> {
  const game = unwrap(await api.GET('/api/games/{gameId}', { params: { path: { gameId } } }));
  // `hand` is the hand being played, or the next to enter (no stream yet), or the game's last once it ended.
  return {
    handsOver: game.handPhase === 'ended' ? game.hand : Math.max(0, game.hand - 1),
    finished: game.phase === 'finished',
  };
}

/** A replay's payments and who held each seat: all the chart needs of it. */
export interface ReplayPayments {
  readonly over: boolean;
  readonly payments: readonly {
    readonly inForce: boolean;
    readonly transfers: readonly { readonly from: string; readonly to: string; readonly points: number }[];
  }[];
  /** Seat → player. */
  readonly seats: Readonly<Record<string, string>>;
}

/** A hand's replay, cut down to its payments; null for a hand not dealt (404). */
export async function fetchReplayPayments(gameId: string, hand: number): Promise<ReplayPayments | null> {
  try {
    const replay = unwrap(
      await api.GET('/api/games/{gameId}/hands/{hand}/replay', { params: { path: { gameId, hand } } }),
    );
    const seats = replay.steps.at(-1)?.table.seats ?? {};
    return {
      over: replay.over,
      payments: replay.payments.map((p) => ({ inForce: p.inForce, transfers: p.transfers })),
      seats: Object.fromEntries(Object.entries(seats).map(([seat, s]) => [seat, s.player])),
    };
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) return null;
    throw error;
  }
}
