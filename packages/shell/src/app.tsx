import { Suspense, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicOnly, RequireAuth, RequireRole } from './auth/guards';
import { LoginPage } from './auth/login-page';
import { SessionGate } from './auth/session-gate';
import { SETUP_PATH, SetupPage } from './auth/setup-page';
import { useSignedIn } from './layout/load-signed-in';
import { ensureRemotesRegistered, wantDeclaredPages } from './remotes/remote-registry';
import { DASHBOARD_PATH, LOGIN_PATH, type AppRoute } from './routes';
import { useAppRoutes, useDeclaredPagesSettled } from './use-app-routes';

// The layout and the remote pages load only for a signed-in user (the login page's start stays
// small); bootstrap starts their load before the first render when a session is stored.
function AppLayout() {
  const { AppLayout: Layout } = useSignedIn();
  // Signed in: the menu takes the pages the live remotes declare.
  useEffect(() => wantDeclaredPages(), []);
  return <Layout />;
}

function RemotePage({ route }: { route: AppRoute }) {
  const { RemotePage: Page } = useSignedIn();
  return <Page route={route} />;
}

/**
 * A path no route has: the dashboard, once every live remote's pages are known (a page a remote
 * declares may be the one opened); nothing meanwhile.
 */
function Unknown() {
  const settled = useDeclaredPagesSettled();
  // index.ts has started the read; a test (or a list read that failed) starts it here.
  useEffect(() => {
    wantDeclaredPages();
    ensureRemotesRegistered().catch(() => undefined);
  }, []);
  return settled ? <Navigate to={DASHBOARD_PATH} replace /> : null;
}

/** Every screen of docs/product.md point 2; the router and providers come from the caller. */
export function AppRoutes() {
  const routes = useAppRoutes();
  const dashboard = routes.find((route) => route.path === DASHBOARD_PATH);
  return (
    <SessionGate>
      <Routes>
        <Route
          path={LOGIN_PATH}
          element={
            <PublicOnly>
              <LoginPage />
            </PublicOnly>
          }
        />
        {/* The first manager, from the one-time link the server logs while it has no account. */}
        <Route
          path={SETUP_PATH}
          element={
            <PublicOnly>
              <SetupPage />
            </PublicOnly>
          }
        />
        <Route
          element={
            <RequireAuth>
              <Suspense fallback={null}>
                <AppLayout />
              </Suspense>
            </RequireAuth>
          }
        >
          {dashboard ? <Route index element={<RemotePage route={dashboard} />} /> : null}
          {routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RequireRole route={route}>
                  <RemotePage route={route} />
                </RequireRole>
              }
            />
          ))}
          <Route path="*" element={<Unknown />} />
        </Route>
      </Routes>
    </SessionGate>
  );
}
