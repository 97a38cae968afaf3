// Backup and restore of the whole database, the same on PGlite and PostgreSQL
// (docs/adr/0011-durability-and-backup.md): a gzip-compressed file of JSON lines read in one
// repeatable-read transaction (a consistent snapshot while the server keeps writing), with the
// app version, the date and the migration level inside. A restore recreates the schema up to the
// backup's migration level, loads every row with its id, sets the id sequences, then applies the
// newer migrations, so a backup restores into a later version of the app and across databases.
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  copyFileSync,
  mkdirSync,
  openSync,
  fsyncSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/client';

export const BACKUP_FORMAT = 'gudang-backup';
export const BACKUP_FORMAT_VERSION = 1;
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
      lines.push(JSON.stringify(head), ...body, JSON.stringify({ end: true }));
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

async function* readLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Infinity,
  });
  for await (const line of lines) if (line !== '') yield line;
}

/** The header of a backup file (for `restore` to show what it restores). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  for await (const line of readLines(file)) return parseHeader(line);
  throw new BackupError(`${file} is empty: not a Gudang backup`);
}

function parseHeader(line: string): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(line) as Partial<BackupHeader>;
  } catch {
    throw new BackupError('not a Gudang backup (the first line is not its header)');
  }
  if (header.format !== BACKUP_FORMAT) throw new BackupError('not a Gudang backup');
  if (header.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `backup format ${String(header.formatVersion)} is not known to this version`,
    );
  return header as BackupHeader;
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

interface Journal {
  entries: { when: number; tag: string }[];
}

/** A copy of the migrations folder holding only the first `count` migrations. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'gudang-migrations-'));
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  mkdirSync(path.join(folder, 'meta'));
  const entries = journal.entries.slice(0, count);
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const entry of entries)
    copyFileSync(
      path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  return folder;
}

export interface RestoreOptions {
  /** Overwrite a database that holds data (everything in it is dropped first). */
  force: boolean;
}

/** Loads `file` into `database`; refuses a database with data unless `force`. */
export async function restoreBackup(
  database: Database,
  file: string,
  options: RestoreOptions,
): Promise<BackupHeader> {
  const lines = readLines(file);
  const first = await lines.next();
  if (first.done === true) throw new BackupError(`${file} is empty: not a Gudang backup`);
  const header = parseHeader(first.value);

  const known = (
    JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal
  ).entries.map((entry) => entry.when);
  if (header.migrations.some((when, i) => known[i] !== when))
    throw new BackupError(
      `the backup was made by a newer or different version of Gudang (${header.appVersion}); ` +
        'restore it with that version',
    );

  if (!(await isEmpty(database.db))) {
    if (!options.force)
      throw new BackupError(
        'the target database already holds data; restore refuses to overwrite it ' +
          '(use --force to replace everything in it with the backup)',
      );
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`drop schema public cascade`);
    await database.db.execute(sql`create schema public`);
  }

  const folder = migrationsUpTo(header.migrations.length);
  try {
    await database.migrate(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }

  await database.db.transaction(async (tx) => {
    let table: string | null = null;
    let columns = '';
    let batch: string[] = [];
    let ended = false;
    const flush = async () => {
      if (table === null || batch.length === 0) return;
      await tx.execute(
        sql`${sql.raw(`insert into ${quote(table)} (${columns}) overriding system value
        select ${columns} from jsonb_populate_recordset(null::${quote(table)}, `)}${`[${batch.join(',')}]`}::jsonb)`,
      );
      batch = [];
    };
    for await (const line of lines) {
      if (ended) throw new BackupError('the backup has data after its end mark');
      if (line.startsWith('{"table":')) {
        await flush();
        table = (JSON.parse(line) as { table: string }).table;
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
      } else if (line.startsWith('{"sequences":')) {
        await flush();
        table = null;
        const { sequences } = JSON.parse(line) as {
          sequences: { name: string; value: string | null }[];
        };
        for (const sequence of sequences)
          if (sequence.value !== null)
            await tx.execute(
              sql`select setval(${`public.${quote(sequence.name)}`}::regclass, ${sequence.value}::bigint)`,
            );
      } else if (line === '{"end":true}') {
        ended = true;
      } else {
        batch.push(line);
        if (batch.length >= RESTORE_BATCH) await flush();
      }
    }
    if (!ended) throw new BackupError('the backup is cut short (no end mark): nothing restored');
    for (const { name } of header.tables)
      await tx.execute(sql.raw(`alter table ${quote(name)} enable trigger user`));
  });

  // The migrations newer than the backup, as on any start.
  await database.migrate();
  return header;
}
