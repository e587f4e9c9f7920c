import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './auth';
import { FullPageSpin } from '../components/FullPageSpin';
import { StatusResult } from './pages';
import type { ConsolePage } from './console-pages';

/** Console routes need a login: without one the browser goes to /login (spec §4). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user, restoring } = useAuth();
  const location = useLocation();
  if (restoring) return <FullPageSpin />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** A console route whose function the user lacks shows 403 instead of the screen. */
export function RequireFunction({ page, children }: { page: ConsolePage; children: ReactNode }) {
  const { can } = useAuth();
  return can(...page.requires) ? children : <StatusResult status={403} />;
}
