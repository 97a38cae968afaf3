// Versioned, immutable remote builds (docs/adr/0010-versioned-remotes.md). A build lives in
// REMOTES_DIR/<name>/<version>/ and is served as /remotes/<name>/<version>/; the live list (the
// /remotes.json the shell reads) points each remote at one of them. Deploy copies a build in,
// checks it against the live shell, then switches the list atomically; rollback switches back.
import { createHash, randomBytes } from 'node:crypto';
import {
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { unmetRequirements, type Requirement } from '@gudang/api-client/contract';
import { satisfy } from '@module-federation/runtime-core';
import type { Config } from '../config';
import { REMOTE_NAMES, loadRemotes, type RemoteEntry, type RemotesFile } from '../plugins/remotes';

export const HISTORY_FILE = 'history.json';
export const LIVE_LIST_FILE = 'remotes.json';
export const LOCK_FILE = '.deploy.lock';
/** REMOTES_DIR/shell.json: the live shell version ({ version }), kept like the remotes list. */
export const LIVE_SHELL_FILE = 'shell.json';
/** The shell is stored and deployed like a remote, under this name. */
export const SHELL = 'shell';
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,99}$/;

/** A refused deploy or rollback: nothing was changed; the message says why. */
export class DeployError extends Error {
  override name = 'DeployError';
  constructor(
    message: string,
    readonly problems: string[] = [message],
  ) {
    super(message);
  }
}

/** The part of mf-manifest.json this module reads. */
export interface BuildManifest {
  name: string;
  metaData: {
    remoteEntry?: { name?: string; path?: string };
    buildInfo?: { buildVersion?: string };
    gudang?: {
      name?: string;
      version?: string;
      commit?: string | null;
      builtAt?: string;
      requires?: Record<string, Requirement>;
      provides?: Record<string, string>;
      /** A remote: the names it imports from each shared workspace package, with type fingerprints. */
      uses?: Surfaces;
      /** The shell: the public surface of each shared workspace package it provides. */
      surface?: Surfaces;
    };
  };
  shared?: { name: string; requiredVersion?: string | false; assets?: Assets }[];
  exposes?: { name: string; assets?: Assets }[];
}

/** By package, exported name -> fingerprint of its type (@gudang/mf-build, surface.js). */
export type Surfaces = Record<string, Record<string, string>>;

interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

export interface HistoryEntry {
  at: string;
  /**
   * start, deploy and rollback switch the live list; mark-bad keeps a version out of every
   * rollback; prune records a version folder removed.
   */
  action: 'start' | 'deploy' | 'rollback' | 'mark-bad' | 'prune';
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
const SWITCHES: readonly HistoryEntry['action'][] = ['start', 'deploy', 'rollback'];

export interface RemoteStore {
  /** REMOTES_DIR: <name>/<version>/ builds and history.json. */
  dir: string;
  /** The live list file (REMOTES_JSON, else REMOTES_DIR/remotes.json). */
  listFile: string;
  /** The live shell's build folder (its mf-manifest.json says what it provides). */
  shellDir: string;
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

export const versionEntry = (name: string, version: string): string =>
  name === SHELL ? `/shell/${version}/` : `/remotes/${name}/${version}/mf-manifest.json`;

/** The version in an entry URL of this server's versioned paths, else null. */
export function versionOfEntry(name: string, entry: string): string | null {
  if (name === SHELL) {
    const match = /^\/shell\/([^/]+)\/$/.exec(entry);
    return match?.[1] && VERSION_PATTERN.test(match[1]) ? match[1] : null;
  }
  const prefix = `/remotes/${name}/`;
  if (!entry.startsWith(prefix) || !entry.endsWith('/mf-manifest.json')) return null;
  const version = entry.slice(prefix.length, -'/mf-manifest.json'.length);
  return VERSION_PATTERN.test(version) ? version : null;
}

export function readManifest(dir: string): BuildManifest {
  const file = path.join(dir, 'mf-manifest.json');
  if (!existsSync(file)) throw new DeployError(`mf-manifest.json tidak ada di ${dir}`);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    throw new DeployError(`mf-manifest.json di ${dir} bukan JSON: ${String(error)}`);
  }
}

export function manifestVersion(manifest: BuildManifest): string | null {
  return manifest.metaData.gudang?.version ?? manifest.metaData.buildInfo?.buildVersion ?? null;
}

/** Every file the manifest names, relative to the build folder. */
export function manifestFiles(manifest: BuildManifest): string[] {
  const files = new Set<string>();
  const entry = manifest.metaData.remoteEntry;
  if (entry?.name) files.add(path.posix.join(entry.path ?? '', entry.name));
  const addAssets = (assets: Assets | undefined) => {
    for (const kind of [assets?.js, assets?.css])
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])]) files.add(file);
  };
  for (const shared of manifest.shared ?? []) addAssets(shared.assets);
  for (const exposed of manifest.exposes ?? []) addAssets(exposed.assets);
  return [...files];
}

