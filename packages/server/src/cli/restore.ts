// `npm run restore -w @gudang/server -- <file> [--force]`: brings a backup into an empty data
// directory or database (DATA_DIR / DATABASE_URL); one that holds data only with --force.
// Stop the server first. docs/adr/0011.
import { existsSync } from 'node:fs';
import { BackupError, restoreBackup } from '../backup/backup';
import { ConfigError, parseEnv } from '../config';
import { createDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';
import { describeBackup, userPath } from './backup-common';

const USAGE = 'Usage: npm run restore -w @gudang/server -- <file> [--force]';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const [target] = files;
  if (target === undefined || files.length > 1 || target.startsWith('-')) {
    console.error(USAGE);
    return 1;
  }
  const file = userPath(target);
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const config = parseEnv();
  const database = await createDatabase(config);
  try {
    const header = await restoreBackup(database, file, { force });
    const where = config.databaseUrl === null ? config.pgliteDir : 'the DATABASE_URL database';
    console.log(`Restored into ${where}: ${file} (${describeBackup(header)})`);
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
    console.error(`Restore failed: ${known ? error.message : String(error)}`);
    process.exit(1);
  },
);
