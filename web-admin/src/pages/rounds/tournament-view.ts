// The tournament as the rounds page reads it (GET /api/tournaments/:id): its players, and its rounds with their
// tables, clocks and seating cost.
import { useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';

export const WINDS = ['E', 'S', 'W', 'N'] as const;
export type Wind = (typeof WINDS)[number];

export type TournamentView = Schemas['Tournament'];
export type ViewPlayer = Schemas['TournamentPlayer'];
export type ViewRound = Schemas['TournamentRound'];
export type ViewTable = Schemas['TournamentTable'];
export type GameEnd = ViewRound['end'];
export type SeatingMethod = ViewRound['method'];
export type Recording = ViewRound['recording'];
/** The seating cost of every round up to one, as seated. */
export type SeatingCost = NonNullable<ViewRound['cost']>;

export const tournamentKey = (tournamentId: string) => ['tournament', tournamentId] as const;

/** The tournament, read again every 10 s while a round plays so that finished tables show without a reload. */
export function useTournament(tournamentId: string) {
  return useQuery({
    queryKey: tournamentKey(tournamentId),
    queryFn: async () =>
      unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } })),
    refetchInterval: (query) =>
      query.state.data?.rounds.some((r) => r.phase === 'started') === true ? 10_000 : false,
  });
}

/** Names by player id; a substitute (`substitute-k`, seated to fill a table) has none registered. */
export type NameOf = (playerId: string) => string;

export function namesOf(view: TournamentView, substitute: (n: string) => string): NameOf {
  const names = new Map(view.players.map((p) => [p.playerId, p.name]));
  return (playerId) => {
    const name = names.get(playerId);
    if (name !== undefined) return name;
    const k = /^substitute-(\d+)$/.exec(playerId)?.[1];
    return k === undefined ? playerId : substitute(k);
  };
}
