// Loads the CSVs of the neutral benchmark dataset (bench/gen-dataset.mjs: products,
// incoming, outgoing, orders, damaged, activity) into the database the server would use: the
// PostgreSQL of DATABASE_URL, else the PGlite of DATA_DIR. In bulk (COPY into staging tables, then
// one INSERT ... SELECT per table), every derived column and total filled, stock consistent.
//
//   npm run bench:load -- <csv folder>
//
// The database must hold no shop data yet (accounts are fine: they are kept; with none, the demo
// accounts are created). The log's users 1, 2, 3 are mapped onto the accounts in id order.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { DEMO_ACCOUNTS } from '../src/seed/seed';
import { createUser } from '../src/modules/auth/service';

/** Runs SQL and bulk-copies a CSV file into a table, on either database. */
interface Loader {
  exec(text: string): Promise<void>;
  rows<T>(text: string): Promise<T[]>;
  copy(table: string, file: string): Promise<void>;
  close(): Promise<void>;
}

const CSV = ['products', 'incoming', 'outgoing', 'orders', 'damaged', 'activity'] as const;

// Staging tables, column for column as the generator writes them.
const STAGING: Record<(typeof CSV)[number], string> = {
  products: `id integer, barcode_id text, code text, name text, initial_stock integer,
             category text, brand text`,
  incoming:
    'id integer, product_id integer, resi_number text, quantity integer, platform text, date date',
  outgoing: `id integer, product_id integer, resi_number text, quantity integer, date date,
             purchase_price numeric(14,2), selling_price numeric(14,2), discount numeric(14,2)`,
  orders: `id integer, product_id integer, quantity integer, price numeric(14,2),
           resi_number text, bank text, date date`,
  damaged: 'id integer, product_id integer, quantity integer, reason text, date date',
  activity: 'id integer, user_id integer, action text, details text, timestamp timestamp',
};

async function openPostgres(url: string): Promise<Loader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: async (text) => {
      await client.query(text);
    },
    rows: async <T>(text: string) => (await client.query(text)).rows as T[],
    copy: async (table, file) => {
      const target = client.query(
        copyFrom(`COPY ${table} FROM STDIN WITH (FORMAT csv, HEADER true)`),
      );
      await pipeline(createReadStream(file), target);
    },
    close: () => client.end(),
  };
}

