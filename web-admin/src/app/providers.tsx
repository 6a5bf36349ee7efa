// What every page stands on: the data cache (TanStack Query), the session, and the router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { ApiProblem } from '../api/problem.ts';
import { SessionProvider } from '../session/session.tsx';
import { router } from './router.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not mend itself on a retry; a dropped connection at a noisy venue may.
      retry: (count, error) => !(error instanceof ApiProblem && error.status < 500) && count < 3,
      refetchOnWindowFocus: true,
      staleTime: 5_000,
    },
    mutations: { retry: false },
  },
});

export function App() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
