// Several app servers on one PostgreSQL (docs/adr/0007-scale.md, addendum of 2026-11-29): the
// builds (one .tar.gz per version) and the live state (list, shell, history) are kept in the
// database; each server's REMOTES_DIR is its cache of them. A change runs under an advisory lock:
// the database's state is copied in, the usual file-based command runs, and what it changed is
// copied out with a NOTIFY, on which every other server copies it in. Versions are immutable, so
// a cached build is never read again. PGlite (one process) keeps REMOTES_DIR alone.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { RemotesManifest } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { LOCKS } from '../db/advisory-lock';
import type { Database, DbOrTx } from '../db/client';
import { packTarGz, unpackTarGz } from './archive';
import { DeployError } from './problems';
import {
  BUILD_NAMES,
  HISTORY_FILE,
  LIVE_SHELL_FILE,
  liveShellVersion,
  readHistory,
  readList,
  withDeployLockAsync,
  writeAtomically,
  type HistoryEntry,
  type RemoteStore,
  type SharedBuilds,
} from './store';

/** Told of every change of the shared state (the payload is its sequence number). */
export const REMOTES_CHANNEL = 'gudang_remotes';
/** REMOTES_DIR/.shared-state: `<origin> <seq>` of the database state this folder last matched. */
export const SYNCED_FILE = '.shared-state';

/** Our own archives, read back: bounded far above what an upload may be (REMOTE_BUILD_LIMITS). */
const OWN_ARCHIVE_LIMITS = {
  maxBytes: 2 ** 30,
  maxEntries: 100_000,
  // gunzip's output limit stays below the largest Buffer.
  maxUnpackedBytes: 2 ** 30,
};

interface SharedState {
  origin: string;
  seq: number;
  list: RemotesManifest;
  shell: string | null;
  history: HistoryEntry[];
}

/** The tables, made by whichever process needs them first (under the lock): the command line
 * and the start's registration run before, or without, the server's migrations. */
async function ensureTables(db: DbOrTx): Promise<void> {
  await db.execute(sql`create schema if not exists runtime`);
  await db.execute(sql`create table if not exists runtime.remote_builds (
    name text not null,
    version text not null,
    archive bytea not null,
    stored_at timestamptz not null default now(),
    primary key (name, version))`);
  await db.execute(sql`create table if not exists runtime.remote_state (
    id smallint primary key check (id = 1),
    origin text not null,
    seq bigint not null,
    list jsonb not null,
    shell text,
    history jsonb not null)`);
}

async function readState(db: DbOrTx): Promise<SharedState | null> {
  try {
    const { rows } = await db.execute<{
      origin: string;
      seq: string;
      list: RemotesManifest;
      shell: string | null;
      history: HistoryEntry[];
    }>(sql`select origin, seq::text as seq, list, shell, history
           from runtime.remote_state where id = 1`);
    const row = rows[0];
    return row === undefined ? null : { ...row, seq: Number(row.seq) };
  } catch (error) {
    // Before the first change anywhere (the tables do not exist yet): nothing to copy in.
    if ((error as { code?: string }).code === '42P01') return null;
    throw error;
  }
}

function syncedMark(store: RemoteStore): string {
  try {
    return readFileSync(path.join(store.dir, SYNCED_FILE), 'utf8').trim();
  } catch {
    return '';
  }
}

const markOf = (state: Pick<SharedState, 'origin' | 'seq'>) => `${state.origin} ${state.seq}`;

const stored = (store: RemoteStore, name: string, version: string) =>
  existsSync(path.join(store.dir, name, version, 'mf-manifest.json'));

/** The version folders of the store (dot folders are uploads and copies under way). */
function localVersions(store: RemoteStore): { name: string; version: string }[] {
  const found: { name: string; version: string }[] = [];
  for (const name of BUILD_NAMES) {
    const dir = path.join(store.dir, name);
    if (!existsSync(dir)) continue;
    for (const version of readdirSync(dir))
      if (!version.startsWith('.') && stored(store, name, version)) found.push({ name, version });
  }
  return found;
}