async function openPglite(dir: string): Promise<Loader> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const client = await PGlite.create(dir, { extensions: { pg_trgm, btree_gist } });
  return {
    exec: async (text) => {
      await client.exec(text);
    },
    rows: async <T>(text: string) => (await client.query<T>(text)).rows,
    copy: async (table, file) => {
      // PGlite reads COPY input from the blob given with the query.
      await client.query(`COPY ${table} FROM '/dev/blob' WITH (FORMAT csv, HEADER true)`, [], {
        blob: new Blob([readFileSync(file)]),
      });
    },
    close: () => client.close(),
  };
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function main(): Promise<void> {
  const folder = process.argv[2];
  if (folder === undefined || !CSV.every((name) => existsSync(path.join(folder, `${name}.csv`)))) {
    console.error(`usage: npm run bench:load -- <folder with ${CSV.join(', ')} .csv>`);
    process.exit(2);
  }
  const config = loadConfig();
  const started = Date.now();
  const step = (what: string) =>
    console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${what}`);

  // Migrations and accounts through the server's own code.
  const database = await createDatabase(config);
  try {
    await database.migrate();
    const { rows: used } = await database.db.execute<{ n: unknown }>(
      sql`select (select count(*) from products)
        + (select count(*) from orders) + (select count(*) from damaged_goods) as n`,
    );
    if (Number(used[0]?.n ?? 0) > 0) {
      console.error(
        'The database already holds shop data: load into a fresh one (a new DATA_DIR, or an ' +
          'empty database in DATABASE_URL, with SEED_DEMO=false when the server first starts).',
      );
      process.exit(1);
    }
    const { rows: accounts } = await database.db.execute<{ n: unknown }>(
      sql`select count(*) as n from users`,
    );
    if (Number(accounts[0]?.n ?? 0) === 0) {
      for (const account of DEMO_ACCOUNTS) await createUser(database.db, account);
      step('demo accounts created');
    }
  } finally {
    await database.close();
  }

  const loader =
    config.databaseUrl === null
      ? await openPglite(config.pgliteDir)
      : await openPostgres(config.databaseUrl);
  const tz = quote(config.shopTimezone);
  try {
    await loader.exec('BEGIN');
    for (const name of CSV) {
      await loader.exec(`CREATE TEMP TABLE load_${name} (${STAGING[name]}) ON COMMIT DROP`);
      await loader.copy(`load_${name}`, path.join(folder, `${name}.csv`));
      step(`${name}.csv copied`);
    }
    // The kept totals are rebuilt once at the end instead of row by row.
    await loader.exec(`
      ALTER TABLE incoming_goods DISABLE TRIGGER incoming_goods_totals;
      ALTER TABLE outgoing_goods DISABLE TRIGGER outgoing_goods_totals;
      ALTER TABLE damaged_goods DISABLE TRIGGER damaged_goods_row_count;
      ALTER TABLE activity_logs DISABLE TRIGGER activity_logs_row_count;`);
    await loader.exec(`
      INSERT INTO products (id, barcode_id, code, name, initial_stock, current_stock, category, brand)
      OVERRIDING SYSTEM VALUE
      SELECT id, barcode_id, code, name, initial_stock, initial_stock, category, brand
        FROM load_products ORDER BY id`);
    step('products');
    // Movements are dated at noon in the shop's time zone (created_at orders a day's stock card).
    await loader.exec(`
      INSERT INTO incoming_goods (id, product_id, date, resi_number, quantity, platform, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT id, product_id, date, resi_number, quantity, platform,
             (date + time '12:00') AT TIME ZONE ${tz}, (date + time '12:00') AT TIME ZONE ${tz}
        FROM load_incoming ORDER BY id`);
    step('incoming goods');
    await loader.exec(`
      INSERT INTO outgoing_goods (id, product_id, date, resi_number, quantity, barcode,
                                  purchase_price, selling_price, discount, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT o.id, o.product_id, o.date, o.resi_number, o.quantity, p.barcode_id,
             o.purchase_price, o.selling_price, o.discount,
             (o.date + time '12:00') AT TIME ZONE ${tz}, (o.date + time '12:00') AT TIME ZONE ${tz}
        FROM load_outgoing o JOIN load_products p ON p.id = o.product_id ORDER BY o.id`);
    step('outgoing goods');
    await loader.exec(`
      INSERT INTO orders (id, product_id, date, quantity, price, resi_number, bank, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT id, product_id, date, quantity, price, resi_number, nullif(bank, ''),
             (date + time '12:00') AT TIME ZONE ${tz}, (date + time '12:00') AT TIME ZONE ${tz}
        FROM load_orders ORDER BY id`);
    step('orders');
    // A damaged record keeps its own copy of the product's fields.
    await loader.exec(`
      INSERT INTO damaged_goods (id, product_id, barcode_id, code, name, stock, category, brand,
                                 damage_reason, date, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT d.id, d.product_id, p.barcode_id, p.code, p.name, d.quantity, p.category, p.brand,
             d.reason, d.date,
             (d.date + time '12:00') AT TIME ZONE ${tz}, (d.date + time '12:00') AT TIME ZONE ${tz}
        FROM load_damaged d JOIN load_products p ON p.id = d.product_id ORDER BY d.id`);
    step('damaged goods');
    // The log's users 1, 2, 3, ... become the existing accounts in id order (round robin).
    await loader.exec(`
      WITH accounts AS (SELECT id, name, email, row_number() OVER (ORDER BY id) - 1 AS n,
                               count(*) OVER () AS total FROM users)
      INSERT INTO activity_logs (id, action, user_id, user_name, user_email, details, timestamp)
      OVERRIDING SYSTEM VALUE
      SELECT a.id, a.action, u.id, u.name, u.email, a.details, a.timestamp AT TIME ZONE ${tz}
        FROM load_activity a
        JOIN accounts u ON u.n = (a.user_id - 1) % u.total
       ORDER BY a.id`);
    step('activity log');
    await loader.exec(`
      SELECT rebuild_movement_totals();
      UPDATE products p
         SET current_stock = p.initial_stock + t.incoming_quantity - t.outgoing_quantity
        FROM product_totals t WHERE t.product_id = p.id;
      ALTER TABLE incoming_goods ENABLE TRIGGER incoming_goods_totals;
      ALTER TABLE outgoing_goods ENABLE TRIGGER outgoing_goods_totals;
      ALTER TABLE damaged_goods ENABLE TRIGGER damaged_goods_row_count;
      ALTER TABLE activity_logs ENABLE TRIGGER activity_logs_row_count;`);
    for (const table of [
      'products',
      'incoming_goods',
      'outgoing_goods',
      'orders',
      'damaged_goods',
      'activity_logs',
    ])
      await loader.exec(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
      );
    step('totals, stock and id sequences');
    await loader.exec('COMMIT');
    // Statistics for the planner, and the visibility map that index-only scans need.
    await loader.exec('VACUUM ANALYZE');
    step('vacuum analyze');
    const [check] = await loader.rows<{
      negative: unknown;
      products: unknown;
      movements: unknown;
    }>(`
      SELECT (SELECT count(*) FROM products WHERE current_stock < 0) AS negative,
             (SELECT count(*) FROM products) AS products,
             (SELECT count(*) FROM incoming_goods) + (SELECT count(*) FROM outgoing_goods) AS movements`);
    console.log(
      `loaded ${String(check?.products)} products and ${String(check?.movements)} movements into ` +
        `${config.databaseUrl === null ? `PGlite at ${config.pgliteDir}` : 'PostgreSQL'} in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  } catch (error) {
    await loader.exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await loader.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
