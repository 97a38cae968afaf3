import { useSyncExternalStore } from 'react';
import { currentRoutes, declaredPagesSettled, subscribeRoutes, type AppRoute } from './routes';

/** The route table, built-in rows merged with the live remotes' declared pages (routes.ts). */
export function useAppRoutes(): readonly AppRoute[] {
  return useSyncExternalStore(subscribeRoutes, currentRoutes);
}

/** Whether every live remote's declared pages have been read (or failed). */
export function useDeclaredPagesSettled(): boolean {
  return useSyncExternalStore(subscribeRoutes, declaredPagesSettled);
}
