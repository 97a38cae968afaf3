// The signed-in part of the shell (layout/signed-in.ts: the layout and the remote pages), loaded
// once and only for a signed-in user, so that the login page's start stays small (issue 48).
import type * as SignedInModule from './signed-in';

type SignedIn = typeof SignedInModule;

/** The longest the start waits for its work (bootstrap: the settings, the opened page). */
export const START_WAIT_MS = 3_000;

let loading: Promise<SignedIn> | undefined;
let loaded: SignedIn | undefined;
let startWork: Promise<unknown> = Promise.resolve();

/**
 * What the signed-in part waits for besides its code: bootstrap's load of the shop's settings (the
 * time zone that decides "today"), which a signed-out start does not wait for. A failure of it
 * counts as done (the default zone is kept).
 */
export function signedInAwaits(work: Promise<unknown>): void {
  startWork = work.catch(() => undefined);
}

/** Starts the load (idempotent): bootstrap calls it before the first render with a session. */
export function loadSignedIn(): Promise<SignedIn> {
  loading ??= Promise.all([import('./signed-in'), startWork]).then(([module]) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The loaded module, or suspends (the Suspense protocol) until it is: no fallback once loaded. */
export function useSignedIn(): SignedIn {
  if (loaded) return loaded;
  throw loadSignedIn();
}
