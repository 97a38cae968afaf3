// The backup file format (docs/adr/0011-durability-and-backup.md): gzip-compressed JSON lines, a
// header first (app version, date, migration level, tables with their row counts), then each
// table's line and its rows, the sequences, and an end mark carrying the SHA-256 of every line
// before it. Reading checks each line against the header as it comes.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import type { Database } from '../db/client';

export const BACKUP_FORMAT = 'gudang-backup';
/** 2: the end mark carries the SHA-256 of the lines before it. */
export const BACKUP_FORMAT_VERSION = 2;

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

/** How a backup may be read: a format-1 file (no checksum) only when asked for. */
export interface ReadOptions {
  /** Accept a format-1 backup, which has no checksum. */
  acceptUnchecked?: boolean;
}

export interface EndMark {
  end: true;
  /** SHA-256 (hex) of every line before the end mark, each with its newline, as UTF-8. */
  sha256: string;
}

/** The SHA-256 the end mark carries, fed each line before it as it is written or read. */
export function lineHash(): Hash {
  return createHash('sha256');
}

/** Adds `line` and its newline to `hash`, as the end mark counts it. */
export function hashLine(hash: Hash, line: string): void {
  hash.update(`${line}\n`, 'utf8');
}

/** The end mark of the lines hashed into `hash`. */
export function endMark(hash: Hash): EndMark {
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

function parseHeader(line: string, options: ReadOptions): BackupHeader {
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
export type BackupItem =
  | { kind: 'table'; table: string }
  | { kind: 'row'; line: string }
  | { kind: 'sequences'; sequences: { name: string; value: string | null }[] };

/**
 * The items of `file` after its header, in order. The generator finishes only when the file is
 * whole: every table of the header with its row count, the sequences, the end mark last and its
 * SHA-256 equal to that of the lines before it. Anything else throws a BackupError naming no value.
 */
export async function* readChecked(
  file: string,
  options: ReadOptions,
): AsyncGenerator<BackupItem, BackupHeader> {
  const hash = lineHash();
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
