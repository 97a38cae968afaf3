// The kept totals (product_totals, product_monthly_totals, row_counts: drizzle/0004, 0009, 0016)
// must equal the movement rows after any mix of parallel creates, edits and deletes through the
// API, returns and their deletes, stock-opname counts and posts, since the dashboard and the list
// counts read them instead of the rows (docs/adr/0007-scale.md), and the stock must stay
// initial + incoming - outgoing + returned (good) + adjustments
// (docs/adr/0016-returns-and-adjustments.md).
import { sql } from 'drizzle-orm';
import {
  inconsistentProducts,
  INCOMING,
  keptAndCounted,
  random,
  rowsOf,
  insertProduct,
  OUTGOING,
  setupTestServer,
  type MovementKind,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

const DATES = ['2026-08-31', '2026-09-01', '2026-10-15', '2026-11-01', '2026-11-20'];

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
    // Returns need an outgoing record and its resi; a count session covers half the products.
    const resiOf = new Map<number, string>();
    const { rows: sold } = await server.database.db.execute<{ id: number; resi_number: string }>(
      sql`select id, resi_number from outgoing_goods`,
    );
    for (const row of sold) resiOf.set(Number(row.id), row.resi_number);
    const returnIds: number[] = [];
    const correctionStatuses: number[] = [];
    const returnBody = () => {
      const live = ids.outgoing.filter((id) => resiOf.has(id));
      if (live.length === 0) return null;
      const id = pick(live);
      return {
        resi_number: resiOf.get(id),
        date: pick(DATES),
        reason: 'Tidak sesuai',
        lines: [
          {
            outgoing_goods_id: id,
            quantity: 1,
            condition: next() < 0.7 ? 'good' : 'damaged',
          },
        ],
      };
    };
    for (let round = 0; round < 4; round += 1) {
      const work: Promise<unknown>[] = [];
      const opname = await server.call('POST', '/api/stock-opname', token, {
        name: `Putaran ${round}`,
        scope: { type: 'products', product_codes: products.slice(0, 3).map((p) => p.code) },
      });
      expect(opname.statusCode).toBe(201);
      const sessionId = (opname.json() as { data: { id: number } }).data.id;
      for (let i = 0; i < 8; i += 1) {
        const roll = next();
        if (roll < 0.35) {
          const body = returnBody();
          if (body !== null)
            work.push(
              server.call('POST', '/api/returns', token, body).then((r) => {
                correctionStatuses.push(r.statusCode);
                if (r.statusCode === 201)
                  returnIds.push((r.json() as { data: { id: number } }).data.id);
              }),
            );
        } else if (roll < 0.45 && returnIds.length > 0) {
          const id = pick(returnIds);
          returnIds.splice(returnIds.indexOf(id), 1);
          work.push(
            server
              .call('DELETE', `/api/returns/${id}`, token)
              .then((r) => correctionStatuses.push(r.statusCode)),
          );
        } else {
          const product = pick(products.slice(0, 3));
          const amount =
            next() < 0.7 ? { add: 1 + Math.floor(next() * 3) } : { set: Math.floor(next() * 50) };
          work.push(
            server
              .call('POST', `/api/stock-opname/${sessionId}/counts`, token, {
                barcode: product.barcodeId,
                ...amount,
              })
              .then((r) => correctionStatuses.push(r.statusCode)),
          );
        }
      }
      // The post runs alongside the round's sales, returns and counts.
      work.push(
        server
          .call('POST', `/api/stock-opname/${sessionId}/post`, token, {})
          .then((r) => correctionStatuses.push(r.statusCode)),
      );
      for (let i = 0; i < 24; i += 1) {
        const [name, kind] = pick(kinds);
        const roll = next();
        if (roll < 0.4) {
          work.push(
            server.call('POST', kind.url, token, movementBody(kind)).then((r) => {
              if (r.statusCode !== 201) return;
              const data = (r.json() as { data: { id: number; resi_number: string } }).data;
              ids[name].push(data.id);
              if (name === 'outgoing') resiOf.set(data.id, data.resi_number);
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
    // One session after the rounds, alone: a post that surely writes an adjustment.
    const [first] = products;
    if (first === undefined) throw new Error('no product');
    const last = await server.call('POST', '/api/stock-opname', token, {
      name: 'Terakhir',
      scope: { type: 'products', product_codes: [first.code] },
    });
    const lastId = (last.json() as { data: { id: number; lines: { expected: number }[] } }).data;
    const shelf = (lastId.lines[0]?.expected ?? 0) + 5;
    await server.call('POST', `/api/stock-opname/${lastId.id}/counts`, token, {
      product_code: first.code,
      set: shelf,
    });
    expect(
      (await server.call('POST', `/api/stock-opname/${lastId.id}/post`, token)).statusCode,
    ).toBe(200);
    // Corrections happened too (refusals such as over-return or a closed session are fine).
    expect(correctionStatuses.filter((status) => status >= 500)).toEqual([]);
    expect(correctionStatuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    const { rows: adjusted } = await server.database.db.execute<{ n: unknown }>(
      sql`select count(*) as n from stock_adjustments`,
    );
    expect(Number(adjusted[0]?.n)).toBeGreaterThan(0);

    const { kept, counted } = await keptAndCounted(server.database);
    expect(kept).toEqual(counted);
    expect(Number(counted.damaged[0]?.rows)).toBeGreaterThan(0);

    // Stock still adds up, and what the API shows comes from the totals.
    expect(await inconsistentProducts(server.database)).toEqual([]);
    const list = await server.call('GET', '/api/incoming-goods', token);
    const incomingRows = await rowsOf(
      server.database,
      sql`select count(*) as n from incoming_goods`,
    );
    expect(list.json().pagination.total).toBe(Number(incomingRows[0]?.n));
    const damagedList = await server.call('GET', '/api/damaged-goods', token);
    expect(damagedList.json().pagination.total).toBe(Number(counted.damaged[0]?.rows));
    const logList = await server.call('GET', '/api/activity-logs', token);
    expect(Number(counted.activity[0]?.rows)).toBeGreaterThan(0);
    expect(logList.json().pagination.total).toBe(Number(counted.activity[0]?.rows));
    const stats = (await server.call('GET', '/api/dashboard/stats', token)).json();
    const sums = await rowsOf(
      server.database,
      sql`
      select (select coalesce(sum(quantity), 0) from incoming_goods) as incoming,
             (select coalesce(sum(quantity), 0) from outgoing_goods) as outgoing,
             (select coalesce(sum(quantity), 0) from return_lines where condition = 'good')
               as returned,
             (select coalesce(sum(quantity), 0) from stock_adjustments) as adjusted`,
    );
    expect([
      stats.totalIncomingGoods,
      stats.totalOutgoingGoods,
      stats.totalReturned,
      stats.totalAdjusted,
    ]).toEqual([
      Number(sums[0]?.incoming),
      Number(sums[0]?.outgoing),
      Number(sums[0]?.returned),
      Number(sums[0]?.adjusted),
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
    let { kept, counted } = await keptAndCounted(server.database);
    expect(kept).toEqual(counted);

    await server.database.db.execute(sql`
      insert into stock_adjustments (product_id, date, quantity, reason, created_by_name)
      values (${product.id}, '2026-07-04', -2, 'Langsung', 'Sistem')`);
    await server.database.db.execute(sql`
      update stock_adjustments set date = '2026-06-30', quantity = 3 where reason = 'Langsung'`);
    ({ kept, counted } = await keptAndCounted(server.database));
    expect(kept).toEqual(counted);

    // Return lines point at outgoing records: both go in one truncate.
    await server.database.db.execute(sql`truncate return_lines, outgoing_goods`);
    ({ kept, counted } = await keptAndCounted(server.database));
    expect(kept).toEqual(counted);
    await server.database.db.execute(sql`truncate stock_adjustments`);
    ({ kept, counted } = await keptAndCounted(server.database));
    expect(kept).toEqual(counted);

    await server.database.db.execute(
      sql`delete from activity_logs where id = (select min(id) from activity_logs)`,
    );
    ({ kept, counted } = await keptAndCounted(server.database));
    expect(kept).toEqual(counted);
    await server.database.db.execute(sql`truncate activity_logs`);
    ({ kept, counted } = await keptAndCounted(server.database));
    expect(kept).toEqual(counted);
  });
});

describe('kept totals of a product and day', () => {
  // Migration 0025: no index holds a quantity of these rows, and their pages keep room, so a
  // day's later movements update the product's month and day rows without new index entries.
  it('are updated in place (HOT) by the movements after the first', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const updates = await server.database.db.transaction(async (tx) => {
      // The backend's counters not yet reported, read before and after: they may hold earlier
      // transactions' updates too (reported when the backend is idle, at most once a second).
      const counters = async () => {
        const { rows } = await tx.execute<{
          relname: string;
          n_tup_upd: unknown;
          n_tup_hot_upd: unknown;
        }>(sql`
          select relname, n_tup_upd, n_tup_hot_upd from pg_stat_xact_user_tables
           where relname in ('product_daily_totals', 'product_monthly_totals')
           order by relname`);
        return rows.map((row) => [Number(row.n_tup_upd), Number(row.n_tup_hot_upd)] as const);
      };
      const before = await counters();
      // The first movement inserts the product's day and month rows, the next two update them.
      for (const resi of ['HOT-1', 'HOT-2', 'HOT-3'])
        await tx.execute(sql`
          insert into incoming_goods (product_id, date, resi_number, quantity, platform)
          values (${product.id}, '2026-11-20', ${resi}, 1, 'Offline')`);
      const after = await counters();
      return after.map(([updated, hot], i) => ({
        updated: updated - (before[i]?.[0] ?? 0),
        hot: hot - (before[i]?.[1] ?? 0),
      }));
    });
    // product_daily_totals, then product_monthly_totals.
    expect(updates).toEqual([
      { updated: 2, hot: 2 },
      { updated: 2, hot: 2 },
    ]);
  });
});