/** Versions whose last record is a prune: removed everywhere. */
function prunedVersions(history: HistoryEntry[]): Set<string> {
  const last = new Map<string, HistoryEntry['action']>();
  for (const record of history) last.set(`${record.name}/${record.version}`, record.action);
  return new Set([...last].filter(([, action]) => action === 'prune').map(([key]) => key));
}

function writeIfChanged(file: string, content: string): void {
  try {
    if (readFileSync(file, 'utf8') === content) return;
  } catch {
    // not there yet
  }
  writeAtomically(file, content);
}

/**
 * Copies the database's state into REMOTES_DIR when it is newer than what the folder last
 * matched: the missing builds first (unpacked aside, renamed into place), then the list, the
 * shell and the history, so the list never names a version the folder lacks.
 */
export async function pullShared(db: DbOrTx, store: RemoteStore): Promise<boolean> {
  const state = await readState(db);
  if (state === null || syncedMark(store) === markOf(state)) return false;
  const { rows } = await db.execute<{ name: string; version: string }>(
    sql`select name, version from runtime.remote_builds`,
  );
  for (const { name, version } of rows) {
    if (stored(store, name, version)) continue;
    const { rows: found } = await db.execute<{ archive: Buffer }>(
      sql`select archive from runtime.remote_builds where name = ${name} and version = ${version}`,
    );
    const archive = found[0]?.archive;
    if (archive === undefined) continue; // pruned meanwhile
    const target = path.join(store.dir, name, version);
    const incoming = path.join(store.dir, name, `.incoming-${randomBytes(4).toString('hex')}`);
    mkdirSync(incoming, { recursive: true });
    try {
      unpackTarGz(archive, incoming, OWN_ARCHIVE_LIMITS);
      rmSync(target, { recursive: true, force: true }); // a half folder without its manifest
      renameSync(incoming, target);
    } finally {
      rmSync(incoming, { recursive: true, force: true });
    }
  }
  const kept = new Set(rows.map((row) => `${row.name}/${row.version}`));
  for (const key of prunedVersions(state.history)) {
    const [name = '', version = ''] = key.split('/');
    if (kept.has(key) || !existsSync(path.join(store.dir, name, version))) continue;
    const aside = path.join(store.dir, name, `.pruned-${randomBytes(4).toString('hex')}`);
    renameSync(path.join(store.dir, name, version), aside);
    rmSync(aside, { recursive: true, force: true });
  }
  writeIfChanged(store.listFile, `${JSON.stringify({ remotes: state.list.remotes }, null, 2)}\n`);
  const shellFile = path.join(store.dir, LIVE_SHELL_FILE);
  if (state.shell === null) rmSync(shellFile, { force: true });
  else writeIfChanged(shellFile, `${JSON.stringify({ version: state.shell })}\n`);
  writeIfChanged(path.join(store.dir, HISTORY_FILE), `${JSON.stringify(state.history, null, 2)}\n`);
  writeAtomically(path.join(store.dir, SYNCED_FILE), `${markOf(state)}\n`);
  return true;
}

/**
 * Copies what a command changed in REMOTES_DIR into the database (new builds, removed ones, the
 * list, the shell, the history) and tells every server (NOTIFY, sent at the commit). Called in
 * the transaction holding the lock; a command that changed nothing writes nothing.
 */
