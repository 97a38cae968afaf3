// Purchase cost (Harga Beli, the moving-average cost) is the manager's, as 'Nilai Stok' and
// Pembukuan are (review 2026-11-28): every route an admin may read that carried it leaves
// it out of the admin's answer and keeps it in the manager's. An admin still types a receipt's
// Harga Beli. Each answer is asked for by both roles in turn, so that a kept answer of one role
// can never reach the other.
import type { LightMyRequestResponse } from 'fastify';
import { INCOMING, productBody, setupTestServer } from '../testing/fixtures';

const server = setupTestServer();
const COST_FIELDS = /purchase_price|difference_value/;

/** The answers of admin, manager and admin again to one request (all 2xx). */
async function asBoth(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  const call = async (token: string) => {
    const response = await server.call(method, url, token, payload);
    expect([200, 201]).toContain(response.statusCode);
    return response;
  };
  const admin = await call(server.actors.adminToken);
  const manager = await call(server.actors.managerToken);
  const adminAgain = await call(server.actors.adminToken);
  return { admin, manager, adminAgain };
}

/** The admin's answers carry no cost field at all, not even an empty one. */
function expectNoCost(...responses: LightMyRequestResponse[]) {
  for (const response of responses) expect(response.body).not.toMatch(COST_FIELDS);
}

let resi: string;

beforeAll(async () => {
  // 5 in stock at Rp 12.000 (under its minimum of 10: 'Perlu Restock').
  const created = await server.call(
    'POST',
    '/api/products',
    server.actors.managerToken,
    productBody('COST-1', {
      barcode_id: 'COST-BC-1',
      name: 'Kaos Harga Rahasia',
      initial_stock: 5,
      purchase_price: 12000,
      selling_price: 20000,
    }),
  );
  expect(created.statusCode).toBe(201);
});

describe('Barang Masuk', () => {
  it('an admin types the Harga Beli of a receipt but never reads it back', async () => {
    const product = { id: 0, code: 'COST-1', name: 'Kaos Harga Rahasia', barcodeId: 'COST-BC-1' };
    const saved = await server.call(
      'POST',
      INCOMING.url,
      server.actors.adminToken,
      INCOMING.body(product, { quantity: 5, purchase_price: 14000 }),
    );
    expect(saved.statusCode).toBe(201);
    expectNoCost(saved);
    resi = (saved.json() as { data: { resi_number: string } }).data.resi_number;

    const { admin, manager, adminAgain } = await asBoth(
      'GET',
      `/api/incoming-goods?search=${resi}`,
    );
    expectNoCost(admin, adminAgain);
    expect(admin.json()).toMatchObject({ data: [{ resi_number: resi, quantity: 5 }] });
    expect(manager.json()).toMatchObject({ data: [{ resi_number: resi, purchase_price: 14000 }] });
  });
});

describe('products and Perlu Restock', () => {
  // The admin's receipt moved the cost: (5 x 12.000 + 5 x 14.000) / 10.
  const cost = 13000;

  it('GET /api/products: the cost for the manager only', async () => {
    const { admin, manager, adminAgain } = await asBoth('GET', '/api/products?search=COST-1');
    expectNoCost(admin, adminAgain);
    expect(admin.json()).toMatchObject({
      data: [{ code: 'COST-1', current_stock: 10, selling_price: 20000 }],
    });
    expect(manager.json()).toMatchObject({
      data: [{ code: 'COST-1', purchase_price: cost, selling_price: 20000 }],
    });
  });

  it('GET /api/products/all: the cost for the manager only', async () => {
    const { admin, manager, adminAgain } = await asBoth('GET', '/api/products/all');
    expectNoCost(admin, adminAgain);
    type Row = { code: string; purchase_price?: number };
    const find = (response: LightMyRequestResponse) =>
      (response.json() as { data: Row[] }).data.find((row) => row.code === 'COST-1');
    expect(find(admin)).toMatchObject({ code: 'COST-1', current_stock: 10 });
    expect(find(manager)).toMatchObject({ code: 'COST-1', purchase_price: cost });
  });

  it('GET /api/products/barcode/:barcode: the cost for the manager only', async () => {
    const { admin, manager, adminAgain } = await asBoth('GET', '/api/products/barcode/COST-BC-1');
    expectNoCost(admin, adminAgain);
    expect(admin.json()).toMatchObject({ data: { code: 'COST-1', selling_price: 20000 } });
    expect(manager.json()).toMatchObject({ data: { code: 'COST-1', purchase_price: cost } });
  });

  it("GET /api/restock: the order's default price for the manager only", async () => {
    const { admin, manager, adminAgain } = await asBoth('GET', '/api/restock?search=COST-1');
    expectNoCost(admin, adminAgain);
    expect(admin.json()).toMatchObject({ data: [{ product_code: 'COST-1', current_stock: 10 }] });
    expect(manager.json()).toMatchObject({
      data: [{ product_code: 'COST-1', purchase_price: cost }],
    });
  });
});

describe('Stok Opname', () => {
  let id: number;

  it('starting and counting as the admin answers without cost', async () => {
    const started = await server.call('POST', '/api/stock-opname', server.actors.adminToken, {
      name: 'Opname Rahasia',
      scope: { type: 'products', product_codes: ['COST-1'] },
    });
    expect(started.statusCode).toBe(201);
    expectNoCost(started);
    id = (started.json() as { data: { id: number } }).data.id;

    const counted = await server.call(
      'POST',
      `/api/stock-opname/${id}/counts`,
      server.actors.adminToken,
      { product_code: 'COST-1', set: 8 },
    );
    expect(counted.statusCode).toBe(200);
    expectNoCost(counted);
    expect(counted.json()).toMatchObject({ data: { counted: 8, expected: 10, difference: -2 } });
  });

  it("GET /api/stock-opname/:id: the lines' cost and the difference's value for the manager only", async () => {
    const { admin, manager, adminAgain } = await asBoth('GET', `/api/stock-opname/${id}`);
    expectNoCost(admin, adminAgain);
    expect(admin.json()).toMatchObject({
      data: { total_difference: -2, lines: [{ product_code: 'COST-1', difference: -2 }] },
    });
    expect(manager.json()).toMatchObject({
      data: {
        total_difference: -2,
        difference_value: -2 * 13000,
        lines: [{ product_code: 'COST-1', purchase_price: 13000 }],
      },
    });
  });

  it("a manager's count answers with the cost", async () => {
    const counted = await server.call(
      'POST',
      `/api/stock-opname/${id}/counts`,
      server.actors.managerToken,
      { product_code: 'COST-1', add: 1 },
    );
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toMatchObject({ data: { counted: 9, purchase_price: 13000 } });
  });
});
