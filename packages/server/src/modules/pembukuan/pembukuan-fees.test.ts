// Pembukuan's marketplace fees (issue 45), figures computed by hand: a settled order's fees
// shared among its sales by value, each rounded to the sen, the total exact (also a sale
// outside the range asked); the 'Belum cair' estimate from the store's last 30 days; hand sales
// without a fee; the stats' totals and their split per channel and store; a settlement imported
// later turning the estimate into the settled figure.
import {
  addDays,
  todayIn,
  type PembukuanRow,
  type PembukuanStats,
  type SettingsResponse,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { insertProduct, setupTestServer, type TestProduct } from '../../testing/fixtures';
import {
  createStore,
  insertOrder,
  insertSale,
  insertSettlement,
  type SaleSeed,
} from '../settlements/test-helpers';

const server = setupTestServer();
const manager = () => server.actors.managerToken;

let timeZone: string;
let today: string;
const ago = (days: number) => addDays(today, -days);
let product: TestProduct;
let storeOne: number;
let storeTwo: number;
let storeThree: number;
const sales: Record<string, number> = {};
let resi = 0;

const sale = (fields: Omit<SaleSeed, 'productId' | 'barcode' | 'resi'> & { resi?: string }) => {
  resi += 1;
  return insertSale(server, {
    productId: product.id,
    barcode: product.barcodeId,
    resi: `RESI-FEE-${resi}`,
    ...fields,
  });
};

async function rows(query: string): Promise<PembukuanRow[]> {
  const response = await server.call('GET', `/api/pembukuan?${query}&limit=100`, manager());
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return (response.json() as { data: PembukuanRow[] }).data;
}

async function stats(query: string): Promise<PembukuanStats> {
  const response = await server.call('GET', `/api/pembukuan/stats?${query}`, manager());
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as PembukuanStats;
}

/** The fee fields of each named sale. */
async function fees(query: string, names: string[]) {
  const found = await rows(query);
  return Object.fromEntries(
    names.map((name) => {
      const row = found.find((candidate) => candidate.id === sales[name]);
      return [
        name,
        row === undefined
          ? 'missing'
          : {
              margin: row.margin,
              marketplace_fee: row.marketplace_fee,
              profit_after_fees: row.profit_after_fees,
              settled: row.settled,
              fee_estimated: row.fee_estimated,
            },
      ];
    }),
  );
}

const settled = (margin: number, fee: number, profit: number) => ({
  margin,
  marketplace_fee: fee,
  profit_after_fees: profit,
  settled: true,
  fee_estimated: false,
});
const estimated = (margin: number, fee: number, profit: number) => ({
  margin,
  marketplace_fee: fee,
  profit_after_fees: profit,
  settled: false,
  fee_estimated: true,
});

let orderC: number;

beforeAll(async () => {
  const settings = (await server.call('GET', '/api/settings', null)).json() as SettingsResponse;
  timeZone = settings.shopTimezone;
  today = todayIn(timeZone);
  product = await insertProduct(server.database, { stock: 10_000 });
  storeOne = await createStore(server, 'shopee', 'Toko Satu');
  storeTwo = await createStore(server, 'shopee', 'Toko Dua');
  const order = (number: string, channel: string, storeId: number | null) =>
    insertOrder(server, timeZone, {
      channel,
      number,
      storeId,
      date: ago(4),
      shippedOn: ago(3),
    });

  // A: 3 x 41.666,67 and 1 x 20.000, fees -12.345,67 (1.234.567 sen) by value
  // 12.500.001 : 2.000.000 sen: 1.234.567 x 12.500.001 / 14.500.001 = 1.064.281,908... and
  // x 2.000.000 / 14.500.001 = 170.285,09...; whole sen 1.064.281 + 170.285, the 1 sen left
  // to the larger: 10.642,82 + 1.702,85 = 12.345,67.
  const orderA = await order('FEE-A', 'shopee', storeOne);
  const a = { date: ago(3), orderId: orderA, resi: 'RESI-FEE-A' };
  sales.A1 = await sale({ ...a, quantity: 3, purchase: 30000, selling: 41666.67 });
  sales.A2 = await sale({ ...a, quantity: 1, purchase: 15000, selling: 20000 });
  await insertSettlement(server, {
    channel: 'shopee',
    number: 'FEE-A',
    storeId: storeOne,
    releasedOn: ago(2),
    price: 145000.01,
    fees: { komisi: -10000, layanan: -2000, proses: -1250, ongkir: 904.33 },
  });

  // B: three sales of 10.000, fees -1,00: 33 sen each and the 1 sen left to the lowest id, B1,
  // packed a week before the others (outside the range of the stats below).
  const orderB = await order('FEE-B', 'shopee', storeOne);
  const b = { orderId: orderB, resi: 'RESI-FEE-B', quantity: 1, purchase: 9000, selling: 10000 };
  sales.B1 = await sale({ ...b, date: ago(10) });
  sales.B2 = await sale({ ...b, date: ago(3) });
  sales.B3 = await sale({ ...b, date: ago(3) });
  await insertSettlement(server, {
    channel: 'shopee',
    number: 'FEE-B',
    storeId: storeOne,
    releasedOn: ago(2),
    price: 30000,
    fees: { komisi: -1 },
  });

  // C: not settled: 2 x (25.000 - 1.000) = 48.000 x Toko Satu's fees of the last 30 days,
  // A and B: 1.234.667 of 17.500.001 sen: 4.800.000 x 1.234.667 / 17.500.001 = 338.651,5006
  // sen: 3.386,52. A settlement 30 days ago (90%) is outside those days.
  orderC = await order('FEE-C', 'shopee', storeOne);
  sales.C = await sale({
    date: ago(3),
    orderId: orderC,
    quantity: 2,
    purchase: 20000,
    selling: 25000,
    discount: 1000,
  });
  await insertSettlement(server, {
    channel: 'shopee',
    number: 'FEE-OLD',
    storeId: storeOne,
    releasedOn: ago(30),
    price: 10000,
    fees: { komisi: -9000 },
  });

  // D: TikTok's default store, never settled: estimate 0.
  const orderD = await order('FEE-D', 'tiktok', null);
  sales.D = await sale({
    date: ago(3),
    orderId: orderD,
    quantity: 1,
    purchase: 40000,
    selling: 50000,
  });

  // E (Toko Dua): prices not entered (0): shared by quantity, 1 : 3 of 4,00.
  const orderE = await order('FEE-E', 'shopee', storeTwo);
  const e = { date: ago(3), orderId: orderE, resi: 'RESI-FEE-E', purchase: 5000, selling: 0 };
  sales.E1 = await sale({ ...e, quantity: 1 });
  const otherProduct = await insertProduct(server.database, { stock: 100 });
  sales.E3 = await insertSale(server, {
    ...e,
    productId: otherProduct.id,
    barcode: otherProduct.barcodeId,
    quantity: 3,
  });
  await insertSettlement(server, {
    channel: 'shopee',
    number: 'FEE-E',
    storeId: storeTwo,
    releasedOn: ago(1),
    price: 0,
    fees: { komisi: -4 },
  });

  // H: a hand sale.
  sales.H = await sale({
    date: ago(3),
    orderId: null,
    quantity: 2,
    purchase: 20000,
    selling: 30000,
  });
});

const RANGE = () => `startDate=${ago(3)}&endDate=${today}`;

describe('each row', () => {
  it("a settled order's fees shared by value, sen exact; an estimate before; none for a hand sale", async () => {
    expect(await fees(RANGE(), ['A1', 'A2', 'B2', 'B3', 'C', 'D', 'E1', 'E3', 'H'])).toEqual({
      // (41.666,67 - 30.000) x 3 = 35.000,01; - 10.642,82
      A1: settled(35000.01, 10642.82, 24357.19),
      // 20.000 - 15.000; - 1.702,85
      A2: settled(5000, 1702.85, 3297.15),
      B2: settled(1000, 0.33, 999.67),
      B3: settled(1000, 0.33, 999.67),
      // (25.000 - 1.000 - 20.000) x 2 = 8.000; - 3.386,52
      C: estimated(8000, 3386.52, 4613.48),
      D: estimated(10000, 0, 10000),
      E1: settled(0, 1, -1),
      E3: settled(0, 3, -3),
      H: {
        margin: 20000,
        marketplace_fee: null,
        profit_after_fees: 20000,
        settled: false,
        fee_estimated: false,
      },
    });
    expect(await fees(`startDate=${ago(10)}&endDate=${ago(10)}`, ['B1'])).toEqual({
      B1: settled(1000, 0.34, 999.66),
    });
  });

  it('the price edit answers the row with its new share', async () => {
    // A2 at 40.000: values 12.500.001 : 4.000.000 sen; 1.234.567 x 12.500.001 / 16.500.001 =
    // 935.278,05... and x 4.000.000 / 16.500.001 = 299.288,95...: each its exact share rounded
    // to the sen, 935.278 and 299.289 (the 1 sen left goes to the larger fraction, not to A1 as
    // the larger sale: that made them 935.279 and 299.288).
    const response = await server.call('POST', '/api/pembukuan', manager(), {
      outgoing_goods_id: sales.A2,
      purchase_price: 15000,
      selling_price: 40000,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: PembukuanRow }).data).toMatchObject({
      margin: 25000,
      marketplace_fee: 2992.89,
      profit_after_fees: 22007.11,
      settled: true,
      fee_estimated: false,
    });
    expect(await fees(RANGE(), ['A1'])).toEqual({ A1: settled(35000.01, 9352.78, 25647.23) });
    await server.call('POST', '/api/pembukuan', manager(), {
      outgoing_goods_id: sales.A2,
      purchase_price: 15000,
      selling_price: 20000,
    });
    expect(await fees(RANGE(), ['A1'])).toEqual({ A1: settled(35000.01, 10642.82, 24357.19) });
  });
});