async function pushShared(tx: DbOrTx, store: RemoteStore): Promise<void> {
  const state = await readState(tx);
  const history = readHistory(store);
  const list = readList(store);
  const shell = liveShellVersion(store);
  const { rows } = await tx.execute<{ name: string; version: string }>(
    sql`select name, version from runtime.remote_builds`,
  );
  const known = new Set(rows.map((row) => `${row.name}/${row.version}`));
  let changed = false;
  for (const { name, version } of localVersions(store)) {
    if (known.has(`${name}/${version}`)) continue;
    const archive = packTarGz(path.join(store.dir, name, version));
    await tx.execute(sql`insert into runtime.remote_builds (name, version, archive)
      values (${name}, ${version}, ${archive}) on conflict do nothing`);
    changed = true;
  }
  for (const key of prunedVersions(history)) {
    const [name = '', version = ''] = key.split('/');
    if (!known.has(key) || stored(store, name, version)) continue;
    await tx.execute(
      sql`delete from runtime.remote_builds where name = ${name} and version = ${version}`,
    );
    changed = true;
  }
  const same =
    state !== null &&
    JSON.stringify(state.list.remotes) === JSON.stringify(list.remotes) &&
    state.shell === shell &&
    JSON.stringify(state.history) === JSON.stringify(history);
  if (same && !changed) {
    writeAtomically(path.join(store.dir, SYNCED_FILE), `${markOf(state)}\n`);
    return;
  }
  const origin = state?.origin ?? randomBytes(8).toString('hex');
  const seq = (state?.seq ?? 0) + 1;
  await tx.execute(sql`insert into runtime.remote_state (id, origin, seq, list, shell, history)
    values (1, ${origin}, ${seq}, ${JSON.stringify(list)}::jsonb, ${shell},
            ${JSON.stringify(history)}::jsonb)
    on conflict (id) do update set seq = excluded.seq, list = excluded.list,
      shell = excluded.shell, history = excluded.history`);
  await tx.execute(sql`select pg_notify(${REMOTES_CHANNEL}, ${String(seq)})`);
  writeAtomically(path.join(store.dir, SYNCED_FILE), `${markOf({ origin, seq })}\n`);
}

/**
 * Runs `work` (a deploy, rollback, mark, prune, the start's registration) with the database's
 * lock of the remote builds held, REMOTES_DIR brought up to the database's state before it and
 * what it changed copied out after it. Waits at most `waitMs` for another server's change (then
 * DeployError busy); the wait is PostgreSQL's, so the event loop is free meanwhile.
 */
export async function withSharedBuilds<T>(
  db: Database['db'],
  store: RemoteStore,
  work: () => T | Promise<T>,
  waitMs: number,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local lock_timeout = ${Math.max(1, Math.round(waitMs))}`));
    try {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.remoteBuilds}::bigint)`);
    } catch (error) {
      if ((error as { code?: string }).code === '55P03')
        throw new DeployError(
          'deploy lain sedang berjalan di server lain; tidak ada yang diubah, coba lagi',
          { kind: 'busy' },
        );
      throw error;
    }
    await tx.execute(sql`set local lock_timeout = 0`);
    await ensureTables(tx);
    await pullShared(tx, store);
    const result = await work();
    await pushShared(tx, store);
    return result;
  });
}

/** The store of a server on PostgreSQL: its changes go through the database (withSharedBuilds). */
export function sharedStore(store: RemoteStore, db: Database['db']): RemoteStore {
  const shared: SharedBuilds = {
    around: (work, waitMs) => withSharedBuilds(db, store, work, waitMs),
  };
  return { ...store, shared };
}

/**
 * Keeps REMOTES_DIR in step with the database: copies in on every NOTIFY and whenever the
 * listening connection (re)starts (notifications sent while it was down are gone), one copy at a
 * time, under the folder's own lock. Resolves once listening; the function it gives stops.
 */
export async function followSharedBuilds(
  database: Pick<Database, 'db' | 'listen'>,
  store: RemoteStore,
  log: { info(message: string): void; error(details: object, message: string): void },
): Promise<() => Promise<void>> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pull = (): void => {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    const { shared: _shared, ...local } = store;
    running = withDeployLockAsync(local, () => pullShared(database.db, store))
      .then((pulled) => {
        if (pulled) log.info(`remote builds: copied the shared state into ${store.dir}`);
      })
      .catch(async (error: unknown) => {
        log.error({ err: error }, 'remote builds: the shared state could not be copied in');
        await delay(1000);
        again = true;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          pull();
        }
      });
  };
  const stop = await database.listen(REMOTES_CHANNEL, pull, (listening) => {
    if (listening) pull();
  });
  return async () => {
    stopped = true;
    await stop();
    await running;
  };
}
