import type { Middleware } from '@reduxjs/toolkit';
import { clearStoredUser, clearToken, setStoredUser, setToken } from '../token';
import { signedIn, signedOut } from './auth-slice';

/**
 * Keeps localStorage in step with the session: signedIn stores the token and the user (the last
 * known user of a start without a network), signedOut removes both.
 */
export const authTokenMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (signedIn.match(action)) {
    setToken(action.payload.token);
    setStoredUser(action.payload.token, action.payload.user);
  } else if (signedOut.match(action)) {
    clearToken();
    clearStoredUser();
  }
  return result;
};
