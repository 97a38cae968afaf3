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
    const body = (await response.json()) as Partial<SettingsResponse>;
    if (typeof body.shopTimezone === 'string' && body.shopTimezone !== '') {
      setShopTimeZone(body.shopTimezone);
    }
  } catch {
    // keep the default
  }
}
