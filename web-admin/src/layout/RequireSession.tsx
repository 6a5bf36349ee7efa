// A page outside the shell (the projector board) still needs a token: to sign-in without one.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../session/session.tsx';

export function RequireSession({ children }: { readonly children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'signed-out') return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  return status === 'checking' ? null : children;
}
