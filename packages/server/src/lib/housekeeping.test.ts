import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type Database } from '../db/client';
import {
  HOUSEKEEPING_AT_ANY_HOUR_MS,
  HOUSEKEEPING_EVERY_MS,
  housekeepIfDue,
  housekeepingStampOf,
  hourIn,
} from './housekeeping';

// Housekeeping is the embedded database's (PostgreSQL has autovacuum): these tests run on PGlite
// whatever DATABASE_URL says.
let database: Database;
let dir: string;
let stamp: string;

beforeAll(async () => {
  database = await createDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  await database.migrate();
}, 60_000);

afterAll(() => database.close());

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gudang-housekeeping-'));
  stamp = housekeepingStampOf(dir);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ZONE = 'Asia/Jakarta';
/** 03.00 in Jakarta: the shop's night. */
const NOW = new Date('2026-11-27T20:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** The plan of the products search's filter. */
async function searchPlan(): Promise<string> {
  const { rows } = await database.db.execute<{ 'QUERY PLAN': string }>(sql`
    explain select id from products
     where (name || chr(1) || code || chr(1) || barcode_id || chr(1) || category || chr(1) || brand)
           ilike '%Mitra 77%'`);
  return rows.map((row) => row['QUERY PLAN'].trim()).join('\n');
}

describe('housekeeping of the embedded database', () => {
  it('counts a data directory without a stamp from now: nothing runs at the first start', async () => {
    expect(await housekeepIfDue(database, stamp, ZONE, NOW)).toBeNull();
    expect(readFileSync(stamp, 'utf8').trim()).toBe(NOW.toISOString());
    // The shop's data directory is its owner's alone.
    expect(statSync(stamp).mode & 0o077).toBe(0);
  });

  it('waits a day after the last run', async () => {
    writeFileSync(stamp, ago(HOUSEKEEPING_EVERY_MS - 60_000).toISOString());
    expect(await housekeepIfDue(database, stamp, ZONE, NOW)).toBeNull();
  });

  it("waits for the shop's night, unless the last run is two days old", async () => {
    // 10.00 in Jakarta, a day and an hour after the last run: not now.
    const morning = new Date('2026-11-28T03:00:00Z');
    const dayAgo = new Date(morning.getTime() - HOUSEKEEPING_EVERY_MS - 3_600_000).toISOString();
    writeFileSync(stamp, dayAgo);
    expect(await housekeepIfDue(database, stamp, ZONE, morning)).toBeNull();
    expect(readFileSync(stamp, 'utf8')).toBe(dayAgo);
    // The same hour in a shop whose night it is (UTC 03.00 is night in London).
    expect(await housekeepIfDue(database, stamp, 'Europe/London', morning)).toEqual(
      expect.any(Number),
    );
    // Two days without a night spent running: at any hour.
    writeFileSync(stamp, new Date(morning.getTime() - HOUSEKEEPING_AT_ANY_HOUR_MS).toISOString());
    expect(await housekeepIfDue(database, stamp, ZONE, morning)).toEqual(expect.any(Number));
  });

  it("tells the hour in the shop's time zone", () => {
    expect(hourIn(ZONE, NOW)).toBe(3);
    expect(hourIn('Asia/Jayapura', NOW)).toBe(5);
    expect(hourIn('UTC', new Date('2026-11-28T00:30:00Z'))).toBe(0);
  });

  it('leaves a PostgreSQL database to its autovacuum', async () => {
    writeFileSync(stamp, ago(2 * HOUSEKEEPING_EVERY_MS).toISOString());
    const postgresql = { db: database.db, kind: 'postgresql' as const };
    expect(await housekeepIfDue(postgresql, stamp, ZONE, NOW)).toBeNull();
    expect(readFileSync(stamp, 'utf8')).toBe(ago(2 * HOUSEKEEPING_EVERY_MS).toISOString());
  });

  it('runs VACUUM ANALYZE when due: the grown products table is searched through its index again', async () => {
    // A shop that grew: two thousand products since the database was made, never vacuumed.
    await database.db.execute(sql`
      insert into products (barcode_id, code, name, initial_stock, current_stock, category, brand)
      select 'HKB' || i, 'HK-' || i, 'Mitra ' || i || ' Kaos', 5, 5, 'Kat ' || (i % 20),
             'Merk ' || (i % 50)
        from generate_series(1, 2000) as i`);
    expect(await searchPlan()).toMatch(/^Seq Scan on products/);

    writeFileSync(stamp, 'not a date');
    expect(await housekeepIfDue(database, stamp, ZONE, NOW)).toBeNull();
    writeFileSync(stamp, ago(HOUSEKEEPING_EVERY_MS + 60_000).toISOString());
    const took = await housekeepIfDue(database, stamp, ZONE, NOW);
    expect(took).toEqual(expect.any(Number));
    expect(readFileSync(stamp, 'utf8').trim()).toBe(NOW.toISOString());
    expect(await searchPlan()).toMatch(/Bitmap Index Scan on products_search_trgm_idx/);
  });
});
