// Restore (docs/adr/0011-durability-and-backup.md): the whole file is read and checked first,
// touching nothing; then, in one transaction, the schema is recreated up to the backup's migration
// level, every row loaded with its id, the id sequences set and the newer migrations applied. On
// PGlite it fills a fresh directory that replaces the old one only when it is complete.
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, Tx } from '../db/client';
import { createDatabase, MIGRATIONS_FOLDER } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { isEmpty, quote, rows } from './catalog';
import {
  BackupError,
  appVersion,
  compareVersions,
  readChecked,
  type BackupHeader,
  type ReadOptions,
} from './format';

/** Rows per insert on restore. */
const RESTORE_BATCH = 500;

/** The migrations of this app (drizzle's journal order). */
const appMigrations = () => readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

/**
 * Reads the whole of `file` and checks it (gzip, structure, row counts, end mark, checksum,
 * versions) without touching any database; the header when it may be restored here.
 */
export async function checkBackup(file: string, options: ReadOptions = {}): Promise<BackupHeader> {
  const items = readChecked(file, options);
  let step = await items.next();
  while (step.done !== true) step = await items.next();
  const header = step.value;
  const running = appVersion();
  if (compareVersions(header.appVersion, running) > 0)
    throw new BackupError(
      `the backup was made by Gudang ${header.appVersion}, newer than this ${running}; ` +
        'restore it with that version or a later one',
    );
  const known = appMigrations().map((migration) => migration.folderMillis);
  if (
    header.migrations.length > known.length ||
    header.migrations.some((when, i) => known[i] !== when)
  )
    throw new BackupError(
      `the backup was made by a newer or different version of Gudang (${header.appVersion}); ` +
        'restore it with that version',
    );
  return header;
}

/** Applies the first `count` migrations not yet applied, inside the caller's transaction. */
async function migrateWithin(tx: Tx, count: number): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (
    id serial primary key, hash text not null, created_at bigint)`);
  const [last] = await rows<{ created_at: string }>(
    tx,
    sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  for (const migration of appMigrations().slice(0, count)) {
    if (last !== undefined && Number(last.created_at) >= migration.folderMillis) continue;
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at)
          values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/** A database error told without the values it may quote (rows hold password hashes). */
function describeFailure(error: unknown, table: string | null): BackupError {
  if (error instanceof BackupError) return error;
  let cause: unknown = error;
  while (
    cause instanceof Error &&
    (cause as { code?: unknown }).code === undefined &&
    cause.cause !== undefined
  )
    cause = cause.cause;
  const { code, constraint } = (cause ?? {}) as { code?: unknown; constraint?: unknown };
  const details = [
    typeof code === 'string' ? `PostgreSQL error ${code}` : null,
    typeof constraint === 'string' ? `constraint ${constraint}` : null,
  ].filter((part) => part !== null);
  return new BackupError(
    `the backup could not be loaded${table === null ? '' : ` (table ${table})`}` +
      `${details.length > 0 ? `: ${details.join(', ')}` : ''}; nothing restored, the data is as it was`,
  );
}

export interface RestoreOptions extends ReadOptions {
  /** Overwrite a database that holds data (everything in it is replaced). */
  force?: boolean;
}

const REFUSE_OVERWRITE =
  'the target database already holds data; restore refuses to overwrite it ' +
  '(use --force to replace everything in it with the backup)';

/**
 * Loads `file` into `database` in one transaction; refuses a database with data unless `force`.
 * The whole file is checked first; a failure at any point leaves the database as it was.
 */
export async function restoreBackup(
  database: Pick<Database, 'db'>,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupHeader> {
  const header = await checkBackup(file, options);
  let table: string | null = null;
  try {
    await database.db.transaction(async (tx) => {
      if (!(await isEmpty(tx))) {
        if (options.force !== true) throw new BackupError(REFUSE_OVERWRITE);
        await tx.execute(sql`drop schema if exists drizzle cascade`);
        await tx.execute(sql`drop schema public cascade`);
        await tx.execute(sql`create schema public`);
      }
      await migrateWithin(tx, header.migrations.length);

      // Read again, checked again (the file could have changed since): the end mark and checksum
      // are tested before the transaction commits.
      const items = readChecked(file, options);
      let columns = '';
      let batch: string[] = [];
      const flush = async () => {
        if (table === null || batch.length === 0) return;
        await tx.execute(
          sql`${sql.raw(`insert into ${quote(table)} (${columns}) overriding system value
          select ${columns} from jsonb_populate_recordset(null::${quote(table)}, `)}${`[${batch.join(',')}]`}::jsonb)`,
        );
        batch = [];
      };
      let step = await items.next();
      for (; step.done !== true; step = await items.next()) {
        const item = step.value;
        if (item.kind === 'row') {
          batch.push(item.line);
          if (batch.length >= RESTORE_BATCH) await flush();
          continue;
        }
        await flush();
        if (item.kind === 'table') {
          table = item.table;
          const names = await rows<{ name: string }>(
            tx,
            sql`select column_name as name from information_schema.columns
                where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
                order by ordinal_position`,
          );
          if (names.length === 0)
            throw new BackupError(`the backup's table ${table} is not in the schema`);
          columns = names.map((n) => quote(n.name)).join(', ');
          // The totals tables come from the backup as they were: their triggers stay quiet, and
          // what a fresh migration put in them goes.
          await tx.execute(sql.raw(`alter table ${quote(table)} disable trigger user`));
          await tx.execute(sql.raw(`delete from ${quote(table)}`));
        } else {
          table = null;
          for (const sequence of item.sequences)
            if (sequence.value !== null)
              await tx.execute(
                sql`select setval(${`public.${quote(sequence.name)}`}::regclass, ${sequence.value}::bigint)`,
              );
        }
      }
      table = null;
      for (const { name } of header.tables)
        await tx.execute(sql.raw(`alter table ${quote(name)} enable trigger user`));
      // The migrations newer than the backup, as on any start, in the same transaction.
      await migrateWithin(tx, Number.MAX_SAFE_INTEGER);
    });
  } catch (error) {
    throw describeFailure(error, table);
  }
  return header;
}

