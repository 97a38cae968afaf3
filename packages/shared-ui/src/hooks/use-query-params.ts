import { createContext, useCallback, useContext, type Context } from 'react';
import { UNSAFE_NavigationContext, useLocation, useSearchParams } from 'react-router-dom';

/** A change to the query: null removes the key ('' is kept: a date field the user cleared). */
export type QueryChanges = Record<string, string | number | null>;

export interface WriteOptions {
  /** Correct the URL without a new history entry. */
  replace?: boolean;
}

/**
 * The router's navigator. A shell built before shared-ui 1.5.0 shares a react-router facade
 * without it (@gudang/mf-build ROUTER_EXPORTS): then none, and writes build on the last render.
 */
const NavigationContext =
  (UNSAFE_NavigationContext as unknown as Context<{ navigator?: unknown }> | undefined) ??
  createContext<{ navigator?: unknown }>({});

/** The history's location now, when the router's navigator exposes it (browser and memory routers). */
function currentLocation(navigator: unknown): { pathname: string; search: string } | undefined {
  const location = (navigator as { location?: { pathname?: unknown; search?: unknown } }).location;
  return typeof location?.pathname === 'string' && typeof location.search === 'string'
    ? { pathname: location.pathname, search: location.search }
    : undefined;
}

/**
 * The page's query as rendered, and a writer for it: the one way a page keeps its filters in the
 * URL. Every change is a new history entry (unless `replace`), so Back and Forward walk through
 * them; a change that leaves the query as it is adds none.
 *
 * The writer builds on the URL as it is when it runs, not on the query of the last render: the
 * router renders a new location in a transition, so until it has, a second write (a debounced
 * search landing just after a click, a page clamp) would write the older query back and lose the
 * first change (a lost 'Tampilkan Perbandingan' on List Order).
 */
export function useQueryParams(): [
  URLSearchParams,
  (changes: QueryChanges, options?: WriteOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  const { navigator } = useContext(NavigationContext);
  const { pathname } = useLocation();

  const write = useCallback(
    (changes: QueryChanges, options?: WriteOptions) => {
      const now = currentLocation(navigator);
      // A late write of a page the user is leaving (its timer, its effect) must not take them back.
      if (now && now.pathname !== pathname) return;
      const base = new URLSearchParams(now ? now.search : params);
      const next = new URLSearchParams(base);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, String(value));
      }
      if (next.toString() !== base.toString()) setParams(next, { replace: options?.replace });
    },
    [navigator, pathname, params, setParams],
  );
  return [params, write];
}
