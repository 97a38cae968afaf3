import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';
import {
  logout,
  makeStore,
  selectAuthStatus,
  selectCurrentUser,
  useAppDispatch,
  useAppSelector,
  verifySession,
} from '@gudang/api-client';
import { Button, Spinner, UiProvider } from '@gudang/shared-ui';
import { LoginForm } from './login-form';
import { standalonePages } from './standalone-pages';

const REMOTE_NAME = 'inventory';

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

function StandaloneSession() {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectCurrentUser);

  useEffect(() => {
    void dispatch(verifySession());
  }, [dispatch]);

  if (status === 'checking') return <Spinner label="Memuat..." />;
  if (status === 'signedOut' || !user) {
    return (
      <Frame>
        <h1>Gudang · {REMOTE_NAME} (dev)</h1>
        <LoginForm />
      </Frame>
    );
  }
  const first = standalonePages[0];
  return (
    <Frame>
      <Bar aria-label={`Halaman ${REMOTE_NAME}`}>
        <strong>Gudang · {REMOTE_NAME} (dev)</strong>
        {standalonePages.map((page) => (
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
          {standalonePages.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          {first ? <Route path="*" element={<Navigate to={first.path} replace />} /> : null}
        </Routes>
      </main>
    </Frame>
  );
}

/** The remote's own dev page: its own store, the UI kit, a sign-in form, then its pages. */
export function StandaloneApp() {
  const [store] = useState(() => makeStore());
  return (
    <Provider store={store}>
      <UiProvider>
        <BrowserRouter>
          <StandaloneSession />
        </BrowserRouter>
      </UiProvider>
    </Provider>
  );
}
