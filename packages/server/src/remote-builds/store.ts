// REMOTES_DIR as a store: the live list and live shell, the history of switches, the deploy lock
// and atomic writes. Every change to the list or the history runs under withDeployLock.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { RemoteEntry, RemotesManifest } from '@gudang/api-client/contract';
import type { Config } from '../config';
import { processAlive } from '../db/data-dir-lock';
import { SHELL, VERSION_PATTERN, versionEntry } from './manifest';
import { DeployError } from './problems';
import { REMOTE_NAMES, loadRemotes } from './remotes-list';

export const HISTORY_FILE = 'history.json';
export const LIVE_LIST_FILE = 'remotes.json';
export const LOCK_FILE = '.deploy.lock';
/** REMOTES_DIR/shell.json: the live shell version ({ version }), kept like the remotes list. */
export const LIVE_SHELL_FILE = 'shell.json';

export interface HistoryEntry {
  at: string;
  /**
   * start, deploy and rollback switch the live list; mark-bad keeps a version out of every
   * rollback (and a deploy of it needs --force) until an unmark-bad; prune records a version
   * folder removed.
   */
  action: 'start' | 'deploy' | 'rollback' | 'mark-bad' | 'unmark-bad' | 'prune';
  name: string;
  version: string;
  entry: string;
  /** The entry it replaced (null when the remote was not in the list). */
  previous: string | null;
  forced?: boolean;
  /** Who did it (--by, else the OS user); absent in records written before it was kept. */
  by?: string;
}

/** The actions that make a version live. */
export const SWITCHES: readonly HistoryEntry['action'][] = ['start', 'deploy', 'rollback'];

export interface RemoteStore {
  /** REMOTES_DIR: <name>/<version>/ builds and history.json. */
  dir: string;
  /** The live list file (REMOTES_JSON, else REMOTES_DIR/remotes.json). */
  listFile: string;
  /** The live shell's build folder (its mf-manifest.json says what it provides). */
  shellDir: string;
  /** With DATABASE_URL: the builds and the live state kept in PostgreSQL (shared.ts). */
  shared?: SharedBuilds;
}

/** Runs a change of the store with the database's lock held, the folder in step before and after. */
export interface SharedBuilds {
  around<T>(work: () => T | Promise<T>, waitMs: number): Promise<T>;
}

/** The store of a server configuration: REMOTES_DIR, the live list, the built shell. */
export function storeFor(
  config: Pick<Config, 'remotesDir' | 'dataDir' | 'remotesJson' | 'webDir'>,
): RemoteStore {
  const dir = config.remotesDir ?? path.join(config.dataDir, 'remotes');
  return {
    dir,
    listFile: config.remotesJson ?? path.join(dir, LIVE_LIST_FILE),
    shellDir: path.join(config.webDir, 'shell', 'dist'),
  };
}

/** Writes a file so that readers see the old or the new content, never a part (write + rename). */
export function writeAtomically(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleepCell, 0, 0, ms);

/** How long a deploy waits for another one before it gives up (tests shorten it). */
export const LOCK_WAIT_MS = 60_000;

/**
 * Emits 'wait' (with the lock file) when a deploy finds the lock held by a live process and starts
 * waiting for it: a test holds the lock and checks what the server does meanwhile.
 */
export const deployLockEvents = new EventEmitter();

/**
 * One try at REMOTES_DIR/.deploy.lock: true when taken; false when another live process holds it
 * (and the caller waits); a dead owner's lock is taken over.
 */
function tryLock(file: string, token: string, deadline: number): boolean {
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, token);
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = '';
    try {
      holder = readFileSync(file, 'utf8');
    } catch {
      continue; // released meanwhile
    }
    const pid = Number(holder.split(' ')[0]);
    // An empty file is a lock being written this instant; a dead owner's lock is taken over.
    if (holder !== '' && Number.isInteger(pid) && pid > 0 && !processAlive(pid)) {
      rmSync(file, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new DeployError(
        `deploy lain sedang berjalan (kunci ${file}, pid ${pid}); tidak ada yang diubah, coba lagi`,
        { kind: 'busy' },
      );
    return false;
  }
}