/** Refuses a data directory (DATA_DIR) that is missing or not a directory, naming it. */
function checkDataDir(dataDir: string): void {
  let stats;
  try {
    stats = statSync(dataDir);
  } catch {
    throw new BackupError(
      `the data folder ${dataDir} (DATA_DIR) does not exist; create it first ` +
        `(mkdir -p ${dataDir}) or set DATA_DIR to the server's data folder`,
    );
  }
  if (!stats.isDirectory())
    throw new BackupError(`the data folder ${dataDir} (DATA_DIR) is not a folder`);
}

/**
 * Restores `file` into the PGlite directory `pgliteDir` (its lock held throughout): the file is
 * checked, loaded into a fresh directory beside it, and only a complete load replaces the old
 * directory (two renames). A failure leaves the old directory untouched.
 */
export async function restorePgliteDir(
  pgliteDir: string,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupHeader> {
  // Before the file is read (minutes for a big one): its lock and the fresh directory go there.
  checkDataDir(path.dirname(pgliteDir));
  const header = await checkBackup(file, options);
  const lock = acquireDataDirLock(pgliteDir);
  const fresh = `${pgliteDir}.restoring`;
  const replaced = `${pgliteDir}.replaced`;
  try {
    const present = existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0;
    if (present && options.force !== true) {
      const current = await createDatabase({ databaseUrl: null, pgliteDir, lockHeld: true });
      try {
        if (!(await isEmpty(current.db))) throw new BackupError(REFUSE_OVERWRITE);
      } finally {
        await current.close();
      }
    }
    rmSync(fresh, { recursive: true, force: true });
    const target = await createDatabase({ databaseUrl: null, pgliteDir: fresh });
    try {
      await restoreBackup(target, file, options);
    } finally {
      await target.close();
    }
    rmSync(replaced, { recursive: true, force: true });
    if (existsSync(pgliteDir)) renameSync(pgliteDir, replaced);
    renameSync(fresh, pgliteDir);
    rmSync(replaced, { recursive: true, force: true });
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  } finally {
    lock.release();
  }
  return header;
}
