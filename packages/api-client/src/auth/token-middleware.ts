import type { Middleware } from '@reduxjs/toolkit';
import { clearToken, setToken } from '../token';
import { signedIn, signedOut } from './auth-slice';

/** Keeps localStorage in step with the session: signedIn stores the token, signedOut removes it. */
export const authTokenMiddleware: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (signedIn.match(action)) setToken(action.payload.token);
  else if (signedOut.match(action)) clearToken();
  return result;
};
