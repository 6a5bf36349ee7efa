// What the board reads: the public board (GET /api/tournaments/:id/board, and its stream) and, for names, the
// tournament (GET /api/tournaments/:id): the board names players by id only.
import { api, type Schemas } from '../../api/client.ts';
import type { OpenStream } from '../../api/event-stream.ts';
import { unwrap } from '../../api/problem.ts';

export type Board = Schemas['Board'];
export type BoardTable = Schemas['BoardTable'];
export type Tournament = Schemas['Tournament'];

export const boardKey = (tournamentId: string) => ['board', tournamentId, 'snapshot'] as const;
// The tournament as the API gives it, under the key the other pages cache it by.
export const tournamentKey = (tournamentId: string) => ['tournament', tournamentId] as const;

export interface BoardSnapshot {
  readonly board: Board;
  /** The server's clock less this browser's: the tables' deadlines are the server's. */
  readonly serverOffsetMs: number;
}

export async function fetchBoard(tournamentId: string): Promise<BoardSnapshot> {
  const result = await api.GET('/api/tournaments/{tournamentId}/board', {
    params: { path: { tournamentId } },
  });
  const board = unwrap(result);
  const date = Date.parse(result.response.headers.get('date') ?? '');
  // The Date header counts whole seconds: its middle is the best guess.
  return { board, serverOffsetMs: Number.isNaN(date) ? 0 : date + 500 - Date.now() };
}

export async function fetchTournament(tournamentId: string): Promise<Tournament> {
  return unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } }));
}

/** The board as server-sent events (`board`: the whole board, at once and after each change). */
export const openBoardStream =
  (tournamentId: string): OpenStream =>
  (signal) =>
    api.GET('/api/tournaments/{tournamentId}/board/stream', {
      params: { path: { tournamentId } },
      headers: { accept: 'text/event-stream' },
      parseAs: 'stream',
      signal,
    });
