// Versioned, immutable remote builds (docs/adr/0010-versioned-remotes.md). A build lives in
// REMOTES_DIR/<name>/<version>/ and is served as /remotes/<name>/<version>/; the live list (the
// /remotes.json the shell reads) points each remote at one of them. Deploy copies a build in,
// checks it against the live shell, then switches the list atomically; rollback switches back.
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { satisfy } from '@module-federation/runtime-core';
import type { Config } from '../config';
import { REMOTE_NAMES, loadRemotes, type RemoteEntry, type RemotesFile } from '../plugins/remotes';

export const HISTORY_FILE = 'history.json';
export const LIVE_LIST_FILE = 'remotes.json';
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

export interface Requirement {
  requiredVersion: string | false;
  strictVersion?: boolean;
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
    };
  };
  shared?: { name: string; requiredVersion?: string | false; assets?: Assets }[];
  exposes?: { name: string; assets?: Assets }[];
}

interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

export interface HistoryEntry {
  at: string;
  action: 'start' | 'deploy' | 'rollback';
  name: string;
  version: string;
  entry: string;
  /** The entry it replaced (null when the remote was not in the list). */
  previous: string | null;
  forced?: boolean;
}

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
  `/remotes/${name}/${version}/mf-manifest.json`;

/** The version in an entry URL of this server's versioned paths, else null. */
export function versionOfEntry(name: string, entry: string): string | null {
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

/** What the live shell provides, by package name (from its build's manifest). */
export function shellProvides(shellDir: string): Record<string, string> {
  const provides = readManifest(shellDir).metaData.gudang?.provides;
  if (!provides)
    throw new DeployError(
      `the live shell (${shellDir}) names no provided versions: rebuild it (npm run build -w @gudang/shell)`,
    );
  return provides;
}

/** The requirements of a remote that the given shell does not satisfy, one sentence each. */
export function unmetRequirements(
  requires: Record<string, Requirement>,
  provides: Record<string, string>,
): string[] {
  const unmet: string[] = [];
  for (const [pkg, { requiredVersion }] of Object.entries(requires)) {
    if (requiredVersion === false) continue;
    const provided = provides[pkg];
    if (provided === undefined) unmet.push(`${pkg} ${requiredVersion} (shell tidak menyediakan)`);
    else if (!satisfy(provided, requiredVersion))
      unmet.push(`${pkg} ${requiredVersion} (shell menyediakan ${provided})`);
  }
  return unmet;
}

/** Checks a build folder for remote `name`: the reasons it cannot go live (empty: fine). */
export function checkBuild(dir: string, name: string, provides: Record<string, string>): string[] {
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
    if (!existsSync(path.join(dir, file))) problems.push(`berkas ${file} tidak ada`);
  }
  const requires = manifest.metaData.gudang?.requires;
  if (!requires)
    problems.push('mf-manifest.json tidak mencatat versi paket bersama yang dibutuhkan');
  else for (const unmet of unmetRequirements(requires, provides)) problems.push(`butuh ${unmet}`);
  return problems;
}

