// Pemetaan SKU through the API: which mapping a line takes, list and search, edit, delete.
import {
  MARKETPLACE_MESSAGES,
  MESSAGES,
  type MarketplaceImport,
  type SkuMappingList,
  type SkuMappingSaved,
} from '@gudang/api-client/contract';
import { latestLog, setupTestServer } from '../../testing/fixtures';
import { csv } from './fixtures/fixture-files';
import { marketplaceRows, seedCatalog, upload } from './test-helpers';

const server = setupTestServer();

beforeAll(async () => {
  await seedCatalog(server);
});

const put = (body: Record<string, unknown>, token = server.actors.managerToken) =>
  server.call('PUT', '/api/sku-mappings', token, body);

const HEADERS = [
  'No. Pesanan',
  'Status Pesanan',
  'Waktu Pesanan Dibuat',
  'Nomor Referensi SKU',
  'Nama Variasi',
  'Nama Produk',
  'Jumlah',
];

async function itemsOf(channel: string, sku: string, variation: string) {
  const response = await upload(
    server,
    '/api/marketplace-imports',
    server.actors.managerToken,
    {
      name: 'p.csv',
      data: csv([HEADERS, ['O-1', 'Perlu Dikirim', '2026-08-01', sku, variation, 'Barang', '1']]),
    },
    { channel },
  );
  expect(response.statusCode).toBe(201);
  return (response.json() as MarketplaceImport).lines[0]?.items;
}

const TIKTOK_HEADERS = [
  'Order ID',
  'Order Status',
  'Seller SKU',
  'Variation',
  'Quantity',
  'Created Time',
];
async function tiktokItemsOf(sku: string, variation: string) {
  const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
    name: 't.csv',
    data: csv([TIKTOK_HEADERS, ['1', 'To ship', sku, variation, '1', '01/08/2026 10:00:00']]),
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as MarketplaceImport).lines[0]?.items;
}

describe('which mapping a line takes', () => {
  beforeAll(async () => {
    const one = (code: string) => [{ product_code: code, quantity: 1 }];
    await put({ channel: null, sku: 'VAR-1', variation: null, items: one('KAOS-HITAM-M') });
    await put({ channel: null, sku: 'VAR-1', variation: 'Merah', items: one('KAOS-PUTIH-L') });
    await put({ channel: 'shopee', sku: 'VAR-1', variation: null, items: one('TOPI-01') });
    await put({
      channel: 'shopee',
      sku: 'var-1',
      variation: 'merah',
      items: [{ product_code: 'TOPI-01', quantity: 4 }],
    });
  });

  it('prefers this channel and this variation, then this channel, then all channels', async () => {
    // Shopee, variation Merah (any case): the Shopee mapping of that variation.
    expect(await itemsOf('shopee', 'VAR-1', 'MERAH')).toEqual([
      { product_code: 'TOPI-01', quantity: 4 },
    ]);
    // Shopee, another variation: Shopee's mapping for every variation.
    expect(await itemsOf('shopee', 'VAR-1', 'Biru')).toEqual([
      { product_code: 'TOPI-01', quantity: 1 },
    ]);
    // TikTok, Merah: the all-channel mapping of Merah; Biru: the all-channel, all-variation one.
    expect(await tiktokItemsOf('VAR-1', 'Merah')).toEqual([
      { product_code: 'KAOS-PUTIH-L', quantity: 1 },
    ]);
    expect(await tiktokItemsOf('var-1', 'Biru')).toEqual([
      { product_code: 'KAOS-HITAM-M', quantity: 1 },
    ]);
  });

  it('without a mapping takes a product whose code or barcode is the SKU, in any case', async () => {
    expect(await tiktokItemsOf('topi-01', '')).toEqual([{ product_code: 'TOPI-01', quantity: 1 }]);
    const { rows } = await server.database.db.execute<{ barcode_id: string }>(
      // The seeded products' barcodes are BC + digits.
      (await import('drizzle-orm'))
        .sql`select barcode_id from products where code = 'KAOS-PUTIH-L'`,
    );
    const barcode = rows[0]?.barcode_id ?? '';
    expect(await tiktokItemsOf(barcode.toLowerCase(), '')).toEqual([
      { product_code: 'KAOS-PUTIH-L', quantity: 1 },
    ]);
    expect(await tiktokItemsOf('TIDAK-ADA', '')).toEqual([]);
  });
});

