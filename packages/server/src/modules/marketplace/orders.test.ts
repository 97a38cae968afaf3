// The marketplace order list, one order and delete, through the API.
import {
  MARKETPLACE_MESSAGES,
  type MarketplaceImport,
  type MarketplaceOrderList,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { latestLog, setupTestServer } from '../../testing/fixtures';
import { fixture, marketplaceRows, seedCatalog, upload } from './test-helpers';

const server = setupTestServer();

beforeAll(async () => {
  await seedCatalog(server);
  for (const name of ['shopee.xlsx', 'tiktok.xlsx', 'lazada.xlsx', 'bigseller.csv']) {
    const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name,
      data: fixture(name),
    });
    const { id } = response.json() as MarketplaceImport;
    const commit = await server.call(
      'POST',
      `/api/marketplace-imports/${id}/commit`,
      server.actors.managerToken,
      {
        skip_problems: true,
      },
    );
    if (commit.statusCode !== 200) throw new Error(commit.body);
  }
}, 60_000);

async function list(query: string, token = server.actors.adminToken) {
  const response = await server.call('GET', `/api/marketplace-orders?${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json() as MarketplaceOrderList;
}

const numbers = (result: MarketplaceOrderList) => result.data.map((order) => order.order_number);

describe('the marketplace order list', () => {
  it('shows the newest first, paged', async () => {
    const all = await list('limit=100');
    expect(all.pagination).toEqual({ page: 1, limit: 100, total: 8, totalPages: 1 });
    const dates = all.data.map((order) => order.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await list('limit=4&page=2');
    expect(numbers(second)).toEqual(numbers(all).slice(4, 8));
    expect(second.pagination).toEqual({ page: 2, limit: 4, total: 8, totalPages: 2 });
    expect((await list('limit=4&page=9')).data).toEqual([]);
  });

  it('filters by channel, status and dates', async () => {
    expect(numbers(await list('channel=tiktok')).sort()).toEqual([
      '576471112345678901',
      '576471112345678902',
    ]);
    expect(numbers(await list('status=dikirim')).sort()).toEqual([
      '260801ABCD1235',
      '260803XYZ0001',
      '576471112345678902',
    ]);
    expect(numbers(await list('startDate=2026-08-03&endDate=2026-08-03'))).toEqual([
      '260803XYZ0001',
    ]);
    expect(
      numbers(
        await list('channel=shopee&status=belum_bayar&startDate=2026-08-01&endDate=2026-08-01'),
      ),
    ).toEqual(['260801ABCD1236']);
  });

  it('refuses a start after the end', async () => {
    const response = await server.call(
      'GET',
      '/api/marketplace-orders?startDate=2026-08-03&endDate=2026-08-01',
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Tanggal mulai tidak boleh setelah tanggal akhir' });
  });

  it('shows one order with its lines and mapped products', async () => {
    const [first] = (await list('search=282110123456789')).data;
    const response = await server.call(
      'GET',
      `/api/marketplace-orders/${first?.id}`,
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: first });
    const missing = await server.call(
      'GET',
      '/api/marketplace-orders/999999',
      server.actors.adminToken,
    );
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: { message: MARKETPLACE_MESSAGES.orderNotFound },
    });
  });
});

describe('deleting an order', () => {
  const idOf = async (search: string) => (await list(`search=${search}`)).data[0]?.id ?? 0;

  it("is the manager's, and is logged", async () => {
    const id = await idOf('260803XYZ0001');
    const admin = await server.call(
      'DELETE',
      `/api/marketplace-orders/${id}`,
      server.actors.adminToken,
    );
    expect(admin.statusCode).toBe(403);
    const response = await server.call(
      'DELETE',
      `/api/marketplace-orders/${id}`,
      server.actors.managerToken,
    );
    expect(response.json()).toEqual({ message: MARKETPLACE_MESSAGES.orderDeleted });
    expect((await latestLog(server.database, 'DELETE_MARKETPLACE_ORDER'))?.details).toBe(
      'Pesanan BigSeller 260803XYZ0001 dihapus (resi SPXID0000009001)',
    );
    const { rows } = await server.database.db.execute(
      sql`select l.id from marketplace_order_lines l where l.order_id = ${id}`,
    );
    expect(rows).toEqual([]);
    const again = await server.call(
      'DELETE',
      `/api/marketplace-orders/${id}`,
      server.actors.managerToken,
    );
    expect(again.statusCode).toBe(404);
  });

  it('is refused for an order shipped from Gudang', async () => {
    const id = await idOf('260801ABCD1235');
    await server.database.db.execute(
      sql`update marketplace_orders set shipped_at = now() where id = ${id}`,
    );
    const before = await marketplaceRows(server);
    const response = await server.call(
      'DELETE',
      `/api/marketplace-orders/${id}`,
      server.actors.managerToken,
    );
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 409,
      body: { message: MARKETPLACE_MESSAGES.orderShipped },
    });
    expect(await marketplaceRows(server)).toEqual(before);
  });
});

describe('roles', () => {
  it('lets the admin read the orders and mappings but not import', async () => {
    expect(
      (await server.call('GET', '/api/marketplace-orders', server.actors.adminToken)).statusCode,
    ).toBe(200);
    expect(
      (await server.call('GET', '/api/sku-mappings', server.actors.adminToken)).statusCode,
    ).toBe(200);
    const response = await upload(server, '/api/marketplace-imports', server.actors.adminToken, {
      name: 'shopee.xlsx',
      data: fixture('shopee.xlsx'),
    });
    expect(response.statusCode).toBe(403);
    expect(
      (await server.call('GET', '/api/marketplace-imports/1', server.actors.adminToken)).statusCode,
    ).toBe(403);
    expect(
      (await server.call('POST', '/api/marketplace-imports/1/commit', server.actors.adminToken, {}))
        .statusCode,
    ).toBe(403);
    // The manager may send no body at all: here the preview is simply not there.
    const noBody = await server.call(
      'POST',
      '/api/marketplace-imports/999999/commit',
      server.actors.managerToken,
    );
    expect({ status: noBody.statusCode, body: noBody.json() }).toEqual({
      status: 404,
      body: { message: MARKETPLACE_MESSAGES.importNotFound },
    });
  });
});
