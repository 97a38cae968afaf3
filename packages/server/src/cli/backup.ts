// `npm run backup -w @gudang/server -- <file>`: a consistent, compressed copy of the whole database
// (DATABASE_URL, or PGlite in DATA_DIR) while the server runs or not. docs/adr/0011.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BackupError, writeBackup, type BackupHeader } from '../backup/backup';
import { describeBackup, userPath } from './backup-common';
import { requestBackup } from '../backup/control';
import { ConfigError, parseEnv } from '../config';
import { createDatabase } from '../db/client';
import { DataDirInUseError } from '../db/data-dir-lock';

const USAGE = 'Usage: npm run backup -w @gudang/server -- <file>';

async function main(): Promise<number> {
  const [target, ...rest] = process.argv.slice(2);
  if (target === undefined || target.startsWith('-') || rest.length > 0) {
    console.error(USAGE);
    return 1;
  }
  const file = userPath(target);
  const config = parseEnv();
  let header: BackupHeader;
  if (config.databaseUrl === null && !existsSync(path.join(config.pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`there is no database in ${config.pgliteDir} (check DATA_DIR)`);
  }
  try {
    const database = await createDatabase(config);
    try {
      header = await writeBackup(database, file);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    // The server runs on this PGlite directory: it writes the backup itself.
    header = await requestBackup(config.dataDir, file);
  }
  console.log(`Backup written: ${file} (${describeBackup(header)})`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof BackupError || error instanceof ConfigError;
    console.error(`Backup failed: ${known ? error.message : String(error)}`);
    process.exit(1);
  },
);
