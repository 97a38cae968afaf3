import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectCurrentUser, useAppSelector } from '@gudang/api-client';
import { DASHBOARD_PATH, LOGIN_PATH, canOpen, type AppRoute } from '../routes';
import { returnPath } from './login-page';

/** Signed out -> /login, remembering where the user was going. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (!user) {
    return (
      <Navigate
        to={LOGIN_PATH}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return children;
}

/** Signed in without the route's role -> /dashboard (docs/product.md point 2). */
export function RequireRole({ route, children }: { route: AppRoute; children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  if (!user || !canOpen(route, user.role)) return <Navigate to={DASHBOARD_PATH} replace />;
  return children;
}

/** The login page is for signed-out visitors; a signed-in one goes on (to /dashboard). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return children;
}
