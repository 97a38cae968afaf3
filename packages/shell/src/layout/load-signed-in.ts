// The signed-in part of the shell (layout/signed-in.ts: the layout and the remote pages), loaded
// once and only for a signed-in user, so that the login page's start stays small (issue 48).
import type * as SignedInModule from './signed-in';

type SignedIn = typeof SignedInModule;

let loading: Promise<SignedIn> | undefined;
let loaded: SignedIn | undefined;

/** Starts the load (idempotent): bootstrap calls it before the first render with a session. */
export function loadSignedIn(): Promise<SignedIn> {
  loading ??= import('./signed-in').then((module) => {
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
