// The deploy commands: deploy, rollback, mark-bad, prune and list, each under the deploy lock
// (docs/adr/0010-versioned-remotes.md). `npm run remote` and POST /api/remote-builds call these.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  buildProblems,
  pageProblems,
  shellProblems,
  shellProvides,
  shellSurface,
} from './compatibility';
import {
  SHELL,
  VERSION_PATTERN,
  buildDigest,
  manifestVersion,
  readManifest,
  versionEntry,
  versionOfEntry,
} from './manifest';
import { DeployError, fatal, type BuildProblem } from './problems';
import {
  BUILD_NAMES,
  SWITCHES,
  appendHistory,
  assertRemoteName,
  badVersions,
  liveEntryOf,
  liveShellDir,
  readHistory,
  switchTo,
  withDeployLock,
  type HistoryEntry,
  type RemoteStore,
} from './store';

/** A deploy or rollback of `what` refused for `problems`, each on its own line. */
function refused(what: string, problems: BuildProblem[]): DeployError {
  const lines = problems.map((problem) => problem.message).join('\n  - ');
  return new DeployError(`${what} ditolak:\n  - ${lines}`, { problems });
}

/** The same files with the same bytes, apart from the manifest's build time. */
function sameBuild(a: string, b: string): boolean {
  return buildDigest(a) === buildDigest(b);
}

export interface DeployOptions {
  name: string;
  from: string;
  /**
   * Switch even when the shared requirements or the API contract are not met (the shell shows a
   * named panel), or when the version was marked bad.
   */
  force?: boolean;
  /** Deploy a version marked bad (only that; POST /api/remote-builds with force=1). */
  allowBad?: boolean;
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

/**
 * The deploy of deployRemote, for a caller that already holds the deploy lock: the server takes
 * it with withDeployLockAsync, whose wait never blocks the event loop (micro-frontend audit N6),
 * and writes its activity-log entry while holding it.
 */
export function deployWithLockHeld(store: RemoteStore, options: DeployOptions): DeployResult {
  return deployLocked(store, options);
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

  // A version marked bad goes live again only on purpose (audit N8: it was accepted silently).
  const markedBad = badVersions(store, name).has(version);
  if (markedBad && !options.force && !options.allowBad)
    throw new DeployError(
      `${name} ${version} ditandai buruk (mark-bad); tidak ada yang diubah. Deploy tetap dengan --force (lewat HTTP: force=1), atau hapus tandanya: unmark-bad ${name} ${version}`,
    );

  const isShell = name === SHELL;
  // A remote is checked against the live shell; a shell against every live remote (audit 3), but
  // not at start, where `npm start` registers the shell it built before the remotes built with it.
  const provides = isShell ? shellProvides(from) : shellProvides(liveShellDir(store));
  const problems = isShell
    ? [
        ...buildProblems(from, name, provides),
        ...(existsSync(path.join(from, 'index.html'))
          ? []
          : [fatal('berkas index.html tidak ada')]),
        ...(options.action === 'start' ? [] : shellProblems(store, from)),
      ]
    : [
        ...buildProblems(from, name, provides, shellSurface(liveShellDir(store))),
        // Its pages, against the contract's page rules (issue 49): an unknown page or a role
        // the server's rules refuse stops the deploy, the page named.
        ...(existsSync(path.join(from, 'mf-manifest.json')) ? pageProblems(store, from, name) : []),
      ];
  const skew = problems.filter((problem) => problem.kind === 'skew').map((p) => p.message);
  const warnings = markedBad ? [...skew, `${name} ${version} ditandai buruk (mark-bad)`] : skew;
  const broken = problems.some((problem) => problem.kind === 'fatal');
  if (broken || (skew.length > 0 && !options.force)) throw refused(`${name} ${version}`, problems);

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
      const copied = buildProblems(incoming, name, provides)
        .filter((problem) => problem.kind === 'fatal')
        .map((problem) => problem.message);
      if (copied.length > 0) throw new DeployError(`salinan tidak lengkap: ${copied.join('; ')}`);
      renameSync(incoming, target);
    } finally {
      rmSync(incoming, { recursive: true, force: true });
    }
  }

  const entry = versionEntry(name, version);
  if (liveEntryOf(store, name) === entry) return { version, entry, switched: false, warnings };
  switchTo(
    store,
    name,
    version,
    options.action ?? 'deploy',
    options.now ?? new Date(),
    warnings.length > 0,
    options.by,
  );
  return { version, entry, switched: true, warnings };
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
  assertRemoteName(name);
  return withDeployLock(store, () => rollbackWithLockHeld(store, name, options));
}

/** The rollback of rollbackRemote, for the server, which holds the lock (withDeployLockAsync). */
export function rollbackWithLockHeld(
  store: RemoteStore,
  name: string,
  options: RollbackOptions | Date = {},
): { from: string; to: string } {
  const { to, by, now = new Date() } = options instanceof Date ? { now: options } : options;
  assertRemoteName(name);
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
    if (problems.length > 0) throw refused(`shell ${target}`, problems);
  }
  switchTo(store, name, target, 'rollback', now, false, by);
  return { from: current ?? liveEntry, to: target };
}

/** A known remote (or the shell) and a well-formed version, as mark-bad and unmark-bad take. */
function assertMarkable(name: string, version: string): void {
  assertRemoteName(name);
  if (!VERSION_PATTERN.test(version)) throw new DeployError(`versi '${version}' tidak valid`);
}

/** The history record of a mark-bad or unmark-bad: the live list itself does not change. */
function recordMark(
  store: RemoteStore,
  action: 'mark-bad' | 'unmark-bad',
  name: string,
  version: string,
  options: { by?: string; now?: Date },
): void {
  appendHistory(store, [
    {
      at: (options.now ?? new Date()).toISOString(),
      action,
      name,
      version,
      entry: versionEntry(name, version),
      previous: null,
      ...(options.by ? { by: options.by } : {}),
    },
  ]);
}

/**
 * Marks a stored version bad (`bad`): a rollback never goes to it again (audit 8: after a
 * forward fix, a stack rollback re-activated the known-bad build); the live version can be
 * marked too, the marker then rolls back. Or undoes the mark (not `bad`, audit N8: a mark could
 * not be removed): a rollback may go to the version again and a deploy of it needs no --force.
 * Recorded in the history as mark-bad or unmark-bad.
 */
export function setBad(...args: Parameters<typeof setBadWithLockHeld>): void {
  withDeployLock(args[0], () => setBadWithLockHeld(...args));
}

/** setBad for the server, which holds the lock (withDeployLockAsync). */
export function setBadWithLockHeld(
  store: RemoteStore,
  name: string,
  version: string,
  bad: boolean,
  options: { by?: string; now?: Date } = {},
): void {
  assertMarkable(name, version);
  if (bad && !existsSync(path.join(store.dir, name, version, 'mf-manifest.json')))
    throw new DeployError(`${name} ${version}: build tidak ada di ${store.dir}`);
  const marked = badVersions(store, name).has(version);
  if (bad && marked) return;
  if (!bad && !marked)
    throw new DeployError(`${name} ${version} tidak ditandai buruk; tidak ada yang diubah`);
  recordMark(store, bad ? 'mark-bad' : 'unmark-bad', name, version, options);
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
