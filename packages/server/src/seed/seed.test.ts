// The demo seed: accounts that sign in, a believable shop dated around today, and goods movements
// that read like a normal shop's days: small sales, several a day, and stock that never goes
// below zero on any day.
import { count, sql } from 'drizzle-orm';
import {
  activityLogs,
  damagedGoods,
  incomingGoods,
  marketplaceOrders,
  orders,
  outgoingGoods,
  products,
  users,
} from '../db/schema';
import { addDays, todayIn } from '../lib/dates';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../testing/test-app';
import { SEED_MAX_SALE } from './seed';

let database: TestDatabase;

const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  (await database.db.execute(query)).rows as T[];

beforeAll(async () => {
  database = await createTestDatabase();
  const app = await buildTestApp(database, { env: { SEED_DEMO: 'true' } });
  await app.ready();
  await app.close();
}, 60_000);

afterAll(() => database.destroy());

describe('demo seed movements', () => {
  it('sells in small quantities, several sales on a day', async () => {
    const [sales] = await rowsOf<{ largest: number; days: number; busy_days: number }>(sql`
      select max(quantity)::int as largest,
             count(distinct date)::int as days,
             (select count(*)::int from (
                select date from outgoing_goods group by date having count(*) >= 3) d) as busy_days
      from outgoing_goods`);
    expect(sales?.largest).toBeLessThanOrEqual(SEED_MAX_SALE);
    expect(sales?.days).toBeGreaterThanOrEqual(20);
    expect(sales?.busy_days).toBeGreaterThanOrEqual(20);
  });

  it('keeps current = initial + incoming - outgoing, never below zero at the end of any day', async () => {
    const [consistency] = await rowsOf<{ wrong: number }>(sql`
      select count(*)::int as wrong from products p
      where p.current_stock <> p.initial_stock
        + coalesce((select sum(quantity) from incoming_goods where product_id = p.id), 0)
        - coalesce((select sum(quantity) from outgoing_goods where product_id = p.id), 0)`);
    expect(consistency?.wrong).toBe(0);

    const [dips] = await rowsOf<{ negative: number }>(sql`
      with moves as (
        select product_id, date, quantity as change from incoming_goods
        union all
        select product_id, date, -quantity from outgoing_goods
      ),
      daily as (
        select product_id, date, sum(change) as change from moves group by product_id, date
      ),
      balances as (
        select d.product_id, p.initial_stock + sum(d.change) over (
          partition by d.product_id order by d.date) as balance
        from daily d join products p on p.id = d.product_id
      )
      select count(*)::int as negative from balances where balance < 0`);
    expect(dips?.negative).toBe(0);
  });
});

describe('demo prices', () => {
  it('gives every demo product a Harga Beli and a Harga Jual, the ones its own sales carry', async () => {
    const [unpriced] = await rowsOf<{ count: number }>(sql`
      select count(*)::int as count from products
       where purchase_price <= 0 or selling_price <= 0 or selling_price <= purchase_price`);
    expect(unpriced?.count).toBe(0);
    // The older sales were made at the product's prices: the cost exactly, the selling price
    // within the few thousand rupiah a real shop moves it by.
    const [drift] = await rowsOf<{ other_cost: number; far_price: number; sales: number }>(sql`
      select count(*) filter (where o.purchase_price <> p.purchase_price)::int as other_cost,
             count(*) filter (where abs(o.selling_price - p.selling_price) > 2000)::int as far_price,
             count(*)::int as sales
        from outgoing_goods o join products p on p.id = o.product_id`);
    expect(drift?.sales).toBeGreaterThan(100);
    expect(drift?.other_cost).toBe(0);
    expect(drift?.far_price).toBe(0);
  });
});

