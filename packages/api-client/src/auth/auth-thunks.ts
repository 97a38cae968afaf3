import { createAsyncThunk } from '@reduxjs/toolkit';
import type { User } from '../contract';
import { baseApi } from '../base-api';
import type { NoArg } from '../no-arg';
import { getToken } from '../token';
import { authApi } from './auth-api';
import { signedIn, signedOut } from './auth-slice';

/**
 * Decides the session at start: no stored token -> signed out; otherwise the token is checked
 * with GET /api/auth/verify -> signed in with the returned user, or signed out and the token
 * removed. Resolves to the user or null.
 */
export const verifySession = createAsyncThunk(
  'auth/verifySession',
  async (_arg: NoArg, { dispatch }): Promise<User | null> => {
    const token = getToken();
    if (!token) {
      dispatch(signedOut());
      return null;
    }
    try {
      const { user } = await dispatch(
        authApi.endpoints.verify.initiate(undefined, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      dispatch(signedIn({ token, user }));
      return user;
    } catch {
      // Any failure (rejected token, server down) ends the session, as SPEC.md point 4 says.
    }
    dispatch(signedOut());
    return null;
  },
);

/** Signs out: removes the token and the user and drops every cached response. */
export const logout = createAsyncThunk('auth/logout', (_arg: NoArg, { dispatch }) => {
  dispatch(signedOut());
  dispatch(baseApi.util.resetApiState());
});