/** Writes a file so that readers see the old or the new content, never a part (write + rename). */
export function writeAtomically(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
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

/** Points `name` at `entry` in the live list and appends to the history; the list goes first. */
function switchTo(
  store: RemoteStore,
  name: string,
  version: string,
  action: HistoryEntry['action'],
  now: Date,
  forced = false,
): HistoryEntry {
  const list = readList(store);
  const entry = versionEntry(name, version);
  const current = list.remotes.find((remote) => remote.name === name);
  const remotes: RemoteEntry[] = current
    ? list.remotes.map((remote) => (remote.name === name ? { name, entry } : remote))
    : [...list.remotes, { name, entry }];
  const record: HistoryEntry = {
    at: now.toISOString(),
    action,
    name,
    version,
    entry,
    previous: current?.entry ?? null,
    ...(forced ? { forced: true } : {}),
  };
  writeAtomically(store.listFile, `${JSON.stringify({ remotes }, null, 2)}\n`);
  writeAtomically(
    path.join(store.dir, HISTORY_FILE),
    `${JSON.stringify([...readHistory(store), record], null, 2)}\n`,
  );
  return record;
}

function assertRemoteName(name: string): void {
  if (!(REMOTE_NAMES as readonly string[]).includes(name))
    throw new DeployError(`remote '${name}' tidak dikenal (${REMOTE_NAMES.join(', ')})`);
}

/** Same manifest apart from the build time: the same build (a rebuild of the same commit). */
function sameBuild(a: string, b: string): boolean {
  const normal = (dir: string) => {
    const manifest = readManifest(dir);
    if (manifest.metaData.gudang) delete manifest.metaData.gudang.builtAt;
    return JSON.stringify(manifest);
  };
  return normal(a) === normal(b);
}

export interface DeployOptions {
  name: string;
  from: string;
  /** Switch even when the shared requirements are not met (the shell shows a named panel). */
  force?: boolean;
  now?: Date;
  action?: 'deploy' | 'start';
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
  const { name, from } = options;
  assertRemoteName(name);
  if (!existsSync(from) || !statSync(from).isDirectory())
    throw new DeployError(`folder build ${from} tidak ada`);
  const manifest = readManifest(from);
  const version = manifestVersion(manifest);
  if (version === null || !VERSION_PATTERN.test(version))
    throw new DeployError(`mf-manifest.json di ${from} tidak mencatat versi build yang valid`);

  const provides = shellProvides(store.shellDir);
  const problems = checkBuild(from, name, provides);
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
  const live = readList(store).remotes.find((remote) => remote.name === name);
  if (live?.entry === entry) return { version, entry, switched: false, warnings: skew };
  switchTo(
    store,
    name,
    version,
    options.action ?? 'deploy',
    options.now ?? new Date(),
    skew.length > 0,
  );
  return { version, entry, switched: true, warnings: skew };
}

/** Switches `name` back to the version live before the current one. */
export function rollbackRemote(
  store: RemoteStore,
  name: string,
  now: Date = new Date(),
): { from: string; to: string } {
  assertRemoteName(name);
  const live = readList(store).remotes.find((remote) => remote.name === name);
  if (!live) throw new DeployError(`${name} tidak ada di daftar remote`);
  const current = versionOfEntry(name, live.entry);
  // The versions that went live, as a stack: a deploy (or start) pushes, a rollback pops. The
  // target is the one under the top, so two rollbacks go two versions back.
  const stack: string[] = [];
  for (const record of readHistory(store)) {
    if (record.name !== name) continue;
    if (record.action === 'rollback') stack.pop();
    else stack.push(record.entry);
  }
  const target = stack.at(-1) === live.entry ? stack.at(-2) : undefined;
  const previous = target ? versionOfEntry(name, target) : null;
  if (!previous)
    throw new DeployError(`${name}: tidak ada versi sebelumnya di riwayat untuk rollback`);
  if (!existsSync(path.join(store.dir, name, previous, 'mf-manifest.json')))
    throw new DeployError(`${name} ${previous}: build tidak ada lagi di ${store.dir}`);
  switchTo(store, name, previous, 'rollback', now);
  return { from: current ?? live.entry, to: previous };
}

export interface RemoteListing {
  name: string;
  live: string | null;
  versions: { version: string; builtAt: string | null; commit: string | null }[];
}

export function listRemotes(store: RemoteStore): RemoteListing[] {
  const list = readList(store);
  return REMOTE_NAMES.map((name) => {
    const live = list.remotes.find((remote) => remote.name === name);
    const dir = path.join(store.dir, name);
    const versions = existsSync(dir)
      ? readdirSync(dir)
          .filter((v) => !v.startsWith('.') && existsSync(path.join(dir, v, 'mf-manifest.json')))
          .map((version) => {
            const meta = readManifest(path.join(dir, version)).metaData.gudang;
            return { version, builtAt: meta?.builtAt ?? null, commit: meta?.commit ?? null };
          })
          .sort((a, b) => (a.builtAt ?? '').localeCompare(b.builtAt ?? ''))
      : [];
    return {
      name,
      live: live ? (versionOfEntry(name, live.entry) ?? live.entry) : null,
      versions,
    };
  });
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
  for (const name of REMOTE_NAMES) mkdirSync(path.join(store.dir, name), { recursive: true });
  if (!existsSync(path.join(store.shellDir, 'mf-manifest.json'))) return;
  const history = readHistory(store);
  const live = readList(store);
  for (const name of REMOTE_NAMES) {
    const dist = path.join(webDir, name, 'dist');
    if (!existsSync(path.join(dist, 'mf-manifest.json'))) continue;
    const current = live.remotes.find((remote) => remote.name === name);
    const lastStart = [...history].reverse().find((e) => e.name === name && e.action === 'start');
    const followStart = !current || (lastStart !== undefined && current.entry === lastStart.entry);
    try {
      if (followStart) {
        const result = deployRemote(store, { name, from: dist, action: 'start' });
        if (result.switched) log(`remote ${name} ${result.version} registered from ${dist}`);
      }
    } catch (error) {
      log(`remote ${name}: the build in ${dist} was not registered: ${String(error)}`);
    }
  }
}
