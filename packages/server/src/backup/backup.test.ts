// Backup, change the data, restore into a fresh database: every table is as it was at the backup.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client';
import { seedDemo } from '../db/seed';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import {
  appVersion,
  BackupError,
  isEmpty,
  readBackupHeader,
  restoreBackup,
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
