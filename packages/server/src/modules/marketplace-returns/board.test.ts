// The board 'Dari Marketplace' (issue 46): each request's original resi (its imported order's,
// else its Barang Keluar records'), the search finding a request by that resi, and the totals
// following the list's filters, the search included. Requests are written as the import writes
// them (the import: marketplace-returns.test.ts); figures computed by hand.
import type {
  MarketplaceReturnList,
  MarketplaceReturnSummary,
  SettingsResponse,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '../../lib/dates';
import { insertProduct, setupTestServer } from '../../testing/fixtures';
import { createStore, insertOrder, insertSale } from '../settlements/test-helpers';

const server = setupTestServer();

let today: string;
const ago = (days: number) => addDays(today, -days);
let store: number;
let topiSale: number;

async function board(query: string): Promise<MarketplaceReturnList> {
  const response = await server.call(
    'GET',
    `/api/marketplace-returns?${query}`,
    server.actors.managerToken,
  );
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as MarketplaceReturnList;
}

async function summary(query: string): Promise<MarketplaceReturnSummary['data']> {
  const response = await server.call(
    'GET',
    `/api/marketplace-returns/summary?${query}`,
    server.actors.managerToken,
  );
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return (response.json() as MarketplaceReturnSummary).data;
}

async function request(order: string, sku: string, days: number) {
  await server.database.db.execute(sql`
    insert into marketplace_returns (channel, format, reference, store_id, order_number,
                                     return_number, type, status, status_text, sku, product_name,
                                     quantity, refund_amount, requested_on, refunded_on)
    values ('shopee', 'shopee-return', ${`RTN-${order}`}, ${store}, ${order}, ${`RTN-${order}`},
            'refund_only', 'dana_dikembalikan', 'Selesai', ${sku}, ${`Barang ${sku}`}, 1, 50000,
            ${ago(days)}, ${ago(days)})`);
}

beforeAll(async () => {
  const settings = (await server.call('GET', '/api/settings', null)).json() as SettingsResponse;
  today = todayIn(settings.shopTimezone);
  store = await createStore(server, 'shopee', 'Toko Papan');
  const kaos = await insertProduct(server.database, { stock: 50, code: 'KAOS-BRD' });
  const topi = await insertProduct(server.database, { stock: 50, code: 'TOPI-BRD' });
  const order = (number: string) =>
    insertOrder(server, settings.shopTimezone, {
      channel: 'shopee',
      number,
      storeId: store,
      date: ago(6),
      shippedOn: ago(5),
    });
  // BRD-1: its order has the resi; 1 Kaos at cost 30.000.
  const one = await order('BRD-1');
  await server.database.db.execute(
    sql`update marketplace_orders set resi_number = 'RESI-BRD-1' where id = ${one}`,
  );
  await insertSale(server, {
    productId: kaos.id,
    barcode: kaos.barcodeId,
    date: ago(5),
    resi: 'RESI-BRD-1',
    quantity: 1,
    purchase: 30000,
    selling: 50000,
    orderId: one,
  });
  // BRD-2: its order without a resi, packed under 'RESI-BRD-2-PAKET'; 2 Topi at cost 20.000.
  const two = await order('BRD-2');
  topiSale = await insertSale(server, {
    productId: topi.id,
    barcode: topi.barcodeId,
    date: ago(5),
    resi: 'RESI-BRD-2-PAKET',
    quantity: 2,
    purchase: 20000,
    selling: 45000,
    orderId: two,
  });
  // BRD-3: no order in Gudang.
  await request('BRD-1', 'KAOS-BRD', 2);
  await request('BRD-2', 'TOPI-BRD', 3);
  await request('BRD-3', 'KAOS-BRD', 4);
});

describe("the board's rows and totals", () => {
  it("carries each request's original resi", async () => {
    const list = await board('list=not_received');
    expect(list.data.map((row) => [row.order_number, row.resi, row.loss])).toEqual([
      ['BRD-1', 'RESI-BRD-1', 30000],
      // 1 of the 2 Topi: 40.000 / 2.
      ['BRD-2', 'RESI-BRD-2-PAKET', 20000],
      ['BRD-3', null, 0],
    ]);
  });

  it("finds a request by its order's resi", async () => {
    const list = await board('list=not_received&search=resi-brd-1');
    expect(list.data.map((row) => row.order_number)).toEqual(['BRD-1']);
  });

  it('sums only what the filters find, the search included', async () => {
    const all = {
      channel: 'shopee',
      store_id: store,
      store: 'Toko Papan',
      returns: 3,
      units: 3,
      refunds: 150000,
      loss: 50000,
      not_received: 3,
      awaiting: 0,
      received: 0,
    };
    expect(await summary('')).toEqual([all]);
    // KAOS-BRD: BRD-1 (loss 30.000) and BRD-3 (cost unknown).
    expect(await summary('search=kaos-brd')).toEqual([
      { ...all, returns: 2, units: 2, refunds: 100000, loss: 30000, not_received: 2 },
    ]);
    expect(await summary('search=RESI-BRD-1')).toEqual([
      { ...all, returns: 1, units: 1, refunds: 50000, loss: 30000, not_received: 1 },
    ]);
    // The search with the dates: BRD-3 (4 days ago) out.
    expect(await summary(`search=kaos-brd&startDate=${ago(3)}&endDate=${today}`)).toEqual([
      { ...all, returns: 1, units: 1, refunds: 50000, loss: 30000, not_received: 1 },
    ]);
    expect(await summary(`search=kaos-brd&store_id=${store}&channel=shopee`)).toEqual([
      { ...all, returns: 2, units: 2, refunds: 100000, loss: 30000, not_received: 2 },
    ]);
    expect(await summary('search=tidak-ada')).toEqual([]);
    expect(await summary('search=kaos-brd&channel=lazada')).toEqual([]);
    // The list's counts agree with the totals of the same filters.
    const listed = await board('list=not_received&search=kaos-brd');
    expect(listed.pagination.total).toBe(2);
  });

  it('refuses a search longer than the list allows, as the list does', async () => {
    const long = 'x'.repeat(1000);
    for (const url of ['/api/marketplace-returns', '/api/marketplace-returns/summary']) {
      const response = await server.call(
        'GET',
        `${url}?search=${long}`,
        server.actors.managerToken,
      );
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('a parcel back with another number of units than its request', () => {
  it('carries the units the requests of its order name beside those Retur took back', async () => {
    // BRD-2: 1 Topi refunded in the file; both Topi come back in the parcel.
    const back = await server.call('POST', '/api/returns', server.actors.managerToken, {
      resi_number: 'RESI-BRD-2-PAKET',
      date: today,
      reason: 'Paket kembali',
      lines: [{ outgoing_goods_id: topiSale, quantity: 2, condition: 'good' }],
    });
    expect({ status: back.statusCode, body: back.json() }).toMatchObject({ status: 201 });
    const received = await board('list=received');
    expect(
      received.data.map((row) => [
        row.order_number,
        row.quantity,
        row.received_good,
        row.order_requested_units,
      ]),
    ).toEqual([['BRD-2', 1, 2, 1]]);
  });
});
