import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '../contract';
import { getToken } from '../token';

export type AuthStatus = 'checking' | 'signedIn' | 'signedOut';

export interface AuthState {
  user: User | null;
  status: AuthStatus;
}

export interface SignedInPayload {
  token: string;
  user: User;
}

/** The slice of any store made by makeStore; selectors need only this part. */
export interface AuthRootState {
  auth: AuthState;
}

// Evaluated per store: with a stored token the session must still be verified; without one the
// user is signed out at once (no spinner flash on the login page).
const initialAuthState = (): AuthState => ({
  user: null,
  status: getToken() ? 'checking' : 'signedOut',
});

/**
 * Token storage follows these actions through authTokenMiddleware: only signedIn (a sign-in)
 * stores a token; sessionVerified (the start-up check) never writes one, so a check that ends
 * after another tab signed out cannot store the token again.
 */
export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    signedIn(state, action: PayloadAction<SignedInPayload>) {
      state.user = action.payload.user;
      state.status = 'signedIn';
    },
    /** The stored token was verified at start: the user is known; the token stays as it is. */
    sessionVerified(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'signedIn';
    },
    signedOut(state) {
      state.user = null;
      state.status = 'signedOut';
    },
  },
});

export const { signedIn, sessionVerified, signedOut } = authSlice.actions;

export const selectCurrentUser = (state: AuthRootState): User | null => state.auth.user;
export const selectAuthStatus = (state: AuthRootState): AuthStatus => state.auth.status;

/** docs/product.md point 6: the role check is by the name 'manager'. */
export function isManager(user: Pick<User, 'role'> | null | undefined): boolean {
  return user?.role === 'manager';
}
