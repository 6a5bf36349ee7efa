// What the table cards page reads and sends: the round as the tournament holds it (to say what issuing will
// make), and POST …/rounds/:round/table-cards (services/api/routes/tokens.ts), which issues the round's
// tokens afresh and answers the cards. The tokens are secrets: they live in this page's memory only, never in
// the query cache or storage, and are gone when the page is left.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';

export type TableCards = Schemas['TableCards'];
export type Card = TableCards['tables'][number];
export type Wind = Card['seats'][number]['seat'];

/** The tournament's name and the round's phase, recording and table count. */
export function useRoundOfTournament(tournamentId: string, round: number) {
  return useQuery({
    queryKey: ['tournament', tournamentId],
    queryFn: async () =>
      unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } })),
    select: (view) => ({ name: view.name, round: view.rounds[round - 1] }),
  });
}

export function useIssueCards(tournamentId: string, round: number) {
  return useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/tournaments/{tournamentId}/rounds/{round}/table-cards', {
          params: { path: { tournamentId, round } },
        }),
      ),
    // Kept by no cache once the page lets go of it: the raw tokens are shown only here.
    gcTime: 0,
  });
}

/** The full sign-in link a phone's camera opens: this app's origin and the API's relative link. */
export const signInUrl = (relative: string): string => new URL(relative, window.location.origin).href;
