import { getApiBaseUrl } from './base-url';
import { DEFAULT_SHOP_TIMEZONE, HTTP_TIMEOUT_MS } from './contract/constants';
import type { SettingsResponse } from './contract/auth';

// The shop's time zone (server's SHOP_TIMEZONE), not the browser's: "today" is the shop's day.
let shopTimeZone = DEFAULT_SHOP_TIMEZONE;

export function getShopTimeZone(): string {
  return shopTimeZone;
}

export function setShopTimeZone(timeZone: string): void {
  shopTimeZone = timeZone;
}

/** Takes the shop's time zone from a GET /api/settings answer; anything else keeps the zone. */
export function applyShopSettings(body: unknown): void {
  const zone = (body as Partial<SettingsResponse> | null)?.shopTimezone;
  if (typeof zone === 'string' && zone !== '') setShopTimeZone(zone);
}

/**
 * Reads the shop's settings from GET /api/settings (public). Any failure keeps the default zone:
 * the app must still start when the API is briefly unreachable.
 */
export async function loadShopSettings(): Promise<void> {
  try {
    const response = await fetch(`${getApiBaseUrl()}/api/settings`, {
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) return;
    applyShopSettings(await response.json());
  } catch {
    // keep the default
  }
}
