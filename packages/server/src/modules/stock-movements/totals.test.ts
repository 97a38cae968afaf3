// The kept totals (product_totals, product_monthly_totals, row_counts: drizzle/0004, 0009) must equal
// the movement rows after any mix of parallel creates, edits and deletes through the API, since
// the dashboard and the list counts read them instead of the rows (docs/adr/0007-scale.md).
import { sql } from 'drizzle-orm';
import {
  INCOMING,
  insertProduct,
  OUTGOING,
  setupTestServer,
  type MovementKind,
  type TestProduct,
} from './test-fixtures';

const server = setupTestServer();

/** mulberry32: the same mix on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DATES = ['2026-08-31', '2026-09-01', '2026-10-15', '2026-11-01', '2026-11-20'];

type Row = Record<string, unknown>;
const rowsOf = async (query: ReturnType<typeof sql>) =>
  (await server.database.db.execute<Row>(query)).rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );

/** The kept totals next to the same numbers summed from the rows, both as sorted text rows. */
async function keptAndCounted() {
  return {
    kept: {
      products: await rowsOf(sql`
        select product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity
          from product_totals
         where incoming_rows <> 0 or outgoing_rows <> 0 or incoming_quantity <> 0
            or outgoing_quantity <> 0
         order by product_id`),
      months: await rowsOf(sql`
        select to_char(month, 'YYYY-MM-DD') as month, product_id, incoming_quantity,
               outgoing_quantity
          from product_monthly_totals
         where incoming_quantity <> 0 or outgoing_quantity <> 0
         order by month, product_id`),
      damaged: await rowsOf(sql`
        select rows from row_counts where table_name = 'damaged_goods'`),
      activity: await rowsOf(sql`
        select coalesce(sum(rows), 0) as rows from row_counts
         where table_name like 'activity_logs/%'`),
    },
    counted: {
      products: await rowsOf(sql`
        select product_id, sum(in_rows) as incoming_rows, sum(in_qty) as incoming_quantity,
               sum(out_rows) as outgoing_rows, sum(out_qty) as outgoing_quantity
          from (select product_id, 1 as in_rows, quantity as in_qty, 0 as out_rows, 0 as out_qty
                  from incoming_goods
                union all
                select product_id, 0, 0, 1, quantity from outgoing_goods) m
         group by product_id order by product_id`),
      months: await rowsOf(sql`
        select to_char(date_trunc('month', date), 'YYYY-MM-DD') as month, product_id,
               sum(in_qty) as incoming_quantity, sum(out_qty) as outgoing_quantity
          from (select date, product_id, quantity as in_qty, 0 as out_qty from incoming_goods
                union all
                select date, product_id, 0, quantity from outgoing_goods) m
         group by 1, 2 order by 1, 2`),
      damaged: await rowsOf(sql`select count(*) as rows from damaged_goods`),
      activity: await rowsOf(sql`select count(*) as rows from activity_logs`),
    },
  };
}

