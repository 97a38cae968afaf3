// Optional daily backups (BACKUP_KEEP=N): into DATA_DIR/backups, keeping the newest N.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { LOCKS, withAdvisoryLock } from '../db/advisory-lock';
import type { Database } from '../db/client';
import { everyHour } from '../lib/hourly';
import { writeBackup } from './backup';

const DAY_MS = 24 * 60 * 60 * 1000;
const NAME = /^gudang-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.backup\.gz$/;

export const backupsDirOf = (dataDir: string) => path.join(dataDir, 'backups');

/** gudang-2026-11-23T01-02-03Z.backup.gz: names sort by date. */
export const backupName = (now: Date) =>
  `gudang-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.backup.gz`;

function backupsIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => NAME.test(name))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Writes a backup when the newest in `dir` is a day old or there is none, and (PostgreSQL) no
 * server has written one this day (UTC); keeps the newest `keep`.
 */
export async function backupIfDue(
  database: Pick<Database, 'db' | 'kind'>,
  dir: string,
  keep: number,
  now: Date = new Date(),
): Promise<string | null> {
  const newest = backupsIn(dir).at(-1);
  if (newest !== undefined && now.getTime() - statSync(path.join(dir, newest)).mtimeMs < DAY_MS)
    return null;
  const file = path.join(dir, backupName(now));
  const write = async () => {
    await writeBackup(database, file);
    const all = backupsIn(dir);
    for (const old of all.slice(0, Math.max(0, all.length - keep))) rmSync(path.join(dir, old));
    return file;
  };
  if (database.kind === 'pglite') return write();
  // Several app servers on one PostgreSQL, each with its own folder: the day is claimed in the
  // database, so one of them writes it (docs/adr/0007-scale.md). A failed backup rolls its claim
  // back and another server may write that day.
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.backupDays}::bigint)`);
    await tx.execute(sql`create schema if not exists runtime`);
    await tx.execute(sql`create table if not exists runtime.backup_days (
      day date primary key,
      written_by text not null,
      written_at timestamptz not null default now())`);
    const { rows } = await tx.execute<{ day: string }>(
      sql`insert into runtime.backup_days (day, written_by)
          values (${now.toISOString().slice(0, 10)}::date, ${`${hostname()}:${file}`})
          on conflict do nothing returning day::text`,
    );
    return rows.length === 0 ? null : write();
  });
}

/**
 * Checks every hour (and now) whether a backup is due; stop() ends it (and waits for a backup
 * being written). Server processes sharing a PostgreSQL database (WORKERS) take turns under an
 * advisory lock: one writes, the others skip.
 */
export function scheduleDailyBackups(
  database: Pick<Database, 'db' | 'kind'>,
  dir: string,
  keep: number,
  log: { info(message: string): void; error(details: object, message: string): void },
): { stop(): Promise<void> } {
  return everyHour(() =>
    withAdvisoryLock(database, LOCKS.dailyBackup, () => backupIfDue(database, dir, keep))
      .then((done) => {
        if (done.ran && done.value !== null) log.info(`daily backup written: ${done.value}`);
      })
      .catch((error: unknown) => log.error({ err: error }, 'daily backup failed')),
  );
}