describe('the stats', () => {
  it('total fees, fee %, profit after fees, and the same per channel and store', async () => {
    const result = await stats(RANGE());
    expect(result).toMatchObject({
      totalTransactions: 9,
      // 35.000,01 + 5.000 + 1.000 + 1.000 + 8.000 + 10.000 + 20.000
      totalProfit: 80000.01,
      // 125.000,01 + 20.000 + 10.000 + 10.000 + 50.000 + 50.000 + 60.000
      totalSellingValue: 325000.01,
      // 12.345,67 + 0,66 + 3.386,52 + 4,00
      totalFees: 15736.85,
      // 15.736,85 / 325.000,01 = 4,842%
      feePercent: 4.84,
      profitAfterFees: 64263.16,
    });
    expect(result.feesByChannel).toEqual([
      {
        channel: 'shopee',
        store_id: storeTwo,
        store: 'Toko Dua',
        sales: 0,
        fees: 4,
        fee_percent: 0,
        profit_after_fees: -4,
      },
      {
        channel: 'shopee',
        store_id: storeOne,
        store: 'Toko Satu',
        sales: 215000.01,
        // 12.345,67 + 0,33 + 0,33 + 3.386,52
        fees: 15732.85,
        // 15.732,85 / 215.000,01 = 7,3176%
        fee_percent: 7.32,
        // 50.000,01 - 15.732,85
        profit_after_fees: 34267.16,
      },
      {
        channel: 'tiktok',
        store_id: expect.any(Number),
        store: 'TikTok Shop',
        sales: 50000,
        fees: 0,
        fee_percent: 0,
        profit_after_fees: 10000,
      },
      {
        channel: 'manual',
        store_id: null,
        store: null,
        sales: 60000,
        fees: 0,
        fee_percent: 0,
        profit_after_fees: 20000,
      },
    ]);
  });

  it("an order's sales on both sides of the range: each side adds its own shares", async () => {
    // B1 alone: its 0,34 (the sen left over); no dates at all: B's whole 1,00.
    expect(await stats(`startDate=${ago(10)}&endDate=${ago(4)}`)).toMatchObject({
      totalFees: 0.34,
      profitAfterFees: 999.66,
      feesByChannel: [expect.objectContaining({ store_id: storeOne, fees: 0.34, sales: 10000 })],
    });
    expect(await stats('')).toMatchObject({ totalFees: 15737.19, profitAfterFees: 65262.82 });
    // The same read by hash joins, as a range of more than two months is.
    expect(await stats(`startDate=${ago(100)}&endDate=${today}`)).toMatchObject({
      totalFees: 15737.19,
      profitAfterFees: 65262.82,
    });
    expect(await stats(`startDate=${ago(100)}&endDate=${ago(4)}`)).toMatchObject({
      totalFees: 0.34,
      feesByChannel: [expect.objectContaining({ store_id: storeOne, fees: 0.34 })],
    });
  });

  it('a range without sales has no fees', async () => {
    expect(await stats(`startDate=${ago(200)}&endDate=${ago(199)}`)).toMatchObject({
      totalFees: 0,
      feePercent: 0,
      profitAfterFees: 0,
      feesByChannel: [],
    });
  });
});

