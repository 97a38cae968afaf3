// Times GET /api/products?search=... over 10,000 products on an in-memory PGlite (or the server
// in DATABASE_URL, on a throw-away database). No assertions: it prints p50/p95 per query and the
// plan of one search. Run: npx tsx packages/server/bench/products-search.ts
import { sql } from 'drizzle-orm';
import { products } from '../src/db/schema';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
} from '../src/testing/test-app';

const PRODUCTS = 10_000;
const RUNS = 50;
const WORDS = ['Kaos', 'Kemeja', 'Celana', 'Jaket', 'Topi', 'Tas', 'Sepatu', 'Sandal', 'Rok'];
const COLOURS = ['Hitam', 'Putih', 'Merah', 'Biru', 'Hijau', 'Kuning', 'Abu', 'Coklat'];
const BRANDS = ['Gudang', 'Nusantara', 'Batik Jaya', 'Sinar', 'Mega', 'Rajawali', 'Cendana'];
const CATEGORIES = ['Pakaian', 'Aksesoris', 'Alas Kaki', 'Tas'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database);
  try {
    const user = await createTestUser(database, 'manager');
    const token = await login(app, user.email, user.password);
    const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
      barcodeId: `899${String(i).padStart(10, '0')}`,
      code: `KD-${String(i).padStart(5, '0')}`,
      name: `${WORDS[i % WORDS.length]} ${COLOURS[(i * 7) % COLOURS.length]} ${i}`,
      initialStock: i % 50,
      currentStock: i % 50,
      category: CATEGORIES[i % CATEGORIES.length] ?? 'Pakaian',
      brand: BRANDS[(i * 3) % BRANDS.length] ?? 'Gudang',
    }));
    for (let start = 0; start < rows.length; start += 1000)
      await database.db.insert(products).values(rows.slice(start, start + 1000));
    await database.db.execute(sql`analyze products`);

    const queries = ['', 'kaos hitam', 'hitam', 'KD-0123', '8990000004', 'rajawali', 'zzz'];
    for (const search of queries) {
      const times: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const started = process.hrtime.bigint();
        const response = await app.inject({
          method: 'GET',
          url: `/api/products?search=${encodeURIComponent(search)}&limit=10`,
          headers: authHeader(token),
        });
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
        total = (response.json() as { pagination: { total: number } }).pagination.total;
      }
      times.sort((a, b) => a - b);
      console.log(
        `search=${JSON.stringify(search).padEnd(14)} matches=${String(total).padStart(5)} ` +
          `p50=${percentile(times, 50).toFixed(1)}ms p95=${percentile(times, 95).toFixed(1)}ms`,
      );
    }

    const pattern = '%hitam%';
    const plan = await database.db.execute<{ 'QUERY PLAN': string }>(sql`
      explain select *, count(*) over () from products
       where name ilike ${pattern} or code ilike ${pattern} or barcode_id ilike ${pattern}
          or category ilike ${pattern} or brand ilike ${pattern}
       order by name, id limit 10`);
    console.log(`\n${database.kind} plan of one page:`);
    for (const line of plan.rows) console.log(`  ${line['QUERY PLAN']}`);
  } finally {
    await app.close();
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
