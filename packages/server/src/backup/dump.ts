// The dump (docs/adr/0011-durability-and-backup.md): the whole database read in one
// repeatable-read transaction (a consistent snapshot while the server keeps writing) and streamed
// table by table through gzip, a bounded batch of rows at a time, so a dump's memory does not grow
// with the data. The file appears whole or not at all.
import {
  closeSync,
  createWriteStream,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { appliedMigrations, quote, rows, tablesInOrder } from './catalog';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  appVersion,
  endMark,
  hashLine,
  lineHash,
  type BackupHeader,
} from './format';

/** Rows fetched from the database at a time: the most a dump holds in memory. */
export const DUMP_BATCH = 1000;

export interface DumpOptions {
  /** Rows per fetch (default DUMP_BATCH). */
  batchRows?: number;
}

/** The cursor a dump reads one table through (one at a time, closed before the next). */
const CURSOR = 'gudang_backup_rows';

/** Writes `file` (gzip, JSON lines); the file appears whole or not at all. */
export async function writeBackup(
  database: Pick<Database, 'db' | 'kind'>,
  file: string,
  options: DumpOptions = {},
): Promise<BackupHeader> {
  const batchRows = options.batchRows ?? DUMP_BATCH;
  if (!Number.isSafeInteger(batchRows) || batchRows < 1)
    throw new RangeError('batchRows must be a positive integer');
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  let header: BackupHeader;
  try {
    header = await database.db.transaction(
      async (tx) => {
        const tables: BackupHeader['tables'] = [];
        for (const name of await tablesInOrder(tx)) {
          const [count] = await rows<{ rows: string }>(
            tx,
            sql.raw(`select count(*)::text as rows from ${quote(name)}`),
          );
          tables.push({ name, rows: Number(count?.rows ?? 0) });
        }
        const head: BackupHeader = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          appVersion: appVersion(),
          createdAt: new Date().toISOString(),
          database: database.kind,
          migrations: await appliedMigrations(tx),
          tables,
        };
        await pipeline(
          Readable.from(backupLines(tx, head, batchRows)),
          createGzip(),
          createWriteStream(partial, { mode: 0o600 }),
        );
        return head;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  const fd = openSync(partial, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, file);
  return header;
}

/**
 * The lines of a backup with `head` as its header, each with its newline, read inside `tx`: a
 * table's line, then its rows fetched `batchRows` at a time through a cursor; the sequences; the
 * end mark with the SHA-256 of everything before it.
 */
async function* backupLines(tx: Tx, head: BackupHeader, batchRows: number): AsyncGenerator<string> {
  const hash = lineHash();
  const line = (text: string) => {
    hashLine(hash, text);
    return `${text}\n`;
  };
  yield line(JSON.stringify(head));
  for (const table of head.tables) {
    yield line(JSON.stringify({ table: table.name, rows: table.rows }));
    await tx.execute(
      sql.raw(
        `declare ${CURSOR} no scroll cursor for select to_jsonb(t)::text as row from ${quote(table.name)} t`,
      ),
    );
    let written = 0;
    for (;;) {
      const batch = await rows<{ row: string }>(
        tx,
        sql.raw(`fetch forward ${batchRows} from ${CURSOR}`),
      );
      if (batch.length === 0) break;
      written += batch.length;
      yield batch.map(({ row }) => line(row)).join('');
    }
    await tx.execute(sql.raw(`close ${CURSOR}`));
    // The snapshot is fixed, so the count taken for the header holds; a difference is a bug.
    if (written !== table.rows)
      throw new BackupError(
        `table ${table.name}: ${written} rows read, ${table.rows} counted; no backup written`,
      );
  }
  const sequences = await rows<{ name: string; value: string | null }>(
    tx,
    sql`select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' order by sequencename`,
  );
  yield line(JSON.stringify({ sequences }));
  yield `${JSON.stringify(endMark(hash))}\n`;
}