describe('the page and the stats', () => {
  /** The page's fees and profits after fees added up in sen, per store of the named sales. */
  async function pageTotals(query: string, groups: Record<string, string[]>) {
    const found = await rows(query);
    const sen = (value: number | null | undefined) => Math.round((value ?? 0) * 100);
    return Object.fromEntries(
      Object.entries(groups).map(([group, names]) => {
        const picked = found.filter((row) => names.some((name) => sales[name] === row.id));
        expect(picked).toHaveLength(names.length);
        return [
          group,
          {
            fees: picked.reduce((total, row) => total + sen(row.marketplace_fee), 0) / 100,
            profit_after_fees:
              picked.reduce((total, row) => total + sen(row.profit_after_fees), 0) / 100,
          },
        ];
      }),
    );
  }
  const statsTotals = (result: PembukuanStats) =>
    Object.fromEntries(
      (result.feesByChannel ?? []).map((group) => [
        group.store ?? group.channel,
        { fees: group.fees, profit_after_fees: group.profit_after_fees },
      ]),
    );
  const GROUPS = {
    'Toko Satu': ['A1', 'A2', 'B2', 'B3', 'C'],
    'Toko Dua': ['E1', 'E3'],
    'TikTok Shop': ['D'],
    manual: ['H'],
  };

  it("add up to the stats' fees and profit after fees, per store and in all", async () => {
    const result = await stats(RANGE());
    expect(await pageTotals(RANGE(), GROUPS)).toEqual(statsTotals(result));
    expect(await pageTotals(RANGE(), { all: Object.values(GROUPS).flat() })).toEqual({
      all: { fees: result.totalFees, profit_after_fees: result.profitAfterFees },
    });
    // No dates: B1 too, B's whole 1,00.
    const everything = await stats('');
    expect(await pageTotals('', { all: [...Object.values(GROUPS).flat(), 'B1'] })).toEqual({
      all: { fees: everything.totalFees, profit_after_fees: everything.profitAfterFees },
    });
    // A sale not settled: 'Belum cair' (settled false) with its estimate, on the page as in the stats.
    expect(await fees(RANGE(), ['C'])).toEqual({ C: estimated(8000, 3386.52, 4613.48) });
  });

  it("read the same stored share of a settled order's sale (outgoing_goods.settled_fee)", async () => {
    // A2's stored share written by hand 1 sen higher: the page and the stats both show it (the
    // triggers keep it; neither shares the order's fees again at a read).
    const db = server.database.db;
    await db.execute(
      sql`update outgoing_goods set settled_fee = settled_fee + 1 where id = ${sales.A2}`,
    );
    try {
      expect(await fees(RANGE(), ['A2'])).toEqual({ A2: settled(5000, 1702.86, 3297.14) });
      expect(await pageTotals(RANGE(), GROUPS)).toEqual(statsTotals(await stats(RANGE())));
    } finally {
      await db.execute(
        sql`update outgoing_goods set settled_fee = settled_fee - 1 where id = ${sales.A2}`,
      );
    }
    expect(await fees(RANGE(), ['A2'])).toEqual({ A2: settled(5000, 1702.85, 3297.15) });
  });
});

