import { createAsyncThunk } from '@reduxjs/toolkit';
import type { User } from '../contract';
import { baseApi } from '../base-api';
import type { NoArg } from '../no-arg';
import { TOKEN_KEY, getStoredUser, getToken, setStoredUser } from '../token';
import { authApi } from './auth-api';
import { sessionVerified, signedOut } from './auth-slice';

/**
 * No answer: the request got none (the fetch was rejected), none in time (a warehouse's weak
 * Wi-Fi, issue 48: a timeout says nothing of the token), or the browser is offline. Any answer of
 * the server (401, 403, 500) is not one.
 */
function noAnswer(error: unknown): boolean {
  const status =
    typeof error === 'object' && error !== null && 'status' in error
      ? (error as { status: unknown }).status
      : undefined;
  if (typeof status === 'number') return false;
  return (
    status === 'FETCH_ERROR' ||
    status === 'TIMEOUT_ERROR' ||
    (typeof navigator !== 'undefined' && navigator.onLine === false)
  );
}

/**
 * Decides the session at start: no stored token -> signed out; otherwise the token is checked
 * with GET /api/auth/verify -> signed in with the returned user, or signed out and the token
 * removed. Without an answer (no network, or none within the timeout) the session is kept with
 * the last known user of that token, when there is one (issue 48: a phone reloaded offline or on
 * weak Wi-Fi goes on counting); it is checked again on reconnect (verifySessionOnReconnect), and
 * any later call answered 401 signs out (base-query). Any answer of the server but the user (401,
 * 403, 500) signs out, as docs/product.md point 4 says. Resolves to the user
 * or null. It never writes the token: if another tab signed out (or in as someone else) while the
 * check ran, the stored token decides, not the checked one.
 */
export const verifySession = createAsyncThunk(
  'auth/verifySession',
  async (_arg: NoArg, { dispatch }): Promise<User | null> => {
    const token = getToken();
    if (!token) {
      dispatch(signedOut());
      return null;
    }
    let user: User | null = null;
    let unreachable = false;
    try {
      ({ user } = await dispatch(
        authApi.endpoints.verify.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap());
    } catch (error) {
      // A rejected token or a server error ends the session (docs/product.md point 4); no
      // answer (no network, a timeout) keeps it, with the user last known for this token.
      unreachable = noAnswer(error);
    }
    const stored = getToken();
    if (stored !== null && stored !== token) {
      // Another tab stored a new token meanwhile: that one is the session now.
      return dispatch(verifySession()).unwrap();
    }
    if (user && stored === token) {
      setStoredUser(token, user);
      dispatch(sessionVerified(user));
      return user;
    }
    const lastKnown = unreachable && stored === token ? getStoredUser(token) : null;
    if (lastKnown) {
      dispatch(sessionVerified(lastKnown));
      return lastKnown;
    }
    dispatch(signedOut());
    return null;
  },
);

/**
 * Signs out: ends the token on the server (when there is one; a failure does not keep anyone
 * signed in), then removes the token and the user and drops every cached response.
 */
export const logout = createAsyncThunk('auth/logout', async (_arg: NoArg, { dispatch }) => {
  if (getToken() !== null)
    await dispatch(authApi.endpoints.logout.initiate(undefined)).catch(() => undefined);
  dispatch(signedOut());
  dispatch(baseApi.util.resetApiState());
});

/**
 * 'Keluar dari semua perangkat' (manager): ends every token of the user on the server, then signs
 * out here. Rejects, still signed in, when the server did not end them.
 */
export const logoutAllDevices = createAsyncThunk(
  'auth/logoutAllDevices',
  async (_arg: NoArg, { dispatch }) => {
    await dispatch(authApi.endpoints.logoutAll.initiate(undefined)).unwrap();
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
  },
);

/**
 * Keeps this tab's session in step with the others through the `storage` event (fired in every
 * other tab of the origin when localStorage changes): the token removed -> this tab signs out
 * at once; a different token stored (a sign-in elsewhere) -> it is verified here too. Returns a
 * function that stops listening.
 */
export function syncSessionAcrossTabs(
  dispatch: (action: ReturnType<typeof logout> | ReturnType<typeof verifySession>) => unknown,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key !== null && event.key !== TOKEN_KEY) return;
    const token = getToken();
    if (token === null) void dispatch(logout());
    else if (event.key === null || event.newValue !== event.oldValue)
      void dispatch(verifySession());
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}

/**
 * Checks the session again whenever the browser comes back online (issue 48): a session kept at a
 * start without a network is confirmed, or ends on the server's 401. Returns a function that stops
 * listening.
 */
export function verifySessionOnReconnect(
  dispatch: (action: ReturnType<typeof verifySession>) => unknown,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onOnline = () => {
    if (getToken() !== null) void dispatch(verifySession());
  };
  target.addEventListener('online', onOnline);
  return () => target.removeEventListener('online', onOnline);
}