function unlock(file: string, token: string): void {
  try {
    if (readFileSync(file, 'utf8') === token) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}

const lockFile = (store: RemoteStore) => {
  mkdirSync(store.dir, { recursive: true });
  return path.join(store.dir, LOCK_FILE);
};
const newToken = () => `${process.pid} ${randomBytes(6).toString('hex')}`;
const pause = () => 20 + Math.floor(Math.random() * 30);

/**
 * The deploy lock of `store`, tried for until `waitMs` from now: take() is one try (tryLock),
 * emitting 'wait' when the first one finds the lock held; release() gives it back.
 */
function deployLock(store: RemoteStore, waitMs: number) {
  const file = lockFile(store);
  const token = newToken();
  const deadline = Date.now() + waitMs;
  let waiting = false;
  return {
    take(): boolean {
      if (tryLock(file, token, deadline)) return true;
      if (!waiting) deployLockEvents.emit('wait', file);
      waiting = true;
      return false;
    },
    release: () => unlock(file, token),
  };
}

/**
 * Runs `work` holding REMOTES_DIR/.deploy.lock, so that deploys, rollbacks, marks and prunes of
 * any remote run one at a time: each reads the list and the history, changes them and writes
 * them back, and two at once lost a switch (micro-frontend audit, 2). The lock is a file created
 * exclusively (O_EXCL) holding the owner's pid; a lock whose process is gone is taken over. A
 * deploy that cannot get it within `waitMs` fails loudly and changes nothing. This one sleeps
 * between tries (Atomics.wait): for the command line only, a process of its own. The server
 * uses withDeployLockAsync, which never blocks its event loop.
 */
export function withDeployLock<T>(store: RemoteStore, work: () => T, waitMs = LOCK_WAIT_MS): T {
  const lock = deployLock(store, waitMs);
  while (!lock.take()) sleep(pause());
  try {
    return work();
  } finally {
    lock.release();
  }
}

/**
 * withDeployLock for the server: the wait for another deploy's lock is a timer, so every other
 * request is answered meanwhile (micro-frontend audit N6: Atomics.wait inside a request froze
 * the server for up to 5 s). The lock is held until `work` (which may be async) settles.
 */
export async function withDeployLockAsync<T>(
  store: RemoteStore,
  work: () => T | Promise<T>,
  waitMs = LOCK_WAIT_MS,
): Promise<T> {
  const lock = deployLock(store, waitMs);
  while (!lock.take()) await delay(pause());
  try {
    // Several app servers (shared.ts): the database's lock too, its state copied in and out.
    return await (store.shared ? store.shared.around(work, waitMs) : work());
  } finally {
    lock.release();
  }
}

export function readList(store: RemoteStore): RemotesManifest {
  if (!existsSync(store.listFile)) return { remotes: [] };
  return loadRemotes(store.listFile);
}

export function readHistory(store: RemoteStore): HistoryEntry[] {
  const file = path.join(store.dir, HISTORY_FILE);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as HistoryEntry[];
}

export function appendHistory(store: RemoteStore, records: HistoryEntry[]): void {
  writeAtomically(
    path.join(store.dir, HISTORY_FILE),
    `${JSON.stringify([...readHistory(store), ...records], null, 2)}\n`,
  );
}

/** The live shell's version (REMOTES_DIR/shell.json), or null before a shell was stored. */
export function liveShellVersion(store: RemoteStore): string | null {
  return liveShellVersionIn(store.dir);
}

/** The live shell's version recorded in a REMOTES_DIR, or null. */
export function liveShellVersionIn(remotesDir: string): string | null {
  const file = path.join(remotesDir, LIVE_SHELL_FILE);
  if (!existsSync(file)) return null;
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  return typeof version === 'string' && VERSION_PATTERN.test(version) ? version : null;
}

/** The live shell's build folder: the stored live version, else the built one (store.shellDir). */
export function liveShellDir(store: RemoteStore): string {
  const version = liveShellVersion(store);
  return version === null ? store.shellDir : path.join(store.dir, SHELL, version);
}

/** The live entry of `name` (a remote's list entry; the shell's /shell/<version>/), or null. */
export function liveEntryOf(store: RemoteStore, name: string): string | null {
  if (name === SHELL) {
    const version = liveShellVersion(store);
    return version === null ? null : versionEntry(SHELL, version);
  }
  return readList(store).remotes.find((remote) => remote.name === name)?.entry ?? null;
}

/**
 * Points `name` at `entry` in the live list and appends to the history; the list goes first.
 * Called with the deploy lock held.
 */
export function switchTo(
  store: RemoteStore,
  name: string,
  version: string,
  action: HistoryEntry['action'],
  now: Date,
  forced = false,
  by?: string,
): HistoryEntry {
  const entry = versionEntry(name, version);
  const record: HistoryEntry = {
    at: now.toISOString(),
    action,
    name,
    version,
    entry,
    previous: liveEntryOf(store, name),
    ...(forced ? { forced: true } : {}),
    ...(by ? { by } : {}),
  };
  if (name === SHELL) {
    writeAtomically(path.join(store.dir, LIVE_SHELL_FILE), `${JSON.stringify({ version })}\n`);
  } else {
    const list = readList(store);
    const current = list.remotes.find((remote) => remote.name === name);
    const remotes: RemoteEntry[] = current
      ? list.remotes.map((remote) => (remote.name === name ? { name, entry } : remote))
      : [...list.remotes, { name, entry }];
    writeAtomically(store.listFile, `${JSON.stringify({ remotes }, null, 2)}\n`);
  }
  appendHistory(store, [record]);
  return record;
}

/** The names the store keeps versions of: the four remotes and the shell. */
export const BUILD_NAMES = [...REMOTE_NAMES, SHELL] as const;

export function assertRemoteName(name: string): void {
  if (!(BUILD_NAMES as readonly string[]).includes(name))
    throw new DeployError(`remote '${name}' tidak dikenal (${BUILD_NAMES.join(', ')})`);
}
/**
 * The versions of `name` marked bad (never activated by a rollback; a deploy of one needs
 * --force): the history's marks in order, each unmark-bad undoing the mark before it.
 */
export function badVersions(store: RemoteStore, name: string): Set<string> {
  const bad = new Set<string>();
  for (const record of readHistory(store)) {
    if (record.name !== name) continue;
    if (record.action === 'mark-bad') bad.add(record.version);
    else if (record.action === 'unmark-bad') bad.delete(record.version);
  }
  return bad;
}
