// Every page of the app and where it lives. Each page folder is loaded when first opened (its own chunk), so
// the projector and the scorer's tablet load only their page. A page folder's index.ts is its public surface.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AppShell } from '../layout/AppShell.tsx';
import { RequireSession } from '../layout/RequireSession.tsx';
import { homeOf, useSession } from '../session/session.tsx';

function Home() {
  const { principal, status } = useSession();
  if (status === 'signed-out') return <Navigate to="/sign-in" replace />;
  return principal === undefined ? null : <Navigate to={homeOf(principal)} replace />;
}

const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });

export const router = createBrowserRouter([
  { path: '/sign-in', lazy: page(() => import('../pages/sign-in/index.ts'), 'SignInPage') },
  {
    path: '/tournaments/:tournamentId/board',
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [{ index: true, lazy: page(() => import('../pages/board/index.ts'), 'BoardPage') }],
  },
  {
    element: <AppShell />,
    children: [
      { index: true, element: <Home /> },
      { path: '/tournaments', lazy: page(() => import('../pages/tournaments/index.ts'), 'TournamentsPage') },
      {
        path: '/tournaments/new',
        lazy: page(() => import('../pages/tournament-new/index.ts'), 'NewTournamentPage'),
      },
      {
        path: '/tournaments/:tournamentId',
        lazy: page(() => import('../pages/tournament/index.ts'), 'TournamentPage'),
      },
      {
        path: '/tournaments/:tournamentId/players',
        lazy: page(() => import('../pages/players/index.ts'), 'PlayersPage'),
      },
      {
        path: '/tournaments/:tournamentId/rounds',
        lazy: page(() => import('../pages/rounds/index.ts'), 'RoundsPage'),
      },
      {
        path: '/tournaments/:tournamentId/rounds/:round/cards',
        lazy: page(() => import('../pages/table-cards/index.ts'), 'TableCardsPage'),
      },
      {
        path: '/tournaments/:tournamentId/standings',
        lazy: page(() => import('../pages/standings/index.ts'), 'StandingsPage'),
      },
      { path: '/score/:gameId', lazy: page(() => import('../pages/scorer/index.ts'), 'ScorerPage') },
      { path: '*', lazy: page(() => import('../pages/not-found/index.ts'), 'NotFoundPage') },
    ],
  },
]);