describe('a settlement imported after the sale', () => {
  it('turns the estimate into the settled figure', async () => {
    await insertSettlement(server, {
      channel: 'shopee',
      number: 'FEE-C',
      storeId: storeOne,
      releasedOn: today,
      price: 48000,
      fees: { komisi: -4000, proses: -1000.5 },
    });
    expect(await fees(RANGE(), ['C'])).toEqual({ C: settled(8000, 5000.5, 2999.5) });
    const result = await stats(RANGE());
    // 15.736,85 - 3.386,52 + 5.000,50
    expect(result.totalFees).toBe(17350.83);
    expect(result.profitAfterFees).toBe(62649.18);
  });
});

describe("a store's fee rate", () => {
  it('leaves out the refunds to the buyer (migration 0052)', async () => {
    // Toko Tiga's only settlement of the last 30 days: 100.000, komisi 10.000 and a refund of
    // 50.000 to the buyer. Its rate is 10 %, not 60 %: the sale not settled, 20.000 (dated long
    // ago, outside the other tests' ranges), is estimated 2.000.
    storeThree = await createStore(server, 'shopee', 'Toko Tiga');
    await insertSettlement(server, {
      channel: 'shopee',
      number: 'FEE-REFUNDED',
      storeId: storeThree,
      releasedOn: ago(5),
      price: 100000,
      fees: { komisi: -10000, pengembalian: -50000 },
    });
    const orderG = await insertOrder(server, timeZone, {
      channel: 'shopee',
      number: 'FEE-G',
      storeId: storeThree,
      date: ago(151),
      shippedOn: ago(150),
    });
    sales.G = await sale({
      date: ago(150),
      orderId: orderG,
      quantity: 1,
      purchase: 15000,
      selling: 20000,
    });
    const day = `startDate=${ago(150)}&endDate=${ago(150)}`;
    expect(await fees(day, ['G'])).toEqual({ G: estimated(5000, 2000, 3000) });
    expect((await stats(day)).totalFees).toBe(2000);
  });

  it('is taken of the units the buyer kept, not of those Retur took back or refunded', async () => {
    // Toko Tiga's rate is 10 % (the test above). K: 4 units at 20.000 (purchase 15.000), not
    // settled; a return file refunds 2 units, Retur takes 1 back: 1 returned, 2 - 1 = 1
    // refunded, 2 kept. Estimate 2 x 20.000 x 10 % = 4.000 (of all 4 units it was 8.000); margin
    // 2 x 5.000, the refunded unit's cost 15.000 the loss: 10.000 - 4.000 - 15.000 = -9.000.
    const orderK = await insertOrder(server, timeZone, {
      channel: 'shopee',
      number: 'FEE-K',
      storeId: storeThree,
      date: ago(141),
      shippedOn: ago(140),
    });
    sales.K = await sale({
      date: ago(140),
      orderId: orderK,
      resi: 'RESI-FEE-K',
      quantity: 4,
      purchase: 15000,
      selling: 20000,
    });
    await server.database.db.execute(sql`
      insert into marketplace_returns (channel, format, reference, store_id, order_number,
                                       return_number, type, status, status_text, sku, quantity,
                                       refund_amount, requested_on, refunded_on)
      values ('shopee', 'shopee-return', 'RET-FEE-K', ${storeThree}, 'FEE-K', 'RET-FEE-K',
              'return_refund', 'dana_dikembalikan', 'Selesai', null, 2, 40000, ${ago(139)},
              ${ago(138)})`);
    const back = await server.call('POST', '/api/returns', manager(), {
      resi_number: 'RESI-FEE-K',
      date: ago(138),
      reason: 'Paket kembali',
      // Damaged: a good return dated before the product's later sales would replay its cost.
      lines: [{ outgoing_goods_id: sales.K, quantity: 1, condition: 'damaged' }],
    });
    expect({ status: back.statusCode, body: back.json() }).toMatchObject({ status: 201 });

    const day = `startDate=${ago(140)}&endDate=${ago(140)}`;
    expect(await fees(day, ['K'])).toEqual({ K: estimated(10000, 4000, -9000) });
    const result = await stats(day);
    expect(result.totalFees).toBe(4000);
    expect(result.feesByChannel).toEqual([
      expect.objectContaining({ store: 'Toko Tiga', sales: 40000, fees: 4000, fee_percent: 10 }),
    ]);
  });
});

