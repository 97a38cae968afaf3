import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkRemotesManifest, type RemoteEntry } from '@gudang/api-client';
import { declarePages, resetDeclaredPages, settleDeclaredPages } from '../routes';
import { RemoteDisabledError, disabledBy, killSwitchKnown } from './kill-switch';
import {
  REMOTE_TIMEOUT_MS,
  RemoteIncompatibleError,
  fetchWithTimeout,
  isTimeout,
  linkLooksSlow,
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

/**
 * A retry would run another runtime of a remote whose code already runs in this tab: another
 * version (a rollback, a forward fix, a pruned version) or the same one afresh. Two runtimes of a
 * remote in one page inject its endpoints twice into the shell's one store (Redux Toolkit error
 * #39) and mix two versions' code, so the page reloads instead (micro-frontend audit N1).
 */
export class RemoteVersionChangedError extends Error {
  override name = 'RemoteVersionChangedError';
  constructor(
    readonly remote: string,
    /** The version whose code runs in this tab. */
    readonly running: string | null,
    /** The version /remotes.json names now (null: not named, or the remote was removed). */
    readonly live: string | null,
  ) {
    super(`${remote} ${running ?? ''} berjalan; daftar menyebut ${live ?? '-'}`);
  }

  /** The list still names the version that runs: only its files failed to arrive. */
  get sameVersion(): boolean {
    return this.running !== null && this.running === this.live;
  }
}

/** The registered entries (absolute URLs), by remote name. */
const registered = new Map<string, string>();

/** The entries /remotes.json named when it was last read, by remote name. */
const live = new Map<string, string>();

/**
 * The entry (runtime) whose code runs in this tab, by remote: set once a module of the remote has
 * been evaluated. Such a remote is never registered again in this page.
 */
const running = new Map<string, string>();

/** Marks `remote`'s registered runtime as running code in this tab. */
function markRunning(remote: string): void {
  const entry = registered.get(remote);
  if (entry !== undefined && !running.has(remote)) running.set(remote, entry);
}

/** The version in a versioned entry (/remotes/<name>/<version>/mf-manifest.json), else the entry. */
export function entryVersion(entry: string | undefined): string | null {
  if (entry === undefined) return null;
  const match = /\/remotes\/[^/]+\/([^/]+)\/mf-manifest\.json$/.exec(new URL(entry).pathname);
  return match?.[1] ?? entry;
}

/**
 * Whether a failed load stopped before any of the remote's code ran (a manifest, entry or chunk
 * that did not arrive). Anything else (a module that threw while evaluated) may have run code.
 */
export function isLoadFailure(error: unknown): boolean {
  if (isTimeout(error)) return true;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  return (
    name === 'ChunkLoadError' ||
    /RUNTIME-0\d\d|Loading (css )?(chunk|script)|Failed to fetch|NetworkError|HTTP \d{3}|load script|ChunkLoadError/i.test(
      message,
    )
  );
}

/** The entry `remote` is registered with now (a page loaded under another one is stale). */
export function registeredEntry(remote: string): string | null {
  return registered.get(remote) ?? null;
}

/** The live shell version /remotes.json named when it was last read (null: not named). */
let liveShell: string | null = null;

/** Where the shell keeps the last list read (issue 48: a start without a network). */
export const LAST_REMOTES_KEY = 'gudang:last-remotes-json';

/** The fetch got no answer at all (rejected, or the browser is offline); not a timeout or abort. */
function noNetwork(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted || isTimeout(error)) return false;
  return error instanceof TypeError || navigator.onLine === false;
}

function keepList(manifest: unknown): void {
  try {
    localStorage.setItem(LAST_REMOTES_KEY, JSON.stringify(manifest));
  } catch {
    // Storage full or blocked: a start without a network then says the list failed.
  }
}

/** The last list read, if it is still a valid list (checked as a fresh one), else null. */
function lastKnownList(): unknown {
  try {
    const raw = localStorage.getItem(LAST_REMOTES_KEY);
    if (raw === null) return null;
    const kept: unknown = JSON.parse(raw);
    return checkRemotesManifest(kept).ok ? kept : null;
  } catch {
    return null;
  }
}

/** The list reads in flight (a retry aborts them), and how many were made. */
const listReads = new Set<AbortController>();
let listReadCount = 0;

/**
 * Reads /remotes.json. The first read takes the <link rel="preload"> of index.html (default
 * cache mode, the same URL). Every later one asks afresh (no-store, its own URL), and a retry
 * (`abortPending`) aborts the reads still in flight: a retry never waits behind a request that
 * hangs, such as a hung preload, which the page cannot cancel (micro-frontend audit N4).
 */
