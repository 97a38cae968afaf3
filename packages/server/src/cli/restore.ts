// `npm run restore -w @gudang/server -- <file> [--force] [--unchecked]`: brings a backup into an
// empty data directory or database (DATA_DIR / DATABASE_URL); one that holds data only with
// --force. The whole file is checked first; a failed restore leaves the data as it was.
// Stop the server first. docs/adr/0011.
import { existsSync } from 'node:fs';
import { BackupError, restoreBackup, restorePgliteDir } from '../backup/backup';
import { ConfigError, parseEnv } from '../config';
import { createDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { describeBackup, userPath } from './backup-common';

const USAGE = 'Usage: npm run restore -w @gudang/server -- <file> [--force] [--unchecked]';
const FLAGS = ['--force', '--unchecked'];

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const options = {
    force: args.includes('--force'),
    acceptUnchecked: args.includes('--unchecked'),
  };
  const files = args.filter((arg) => !FLAGS.includes(arg));
  const [target] = files;
  if (target === undefined || files.length > 1 || target.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const file = userPath(target);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const config = parseEnv();
  if (config.databaseUrl === null) {
    const header = await restorePgliteDir(config.pgliteDir, file, options);
    console.log(`Restored into ${config.pgliteDir}: ${file} (${describeBackup(header)})`);
    return 0;
  }
  const database = await createDatabase(config);
  try {
    const header = await restoreBackup(database, file, options);
    console.log(`Restored into the DATABASE_URL database: ${file} (${describeBackup(header)})`);
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof DataDirInUseError;
    // Never the error itself: a database error quotes the row it failed on (password hashes).
    // A file system error names only its call and path: those are told.
    const { code, syscall, path } = (error ?? {}) as Record<string, unknown>;
    const what =
      typeof code === 'string' && typeof syscall === 'string' && typeof path === 'string'
        ? `${code} (${syscall} ${path})`
        : error instanceof Error
          ? error.name
          : 'error';
    const shown = known ? error.message : `${what}; nothing restored, the data is as it was`;
    console.error(`Restore failed: ${shown}`);
    process.exit(1);
  },
);
