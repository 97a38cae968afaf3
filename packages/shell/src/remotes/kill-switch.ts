// The kill switch (issue 49, as the OpenShift console's `?disable-plugins`): the shell starts
// without the remotes named by `?disable-remotes=orders,finance` on any page URL (kept for the
// tab until `?disable-remotes=` clears it) or by the manager's setting `disabled_remotes` in
// /api/settings (for everyone). Such a remote is never registered, so none of its files is
// requested; its menu items show disabled with the reason, and its pages a panel. No React here:
// index.ts reads the switch before the shared packages have arrived.
import { REMOTE_MODULES, applyShopSettings } from '@gudang/api-client';
import { REMOTE_TIMEOUT_MS, fetchWithTimeout } from './resilience-plugin';

export const DISABLE_PARAM = 'disable-remotes';
export const DISABLE_STORAGE_KEY = 'gudang:disable-remotes';
const SETTINGS_PATH = '/api/settings';

/** Why a remote is off: this tab's URL, or the manager's setting for everyone. */
export type DisabledBy = 'url' | 'setting';

/** The known remote names in a list ('orders,finance'), in the contract's order. */
export function remoteNamesIn(names: readonly string[]): string[] {
  const wanted = new Set(names.map((name) => name.trim()));
  return REMOTE_MODULES.filter((name) => wanted.has(name));
}

let fromUrl: string[] = [];
let fromSetting: string[] = [];
let settingRead: Promise<void> | null = null;
let settingsBody: Promise<unknown> | null = null;
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, DisabledBy> = new Map();

function publish(): void {
  const next = new Map<string, DisabledBy>();
  // The manager's setting is the reason shown when both name a remote: it holds for everyone.
  for (const name of fromUrl) next.set(name, 'url');
  for (const name of fromSetting) next.set(name, 'setting');
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * Reads `?disable-remotes=` of `search` into this tab's list (sessionStorage): a list replaces
 * it, an empty one clears it, none leaves it as it is.
 */
export function readUrlSwitch(search: string = window.location.search): void {
  const param = new URLSearchParams(search).get(DISABLE_PARAM);
  let stored: string | null = null;
  try {
    if (param !== null) {
      const names = remoteNamesIn(param.split(','));
      if (names.length === 0) window.sessionStorage.removeItem(DISABLE_STORAGE_KEY);
      else window.sessionStorage.setItem(DISABLE_STORAGE_KEY, names.join(','));
    }
    stored = window.sessionStorage.getItem(DISABLE_STORAGE_KEY);
  } catch {
    // storage blocked: the URL alone counts
    stored = param;
  }
  fromUrl = remoteNamesIn((stored ?? '').split(','));
  publish();
}

/** Takes the setting's list (from GET /api/settings, or a save of it in this tab). */
export function setSettingSwitch(names: readonly string[]): void {
  fromSetting = remoteNamesIn(names);
  publish();
}

/**
 * GET /api/settings, read once at start: the kill switch's list (before any remote registers) and
 * the shop's time zone (shopTimeZoneKnown) both come from this one answer. Null when it cannot be
 * read in time.
 */
export function shopSettingsRead(): Promise<unknown> {
  settingsBody ??= fetchWithTimeout(
    new URL(SETTINGS_PATH, document.baseURI).toString(),
    {},
    REMOTE_TIMEOUT_MS,
  )
    .then((response) => response.json() as Promise<unknown>)
    .catch(() => null);
  return settingsBody;
}

/** The shop's time zone, which decides "today" everywhere, from the start's one settings read. */
export function shopTimeZoneKnown(): Promise<void> {
  return shopSettingsRead().then(applyShopSettings);
}

/**
 * Starts (once) reading the URL and the setting; resolves when both are known. A setting that
 * cannot be read in time switches nothing off: the app must still start.
 */
export function killSwitchKnown(): Promise<void> {
  settingRead ??= (async () => {
    readUrlSwitch();
    const body = (await shopSettingsRead()) as { disabled_remotes?: unknown } | null;
    // Otherwise what the URL says
    if (Array.isArray(body?.disabled_remotes))
      setSettingSwitch(body.disabled_remotes.filter((name) => typeof name === 'string'));
  })();
  return settingRead;
}

/** Why `remote` is switched off, or null when it loads. */
export function disabledBy(remote: string): DisabledBy | null {
  return snapshot.get(remote) ?? null;
}

/** For useSyncExternalStore: the switched-off remotes, a new map on each change. */
export function killSwitchSnapshot(): ReadonlyMap<string, DisabledBy> {
  return snapshot;
}

export function subscribeKillSwitch(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A page of a switched-off remote: shown as a panel, its remote never loaded. */
export class RemoteDisabledError extends Error {
  override name = 'RemoteDisabledError';
  constructor(
    readonly remote: string,
    readonly by: DisabledBy,
  ) {
    super(`${remote} dinonaktifkan (${by === 'url' ? DISABLE_PARAM : 'disabled_remotes'})`);
  }
}

/** Forgets the switch (tests). */
export function resetKillSwitch(): void {
  fromUrl = [];
  fromSetting = [];
  settingRead = null;
  settingsBody = null;
  publish();
}