/**
 * Whether `file`, named by a manifest, is a plain relative path that stays inside the build
 * folder: no absolute path, no '..', no backslash or drive letter (security review F9).
 */
export function insideBuild(dir: string, file: string): boolean {
  if (file === '' || file.includes('\\') || file.includes('\0') || path.isAbsolute(file))
    return false;
  if (file.split('/').some((part) => part === '..')) return false;
  const root = path.resolve(dir);
  const resolved = path.resolve(root, file);
  return resolved.startsWith(`${root}${path.sep}`);
}

/** Every file of a build folder, relative and sorted (folders walked, not listed). */
function buildFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...buildFiles(dir, relative));
    else out.push(relative);
  }
  return out.sort();
}

/** The entries of a build folder that are neither folders nor regular files (symlinks, ...). */
function notPlainFiles(dir: string, prefix = ''): string[] {
  const odd: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    const stat = lstatSync(path.join(dir, relative));
    if (stat.isDirectory()) odd.push(...notPlainFiles(dir, relative));
    else if (!stat.isFile()) odd.push(relative);
  }
  return odd;
}

/**
 * A digest of a whole build: every file's path and bytes, the manifest without its build time
 * (a rebuild of the same sources is the same build). Two builds with one version must have the
 * same digest: a version is never served with other content (security review F9).
 */
export function buildDigest(dir: string): string {
  const hash = createHash('sha256');
  for (const file of buildFiles(dir)) {
    let body: Buffer = readFileSync(path.join(dir, file));
    if (file === 'mf-manifest.json') {
      const manifest = readManifest(dir);
      if (manifest.metaData.gudang) delete manifest.metaData.gudang.builtAt;
      body = Buffer.from(JSON.stringify(manifest));
    }
    hash.update(`${file}\0${body.length}\0`).update(body);
  }
  return hash.digest('hex');
}

/** What the live shell provides, by package name (from its build's manifest). */
export function shellProvides(shellDir: string): Record<string, string> {
  const provides = readManifest(shellDir).metaData.gudang?.provides;
  if (!provides)
    throw new DeployError(
      `the live shell (${shellDir}) names no provided versions: rebuild it (npm run build -w @gudang/shell)`,
    );
  return provides;
}

/** The public surface the live shell provides, or null for a shell built before it was recorded. */
export function shellSurface(shellDir: string): Surfaces | null {
  return readManifest(shellDir).metaData.gudang?.surface ?? null;
}

/**
 * The names a remote uses that the shell's shared packages lack or export with another type, one
 * sentence each: what a version number cannot tell when it was not bumped (audit 4).
 */
export function unmetSurface(uses: Surfaces, surface: Surfaces): string[] {
  const unmet: string[] = [];
  for (const [pkg, names] of Object.entries(uses)) {
    const provided = surface[pkg];
    if (!provided) continue; // the version check names a package the shell lacks
    for (const [name, fingerprint] of Object.entries(names)) {
      if (!(name in provided)) unmet.push(`${pkg} ${name} (shell tidak menyediakan)`);
      else if (provided[name] !== fingerprint)
        unmet.push(`${pkg} ${name} dengan tipe lain (tipe di shell berbeda)`);
    }
  }
  return unmet;
}

/**
 * Checks a build folder for remote `name` against what the shell provides (its versions and, when
 * known, its shared packages' surface): the reasons it cannot go live (empty: fine).
 */
