// Backup, change the data, restore into a fresh database: every table is as it was at the backup.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client';
import { seedDemo } from '../seed/seed';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import {
  appVersion,
  BackupError,
  isEmpty,
  readBackupHeader,
  restoreBackup,
  restorePgliteDir,
  writeBackup,
} from './backup';
import { backupIfDue, backupName } from './schedule';

jest.setTimeout(120_000);

let source: TestDatabase;
const others: TestDatabase[] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'gudang-backup-'));
const file = path.join(dir, 'toko.gudang-backup.gz');

/** Every row of every public table (as JSON text, sorted) and every sequence's position. */
async function everyTable(database: Database): Promise<Record<string, string[]>> {
  const tables = (
    await database.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).rows;
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const rows = await database.db.execute<{ row: string }>(
      sql.raw(`select to_jsonb(t)::text as row from "${name}" t`),
    );
    result[name] = rows.rows.map((r) => r.row).sort();
  }
  const sequences = await database.db.execute<{ name: string; value: string | null }>(
    sql`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );
  result['(sequences)'] = sequences.rows.map((s) => `${s.name}=${s.value}`).sort();
  return result;
}

async function fresh(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  others.push(database);
  return database;
}

let before: Record<string, string[]>;

beforeAll(async () => {
  source = await createTestDatabase();
  await seedDemo(source.db, { timeZone: 'Asia/Jakarta' });
  before = await everyTable(source);
  await writeBackup(source, file);
  // Changed after the backup: none of this may come back.
  await source.db.execute(
    sql`delete from activity_logs where id in (select id from activity_logs limit 3)`,
  );
  await source.db.execute(
    sql`update products set name = 'Diubah setelah backup' where id = (select min(id) from products)`,
  );
}, 120_000);

afterAll(async () => {
  for (const database of [source, ...others]) await database.destroy();
});

describe('backup and restore', () => {
  it('writes the app version, the date and every table into a compressed file', async () => {
    const header = await readBackupHeader(file);
    expect(header).toMatchObject({ format: 'gudang-backup', appVersion: appVersion() });
    expect(Date.now() - Date.parse(header.createdAt)).toBeLessThan(10 * 60_000);
    expect(header.tables.map((t) => t.name).sort()).toEqual(
      Object.keys(before).filter((name) => name !== '(sequences)'),
    );
    expect(header.tables.find((t) => t.name === 'products')?.rows).toBe(before.products?.length);
    // gzip
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('restores into a fresh database every table as it was at the backup', async () => {
    expect(await everyTable(source)).not.toEqual(before);
    const target = await fresh();
    await restoreBackup(target, file, { force: false });
    expect(await everyTable(target)).toEqual(before);
    // The ids go on after the restored ones, and the totals kept by triggers still work.
    const [max] = (await target.db.execute<{ id: number }>(sql`select max(id) as id from products`))
      .rows;
    const [created] = (
      await target.db.execute<{ id: number }>(sql`insert into products
        (code, barcode_id, name, initial_stock, current_stock, category, brand)
        values ('SESUDAH', 'SESUDAH-BC', 'Sesudah restore', 0, 0, 'Kaos', 'Lokal') returning id`)
    ).rows;
    expect(Number(created?.id)).toBeGreaterThan(Number(max?.id));
  });

  it('refuses a database that holds data unless forced, then replaces everything in it', async () => {
    const changed = await everyTable(source);
    await expect(restoreBackup(source, file, { force: false })).rejects.toThrow(
      new BackupError(
        'the target database already holds data; restore refuses to overwrite it ' +
          '(use --force to replace everything in it with the backup)',
      ),
    );
    expect(await everyTable(source)).toEqual(changed);
    await restoreBackup(source, file, { force: true });
    expect(await everyTable(source)).toEqual(before);
  });

  it('restores a backup of PGlite into the database under test (how a shop moves to PostgreSQL)', async () => {
    const pglite = await createDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
    try {
      await pglite.migrate();
      await seedDemo(pglite.db, { timeZone: 'Asia/Jakarta' });
      const fromPglite = path.join(dir, 'from-pglite.gz');
      await writeBackup(pglite, fromPglite);
      const target = await fresh();
      await restoreBackup(target, fromPglite, { force: false });
      expect(await everyTable(target)).toEqual(await everyTable(pglite));
    } finally {
      await pglite.close();
    }
  });

  it('streams tables larger than one fetch batch, and they round-trip', async () => {
    const now = await everyTable(source);
    const batched = path.join(dir, 'batched.gz');
    const header = await writeBackup(source, batched, { batchRows: 7 });
    // Several tables span many batches, one of them not a whole number of batches.
    const big = header.tables.filter((table) => table.rows > 7 * 3);
    expect(big.length).toBeGreaterThan(1);
    expect(big.some((table) => table.rows % 7 !== 0)).toBe(true);
    const target = await fresh();
    await restoreBackup(target, batched, { force: false });
    expect(await everyTable(target)).toEqual(now);
  });

  it('refuses a file cut short, restoring nothing', async () => {
    const lines = gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
    const cut = path.join(dir, 'cut.gz');
    writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const target = await fresh();
    await expect(restoreBackup(target, cut, { force: false })).rejects.toThrow(/cut short/);
    expect(await isEmpty(target.db)).toBe(true);
  });

  it('refuses a file that is not a backup', async () => {
    const other = path.join(dir, 'other.gz');
    writeFileSync(other, gzipSync('{"hello":1}\n'));
    await expect(restoreBackup(await fresh(), other, { force: false })).rejects.toThrow(
      'not a Gudang backup',
    );
  });
});

/** The backup's lines, decompressed. */
const linesOf = (backup: string) =>
  gunzipSync(readFileSync(backup)).toString('utf8').trimEnd().split('\n');

/**
 * Writes `lines` (without their end mark) as a backup with a valid end mark: the SHA-256 of every
 * line before it with its newline. What someone who knows the format could make.
 */
function sealed(name: string, lines: string[]): string {
  const body = lines.map((line) => `${line}\n`).join('');
  const sha256 = createHash('sha256').update(body, 'utf8').digest('hex');
  const target = path.join(dir, name);
  writeFileSync(target, gzipSync(`${body}${JSON.stringify({ end: true, sha256 })}\n`));
  return target;
}

/** The backup's lines with `change` applied to its lines without the end mark, end mark kept. */
function changed(name: string, change: (lines: string[]) => string[]): string {
  const lines = linesOf(file);
  const end = lines.pop() as string;
  const target = path.join(dir, name);
  writeFileSync(target, gzipSync(`${change(lines).join('\n')}\n${end}\n`));
  return target;
}

/** Replaces the first row of `table` whose text matches `match` by `replace(row)`. */
function editRow(lines: string[], table: string, replace: (row: Record<string, unknown>) => void) {
  const start = lines.findIndex((line) => line.startsWith(`{"table":"${table}"`));
  const row = JSON.parse(lines[start + 1] as string) as Record<string, unknown>;
  replace(row);
  return lines.map((line, i) => (i === start + 1 ? JSON.stringify(row) : line));
}

/** Each broken file, as an operator might end up with it, and what the refusal says. */
function brokenFiles(): [string, string, RegExp][] {
  const compressed = readFileSync(file);
  const flipped = Buffer.from(compressed);
  const at = Math.floor(flipped.length / 2);
  flipped[at] = (flipped[at] as number) ^ 0x01;
  writeFileSync(
    path.join(dir, 'half.gz'),
    compressed.subarray(0, Math.floor(compressed.length / 2)),
  );
  writeFileSync(path.join(dir, 'flipped.gz'), flipped);
  const withoutEnd = linesOf(file).slice(0, -1);
  writeFileSync(
    path.join(dir, 'cut-lines.gz'),
    gzipSync(`${withoutEnd.slice(0, -5).join('\n')}\n`),
  );
  const [head, ...rest] = withoutEnd;
  const header = JSON.parse(head as string) as { appVersion: string; formatVersion: number };
  return [
    ['a file cut short (lines)', path.join(dir, 'cut-lines.gz'), /cut short/],
    ['half a gzip', path.join(dir, 'half.gz'), /not a whole gzip file/],
    ['a changed byte', path.join(dir, 'flipped.gz'), /not a whole gzip file|damaged|checksum/],
    [
      'a changed row (stock)',
      changed('stock.gz', (lines) =>
        editRow(lines, 'products', (row) => (row.current_stock = 999)),
      ),
      /SHA-256 checksum does not match/,
    ],
    [
      'a planted manager account',
      changed('planted.gz', (lines) =>
        editRow(lines, 'users', (row) => {
          row.email = 'intruder@evil.test';
          row.role = 'manager';
        }),
      ),
      /SHA-256 checksum does not match/,
    ],
    [
      'a backup that fails midway (a late table breaks a constraint)',
      sealed(
        'fails-midway.gz',
        editRow(withoutEnd, 'incoming_goods', (row) => (row.product_id = 999_999)),
      ),
      /could not be loaded \(table incoming_goods\): PostgreSQL error 23503, constraint .*nothing restored/,
    ],
    [
      'a row the schema refuses (a bcrypt hash in the row)',
      sealed(
        'bad-role.gz',
        editRow(withoutEnd, 'users', (row) => (row.role = 'superadmin')),
      ),
      /could not be loaded \(table users\): PostgreSQL error 23514, constraint users_role_check/,
    ],
    [
      'a newer app version',
      sealed('newer.gz', [JSON.stringify({ ...header, appVersion: '99.0.0' }), ...rest]),
      /made by Gudang 99\.0\.0, newer than this/,
    ],
    [
      'format 1 (no checksum), without --unchecked',
      sealed('format1.gz', [JSON.stringify({ ...header, formatVersion: 1 }), ...rest]),
      /format 1, which carries no checksum/,
    ],
  ];
}

describe('a restore that fails', () => {
  it('refuses every broken file and leaves the data it was to replace as it was', async () => {
    const target = await fresh();
    await seedDemo(target.db, { timeZone: 'Asia/Jakarta' });
    await target.db.execute(
      sql`update products set name = 'Milik toko' where id = (select min(id) from products)`,
    );
    const kept = await everyTable(target);
    for (const [what, broken, message] of brokenFiles()) {
      const refusal = await restoreBackup(target, broken, { force: true }).then(
        () => null,
        (error: unknown) => error,
      );
      expect({ what, refused: refusal instanceof BackupError }).toEqual({ what, refused: true });
      expect({ what, message: (refusal as Error).message }).toEqual({
        what,
        message: expect.stringMatching(message),
      });
      // No row values in the message: no password hash, no e-mail address.
      expect((refusal as Error).message).not.toMatch(/\$2[aby]\$|@/);
      expect({ what, intact: await everyTable(target) }).toEqual({ what, intact: kept });
    }
  });

  it('restores a format 1 backup only when told it is unchecked', async () => {
    const [head, ...rest] = linesOf(file).slice(0, -1);
    const header = JSON.parse(head as string) as Record<string, unknown>;
    const old = path.join(dir, 'format1-ok.gz');
    writeFileSync(
      old,
      gzipSync(
        `${[JSON.stringify({ ...header, formatVersion: 1 }), ...rest, '{"end":true}'].join('\n')}\n`,
      ),
    );
    const target = await fresh();
    await restoreBackup(target, old, { acceptUnchecked: true });
    expect(await everyTable(target)).toEqual(before);
  });
});

describe('restore into a PGlite directory', () => {
  const open = (pgliteDir: string) => createDatabase({ databaseUrl: null, pgliteDir });
  async function tablesOf(pgliteDir: string) {
    const database = await open(pgliteDir);
    try {
      return await everyTable(database);
    } finally {
      await database.close();
    }
  }

  it('replaces the directory only after a complete load; a broken file leaves it as it was', async () => {
    const pgliteDir = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-restore-dir-')), 'pglite');
    const shop = await open(pgliteDir);
    try {
      await shop.migrate();
      await seedDemo(shop.db, { timeZone: 'Asia/Jakarta' });
    } finally {
      await shop.close();
    }
    const kept = await tablesOf(pgliteDir);
    const inode = statSync(pgliteDir).ino;
    for (const [what, broken] of brokenFiles()) {
      await expect(restorePgliteDir(pgliteDir, broken, { force: true })).rejects.toThrow(
        BackupError,
      );
      // The very same directory, nothing left beside it.
      expect({ what, inode: statSync(pgliteDir).ino }).toEqual({ what, inode });
      expect(readdirSync(path.dirname(pgliteDir)).sort()).toEqual(['pglite']);
    }
    expect(await tablesOf(pgliteDir)).toEqual(kept);

    await expect(restorePgliteDir(pgliteDir, file, {})).rejects.toThrow(/already holds data/);
    await restorePgliteDir(pgliteDir, file, { force: true });
    expect(await tablesOf(pgliteDir)).toEqual(before);
    expect(readdirSync(path.dirname(pgliteDir)).sort()).toEqual(['pglite']);
  });
});

describe('daily backups (BACKUP_KEEP)', () => {
  it('writes one when the newest is a day old or missing, keeping the newest N', async () => {
    const backups = mkdtempSync(path.join(tmpdir(), 'gudang-daily-'));
    const start = new Date();
    const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000);
    const first = await backupIfDue(source, backups, 2, at(0));
    expect(first).toBe(path.join(backups, backupName(at(0))));
    expect(await backupIfDue(source, backups, 2, at(23))).toBeNull();
    expect(await backupIfDue(source, backups, 2, at(25))).not.toBeNull();
    expect(await backupIfDue(source, backups, 2, at(50))).not.toBeNull();
    // Something else in the folder is left alone.
    writeFileSync(path.join(backups, 'catatan.txt'), 'milik pemilik toko');
    expect(readdirSync(backups).sort()).toEqual(
      [backupName(at(25)), backupName(at(50)), 'catatan.txt'].sort(),
    );
    expect((await readBackupHeader(path.join(backups, backupName(at(50))))).format).toBe(
      'gudang-backup',
    );
  });
});
