// PGlite is PostgreSQL inside one process: two processes on one data directory each believe they
// own it and overwrite each other's pages. A lock file beside the directory (DATA_DIR/pglite.lock,
// holding the owner's pid) keeps a second server, the user CLI or a restore out while one runs.
// A lock whose process is gone (killed, or left from before a reboot) is stale and taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Another live process holds the data directory: the start must stop, the files untouched. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirLock {
  file: string;
  /** The pid of a dead owner whose lock was taken over (the last run was killed), else null. */
  staleFrom: number | null;
  release(): void;
}

interface LockContent {
  pid: number;
  /** The kernel's boot id: a pid from before a reboot may now be another process. */
  boot: string | null;
}

export function lockFileOf(pgliteDir: string): string {
  return path.join(path.dirname(pgliteDir), `${path.basename(pgliteDir)}.lock`);
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function readLock(file: string): LockContent | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    if (typeof parsed.pid === 'number' && Number.isSafeInteger(parsed.pid) && parsed.pid > 0)
      return { pid: parsed.pid, boot: typeof parsed.boot === 'string' ? parsed.boot : null };
  } catch {
    // A half-written lock (the writer died between open and write): nobody holds it.
  }
  return null;
}

/** Whether a process of that id runs (a lock's holder), whoever it belongs to. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holds(lock: LockContent | null, currentBoot: string | null): boolean {
  if (lock === null) return false;
  if (lock.boot !== null && currentBoot !== null && lock.boot !== currentBoot) return false;
  return lock.pid === process.pid || processAlive(lock.pid);
}

/**
 * Takes the lock of a PGlite data directory for this process, or throws DataDirInUseError naming
 * the pid that holds it. Call before PGlite opens the directory; release() after it closed.
 */
export function acquireDataDirLock(pgliteDir: string): DataDirLock {
  const file = lockFileOf(pgliteDir);
  const boot = bootId();
  const content = `${JSON.stringify({ pid: process.pid, boot, since: new Date().toISOString() })}\n`;
  let staleFrom: number | null = null;
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      // O_EXCL: of two processes starting at once, exactly one creates the file.
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const existing = readLock(file);
      if (existing !== null && holds(existing, boot)) {
        throw new DataDirInUseError(
          `The data directory ${pgliteDir} is in use by another Gudang process (pid ${existing.pid}). ` +
            'PGlite allows one process at a time: stop that server first (or point DATA_DIR ' +
            `elsewhere). If no such process runs, delete ${file}.`,
        );
      }
      staleFrom = existing?.pid ?? staleFrom;
      try {
        unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
      continue;
    }
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
    return {
      file,
      staleFrom,
      release() {
        // Only our own lock: never one a later owner took over.
        if (readLock(file)?.pid !== process.pid) return;
        try {
          unlinkSync(file);
        } catch {
          // already gone
        }
      },
    };
  }
  throw new DataDirInUseError(`Could not take the lock ${file}: other processes keep taking it`);
}

/** PostgreSQL's own record of how the directory was left (global/pg_control, `state`). */
export type ClusterState = 'new' | 'shut down' | 'not shut down';

/**
 * How the PGlite directory was left: 'shut down' after a clean close, 'not shut down' when the
 * process was killed or the machine lost power (PostgreSQL then replays its write-ahead log).
 */
export function clusterState(pgliteDir: string): ClusterState {
  let control: Buffer;
  try {
    control = readFileSync(path.join(pgliteDir, 'global', 'pg_control'));
  } catch {
    return 'new';
  }
  if (control.length < 20) return 'not shut down';
  // ControlFileData: system_identifier (8 bytes), pg_control_version (4), catalog_version_no (4),
  // state (4): DB_SHUTDOWNED = 1, DB_SHUTDOWNED_IN_RECOVERY = 2.
  const state = control.readUInt32LE(16);
  return state === 1 || state === 2 ? 'shut down' : 'not shut down';
}
