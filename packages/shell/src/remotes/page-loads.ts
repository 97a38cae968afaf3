// The page module of each route, loaded once. No React here: index.ts starts the opened page's
// load before the shared packages (React, the UI kit) have arrived.
import type { ComponentType } from 'react';
import type { AppRoute } from '../routes';
import { loadRemotePage } from './remote-registry';

export interface PageLoad {
  promise: Promise<void>;
  component?: ComponentType;
  error?: unknown;
}

// One load per route, kept so that going back to a page does not load it again. A page that has
// loaded renders at once, without a Suspense fallback: React holds back a boundary's content for
// at least 300 ms after its fallback appeared, which would delay every first paint (see
// preloadPage). A failed load is forgotten on retry so that the retry loads afresh.
const pageLoads = new Map<string, PageLoad>();

/** Starts loading a route's page (idempotent): the shell calls it at start for the URL it opens. */
export function preloadPage(route: AppRoute, retry = false): PageLoad {
  let load = pageLoads.get(route.path);
  if (!load) {
    const entry: PageLoad = { promise: Promise.resolve() };
    entry.promise = loadRemotePage(route.remote, route.module, retry).then(
      (module) => {
        entry.component = module.default;
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

export function forgetLoadedPages(): void {
  pageLoads.clear();
}

export function forgetLoadedPage(path: string): void {
  pageLoads.delete(path);
}
