// The shop's data on disk is its owner's alone (docs/adr/0011-durability-and-backup.md): PGlite's
// database files hold every record and the password hashes, and PGlite unpacks its initial
// cluster with files readable and writable by everybody (0666), whatever the umask. So the process
// creates with umask 077 (files 0600, folders 0700) and the data directory is tightened when the
// server or a command opens it: an existing one made by an older version too.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** From now on this process creates files 0600 and folders 0700 at most (the umask gains 077). */
export function createPrivately(): void {
  const current = process.umask();
  if ((current & 0o077) !== 0o077) process.umask(current | 0o077);
}

/**
 * Takes every permission of group and others from `root` and everything under it (symbolic links
 * are not followed); the number of files and folders changed. A missing root changes nothing.
 */
export function tightenTree(root: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    const folder = stat.isDirectory();
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(entry, (stat.mode & 0o700) | (folder ? PRIVATE_FOLDER_MODE : 0));
      changed++;
    }
    if (folder) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return changed;
}

/** What DATA_DIR holds besides the database and the remote builds (which the server serves). */
const PRIVATE_ENTRIES = ['jwt-secret', 'pglite.lock', 'control.sock', 'backups'];

/** DATA_DIR itself (0700), its JWT secret, lock, control socket and backups; the number changed. */
export function tightenDataDir(dataDir: string): number {
  let changed = 0;
  try {
    const stat = lstatSync(dataDir);
    if (stat.isDirectory() && (stat.mode & 0o077) !== 0) {
      chmodSync(dataDir, PRIVATE_FOLDER_MODE);
      changed++;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return 0;
  }
  for (const name of PRIVATE_ENTRIES) changed += tightenTree(path.join(dataDir, name));
  return changed;
}