export function checkBuild(
  dir: string,
  name: string,
  provides: Record<string, string>,
  surface: Surfaces | null = null,
): string[] {
  let manifest: BuildManifest;
  try {
    manifest = readManifest(dir);
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const problems: string[] = [];
  if (manifest.name !== name)
    problems.push(`mf-manifest.json adalah untuk remote '${manifest.name}', bukan '${name}'`);
  const version = manifestVersion(manifest);
  if (version === null) problems.push('mf-manifest.json tidak mencatat versi build');
  else if (!VERSION_PATTERN.test(version)) problems.push(`versi '${version}' tidak valid`);
  const files = manifestFiles(manifest);
  if (files.length === 0) problems.push('mf-manifest.json tidak menyebut berkas apa pun');
  for (const file of files) {
    if (!insideBuild(dir, file)) problems.push(`berkas ${file} berada di luar folder build`);
    else if (!existsSync(path.join(dir, file))) problems.push(`berkas ${file} tidak ada`);
  }
  for (const odd of notPlainFiles(dir))
    problems.push(`${odd} bukan berkas biasa (tautan atau perangkat tidak boleh ada di build)`);
  // The shell requires nothing: it provides (its own check is shellProblems).
  if (name === SHELL) return problems;
  const requires = manifest.metaData.gudang?.requires;
  if (!requires)
    problems.push('mf-manifest.json tidak mencatat versi paket bersama yang dibutuhkan');
  else
    for (const unmet of unmetRequirements(requires, provides, satisfy))
      problems.push(`butuh ${unmet}`);
  const uses = manifest.metaData.gudang?.uses;
  if (uses && surface)
    for (const unmet of unmetSurface(uses, surface)) problems.push(`butuh ${unmet}`);
  return problems;
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

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How long a deploy waits for another one before it gives up (tests shorten it). */
export const LOCK_WAIT_MS = 60_000;

/**
 * Runs `work` holding REMOTES_DIR/.deploy.lock, so that deploys, rollbacks, marks and prunes of
 * any remote run one at a time: each reads the list and the history, changes them and writes
 * them back, and two at once lost a switch (micro-frontend audit, 2). The lock is a file created
 * exclusively (O_EXCL) holding the owner's pid; a lock whose process is gone is taken over. A
 * deploy that cannot get it within `waitMs` fails loudly and changes nothing.
 */
export function withDeployLock<T>(store: RemoteStore, work: () => T, waitMs = LOCK_WAIT_MS): T {
  mkdirSync(store.dir, { recursive: true });
  const file = path.join(store.dir, LOCK_FILE);
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, token);
      closeSync(fd);
      break;
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
      );
    sleep(20 + Math.floor(Math.random() * 30));
  }
  try {
    return work();
  } finally {
    try {
      if (readFileSync(file, 'utf8') === token) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  }
}

export function readList(store: RemoteStore): RemotesFile {
  if (!existsSync(store.listFile)) return { remotes: [] };
  return loadRemotes(store.listFile);
}

export function readHistory(store: RemoteStore): HistoryEntry[] {
  const file = path.join(store.dir, HISTORY_FILE);
  if (!existsSync(file)) return [];
  return JSON.parse(readFileSync(file, 'utf8')) as HistoryEntry[];
}

