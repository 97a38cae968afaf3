import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkRemotesManifest, type RemoteEntry } from '@gudang/api-client';
import {
  REMOTE_TIMEOUT_MS,
  RemoteIncompatibleError,
  fetchWithTimeout,
  type RemoteBuildInfo,
} from './resilience-plugin';

export const REMOTES_JSON_PATH = '/remotes.json';

/** /remotes.json could not be read: no remote can be loaded. */
export class RemotesListError extends Error {
  override name = 'RemotesListError';
}

/** A remote that failed to load (as opposed to one that crashed while rendering). */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly remote: string,
    readonly version: string | null,
    override readonly cause: unknown,
  ) {
    super(`${remote} gagal dimuat: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** The version of each remote's build, as its manifest said when it was read. */
const buildVersions = new Map<string, string | null>();
export function noteBuildInfo(remote: string, info: RemoteBuildInfo): void {
  buildVersions.set(remote, info.version);
}
export function remoteVersion(remote: string): string | null {
  return buildVersions.get(remote) ?? null;
}

/** The registered entries (absolute URLs), by remote name. */
const registered = new Map<string, string>();

/** The entry `remote` is registered with now (a page loaded under another one is stale). */
export function registeredEntry(remote: string): string | null {
  return registered.get(remote) ?? null;
}

/** The live shell version /remotes.json named when it was last read (null: not named). */
let liveShell: string | null = null;

async function fetchList(): Promise<RemoteEntry[]> {
  let manifest: unknown;
  try {
    // The server sends it no-cache: a deploy switches the list, and a reload must see it. The
    // default cache mode lets the request reuse the <link rel="preload"> of index.html.
    const response = await fetchWithTimeout(
      new URL(REMOTES_JSON_PATH, document.baseURI).toString(),
      {},
      REMOTE_TIMEOUT_MS,
    );
    manifest = await response.json();
  } catch (error) {
    throw new RemotesListError(`${REMOTES_JSON_PATH} gagal dimuat: ${String(error)}`);
  }
  // The contract's check, the one the server applies to the file it serves.
  const checked = checkRemotesManifest(manifest);
  if (!checked.ok) throw new RemotesListError(`${REMOTES_JSON_PATH} tidak valid`);
  liveShell = checked.manifest.shell ?? null;
  // An entry relative to this origin ('/remotes/inventory/1.4.0-abc/mf-manifest.json') is made
  // absolute so that the manifest's 'auto' public path resolves against it.
  return checked.manifest.remotes.map(({ name, entry }) => ({
    name,
    entry: new URL(entry, document.baseURI).toString(),
  }));
}

async function fetchAndRegister(): Promise<void> {
  const remotes = await fetchList();
  registerRemotes(remotes);
  registered.clear();
  for (const { name, entry } of remotes) registered.set(name, entry);
}

let retries = 0;

/**
 * The same build under a URL no request has used yet. A script or chunk that timed out is never
 * cancelled by the browser, and a retry at the same URL waits behind it (micro-frontend audit 5).
 * This server serves /remotes/<name>/<version>/_r<n>/… as that version's files, so the manifest,
 * the entry and (through the entry's public path) every chunk get new URLs; another host's entry
 * gets a query, which at least re-fetches the manifest.
 */
export function retryEntry(entry: string): string {
  retries += 1;
  const url = new URL(entry);
  const versioned = /^\/remotes\/[^/]+\/[^/]+\/mf-manifest\.json$/;
  if (url.origin === window.location.origin && versioned.test(url.pathname))
    url.pathname = url.pathname.replace(/\/mf-manifest\.json$/, `/_r${retries}/mf-manifest.json`);
  else url.searchParams.set('retry', String(retries));
  return url.toString();
}

/**
 * Re-reads /remotes.json and re-registers (force) every remote whose entry changed, so that the
 * next load uses the version live now. Resolves to whether `remote`'s entry changed. With
 * `reregister` ('Coba lagi'), `remote` is registered afresh even when its entry is unchanged, under
 * new URLs (retryEntry).
 */
export async function refreshRemotes(remote?: string, reregister = false): Promise<boolean> {
  const remotes = await fetchList();
  const changed = remotes.filter(
    ({ name, entry }) => registered.get(name) !== entry || (reregister && name === remote),
  );
  if (changed.length > 0) {
    registerRemotes(
      changed.map(({ name, entry }) =>
        registered.get(name) === entry ? { name, entry: retryEntry(entry) } : { name, entry },
      ),
      { force: true },
    );
    for (const { name, entry } of changed) {
      registered.set(name, entry);
      buildVersions.delete(name);
    }
  }
  registration = Promise.resolve();
  return changed.some(({ name }) => name === remote);
}

/**
 * Whether /remotes.json now points a remote this page registered at another version, or names
 * another live shell than `ownShell` (this page's shell version): a deploy or a rollback since.
 * The page offers a reload rather than swapping code under the user.
 */
export async function newVersionLive(ownShell: string | null = null): Promise<boolean> {
  if (registered.size === 0) return false;
  const remotes = await fetchList();
  if (ownShell !== null && liveShell !== null && liveShell !== ownShell) return true;
  return remotes.some(({ name, entry }) => registered.has(name) && registered.get(name) !== entry);
}

let registration: Promise<void> | null = null;

/** Fetches /remotes.json once and registers the remotes; after a failure the next call tries again. */
export function ensureRemotesRegistered(): Promise<void> {
  if (!registration) {
    registration = fetchAndRegister().catch((error: unknown) => {
      registration = null;
      throw error;
    });
  }
  return registration;
}

/** Forgets the registration so that the next page load fetches /remotes.json again (tests). */
export function resetRemotesRegistration(): void {
  registration = null;
}

/** A loaded page: its component, and the version and entry of the build whose code it is. */
export interface LoadedRemotePage {
  default: ComponentType;
  version: string | null;
  entry: string | null;
}

/**
 * Loads `${remote}/${module}`. A failure is a RemotesListError, a RemoteIncompatibleError, or a
 * RemoteLoadError naming the remote.
 */
export async function loadRemotePage(
  remote: string,
  module: string,
  retry = false,
): Promise<LoadedRemotePage> {
  // A retry ('Coba lagi') loads with the list live now, the remote registered afresh.
  if (retry && registration !== null) await refreshRemotes(remote, true);
  else await ensureRemotesRegistered();
  let loaded: { default?: ComponentType } | null;
  try {
    loaded = await loadRemote<{ default?: ComponentType }>(`${remote}/${module}`);
  } catch (error) {
    if (error instanceof RemoteIncompatibleError) throw error;
    throw new RemoteLoadError(remote, remoteVersion(remote), error);
  }
  if (!loaded?.default)
    throw new RemoteLoadError(
      remote,
      remoteVersion(remote),
      new Error(`${remote}/${module} tidak mengekspor komponen`),
    );
  // Each version has its own runtime (@gudang/mf-build, runtimeName), so the code that runs is
  // the code of the version whose manifest this load read.
  return {
    default: loaded.default,
    version: remoteVersion(remote),
    entry: registeredEntry(remote),
  };
}
