// The page module of each route, loaded once. No React here: index.ts starts the opened page's
// load before the shared packages (React, the UI kit) have arrived.
import type { ComponentType } from 'react';
import type { AppRoute } from '../routes';
import { loadRemotePage, registeredEntry, type RetryKind } from './remote-registry';
import { RemoteDisabledError, disabledBy } from './kill-switch';

export interface PageLoad {
  promise: Promise<void>;
  component?: ComponentType;
  /** The version whose code the component is (the error panel names it when it crashes). */
  version?: string | null;
  /** The entry the remote was registered with when the page loaded. */
  entry?: string | null;
  error?: unknown;
  /** Still loading past the usual wait over a slow link: the spinner says 'Koneksi lambat'. */
  slow?: boolean;
}

const slowListeners = new Set<() => void>();

/** For useSyncExternalStore: told when a page's load turns slow. */
export function subscribeSlowLoads(listener: () => void): () => void {
  slowListeners.add(listener);
  return () => slowListeners.delete(listener);
}

// One load per route, kept so that going back to a page does not load it again. A page that has
// loaded renders at once, without a Suspense fallback: React holds back a boundary's content for
// at least 300 ms after its fallback appeared, which would delay every first paint (see
// preloadPage). A failed load is forgotten on retry so that the retry loads afresh.
const pageLoads = new Map<string, PageLoad>();

/**
 * Starts loading a route's page (idempotent): the shell calls it at start for the URL it opens.
 * `retry` says why the page is loaded again ('Coba lagi' on that page only).
 */
export function preloadPage(route: AppRoute, retry?: RetryKind): PageLoad {
  let load = pageLoads.get(route.path);
  // A page loaded before its remote was re-registered (a retry or a failed load switched it to
  // the version live now) is loaded again, so that one page never mixes two versions of a remote.
  if (
    (load?.component && load.entry !== registeredEntry(route.remote)) ||
    // Refused while its remote was switched off, which it no longer is (the setting cleared).
    (load?.error instanceof RemoteDisabledError && disabledBy(route.remote) === null)
  ) {
    pageLoads.delete(route.path);
    load = undefined;
  }
  if (!load) {
    const entry: PageLoad = { promise: Promise.resolve() };
    const onSlow = () => {
      entry.slow = true;
      for (const listener of slowListeners) listener();
    };
    entry.promise = loadRemotePage(route.remote, route.module, retry, onSlow).then(
      (module) => {
        entry.component = module.default;
        entry.version = module.version;
        entry.entry = module.entry;
      },
      (error: unknown) => {
        entry.error = error;
      },
    );
    pageLoads.set(route.path, entry);
    load = entry;
  }
  return load;
}

/**
 * Loads a route's page ahead of its opening (not shown), as preloadPage; a load that failed is
 * forgotten, so that opening the page later loads it afresh instead of showing that failure.
 */
export async function warmPage(route: AppRoute): Promise<void> {
  const load = preloadPage(route);
  await load.promise;
  if (load.error !== undefined && pageLoads.get(route.path) === load) pageLoads.delete(route.path);
}

export function forgetLoadedPages(): void {
  pageLoads.clear();
}

/** Whether the page of `path` is still loading over a slow link. */
export function loadIsSlow(path: string): boolean {
  return pageLoads.get(path)?.slow === true;
}

/** The version whose code the page of `path` is, once it has loaded. */
export function loadedPageVersion(path: string): string | null {
  return pageLoads.get(path)?.version ?? null;
}

export function forgetLoadedPage(path: string): void {
  pageLoads.delete(path);
}
