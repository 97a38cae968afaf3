import type { User } from './contract';

export const TOKEN_KEY = 'token';

// localStorage can be missing (server-side code, tests) or throw (blocked storage); the session
// then simply has no stored token.
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    storage()?.setItem(TOKEN_KEY, token);
  } catch {
    // Storage full or blocked: the session lasts until the page is closed.
  }
}

export function clearToken(): void {
  try {
    storage()?.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}

/**
 * The signed-in user, kept beside the token (issue 48): a start without a network shows the last
 * known user instead of signing out. Kept with the token's tail, so it is read only with the token
 * it was signed in or verified with; it says nothing the server has not said to that token.
 */
export const SESSION_USER_KEY = 'session-user';

const tokenTail = (token: string) => token.slice(-24);

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    Number.isInteger(user.id) &&
    typeof user.email === 'string' &&
    typeof user.name === 'string' &&
    (user.role === 'admin' || user.role === 'manager')
  );
}

/** The user last signed in or verified with `token`, or null (none, another token's, or broken). */
export function getStoredUser(token: string): User | null {
  try {
    const raw = storage()?.getItem(SESSION_USER_KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as { token?: unknown; user?: unknown };
    return kept.token === tokenTail(token) && isUser(kept.user) ? kept.user : null;
  } catch {
    return null;
  }
}

export function setStoredUser(token: string, user: User): void {
  try {
    const { id, email, name, role } = user;
    storage()?.setItem(
      SESSION_USER_KEY,
      JSON.stringify({ token: tokenTail(token), user: { id, email, name, role } }),
    );
  } catch {
    // Storage full or blocked: a start without a network then asks to sign in.
  }
}

export function clearStoredUser(): void {
  try {
    storage()?.removeItem(SESSION_USER_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
