import { API_RULES, accessOutcome, selectCurrentUser, useAppSelector } from '@gudang/api-client';
import type { ApiRouteKey } from '@gudang/api-client';

/**
 * Whether the signed-in user may call an API route: the contract's API_RULES, the table the
 * server enforces, so that the page offers exactly what the server allows.
 */
export function useCan(route: ApiRouteKey): boolean {
  const user = useAppSelector(selectCurrentUser);
  return accessOutcome(API_RULES[route], user?.role ?? null) === 'allowed';
}