async function fetchList(abortPending = false): Promise<RemoteEntry[]> {
  if (abortPending) for (const pending of listReads) pending.abort();
  const controller = new AbortController();
  listReads.add(controller);
  listReadCount += 1;
  const url = new URL(REMOTES_JSON_PATH, document.baseURI);
  const first = listReadCount === 1;
  if (!first) url.searchParams.set('n', String(listReadCount));
  let manifest: unknown;
  let fromNetwork = true;
  try {
    // The server sends it no-cache: a deploy switches the list, and a reload must see it.
    const response = await fetchWithTimeout(
      url.toString(),
      first ? { signal: controller.signal } : { cache: 'no-store', signal: controller.signal },
      REMOTE_TIMEOUT_MS,
    );
    manifest = await response.json();
  } catch (error) {
    // No network (a start offline, issue 48): the last list read, whose versioned files the
    // service worker keeps (ADR 0024). A list that hangs, fails or is broken online still fails.
    const kept = noNetwork(error, controller.signal) ? lastKnownList() : null;
    if (kept === null)
      throw new RemotesListError(`${REMOTES_JSON_PATH} gagal dimuat: ${String(error)}`);
    manifest = kept;
    fromNetwork = false;
  } finally {
    listReads.delete(controller);
  }
  // The contract's check, the one the server applies to the file it serves.
  const checked = checkRemotesManifest(manifest);
  if (!checked.ok) throw new RemotesListError(`${REMOTES_JSON_PATH} tidak valid`);
  if (fromNetwork) keepList(manifest);
  liveShell = checked.manifest.shell ?? null;
  // An entry relative to this origin ('/remotes/inventory/1.4.0-abc/mf-manifest.json') is made
  // absolute so that the manifest's 'auto' public path resolves against it.
  const remotes = checked.manifest.remotes.map(({ name, entry }) => ({
    name,
    entry: new URL(entry, document.baseURI).toString(),
  }));
  live.clear();
  for (const { name, entry } of remotes) live.set(name, entry);
  return remotes;
}

async function fetchAndRegister(fresh = false): Promise<void> {
  const [remotes] = await Promise.all([fetchList(fresh), killSwitchKnown()]);
  // A remote whose code runs keeps its runtime (a list read again after a failure). A switched-off
  // one is not registered: none of its files is ever requested (kill-switch.ts).
  const own = remotes.filter(({ name }) => !running.has(name) && disabledBy(name) === null);
  registerRemotes(own);
  for (const { name, entry } of own) registered.set(name, entry);
  undeclared = [...(undeclared ?? []), ...own];
  if (declarationsWanted) readUndeclared();
}

// The declared pages are read once a signed-in part needs them (the menu, a path no route has):
// the login page never asks for the remotes' manifests (issue 48: its start stays small).
let declarationsWanted = false;
/** Registered remotes whose declarations are not read yet; null: none registered since. */
let undeclared: RemoteEntry[] | null = null;

function readUndeclared(): void {
  if (undeclared === null) return;
  const remotes = undeclared;
  undeclared = null;
  void readDeclaredPages(remotes);
}

/** Reads the declared pages of the registered remotes, now and as they register (signed in). */
export function wantDeclaredPages(): void {
  declarationsWanted = true;
  readUndeclared();
}

/**
 * Reads the pages each registered remote declares in its manifest (issue 49, docs/adr/0027), in
 * the background: the menu and the routes grow as they arrive (the built-in rows meanwhile). A
 * versioned manifest is cached for good, so the federation runtime's own read costs nothing more.
 */
