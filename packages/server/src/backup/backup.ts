// Backup and restore of the whole database, the same on PGlite and PostgreSQL
// (docs/adr/0011-durability-and-backup.md): a gzip-compressed file of JSON lines read in one
// repeatable-read transaction (a consistent snapshot while the server keeps writing), with the
// app version, the date and the migration level inside, and an end mark carrying the SHA-256 of
// everything before it. A restore first reads and checks the whole file, touching nothing; then,
// in one transaction, it recreates the schema up to the backup's migration level, loads every row
// with its id, sets the id sequences and applies the newer migrations, so a backup restores into a
// later version of the app and across databases, and a restore that fails leaves the data as it
// was. On PGlite it fills a fresh directory that replaces the old one only when it is complete.
import { createHash } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  mkdirSync,
  openSync,
  fsyncSync,
  closeSync,
} from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database, DbOrTx, Tx } from '../db/client';
import { createDatabase, MIGRATIONS_FOLDER } from '../db/client';
import { acquireDataDirLock } from '../db/data-dir-lock';

export const BACKUP_FORMAT = 'gudang-backup';
/** 2: the end mark carries the SHA-256 of the lines before it. */
export const BACKUP_FORMAT_VERSION = 2;
/** Rows per insert on restore. */
const RESTORE_BATCH = 500;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  database: Database['kind'];
  /** `when` of every applied migration (drizzle's journal), oldest first. */
  migrations: number[];
  tables: { name: string; rows: number }[];
}

