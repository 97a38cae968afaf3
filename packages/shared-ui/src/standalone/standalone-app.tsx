import { useEffect, useState, type ComponentType } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import {
  loadShopSettings,
  logout,
  makeStore,
  selectAuthStatus,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  verifySession,
} from '@gudang/api-client';
// The package itself (the shared singleton), not relative files; see dev-login-form.tsx.
import { Button, Spinner, UiProvider } from '@gudang/shared-ui';
import { DevLoginForm } from './dev-login-form';

export interface StandalonePage {
  path: string;
  label: string;
  Component: ComponentType;
}

export interface StandaloneAppProps {
  /** The remote's name, shown in the dev page's title. */
  name: string;
  /** Its pages, at the same paths as in the shell. */
  pages: readonly StandalonePage[];
}

const Frame = styled.div`
  max-width: 1280px;
  margin: 0 auto;
  padding: 16px;
`;

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-bottom: 16px;
  a.active {
    font-weight: 700;
  }
`;

function StandaloneSession({ name, pages }: StandaloneAppProps) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectCurrentUser);

  useEffect(() => {
    void loadShopSettings();
    void dispatch(verifySession());
  }, [dispatch]);

  if (status === 'checking') return <Spinner label="Memuat..." />;
  if (status === 'signedOut' || !user) {
    return (
      <Frame>
        <h1>Gudang · {name} (dev)</h1>
        <DevLoginForm />
      </Frame>
    );
  }
  const first = pages[0];
  return (
    <Frame>
      <Bar aria-label={`Halaman ${name}`}>
        <strong>Gudang · {name} (dev)</strong>
        {pages.map((page) => (
          <NavLink key={page.path} to={page.path}>
            {page.label}
          </NavLink>
        ))}
        <span>
          {user.email} ({user.role})
        </span>
        <Button variant="ghost" size="sm" onClick={() => void dispatch(logout())}>
          Logout
        </Button>
      </Bar>
      <main>
        <Routes>
          {pages.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          {first ? <Route path="*" element={<Navigate to={first.path} replace />} /> : null}
        </Routes>
      </main>
    </Frame>
  );
}

/**
 * A remote's own dev page (`npm run dev -w @gudang/<name>`): its own store, the UI kit, a sign-in
 * form, then its pages. Dev-only: the shell never loads it.
 */
export function StandaloneApp({ name, pages }: StandaloneAppProps) {
  const [store] = useState(() => makeStore());
  return (
    <Provider store={store}>
      <UiProvider>
        <BrowserRouter>
          <StandaloneSession name={name} pages={pages} />
        </BrowserRouter>
      </UiProvider>
    </Provider>
  );
}