describe('the mappings', () => {
  it("saves a combo, answering it with the products' names, and logs it", async () => {
    const response = await put({
      channel: 'lazada',
      sku: ' SET-HEMAT ',
      variation: '',
      items: [
        { product_code: 'kaos-hitam-m', quantity: 2 },
        { product_code: 'TOPI-01', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json() as SkuMappingSaved;
    expect(saved).toEqual({
      message: MARKETPLACE_MESSAGES.mappingSaved,
      data: {
        id: expect.any(Number),
        channel: 'lazada',
        sku: 'SET-HEMAT',
        variation: null,
        items: [
          { product_code: 'KAOS-HITAM-M', product_name: 'Kaos Hitam M', quantity: 2 },
          { product_code: 'TOPI-01', product_name: 'Topi Baseball Navy', quantity: 1 },
        ],
      },
    });
    expect((await latestLog(server.database, 'UPDATE_SKU_MAPPING'))?.details).toBe(
      'Pemetaan SKU disimpan: SKU SET-HEMAT (Lazada) = 2 x KAOS-HITAM-M + 1 x TOPI-01',
    );
    // The same channel, SKU (any case) and variation replaces its products.
    const again = await put({
      channel: 'lazada',
      sku: 'set-hemat',
      items: [{ product_code: 'TOPI-01', quantity: 5 }],
    });
    expect((again.json() as SkuMappingSaved).data).toMatchObject({
      id: saved.data.id,
      sku: 'set-hemat',
      items: [{ product_code: 'TOPI-01', quantity: 5 }],
    });
  });

  it("lists and searches by SKU, variation and the mapped product's code or name", async () => {
    const list = async (search: string) => {
      const response = await server.call(
        'GET',
        `/api/sku-mappings?search=${encodeURIComponent(search)}&limit=50`,
        server.actors.adminToken,
      );
      expect(response.statusCode).toBe(200);
      return (response.json() as SkuMappingList).data.map(
        (m) => `${m.channel ?? '*'}:${m.sku}:${m.variation ?? '*'}`,
      );
    };
    expect(await list('set-hem')).toEqual(['lazada:set-hemat:*']);
    expect(await list('merah')).toEqual(['*:VAR-1:Merah', 'shopee:var-1:merah']);
    // 'Navy' is in TOPI-01's name only.
    expect(await list('navy')).toEqual([
      '*:COMBO-KAOS-TOPI:*',
      'lazada:set-hemat:*',
      'shopee:VAR-1:*',
      'shopee:var-1:merah',
    ]);
    const page = await server.call(
      'GET',
      '/api/sku-mappings?page=2&limit=2',
      server.actors.adminToken,
    );
    expect((page.json() as SkuMappingList).pagination).toEqual({
      page: 2,
      limit: 2,
      total: 7,
      totalPages: 4,
    });
  });

  it.each([
    [
      'an unknown product code',
      [{ product_code: 'TIDAK-ADA', quantity: 1 }],
      "Kode Barang 'TIDAK-ADA' tidak ditemukan",
    ],
    [
      'the same product twice',
      [
        { product_code: 'TOPI-01', quantity: 1 },
        { product_code: 'topi-01', quantity: 2 },
      ],
      "Kode Barang 'TOPI-01' disebut lebih dari sekali",
    ],
    ['no product', [], 'Produk wajib diisi'],
  ])('refuses %s, writing nothing', async (_label, items, message) => {
    const before = await marketplaceRows(server);
    const response = await put({ channel: null, sku: 'BARU', items });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { message },
    });
    expect(await marketplaceRows(server)).toEqual(before);
  });

  it('is changed by the manager only', async () => {
    const response = await put(
      { sku: 'X', items: [{ product_code: 'TOPI-01', quantity: 1 }] },
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(403);
  });

  it('deletes a mapping (logged); a missing one is 404', async () => {
    const saved = (
      await put({ sku: 'HAPUS-AKU', items: [{ product_code: 'TOPI-01', quantity: 1 }] })
    ).json() as SkuMappingSaved;
    const admin = await server.call(
      'DELETE',
      `/api/sku-mappings/${saved.data.id}`,
      server.actors.adminToken,
    );
    expect(admin.statusCode).toBe(403);
    const response = await server.call(
      'DELETE',
      `/api/sku-mappings/${saved.data.id}`,
      server.actors.managerToken,
    );
    expect(response.json()).toEqual({ message: MARKETPLACE_MESSAGES.mappingDeleted });
    expect((await latestLog(server.database, 'DELETE_SKU_MAPPING'))?.details).toBe(
      'Pemetaan SKU dihapus: SKU HAPUS-AKU (semua channel) = 1 x TOPI-01',
    );
    const again = await server.call(
      'DELETE',
      `/api/sku-mappings/${saved.data.id}`,
      server.actors.managerToken,
    );
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 404,
      body: { message: MARKETPLACE_MESSAGES.mappingNotFound },
    });
  });

  it('keeps a mapped product from being deleted', async () => {
    const { rows } = await server.database.db.execute<{ id: number }>(
      (await import('drizzle-orm')).sql`select id from products where code = 'TOPI-01'`,
    );
    const response = await server.call(
      'DELETE',
      `/api/products/${rows[0]?.id}`,
      server.actors.managerToken,
    );
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 409,
      body: { message: MESSAGES.productHasHistory },
    });
  });
});
