// Pembukuan's 'Dana dikembalikan' (issue 46), figures computed by hand: a refund in a return file
// (its units, its SKU), an income file refunding the whole order, a partial income refund that
// names no units (a sale as before), a request not refunded, a refund of units Retur took back in
// part or whole; the rows' margin, loss and fee, and the stats agreeing with the rows, short and open
// ranges.
import {
  addDays,
  todayIn,
  type PembukuanRow,
  type PembukuanStats,
  type SettingsResponse,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { insertProduct, setupTestServer, type TestProduct } from '../../testing/fixtures';
import { createStore, insertOrder, insertSale } from '../settlements/test-helpers';

const server = setupTestServer();
const manager = () => server.actors.managerToken;

let today: string;
const ago = (days: number) => addDays(today, -days);
let product: TestProduct;
let store: number;
const sales: Record<string, number> = {};
const RANGE = () => `startDate=${ago(10)}&endDate=${today}`;

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

/** A request of a return file, written as its import writes it (the import: its own tests). */
async function insertRequest(request: {
  order: string;
  reference: string;
  type: string;
  status: string;
  quantity: number | null;
  sku: string | null;
  refund: number;
}) {
  await server.database.db.execute(sql`
    insert into marketplace_returns (channel, format, reference, store_id, order_number,
                                     return_number, type, status, status_text, sku, quantity,
                                     refund_amount, requested_on, refunded_on)
    values ('shopee', 'shopee-return', ${request.reference}, ${store}, ${request.order},
            ${request.reference}, ${request.type}, ${request.status}, 'Status', ${request.sku},
            ${request.quantity}, ${request.refund}, ${ago(2)},
            ${request.status === 'dana_dikembalikan' ? ago(1) : null})`);
}

/** An income file's order (sen), its refund in 'pengembalian', released 60 days ago. */
async function insertIncome(order: string, price: number, komisi: number, refund: number) {
  const sen = (rupiah: number) => Math.round(rupiah * 100);
  const released = sen(price) + sen(komisi) + sen(refund);
  await server.database.db.execute(sql`
    insert into marketplace_settlements (channel, order_number, store_id, released_at,
                                         price_before, price_after, komisi, pengembalian,
                                         released, difference)
    values ('shopee', ${order}, ${store}, ${ago(60)}, ${sen(price)}, ${sen(price)}, ${sen(komisi)},
            ${sen(refund)}, ${released}, 0)`);
}

/** Retur takes `quantity` units of the sale `name` back (its resi RESI-REF-{name}). */
async function takeBack(name: string, date: string, quantity: number, condition: string) {
  const back = await server.call('POST', '/api/returns', manager(), {
    resi_number: `RESI-REF-${name}`,
    date,
    reason: 'Paket kembali',
    lines: [{ outgoing_goods_id: sales[name], quantity, condition }],
  });
  expect({ status: back.statusCode, body: back.json() }).toMatchObject({ status: 201 });
}

beforeAll(async () => {
  const settings = (await server.call('GET', '/api/settings', null)).json() as SettingsResponse;
  today = todayIn(settings.shopTimezone);
  product = await insertProduct(server.database, { stock: 1000 });
  store = await createStore(server, 'shopee', 'Toko Refund');
  const order = (number: string) =>
    insertOrder(server, settings.shopTimezone, {
      channel: 'shopee',
      number,
      storeId: store,
      date: ago(4),
      shippedOn: ago(3),
    });
  // Every sale: purchase 30.000, selling 50.000, no discount: 20.000 a unit.
  const sale = async (name: string, orderId: number | null, quantity: number) => {
    sales[name] = await insertSale(server, {
      productId: product.id,
      barcode: product.barcodeId,
      date: ago(3),
      resi: `RESI-REF-${name}`,
      quantity,
      purchase: 30000,
      selling: 50000,
      orderId,
    });
  };
  // R1: 3 units, a return file refunds 1 of its SKU (refund only).
  await sale('R1', await order('REF-1'), 3);
  await insertRequest({
    order: 'REF-1',
    reference: 'RR-1',
    type: 'refund_only',
    status: 'dana_dikembalikan',
    quantity: 1,
    sku: product.code,
    refund: 50000,
  });
  // R2: 2 units, no return file; its income file refunds the whole order (100.000).
  await sale('R2', await order('REF-2'), 2);
  await insertIncome('REF-2', 100000, -5000, -100000);
  // R3: 2 units, a return file refunds both (return and refund), Retur took 1 back (good).
  await sale('R3', await order('REF-3'), 2);
  await insertRequest({
    order: 'REF-3',
    reference: 'RR-3',
    type: 'return_refund',
    status: 'dana_dikembalikan',
    quantity: null,
    sku: null,
    refund: 100000,
  });
  await takeBack('R3', ago(1), 1, 'good');
  // R4: 1 unit, the income file refunds 20.000 of 50.000, no return file: no units named.
  await sale('R4', await order('REF-4'), 1);
  await insertIncome('REF-4', 50000, -2500, -20000);
  // R5: 1 unit, a request not refunded (diajukan).
  await sale('R5', await order('REF-5'), 1);
  await insertRequest({
    order: 'REF-5',
    reference: 'RR-5',
    type: 'return_refund',
    status: 'diajukan',
    quantity: 1,
    sku: null,
    refund: 0,
  });
  // R6: 2 units, the income file refunds the whole order, and Retur took both back.
  await sale('R6', await order('REF-6'), 2);
  await insertIncome('REF-6', 100000, -5000, -100000);
  await takeBack('R6', ago(1), 2, 'good');
  // H: a hand sale.
  await sale('H', null, 1);
});

const shown = (row: PembukuanRow | undefined) =>
  row === undefined
    ? 'missing'
    : {
        sale_status: row.sale_status,
        returned_quantity: row.returned_quantity,
        refunded_quantity: row.refunded_quantity,
        margin: row.margin,
        refund_loss: row.refund_loss,
        marketplace_fee: row.marketplace_fee,
        profit_after_fees: row.profit_after_fees,
      };

describe("Pembukuan: 'Dana dikembalikan'", () => {
  it('sets the refunded units to margin 0 and their cost as the loss', async () => {
    const found = await rows(RANGE());
    const byName = Object.fromEntries(
      Object.entries(sales).map(([name, id]) => [name, shown(found.find((row) => row.id === id))]),
    );
    expect(byName).toEqual({
      // 20.000 x (3 - 1) = 40.000; loss 30.000 x 1; no income file, the store's estimate 0 (its
      // income files released 60 days ago): 40.000 - 0 - 30.000.
      R1: {
        sale_status: 'dana_dikembalikan',
        returned_quantity: 0,
        refunded_quantity: 1,
        margin: 40000,
        refund_loss: 30000,
        marketplace_fee: 0,
        profit_after_fees: 10000,
      },
      // The whole order refunded: margin 0, loss 60.000; the fee 5.000 + 100.000 (the refund)
      // less the refund, at most 50.000 x 2: 5.000; 0 - 5.000 - 60.000.
      R2: {
        sale_status: 'dana_dikembalikan',
        returned_quantity: 0,
        refunded_quantity: 2,
        margin: 0,
        refund_loss: 60000,
        marketplace_fee: 5000,
        profit_after_fees: -65000,
      },
      // 2 refunded, 1 back: 1 not back; margin 20.000 x (2 - 1 - 1) = 0, loss 30.000.
      R3: {
        sale_status: 'dana_dikembalikan',
        returned_quantity: 1,
        refunded_quantity: 1,
        margin: 0,
        refund_loss: 30000,
        marketplace_fee: 0,
        profit_after_fees: -30000,
      },
      // A partial income refund names no units: a sale, the refund in its fee (2.500 + 20.000).
      R4: {
        sale_status: 'terjual',
        returned_quantity: 0,
        refunded_quantity: 0,
        margin: 20000,
        refund_loss: 0,
        marketplace_fee: 22500,
        profit_after_fees: -2500,
      },
      R5: {
        sale_status: 'terjual',
        returned_quantity: 0,
        refunded_quantity: 0,
        margin: 20000,
        refund_loss: 0,
        marketplace_fee: 0,
        profit_after_fees: 20000,
      },
      // Both back: no units kept, none refunded and not back; the refund comes out of the fee
      // all the same (the margin counts neither unit's price): 5.000 + 100.000 - 100.000.
      R6: {
        sale_status: 'terjual',
        returned_quantity: 2,
        refunded_quantity: 0,
        margin: 0,
        refund_loss: 0,
        marketplace_fee: 5000,
        profit_after_fees: -5000,
      },
      H: {
        sale_status: 'terjual',
        returned_quantity: 0,
        refunded_quantity: 0,
        margin: 20000,
        refund_loss: 0,
        marketplace_fee: null,
        profit_after_fees: 20000,
      },
    });
  });

  it('sums the same figures in the stats, short and open ranges alike', async () => {
    // Profit 40.000 + 0 + 0 + 20.000 + 20.000 + 0 + 20.000 = 100.000 over 7 (14.285,71); kept
    // units 2 + 0 + 0 + 1 + 1 + 0 + 1 = 5; fees 5.000 + 22.500 + 5.000 = 32.500 (32.500 / 250.000
    // of the kept units' sales: 13 %; the store's 32.500 / 200.000: 16,25 %); loss 30.000 +
    // 60.000 + 30.000 = 120.000; after fees and loss 100.000 - 32.500 - 120.000 = -52.500, the
    // rows' profit_after_fees summed (10.000 - 65.000 - 30.000 - 2.500 + 20.000 - 5.000 + 20.000).
    const expected = {
      totalTransactions: 7,
      profitableTransactions: 4,
      totalProfit: 100000,
      averageProfit: 14285.71,
      totalQuantity: 5,
      totalPurchaseValue: 150000,
      totalSellingValue: 250000,
      totalDiscountValue: 0,
      refundedTransactions: 3,
      totalRefundedQuantity: 4,
      totalRefundLoss: 120000,
      productProfits: [{ name: product.name, code: product.code, total_profit: 100000 }],
      totalFees: 32500,
      feePercent: 13,
      profitAfterFees: -52500,
      feesByChannel: [
        {
          channel: 'shopee',
          store_id: store,
          store: 'Toko Refund',
          sales: 200000,
          fees: 32500,
          fee_percent: 16.25,
          // margin 80.000 - loss 120.000 - fees 32.500
          profit_after_fees: -72500,
        },
        {
          channel: 'manual',
          store_id: null,
          store: null,
          sales: 50000,
          fees: 0,
          fee_percent: 0,
          profit_after_fees: 20000,
        },
      ],
    };
    expect(await stats(RANGE())).toEqual(expected);
    expect(await stats('')).toEqual(expected);
    const found = await rows(RANGE());
    const sum = (pick: (row: PembukuanRow) => number) =>
      found.reduce((total, row) => total + Math.round(pick(row) * 100), 0) / 100;
    expect(sum((row) => row.profit_after_fees ?? 0)).toBe(expected.profitAfterFees);
    expect(sum((row) => row.refund_loss ?? 0)).toBe(expected.totalRefundLoss);
    expect(sum((row) => row.margin)).toBe(expected.totalProfit);
  });

  it('counts the sale again once Retur takes the refunded units back', async () => {
    await takeBack('R1', today, 1, 'damaged');
    const row = (await rows(RANGE())).find((candidate) => candidate.id === sales.R1);
    // Returned 1, refunded 1 - 1 = 0: a sale of 2 units kept, 40.000.
    expect(shown(row)).toEqual({
      sale_status: 'terjual',
      returned_quantity: 1,
      refunded_quantity: 0,
      margin: 40000,
      refund_loss: 0,
      marketplace_fee: 0,
      profit_after_fees: 40000,
    });
  });
});