async function readDeclaredPages(remotes: readonly RemoteEntry[]): Promise<void> {
  await Promise.all(
    remotes.map(async ({ name, entry }) => {
      try {
        const response = await fetchWithTimeout(entry, {}, REMOTE_TIMEOUT_MS);
        const manifest = (await response.json()) as {
          metaData?: { gudang?: { pages?: unknown } };
          exposes?: { name?: unknown }[];
        };
        const exposes = (manifest.exposes ?? []).flatMap(({ name: module }) =>
          typeof module === 'string' ? [module.replace(/^\.\//, '')] : [],
        );
        declarePages(name, manifest.metaData?.gudang?.pages, exposes);
      } catch {
        // Its built-in rows stay; a page load reports the remote's failure itself.
      }
    }),
  );
  settleDeclaredPages();
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
 * Re-reads /remotes.json and re-registers (force) every remote whose entry changed and none of
 * whose code runs in this tab, so that the next load uses the version live now. Resolves to
 * whether `remote` was registered afresh. With `reregister` ('Coba lagi'), `remote` is registered
 * afresh even when its entry is unchanged, under new URLs (retryEntry). A remote whose code runs
 * keeps its runtime: the new-version notice offers a reload, and a retry reloads.
 */
export async function refreshRemotes(remote?: string, reregister = false): Promise<boolean> {
  const remotes = await fetchList(reregister);
  const changed = remotes.filter(
    ({ name, entry }) =>
      !running.has(name) &&
      disabledBy(name) === null &&
      (registered.get(name) !== entry || (reregister && name === remote)),
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

/**
 * Fetches /remotes.json once and registers the remotes; after a failure the next call tries again.
 * `fresh` (a retry) asks again even while a read is in flight, aborting it.
 */
export function ensureRemotesRegistered(fresh = false): Promise<void> {
  if (!registration || fresh) {
    const attempt: Promise<void> = fetchAndRegister(fresh).catch((error: unknown) => {
      if (registration === attempt) registration = null;
      // No list, no declarations: the built-in rows are the table.
      settleDeclaredPages();
      throw error;
    });
    registration = attempt;
  }
  return registration;
}

/** Forgets the registration so that the next page load fetches /remotes.json again (tests). */
export function resetRemotesRegistration(): void {
  registration = null;
  registered.clear();
  running.clear();
  live.clear();
  buildVersions.clear();
  for (const pending of listReads) pending.abort();
  listReads.clear();
  listReadCount = 0;
  declarationsWanted = false;
  undeclared = null;
  resetDeclaredPages();
}

/** The version of `remote` whose code runs in this tab, or the one it is registered with. */
function ownVersion(remote: string): string | null {
  return remoteVersion(remote) ?? entryVersion(running.get(remote) ?? registered.get(remote));
}

/**
 * Throws RemoteVersionChangedError when `remote`'s code runs in this tab and loading under what
 * the list names now would start another runtime of it: another version, or (`sameToo`, a load
 * that hung) the same version under new URLs.
 */
function refuseSecondRuntime(remote: string, sameToo: boolean): void {
  const runs = running.get(remote);
  if (runs === undefined) return;
  const now = live.get(remote);
  if (now !== runs || sameToo)
    throw new RemoteVersionChangedError(remote, ownVersion(remote), entryVersion(now));
}

/**
 * How a page is loaded again: after its load failed, after it timed out (a request that hangs,
 * which only new URLs escape), or after it crashed while rendering.
 */
export type RetryKind = 'load' | 'hung' | 'crash';

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
  retry?: RetryKind | false,
  /** Told when the load goes on past REMOTE_TIMEOUT_MS over a slow link ('Koneksi lambat'). */
  onSlow?: () => void,
): Promise<LoadedRemotePage> {
  if (retry) {
    // A retry ('Coba lagi') reads the list afresh. A remote none of whose code runs here is
    // registered afresh under new URLs. One whose code runs is loaded again in its own runtime
    // (its failed chunk asked for again); when another version is live, or its request hangs
    // (new URLs need a new runtime), the page reloads instead.
    if (registration === null) await ensureRemotesRegistered(true);
    else await refreshRemotes(remote, true);
    refuseSecondRuntime(remote, retry === 'hung');
  } else await ensureRemotesRegistered();
  const by = disabledBy(remote);
  if (by !== null) throw new RemoteDisabledError(remote, by);
  // Switched back on since the list was read (the manager cleared the setting): registered now.
  if (!registered.has(remote) && !running.has(remote)) await refreshRemotes();
  let loaded: { default?: ComponentType } | null;
  try {
    // Still loading at the usual deadline over a slow link: the page says 'Koneksi lambat' (the
    // manifest, the entry and each chunk wait longer there).
    const slowNotice = setTimeout(() => {
      if (linkLooksSlow()) onSlow?.();
    }, REMOTE_TIMEOUT_MS);
    try {
      loaded = await loadRemote<{ default?: ComponentType }>(`${remote}/${module}`);
    } finally {
      clearTimeout(slowNotice);
    }
  } catch (error) {
    if (error instanceof RemoteIncompatibleError) throw error;
    if (!isLoadFailure(error)) markRunning(remote);
    // A tab whose version was pruned or replaced: the list names another one now.
    if (running.has(remote) && live.has(remote) && live.get(remote) !== running.get(remote))
      refuseSecondRuntime(remote, false);
    throw new RemoteLoadError(remote, remoteVersion(remote), error);
  }
  markRunning(remote);
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
