// What the backup and restore commands share.
import path from 'node:path';
import type { BackupHeader } from '../backup/backup';

/** A path the user typed, relative to where they ran npm (npm sets INIT_CWD). */
export const userPath = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

export function describeBackup(header: BackupHeader): string {
  const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
  return `${rows} rows in ${header.tables.length} tables, Gudang ${header.appVersion}, ${header.createdAt}`;
}
