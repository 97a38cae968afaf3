import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import {
  selectAuthStatus,
  setUnauthorizedHandler,
  syncSessionAcrossTabs,
  useAppDispatch,
  useAppSelector,
  verifySession,
  verifySessionOnReconnect,
} from '@gudang/api-client';
import { Spinner } from '@gudang/shared-ui';

const Centered = styled.div`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
`;

type Dispatch = ReturnType<typeof useAppDispatch>;
const checked = new WeakSet<Dispatch>();

/** Starts verifying the stored token once per store (bootstrap starts it before the first render). */
export function startSessionCheck(dispatch: Dispatch): void {
  if (checked.has(dispatch)) return;
  checked.add(dispatch);
  void dispatch(verifySession());
}

/**
 * Verifies a stored token once at start; shows a spinner until the session is settled. Follows
 * the other tabs: a sign-out there signs this tab out at once (the `storage` event). A session
 * kept at a start without a network (the last known user) is checked again on reconnect.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);

  useEffect(() => {
    // After a 401 the store is signed out and the route guard sends the user to /login,
    // remembering the page: no full page reload inside the shell.
    const previous = setUnauthorizedHandler(() => undefined);
    startSessionCheck(dispatch);
    const stopSync = syncSessionAcrossTabs(dispatch);
    const stopReconnect = verifySessionOnReconnect(dispatch);
    return () => {
      stopSync();
      stopReconnect();
      setUnauthorizedHandler(previous);
    };
  }, [dispatch]);

  if (status === 'checking') {
    return (
      <Centered>
        <Spinner label="Memeriksa sesi..." size={32} />
      </Centered>
    );
  }
  return children;
}