describe('kept totals', () => {
  let products: TestProduct[] = [];

  beforeAll(async () => {
    products = [];
    for (let i = 0; i < 6; i += 1)
      products.push(await insertProduct(server.database, { stock: 40 }));
  });

  it('equal the movement rows after a random mix of parallel creates, edits and deletes', async () => {
    const next = random(20261122);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const token = server.actors.managerToken;
    const ids: Record<'incoming' | 'outgoing' | 'damaged', number[]> = {
      incoming: [],
      outgoing: [],
      damaged: [],
    };
    const kinds: [keyof typeof ids, MovementKind][] = [
      ['incoming', INCOMING],
      ['outgoing', OUTGOING],
    ];
    const movementBody = (kind: MovementKind) => {
      const product = pick(products);
      return kind.body(product, { quantity: 1 + Math.floor(next() * 6), date: pick(DATES) });
    };
    const damagedBody = () => {
      const product = pick(products);
      return {
        barcode_id: product.barcodeId,
        code: product.code,
        name: product.name,
        stock: 1 + Math.floor(next() * 3),
        category: 'Kaos',
        brand: 'Merek',
        damage_reason: 'Kemasan rusak',
        date: pick(DATES),
      };
    };

    // A base of records, then rounds of parallel work over them.
    const created = async (response: Promise<{ statusCode: number; json(): unknown }>) => {
      const done = await response;
      return done.statusCode === 201 ? (done.json() as { data: { id: number } }).data.id : null;
    };
    for (const [name, kind] of kinds) {
      for (let i = 0; i < 8; i += 1) {
        const id = await created(server.call('POST', kind.url, token, movementBody(kind)));
        if (id !== null) ids[name].push(id);
      }
    }
    let statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const work: Promise<unknown>[] = [];
      for (let i = 0; i < 24; i += 1) {
        const [name, kind] = pick(kinds);
        const roll = next();
        if (roll < 0.4) {
          work.push(
            created(server.call('POST', kind.url, token, movementBody(kind))).then((id) => {
              if (id !== null) ids[name].push(id);
            }),
          );
        } else if (roll < 0.7 && ids[name].length > 0) {
          const id = pick(ids[name]);
          work.push(
            server
              .call('PUT', `${kind.url}/${id}`, token, movementBody(kind))
              .then((r) => statuses.push(r.statusCode)),
          );
        } else if (roll < 0.85 && ids[name].length > 0) {
          const id = pick(ids[name]);
          ids[name] = ids[name].filter((other) => other !== id);
          work.push(
            server
              .call('DELETE', `${kind.url}/${id}`, token)
              .then((r) => statuses.push(r.statusCode)),
          );
        } else if (roll < 0.95 || ids.damaged.length === 0) {
          work.push(
            created(server.call('POST', '/api/damaged-goods', token, damagedBody())).then((id) => {
              if (id !== null) ids.damaged.push(id);
            }),
          );
        } else {
          const id = pick(ids.damaged);
          ids.damaged = ids.damaged.filter((other) => other !== id);
          work.push(server.call('DELETE', `/api/damaged-goods/${id}`, token));
        }
      }
      await Promise.all(work);
    }
    // The mix did edit and delete (a refusal for too little stock is fine, a 500 is not).
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    statuses = [];

    const { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);
    expect(Number(counted.damaged[0]?.rows)).toBeGreaterThan(0);

    // Stock still adds up, and what the API shows comes from the totals.
    const inconsistent = await rowsOf(sql`
      select p.id from products p
       where p.current_stock <> p.initial_stock
         + coalesce((select sum(quantity) from incoming_goods where product_id = p.id), 0)
         - coalesce((select sum(quantity) from outgoing_goods where product_id = p.id), 0)`);
    expect(inconsistent).toEqual([]);
    const list = await server.call('GET', '/api/incoming-goods', token);
    const incomingRows = await rowsOf(sql`select count(*) as n from incoming_goods`);
    expect(list.json().pagination.total).toBe(Number(incomingRows[0]?.n));
    const damagedList = await server.call('GET', '/api/damaged-goods', token);
    expect(damagedList.json().pagination.total).toBe(Number(counted.damaged[0]?.rows));
    const logList = await server.call('GET', '/api/activity-logs', token);
    expect(Number(counted.activity[0]?.rows)).toBeGreaterThan(0);
    expect(logList.json().pagination.total).toBe(Number(counted.activity[0]?.rows));
    const stats = (await server.call('GET', '/api/dashboard/stats', token)).json();
    const sums = await rowsOf(sql`
      select (select coalesce(sum(quantity), 0) from incoming_goods) as incoming,
             (select coalesce(sum(quantity), 0) from outgoing_goods) as outgoing`);
    expect([stats.totalIncomingGoods, stats.totalOutgoingGoods]).toEqual([
      Number(sums[0]?.incoming),
      Number(sums[0]?.outgoing),
    ]);
    expect(stats.stockConsistency).toMatchObject({ isConsistent: true, difference: 0 });
  }, 60_000);

  it('follow rows written straight into the tables, and a truncate', async () => {
    const [product] = products;
    if (product === undefined) throw new Error('no product');
    await server.database.db.execute(sql`
      insert into incoming_goods (product_id, date, resi_number, quantity, platform)
      values (${product.id}, '2026-07-04', 'DIRECT-1', 7, 'Offline')`);
    await server.database.db.execute(sql`
      update incoming_goods set date = '2026-06-30', quantity = 9 where resi_number = 'DIRECT-1'`);
    let { kept, counted } = await keptAndCounted();
    expect(kept).toEqual(counted);

    await server.database.db.execute(sql`truncate outgoing_goods`);
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);

    await server.database.db.execute(
      sql`delete from activity_logs where id = (select min(id) from activity_logs)`,
    );
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
    await server.database.db.execute(sql`truncate activity_logs`);
    ({ kept, counted } = await keptAndCounted());
    expect(kept).toEqual(counted);
  });
});
