// Backup and restore of the whole database, the same on PGlite and PostgreSQL
// (docs/adr/0011-durability-and-backup.md). This file is the folder's public face; the work is
// done in format.ts (the file format and its checked reader), dump.ts (the streaming dump),
// restore.ts (check, then load in one transaction) and catalog.ts (tables, migrations).
export { DERIVED_TABLES, isEmpty } from './catalog';
export { DUMP_BATCH, writeBackup, type DumpOptions } from './dump';
export {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  appVersion,
  compareVersions,
  readBackupHeader,
  type BackupHeader,
} from './format';
export { checkBackup, restoreBackup, restorePgliteDir, type RestoreOptions } from './restore';