describe('the shares stored with the sales (outgoing_goods.settled_fee, migration 0046)', () => {
  /** The sales whose stored share is not sale_fees' own (null: no settlement). */
  async function storedUnlikeComputed() {
    const { rows } = await server.database.db.execute<Record<string, unknown>>(sql`
      select g.id, g.settled_fee::text as stored, f.fee::text as computed
        from outgoing_goods g
        join sale_fees(array(select id from outgoing_goods)) f on f.id = g.id
       where g.settled_fee is distinct from f.fee`);
    return rows;
  }
  /** B1 alone (the range before B's other sales): its share in the stats. */
  const feesOfB1 = async () => (await stats(`startDate=${ago(10)}&endDate=${ago(4)}`)).totalFees;

  it('follow a price edit, a deletion and a settlement taken away', async () => {
    expect(await storedUnlikeComputed()).toEqual([]);
    expect(await feesOfB1()).toBe(0.34);

    // B2 at 20.000: 100 sen by 1 : 2 : 1 (10.000, 20.000, 10.000), 25 + 50 + 25, none left.
    const edit = await server.call('POST', '/api/pembukuan', manager(), {
      outgoing_goods_id: sales.B2,
      purchase_price: 9000,
      selling_price: 20000,
    });
    expect(edit.statusCode).toBe(200);
    expect(await feesOfB1()).toBe(0.25);
    expect(await storedUnlikeComputed()).toEqual([]);

    // B3 deleted: 100 sen by 1 : 2, 33 + 66 and the 1 left to B2, the larger.
    await server.database.db.execute(sql`delete from outgoing_goods where id = ${sales.B3}`);
    expect(await feesOfB1()).toBe(0.33);
    expect(await fees(`startDate=${ago(3)}&endDate=${ago(3)}`, ['B2'])).toMatchObject({
      B2: { marketplace_fee: 0.67, settled: true },
    });
    expect(await storedUnlikeComputed()).toEqual([]);

    // B's settlement taken away: B1 is an estimate again, nothing stored.
    await server.database.db.execute(
      sql`delete from marketplace_settlements where order_number = 'FEE-B'`,
    );
    expect(await storedUnlikeComputed()).toEqual([]);
    const { rows } = await server.database.db.execute<{ stored: unknown }>(
      sql`select settled_fee as stored from outgoing_goods where id = ${sales.B1}`,
    );
    expect(rows).toEqual([{ stored: null }]);
  });
});