/** A backup that cannot be restored here, or a target that must not be overwritten. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** The app's version (root package.json), written into every backup. */
export function appVersion(): string {
  const file = path.resolve(__dirname, '../../../../package.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The public tables, parents before the tables that reference them. */
async function tablesInOrder(db: DbOrTx): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '').replaceAll('""', '"');
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const ref of references)
      if (unquote(ref.child) === table && unquote(ref.parent) !== table)
        visit(unquote(ref.parent), [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

async function appliedMigrations(db: DbOrTx): Promise<number[]> {
  const exists = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (exists[0]?.present !== true) return [];
  return (
    await rows<{ created_at: string }>(
      db,
      sql`select created_at::text from drizzle.__drizzle_migrations order by created_at`,
    )
  ).map((row) => Number(row.created_at));
}

/** Writes `file` (gzip, JSON lines); the file appears whole or not at all. */
export async function writeBackup(
  database: Pick<Database, 'db' | 'kind'>,
  file: string,
): Promise<BackupHeader> {
  const lines: string[] = [];
  const header = await database.db.transaction(
    async (tx) => {
      const tables = await tablesInOrder(tx);
      const counts: { name: string; rows: number }[] = [];
      const body: string[] = [];
      for (const table of tables) {
        const data = await rows<{ row: string }>(
          tx,
          sql.raw(`select to_jsonb(t)::text as row from ${quote(table)} t`),
        );
        counts.push({ name: table, rows: data.length });
        body.push(JSON.stringify({ table, rows: data.length }));
        for (const { row } of data) body.push(row);
      }
      const sequences = await rows<{ name: string; value: string | null }>(
        tx,
        sql`select sequencename as name, last_value::text as value from pg_sequences
            where schemaname = 'public' order by sequencename`,
      );
      body.push(JSON.stringify({ sequences }));
      const head: BackupHeader = {
        format: BACKUP_FORMAT,
        formatVersion: BACKUP_FORMAT_VERSION,
        appVersion: appVersion(),
        createdAt: new Date().toISOString(),
        database: database.kind,
        migrations: await appliedMigrations(tx),
        tables: counts,
      };
      lines.push(JSON.stringify(head), ...body);
      lines.push(JSON.stringify(endMark(lines)));
      return head;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await pipeline(
    Readable.from(lines.map((line) => `${line}\n`)),
    createGzip(),
    createWriteStream(partial, { mode: 0o600 }),
  );
  const fd = openSync(partial, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return header;
}

interface EndMark {
  end: true;
  /** SHA-256 (hex) of every line before the end mark, each with its newline, as UTF-8. */
  sha256: string;
}

function endMark(lines: readonly string[]): EndMark {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`, 'utf8');
  return { end: true, sha256: hash.digest('hex') };
}

/** The decompressed lines of `file`; a broken gzip (cut short, changed bytes) is a BackupError. */
async function* readLines(file: string): AsyncGenerator<string> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = rest + decoder.write(chunk);
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) if (line !== '') yield line;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw error;
    throw new BackupError(
      'the file is not a whole gzip file (cut short, changed or not a Gudang backup): nothing restored',
    );
  } finally {
    source.destroy();
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

/** The header of a backup file, read without restoring it (the backup tests check it with this). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of readLines(file)) return parseHeader(line, { acceptUnchecked: true });
  throw new BackupError(`${file} is empty: not a Gudang backup`);
}

function parseHeader(line: string, options: Pick<RestoreOptions, 'acceptUnchecked'>): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupError('not a Gudang backup (the first line is not its header)');
  }
  if (header === null || typeof header !== 'object' || header.format !== BACKUP_FORMAT)
    throw new BackupError('not a Gudang backup');
  const unchecked = header.formatVersion === 1 && options.acceptUnchecked === true;
  if (header.formatVersion === 1 && !unchecked)
    throw new BackupError(
      'the backup has format 1, which carries no checksum, so changes to it cannot be found; ' +
        'restore it only if you are sure nobody altered it, with --unchecked',
    );
  if (header.formatVersion !== BACKUP_FORMAT_VERSION && !unchecked)
    throw new BackupError(
      `backup format ${String(header.formatVersion)} is not known to this version`,
    );
  if (
    typeof header.appVersion !== 'string' ||
    !Array.isArray(header.migrations) ||
    !header.migrations.every((when) => Number.isSafeInteger(when)) ||
    !Array.isArray(header.tables) ||
    !header.tables.every(
      (table) =>
        typeof table === 'object' &&
        table !== null &&
        typeof table.name === 'string' &&
        Number.isSafeInteger(table.rows) &&
        table.rows >= 0,
    )
  )
    throw new BackupError('the backup header is damaged: nothing restored');
  return header as BackupHeader;
}

/** -1, 0 or 1 as version `a` is older than, the same as or newer than `b` (x.y.z, numbers). */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    (version.split(/[-+]/)[0] ?? '').split('.').map((part) => Number(part) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** One step of a backup read in order: each line checked against the header as it comes. */
type BackupItem =
  | { kind: 'table'; table: string }
  | { kind: 'row'; line: string }
  | { kind: 'sequences'; sequences: { name: string; value: string | null }[] };

/**
 * The items of `file` after its header, in order. The generator finishes only when the file is
 * whole: every table of the header with its row count, the sequences, the end mark last and its
 * SHA-256 equal to that of the lines before it. Anything else throws a BackupError naming no value.
 */
async function* readChecked(
  file: string,
  options: Pick<RestoreOptions, 'acceptUnchecked'>,
): AsyncGenerator<BackupItem, BackupHeader> {
  const hash = createHash('sha256');
  const lines = readLines(file);
  const first = await lines.next();
  if (first.done === true) throw new BackupError(`${file} is empty: not a Gudang backup`);
  const header = parseHeader(first.value, options);
  hash.update(`${first.value}\n`, 'utf8');
  const damaged = (what: string) =>
    new BackupError(`the backup is damaged (${what}): nothing restored`);

  let tableIndex = 0;
  let rowsLeft = 0;
  let sequencesSeen = false;
  let end: Partial<EndMark> | null = null;
  for await (const line of lines) {
    if (end !== null) throw damaged('data after its end mark');
    if (rowsLeft > 0) {
      if (!line.startsWith('{') || !line.endsWith('}')) throw damaged('a row is not a record');
      try {
        JSON.parse(line);
      } catch {
        throw damaged('a row is not a record');
      }
      hash.update(`${line}\n`, 'utf8');
      rowsLeft--;
      yield { kind: 'row', line };
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw damaged('a line is cut or changed');
    }
    if (typeof parsed !== 'object' || parsed === null) throw damaged('a line is not a record');
    const item = parsed as Record<string, unknown>;
    if ('end' in item) {
      end = item as Partial<EndMark>;
      continue;
    }
    hash.update(`${line}\n`, 'utf8');
    if ('table' in item) {
      const expected = header.tables[tableIndex];
      if (sequencesSeen || expected === undefined || item.table !== expected.name)
        throw damaged('its tables differ from its header');
      if (item.rows !== expected.rows) throw damaged(`the row count of ${expected.name} differs`);
      tableIndex++;
      rowsLeft = expected.rows;
      yield { kind: 'table', table: expected.name };
    } else if ('sequences' in item && Array.isArray(item.sequences) && !sequencesSeen) {
      sequencesSeen = true;
      const sequences = item.sequences as { name: unknown; value: unknown }[];
      if (
        !sequences.every(
          (s) =>
            typeof s === 'object' &&
            s !== null &&
            typeof s.name === 'string' &&
            (s.value === null || (typeof s.value === 'string' && /^-?\d+$/.test(s.value))),
        )
      )
        throw damaged('its sequences are not readable');
      yield { kind: 'sequences', sequences: sequences as { name: string; value: string | null }[] };
    } else {
      throw damaged('an unexpected line');
    }
  }
  if (end === null || end.end !== true || rowsLeft > 0)
    throw new BackupError('the backup is cut short (no end mark): nothing restored');
  if (tableIndex !== header.tables.length || !sequencesSeen)
    throw damaged('tables of its header are missing');
  if (header.formatVersion !== 1 && end.sha256 !== hash.digest('hex'))
    throw new BackupError(
      'the backup was changed after it was written (its SHA-256 checksum does not match): ' +
        'nothing restored',
    );
  return header;
}

/** The migrations of this app (drizzle's journal order). */
const appMigrations = () => readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

/**
 * Reads the whole of `file` and checks it (gzip, structure, row counts, end mark, checksum,
 * versions) without touching any database; the header when it may be restored here.
 */
export async function checkBackup(
  file: string,
  options: Pick<RestoreOptions, 'acceptUnchecked'> = {},
): Promise<BackupHeader> {
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

/**
 * Tables kept by triggers from the others (drizzle/0004_scale_totals.sql, 0015), and the settings
 * row a fresh migration already writes (shop_settings, 0015): they are not the shop's data, and a
 * restore replaces them with the backup's.
 */
export const DERIVED_TABLES: readonly string[] = [
  'row_counts',
  'product_totals',
  'product_monthly_totals',
  'product_daily_totals',
  'daily_totals',
  'shop_settings',
];

/** True when no public table holds a row of the shop's data (a fresh or only migrated database). */
export async function isEmpty(db: DbOrTx): Promise<boolean> {
  for (const table of await tablesInOrder(db)) {
    if (DERIVED_TABLES.includes(table)) continue;
    const [row] = await rows<{ any: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${quote(table)}) as any`),
    );
    if (row?.any === true) return false;
  }
  return true;
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

export interface RestoreOptions {
  /** Overwrite a database that holds data (everything in it is replaced). */
  force?: boolean;
  /** Restore a format-1 backup, which has no checksum. */
  acceptUnchecked?: boolean;
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
