// Who is signed in: the token's principal as the API reports it (GET /api/me). Navigation, and which pages a
// role may open, are read from here; the API still decides every request on its own.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { api, setToken } from '../api/client.ts';
import { ApiProblem, unwrap } from '../api/problem.ts';
import { storedToken, storeToken } from './token-store.ts';

export type Principal = Awaited<ReturnType<typeof fetchPrincipal>>;
export type Role = Principal['role'];

async function fetchPrincipal() {
  return unwrap(await api.GET('/api/me'));
}

interface Session {
  readonly principal: Principal | undefined;
  readonly status: 'signed-out' | 'checking' | 'signed-in';
  /** Checks the token with the API, and keeps it when it is good; throws the API's problem otherwise. */
  readonly signIn: (token: string) => Promise<Principal>;
  readonly signOut: () => void;
}

const SessionContext = createContext<Session | undefined>(undefined);

export function SessionProvider({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const [token, setCurrentToken] = useState(() => {
    const stored = storedToken();
    setToken(stored);
    return stored;
  });
  const me = useQuery({
    queryKey: ['session', token],
    queryFn: fetchPrincipal,
    enabled: token !== undefined,
    retry: (count, error) => !(error instanceof ApiProblem && error.status < 500) && count < 2,
    staleTime: 60_000,
  });

  const signIn = useCallback(
    async (next: string) => {
      setToken(next);
      try {
        const principal = await fetchPrincipal();
        storeToken(next);
        queryClient.clear();
        queryClient.setQueryData(['session', next], principal);
        setCurrentToken(next);
        return principal;
      } catch (error) {
        setToken(token);
        throw error;
      }
    },
    [queryClient, token],
  );

  const signOut = useCallback(() => {
    storeToken(undefined);
    setToken(undefined);
    queryClient.clear();
    setCurrentToken(undefined);
  }, [queryClient]);

  const value = useMemo<Session>(() => {
    const refused = me.error instanceof ApiProblem && (me.error.status === 401 || me.error.status === 403);
    const status =
      token === undefined || refused ? 'signed-out' : me.data === undefined ? 'checking' : 'signed-in';
    return { principal: status === 'signed-in' ? me.data : undefined, status, signIn, signOut };
  }, [token, me.data, me.error, signIn, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (session === undefined) throw new Error('useSession outside SessionProvider');
  return session;
}

/** Where a role starts: the organizer at the tournaments, a bound token at its tournament or its table. */
export function homeOf(principal: Principal): string {
  const p = principal as Principal & { tournamentId?: string | null; gameId?: string | null };
  switch (principal.role) {
    case 'scorer':
      return `/score/${encodeURIComponent(p.gameId ?? '')}`;
    case 'referee':
    case 'player':
      return `/tournaments/${encodeURIComponent(p.tournamentId ?? '')}/board`;
    case 'organizer':
      return p.tournamentId == null ? '/tournaments' : `/tournaments/${encodeURIComponent(p.tournamentId)}`;
    default:
      return '/sign-in';
  }
}
