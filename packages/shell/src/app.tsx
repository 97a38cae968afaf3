import { Navigate, Route, Routes } from 'react-router-dom';
import { PublicOnly, RequireAuth, RequireRole } from './auth/guards';
import { LoginPage } from './auth/login-page';
import { SessionGate } from './auth/session-gate';
import { SETUP_PATH, SetupPage } from './auth/setup-page';
import { AppLayout } from './layout/app-layout';
import { RemotePage } from './remotes/remote-page';
import { DASHBOARD_PATH, LOGIN_PATH, appRoutes } from './routes';

const dashboard = appRoutes.find((route) => route.path === DASHBOARD_PATH);

/** Every screen of docs/product.md point 2; the router and providers come from the caller. */
export function AppRoutes() {
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
              <AppLayout />
            </RequireAuth>
          }
        >
          {dashboard ? <Route index element={<RemotePage route={dashboard} />} /> : null}
          {appRoutes.map((route) => (
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
          <Route path="*" element={<Navigate to={DASHBOARD_PATH} replace />} />
        </Route>
      </Routes>
    </SessionGate>
  );
}