function appendHistory(store: RemoteStore, records: HistoryEntry[]): void {
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
function liveEntryOf(store: RemoteStore, name: string): string | null {
  if (name === SHELL) {
    const version = liveShellVersion(store);
    return version === null ? null : versionEntry(SHELL, version);
  }
  return readList(store).remotes.find((remote) => remote.name === name)?.entry ?? null;
}

/**
 * Why the shell in `shellDir` would lock live remotes out: for every remote in the live list
 * whose build is stored here, what it requires (versions) and uses (exports) that this shell
 * does not provide (audit 3).
 */
export function shellProblems(store: RemoteStore, shellDir: string): string[] {
  const provides = shellProvides(shellDir);
  const surface = shellSurface(shellDir);
  const problems: string[] = [];
  for (const remote of readList(store).remotes) {
    const version = versionOfEntry(remote.name, remote.entry);
    const dir = version && path.join(store.dir, remote.name, version);
    if (!dir || !existsSync(path.join(dir, 'mf-manifest.json'))) continue;
    const gudang = readManifest(dir).metaData.gudang;
    const unmet = [
      ...unmetRequirements(gudang?.requires ?? {}, provides, satisfy),
      ...(gudang?.uses && surface ? unmetSurface(gudang.uses, surface) : []),
    ];
    for (const need of unmet) problems.push(`butuh ${need} untuk ${remote.name} ${version}`);
  }
  return problems;
}

/**
 * Points `name` at `entry` in the live list and appends to the history; the list goes first.
 * Called with the deploy lock held.
 */
function switchTo(
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

function assertRemoteName(name: string): void {
  if (!(BUILD_NAMES as readonly string[]).includes(name))
    throw new DeployError(`remote '${name}' tidak dikenal (${BUILD_NAMES.join(', ')})`);
}

/** The same files with the same bytes, apart from the manifest's build time. */
function sameBuild(a: string, b: string): boolean {
  return buildDigest(a) === buildDigest(b);
}

export interface DeployOptions {
  name: string;
  from: string;
  /** Switch even when the shared requirements are not met (the shell shows a named panel). */
  force?: boolean;
  now?: Date;
  action?: 'deploy' | 'start';
  /** Who deploys (recorded in the history). */
  by?: string;
  /** How long to wait for another deploy's lock (default LOCK_WAIT_MS). */
  lockWaitMs?: number;
}

export interface DeployResult {
  version: string;
  entry: string;
  /** False when that version was already live. */
  switched: boolean;
  warnings: string[];
}

/**
 * Copies the build in `from` into REMOTES_DIR/<name>/<version>/, checks it and switches the live
 * list to it. A failed check throws DeployError and leaves the list, the history and the stored
 * versions as they were.
 */
export function deployRemote(store: RemoteStore, options: DeployOptions): DeployResult {
  return withDeployLock(store, () => deployLocked(store, options), options.lockWaitMs);
}

function deployLocked(store: RemoteStore, options: DeployOptions): DeployResult {
  const { name, from } = options;
  assertRemoteName(name);
  if (!existsSync(from) || !statSync(from).isDirectory())
    throw new DeployError(`folder build ${from} tidak ada`);
  const manifest = readManifest(from);
  const version = manifestVersion(manifest);
  if (version === null || !VERSION_PATTERN.test(version))
    throw new DeployError(`mf-manifest.json di ${from} tidak mencatat versi build yang valid`);

  const isShell = name === SHELL;
  // A remote is checked against the live shell; a shell against every live remote (audit 3), but
  // not at start, where `npm start` registers the shell it built before the remotes built with it.
  const provides = isShell ? shellProvides(from) : shellProvides(liveShellDir(store));
  const problems = isShell
    ? [
        ...checkBuild(from, name, provides),
        ...(existsSync(path.join(from, 'index.html')) ? [] : ['berkas index.html tidak ada']),
        ...(options.action === 'start' ? [] : shellProblems(store, from)),
      ]
    : checkBuild(from, name, provides, shellSurface(liveShellDir(store)));
  const skew = problems.filter((problem) => problem.startsWith('butuh '));
  const fatal = problems.filter((problem) => !problem.startsWith('butuh '));
  if (fatal.length > 0 || (skew.length > 0 && !options.force))
    throw new DeployError(`${name} ${version} ditolak:\n  - ${problems.join('\n  - ')}`, problems);

  const target = path.join(store.dir, name, version);
  if (existsSync(target)) {
    // Versions are immutable: the same version may only be the same build.
    if (!sameBuild(from, target))
      throw new DeployError(
        `${name} ${version} sudah ada dengan isi lain; versi tidak boleh ditimpa (naikkan versi atau commit)`,
      );
  } else {
    // Copied beside the target and renamed into place, so a half copy is never served.
    const incoming = path.join(store.dir, name, `.incoming-${randomBytes(4).toString('hex')}`);
    mkdirSync(path.dirname(incoming), { recursive: true });
    try {
      cpSync(from, incoming, { recursive: true });
      const copied = checkBuild(incoming, name, provides).filter((p) => !p.startsWith('butuh '));
      if (copied.length > 0) throw new DeployError(`salinan tidak lengkap: ${copied.join('; ')}`);
      renameSync(incoming, target);
    } finally {
      rmSync(incoming, { recursive: true, force: true });
    }
  }

  const entry = versionEntry(name, version);
  if (liveEntryOf(store, name) === entry)
    return { version, entry, switched: false, warnings: skew };
  switchTo(
    store,
    name,
    version,
    options.action ?? 'deploy',
    options.now ?? new Date(),
    skew.length > 0,
    options.by,
  );
  return { version, entry, switched: true, warnings: skew };
}

/** The versions of `name` marked bad (never activated by a rollback). */
export function badVersions(store: RemoteStore, name: string): Set<string> {
  return new Set(
    readHistory(store)
      .filter((record) => record.name === name && record.action === 'mark-bad')
      .map((record) => record.version),
  );
}

/**
 * The entries that went live, as a stack: a deploy (or start) pushes; a rollback goes back down
 * to its target (popping what was above it), or pushes a target that was not on the stack
 * (rollback --to an older version).
 */
function liveStack(store: RemoteStore, name: string): string[] {
  const stack: string[] = [];
  for (const record of readHistory(store)) {
    if (record.name !== name) continue;
    if (record.action === 'deploy' || record.action === 'start') stack.push(record.entry);
    else if (record.action === 'rollback') {
      const at = stack.lastIndexOf(record.entry);
      if (at === -1) stack.push(record.entry);
      else stack.length = at + 1;
    }
  }
  return stack;
}

export interface RollbackOptions {
  /** The version to go to; default: the one live before, skipping bad and removed versions. */
  to?: string;
  by?: string;
  now?: Date;
}

/** Switches `name` back to the version live before the current one, or to `options.to`. */
export function rollbackRemote(
  store: RemoteStore,
  name: string,
  options: RollbackOptions | Date = {},
): { from: string; to: string } {
  const { to, by, now = new Date() } = options instanceof Date ? { now: options } : options;
  assertRemoteName(name);
  return withDeployLock(store, () => {
    const liveEntry = liveEntryOf(store, name);
    if (!liveEntry) throw new DeployError(`${name} tidak ada di daftar remote`);
    const current = versionOfEntry(name, liveEntry);
    const bad = badVersions(store, name);
    const stored = (version: string) =>
      existsSync(path.join(store.dir, name, version, 'mf-manifest.json'));
    let target: string | null;
    if (to !== undefined) {
      if (!VERSION_PATTERN.test(to)) throw new DeployError(`versi '${to}' tidak valid`);
      if (!stored(to)) throw new DeployError(`${name} ${to}: build tidak ada di ${store.dir}`);
      if (bad.has(to)) throw new DeployError(`${name} ${to} ditandai buruk (mark-bad)`);
      if (to === current) throw new DeployError(`${name} ${to} sudah aktif`);
      target = to;
    } else {
      // Down the stack from under the live version: the first one kept and not marked bad.
      const stack = liveStack(store, name);
      target = null;
      if (stack.at(-1) === liveEntry) {
        for (let i = stack.length - 2; i >= 0 && target === null; i--) {
          const version = versionOfEntry(name, stack[i] ?? '');
          if (version && version !== current && !bad.has(version) && stored(version))
            target = version;
        }
      }
      if (target === null)
        throw new DeployError(`${name}: tidak ada versi sebelumnya di riwayat untuk rollback`);
    }
    // A shell rollback is checked like a shell deploy: it must not lock a live remote out.
    if (name === SHELL) {
      const problems = shellProblems(store, path.join(store.dir, SHELL, target));
      if (problems.length > 0)
        throw new DeployError(`shell ${target} ditolak:\n  - ${problems.join('\n  - ')}`, problems);
    }
    switchTo(store, name, target, 'rollback', now, false, by);
    return { from: current ?? liveEntry, to: target };
  });
}

/**
 * Marks a stored version bad: a rollback never goes to it again (audit 8: after a forward fix, a
 * stack rollback re-activated the known-bad build). The live version can be marked too; the
 * marker then rolls back.
 */
export function markBad(
  store: RemoteStore,
  name: string,
  version: string,
  options: { by?: string; now?: Date } = {},
): void {
  assertRemoteName(name);
  if (!VERSION_PATTERN.test(version)) throw new DeployError(`versi '${version}' tidak valid`);
  withDeployLock(store, () => {
    if (!existsSync(path.join(store.dir, name, version, 'mf-manifest.json')))
      throw new DeployError(`${name} ${version}: build tidak ada di ${store.dir}`);
    if (badVersions(store, name).has(version)) return;
    appendHistory(store, [
      {
        at: (options.now ?? new Date()).toISOString(),
        action: 'mark-bad',
        name,
        version,
        entry: versionEntry(name, version),
        previous: null,
        ...(options.by ? { by: options.by } : {}),
      },
    ]);
  });
}

/** A version an open tab may still load: it was live less than this long ago. */
export const PRUNE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes old version folders of `name`, keeping the `keep` most recently live ones, the live
 * one, and every version live within the last day (an open tab may still load its chunks).
 * Returns the versions removed. Each folder is renamed aside first, so a half-removed build is
 * never served.
 */
export function pruneRemote(
  store: RemoteStore,
  name: string,
  keep: number,
  options: { by?: string; now?: Date } = {},
): string[] {
  assertRemoteName(name);
  if (!Number.isInteger(keep) || keep < 1)
    throw new DeployError('--keep harus bilangan bulat 1 atau lebih');
  const now = options.now ?? new Date();
  return withDeployLock(store, () => {
    const listing = listOne(store, name);
    // The moment each version stopped being live: the next switch after it went live.
    const history = readHistory(store).filter(
      (r) => r.name === name && SWITCHES.includes(r.action),
    );
    const liveUntil = new Map<string, number>();
    history.forEach((record, i) => {
      const next = history[i + 1];
      liveUntil.set(record.version, next ? Date.parse(next.at) : now.getTime());
    });
    const recent = new Set(listing.versions.slice(-keep).map((v) => v.version));
    const removed: string[] = [];
    for (const { version } of listing.versions) {
      if (version === listing.live || recent.has(version)) continue;
      const until = liveUntil.get(version);
      if (until !== undefined && now.getTime() - until < PRUNE_GRACE_MS) continue;
      const dir = path.join(store.dir, name, version);
      const aside = path.join(store.dir, name, `.pruned-${randomBytes(4).toString('hex')}`);
      renameSync(dir, aside);
      rmSync(aside, { recursive: true, force: true });
      removed.push(version);
    }
    if (removed.length > 0)
      appendHistory(
        store,
        removed.map((version) => ({
          at: now.toISOString(),
          action: 'prune' as const,
          name,
          version,
          entry: versionEntry(name, version),
          previous: null,
          ...(options.by ? { by: options.by } : {}),
        })),
      );
    return removed;
  });
}

export interface RemoteListing {
  name: string;
  live: string | null;
  /** Ordered by when each last went live (never-live versions first, by build time). */
  versions: {
    version: string;
    builtAt: string | null;
    commit: string | null;
    /** When it last went live, and who made it so. */
    deployedAt: string | null;
    by: string | null;
    bad: boolean;
  }[];
}

function listOne(store: RemoteStore, name: string): RemoteListing {
  const liveEntry = liveEntryOf(store, name);
  const dir = path.join(store.dir, name);
  // The history is appended in order under the deploy lock: its position, not the clock (two
  // switches can share a millisecond), says which went live last.
  const lastLive = new Map<string, HistoryEntry & { position: number }>();
  readHistory(store).forEach((record, position) => {
    if (record.name === name && SWITCHES.includes(record.action))
      lastLive.set(record.version, { ...record, position });
  });
  const bad = badVersions(store, name);
  const versions = existsSync(dir)
    ? readdirSync(dir)
        .filter((v) => !v.startsWith('.') && existsSync(path.join(dir, v, 'mf-manifest.json')))
        .map((version) => {
          const meta = readManifest(path.join(dir, version)).metaData.gudang;
          const record = lastLive.get(version);
          return {
            listing: {
              version,
              builtAt: meta?.builtAt ?? null,
              commit: meta?.commit ?? null,
              deployedAt: record?.at ?? null,
              by: record?.by ?? null,
              bad: bad.has(version),
            },
            position: record?.position ?? -1,
          };
        })
        .sort(
          (a, b) =>
            a.position - b.position ||
            (a.listing.builtAt ?? '').localeCompare(b.listing.builtAt ?? ''),
        )
        .map(({ listing }) => listing)
    : [];
  return {
    name,
    live: liveEntry ? (versionOfEntry(name, liveEntry) ?? liveEntry) : null,
    versions,
  };
}

export function listRemotes(store: RemoteStore): RemoteListing[] {
  return BUILD_NAMES.map((name) => listOne(store, name));
}

/**
 * At start: registers each remote's default build (packages/<name>/dist) as a version. It goes
 * live when the remote is not in the list yet, or when the list still points at the build the
 * previous start registered (a rebuilt `npm start`); a version a team deployed stays live.
 */
export function registerStartBuilds(
  store: RemoteStore,
  webDir: string,
  log: (message: string) => void = () => undefined,
): void {
  for (const name of BUILD_NAMES) mkdirSync(path.join(store.dir, name), { recursive: true });
  if (!existsSync(path.join(store.shellDir, 'mf-manifest.json'))) return;
  const history = readHistory(store);
  // The shell first: the remotes are checked against the shell live after it.
  for (const name of [SHELL, ...REMOTE_NAMES]) {
    const dist = name === SHELL ? store.shellDir : path.join(webDir, name, 'dist');
    if (!existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    const current = liveEntryOf(store, name);
    const lastStart = [...history].reverse().find((e) => e.name === name && e.action === 'start');
    const followStart = !current || (lastStart !== undefined && current === lastStart.entry);
    try {
      if (followStart) {
        const result = deployRemote(store, { name, from: dist, action: 'start' });
        if (result.switched) log(`${name} ${result.version} registered from ${dist}`);
      }
    } catch (error) {
      log(`${name}: the build in ${dist} was not registered: ${String(error)}`);
    }
  }
}
