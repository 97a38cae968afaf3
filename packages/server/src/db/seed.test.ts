// The demo shop's goods movements read like a normal shop's days: small sales, several a day,
// and stock that never goes below zero on any day.
import { sql } from 'drizzle-orm';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../testing/test-app';
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

describe('demo prices (D2)', () => {
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