describe('demo seed', () => {
  const counts = async () => ({
    users: (await database.db.select({ n: count() }).from(users))[0]?.n,
    products: (await database.db.select({ n: count() }).from(products))[0]?.n,
    incoming: (await database.db.select({ n: count() }).from(incomingGoods))[0]?.n,
    outgoing: (await database.db.select({ n: count() }).from(outgoingGoods))[0]?.n,
    damaged: (await database.db.select({ n: count() }).from(damagedGoods))[0]?.n,
    orders: (await database.db.select({ n: count() }).from(orders))[0]?.n,
    marketplace: (await database.db.select({ n: count() }).from(marketplaceOrders))[0]?.n,
    logs: (await database.db.select({ n: count() }).from(activityLogs))[0]?.n,
  });

  it('creates the demo accounts, who can sign in', async () => {
    const app = await buildTestApp(database);
    try {
      await expect(login(app, 'manager@gudang.test', 'manager123')).resolves.toEqual(
        expect.any(String),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@gudang.test', password: 'admin123' },
      });
      expect(response.json().user).toMatchObject({ role: 'admin', name: 'Admin Demo' });
    } finally {
      await app.close();
    }
  });

  it('creates a believable shop', async () => {
    const seeded = await counts();
    expect(seeded.users).toBe(2);
    expect(seeded.products).toBeGreaterThanOrEqual(30);
    expect(seeded.incoming).toBeGreaterThanOrEqual(50);
    expect(seeded.outgoing).toBeGreaterThanOrEqual(100);
    expect(seeded.damaged).toBeGreaterThanOrEqual(5);
    expect(seeded.orders).toBeGreaterThanOrEqual(30);
    expect(seeded.logs).toBeGreaterThanOrEqual(100);

    const stock = await rowsOf<{
      out: number;
      low: number;
      categories: number;
      brands: number;
    }>(sql`
      select count(*) filter (where current_stock = 0)::int as out,
             count(*) filter (where current_stock between 1 and 10)::int as low,
             count(distinct category)::int as categories,
             count(distinct brand)::int as brands
      from products`);
    expect(stock[0]?.out).toBeGreaterThanOrEqual(2);
    expect(stock[0]?.low).toBeGreaterThanOrEqual(2);
    expect(stock[0]?.categories).toBeGreaterThanOrEqual(4);
    expect(stock[0]?.brands).toBeGreaterThanOrEqual(6);

    const platforms = await rowsOf<{ platform: string }>(
      sql`select distinct platform from incoming_goods order by 1`,
    );
    expect(platforms.map((row) => row.platform)).toEqual([
      'Lazada',
      'Shopee',
      'TikTok Shop',
      'Tokopedia',
    ]);
  });

  it('dates everything around today in the shop time zone', async () => {
    const today = todayIn('Asia/Jakarta');
    const [range] = await rowsOf<{ first: string; last: string; last_order: string }>(sql`
      select (select min(date)::text from incoming_goods) as first,
             (select max(date)::text from outgoing_goods) as last,
             (select max(date)::text from orders) as last_order`);
    expect(range?.first !== undefined && range.first >= addDays(today, -35)).toBe(true);
    expect(range?.last).toBe(today);
    expect(range?.last_order !== undefined && range.last_order <= addDays(today, 7)).toBe(true);
  });

  it('keeps current = initial + incoming - outgoing for every product, never negative on the way', async () => {
    const mismatches = await rowsOf<{ id: number }>(sql`
      select p.id from products p
      where p.current_stock <> p.initial_stock
        + coalesce((select sum(quantity) from incoming_goods i where i.product_id = p.id), 0)
        - coalesce((select sum(quantity) from outgoing_goods o where o.product_id = p.id), 0)`);
    expect(mismatches).toEqual([]);

    const negative = await rowsOf<{ product_id: number }>(sql`
      with moves as (
        select product_id, date, 0 as kind, quantity from incoming_goods
        union all
        select product_id, date, 1 as kind, -quantity from outgoing_goods
      ),
      running as (
        select m.product_id, p.initial_stock + sum(m.quantity) over (
          partition by m.product_id order by m.date, m.kind rows unbounded preceding) as stock
        from moves m join products p on p.id = m.product_id
      )
      select distinct product_id from running where stock < 0`);
    expect(negative).toEqual([]);

    const [barcodes] = await rowsOf<{ wrong: number }>(sql`
      select count(*)::int as wrong from outgoing_goods o join products p on p.id = o.product_id
      where o.barcode <> p.barcode_id`);
    expect(barcodes?.wrong).toBe(0);
  });

  it('adds nothing on a second start', async () => {
    const before = await counts();
    const app = await buildTestApp(database, { env: { SEED_DEMO: 'true' } });
    await app.ready();
    await app.close();
    expect(await counts()).toEqual(before);
  });

  // Last: it ships the demo's packages.
  it('has marketplace orders to pack, each shown by Scan Kirim and covered by the stock', async () => {
    const waiting = await rowsOf<{ id: number; resi_number: string; status: string }>(sql`
      select id, resi_number, status from marketplace_orders order by id`);
    expect(
      waiting.filter((order) => order.status === 'perlu_dikirim').length,
    ).toBeGreaterThanOrEqual(5);
    expect(waiting.map((order) => order.status)).toEqual(
      expect.arrayContaining(['belum_bayar', 'batal']),
    );
    // No resi of a package is already a Barang Keluar's (one package, one resi).
    const [taken] = await rowsOf<{ count: number }>(sql`
      select count(*)::int as count from outgoing_goods g
        join marketplace_orders o on lower(o.resi_number) = lower(g.resi_number)`);
    expect(taken?.count).toBe(0);

    const app = await buildTestApp(database);
    try {
      const headers = authHeader(await login(app, 'manager@gudang.test', 'manager123'));
      for (const order of waiting.filter(({ status }) => status === 'perlu_dikirim')) {
        const view = await app.inject({
          method: 'GET',
          url: `/api/packing/${order.resi_number}`,
          headers,
        });
        expect(view.statusCode).toBe(200);
        const { lines } = view.json() as {
          lines: { quantity: number; current_stock: number; barcode_id: string }[];
        };
        expect(lines.length).toBeGreaterThanOrEqual(1);
        for (const line of lines) expect(line.current_stock).toBeGreaterThanOrEqual(line.quantity);
      }
      // Every package can leave at once; the unpaid and the cancelled are refused.
      const shipped = await app.inject({
        method: 'POST',
        url: '/api/marketplace-orders/ship',
        headers,
        payload: { ids: waiting.map(({ id }) => id) },
      });
      expect(shipped.statusCode).toBe(200);
      const result = shipped.json() as { shipped: number[]; refused: { id: number }[] };
      expect(result.shipped).toEqual(
        waiting.filter(({ status }) => status === 'perlu_dikirim').map(({ id }) => id),
      );
      expect(result.refused.map(({ id }) => id)).toEqual(
        waiting.filter(({ status }) => status !== 'perlu_dikirim').map(({ id }) => id),
      );
    } finally {
      await app.close();
    }
  });
});
