import { eq } from 'drizzle-orm';
import { damagedGoods } from '../../db/schema';
import {
  insertProduct,
  latestLog,
  snapshot,
  stockOf,
  setupTestServer,
} from '../../testing/fixtures';

const server = setupTestServer();

function body(fields: Record<string, unknown> = {}) {
  return {
    barcode_id: 'TANPA-PRODUK',
    code: 'MANUAL-1',
    name: 'Barang Manual',
    stock: 2,
    category: 'Aksesoris',
    brand: 'Lokal',
    damage_reason: 'Sobek saat pengiriman',
    date: '2026-11-20',
    ...fields,
  };
}

/** Records `body(fields)` as the bearer of `token`; the test fails unless it is created. */
async function createRecord(token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const response = await server.call('POST', '/api/damaged-goods', token, body(fields));
  expect(response.statusCode).toBe(201);
  return response.json().data.id as number;
}

async function storedProductId(id: number): Promise<number | null> {
  const [row] = await server.database.db
    .select({ productId: damagedGoods.productId })
    .from(damagedGoods)
    .where(eq(damagedGoods.id, id));
  return row?.productId ?? null;
}

describe('POST /api/damaged-goods', () => {
  it('records a damaged product for an admin, links it, leaves stock alone and logs', async () => {
    const product = await insertProduct(server.database, { stock: 7, name: 'Kaos Rusak' });
    const response = await server.call(
      'POST',
      '/api/damaged-goods',
      server.actors.adminToken,
      body({
        barcode_id: ` ${product.barcodeId} `,
        code: product.code,
        name: ' Kaos Rusak ',
        stock: 3,
        damage_reason: 'Jahitan lepas',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe('Barang rusak berhasil ditambahkan');
    expect(data).toEqual({
      id: expect.any(Number),
      barcode_id: product.barcodeId,
      code: product.code,
      name: 'Kaos Rusak',
      stock: 3,
      category: 'Aksesoris',
      brand: 'Lokal',
      damage_reason: 'Jahitan lepas',
      date: '2026-11-20',
    });
    expect(await storedProductId(data.id)).toBe(product.id);
    expect(await stockOf(server.database, product.id)).toBe(7);
    expect(await latestLog(server.database, 'DAMAGED_GOODS')).toMatchObject({
      userId: server.actors.admin.id,
      details: `Barang rusak: Kaos Rusak (${product.code}) 3 unit, alasan: Jahitan lepas`,
    });
  });

  it('records an item no product matches, without a link', async () => {
    const id = await createRecord(server.actors.managerToken);
    expect(await storedProductId(id)).toBeNull();
  });

  it.each([
    [{ stock: 0 }, 'Jumlah Rusak harus lebih dari 0'],
    [{ stock: -1 }, 'Jumlah Rusak harus lebih dari 0'],
    [{ stock: 1.2 }, 'Jumlah Rusak harus bilangan bulat lebih dari 0'],
    [{ stock: 5_000_000 }, 'Jumlah Rusak maksimal 1.000.000'],
    [{ stock: undefined }, 'Jumlah Rusak wajib diisi'],
    [{ barcode_id: undefined }, 'Barcode ID wajib diisi'],
    [{ code: '' }, 'Kode Barang wajib diisi'],
    [{ name: '   ' }, 'Nama Barang wajib diisi'],
    [{ category: undefined }, 'Kategori wajib diisi'],
    [{ brand: undefined }, 'Merk wajib diisi'],
    [{ damage_reason: undefined }, 'Alasan Kerusakan wajib diisi'],
    [{ damage_reason: 'Pecah\u0000' }, 'Alasan Kerusakan berisi karakter yang tidak diizinkan'],
    [{ name: 'Gelas\nKaca' }, 'Nama Barang berisi karakter yang tidak diizinkan'],
    [{ date: '2026-04-31' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
    [{ date: undefined }, 'Tanggal wajib diisi'],
  ])('answers 400 for %j and changes nothing', async (fields, message) => {
    const before = await snapshot(server.database);
    const response = await server.call(
      'POST',
      '/api/damaged-goods',
      server.actors.managerToken,
      body(fields),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await server.call('POST', '/api/damaged-goods', null, body())).statusCode).toBe(401);
  });
});

describe('PUT /api/damaged-goods/:id', () => {
  it('updates the record for a manager, relinks it and logs UPDATE_DAMAGED_GOODS', async () => {
    const product = await insertProduct(server.database, { stock: 4 });
    const id = await createRecord(server.actors.managerToken);
    const response = await server.call(
      'PUT',
      `/api/damaged-goods/${id}`,
      server.actors.managerToken,
      body({ barcode_id: product.barcodeId, code: product.code, name: product.name, stock: 4 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Barang rusak berhasil diperbarui',
      data: { id, barcode_id: product.barcodeId, stock: 4 },
    });
    expect(await storedProductId(id)).toBe(product.id);
    expect(await stockOf(server.database, product.id)).toBe(4);
    expect((await latestLog(server.database, 'UPDATE_DAMAGED_GOODS'))?.details).toContain(
      `Barang rusak #${id} diperbarui`,
    );
  });

  it('answers 403 for an admin, 404 for an unknown id, 400 for a bad body', async () => {
    const id = await createRecord(server.actors.managerToken);
    const before = await snapshot(server.database);
    const asAdmin = await server.call(
      'PUT',
      `/api/damaged-goods/${id}`,
      server.actors.adminToken,
      body(),
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ message: 'Hanya manager yang dapat mengedit data' });
    const missing = await server.call(
      'PUT',
      '/api/damaged-goods/765432',
      server.actors.managerToken,
      body(),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Data tidak ditemukan' });
    const bad = await server.call(
      'PUT',
      `/api/damaged-goods/${id}`,
      server.actors.managerToken,
      body({ stock: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Jumlah Rusak harus lebih dari 0' });
    expect(await snapshot(server.database)).toEqual(before);
  });
});

describe('DELETE /api/damaged-goods/:id', () => {
  it('deletes for a manager with the spec’s message and logs DELETE_DAMAGED_GOODS', async () => {
    const id = await createRecord(server.actors.adminToken);
    const asAdmin = await server.call(
      'DELETE',
      `/api/damaged-goods/${id}`,
      server.actors.adminToken,
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ message: 'Hanya manager yang dapat menghapus data' });
    const response = await server.call(
      'DELETE',
      `/api/damaged-goods/${id}`,
      server.actors.managerToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Barang rusak berhasil dihapus' });
    expect((await latestLog(server.database, 'DELETE_DAMAGED_GOODS'))?.details).toContain(
      `Barang rusak #${id} dihapus`,
    );
    const again = await server.call(
      'DELETE',
      `/api/damaged-goods/${id}`,
      server.actors.managerToken,
    );
    expect(again.statusCode).toBe(404);
    expect((await server.call('DELETE', `/api/damaged-goods/${id}`, null)).statusCode).toBe(401);
  });
});

describe('GET /api/damaged-goods', () => {
  it('lists newest first, searches every text field and pages', async () => {
    for (const [index, fields] of [
      { code: 'DLST-1', name: 'Gelas Kaca', damage_reason: 'Pecah', date: '2027-01-01' },
      { code: 'DLST-2', name: 'Piring', damage_reason: 'Retak 50% bagian', date: '2027-01-03' },
      { code: 'DLST-3', name: 'Mangkuk', brand: 'DlstBrand', date: '2027-01-02' },
    ].entries()) {
      await createRecord(server.actors.managerToken, {
        ...fields,
        barcode_id: `DLST-BC-${index}`,
        category: 'Dapur',
      });
    }
    const codes = async (query: string) => {
      const response = await server.call(
        'GET',
        `/api/damaged-goods?${query}`,
        server.actors.adminToken,
      );
      expect(response.statusCode).toBe(200);
      return response.json().data.map((row: { code: string }) => row.code);
    };
    expect(await codes('search=dlst')).toEqual(['DLST-2', 'DLST-3', 'DLST-1']);
    expect(await codes('search=pecah')).toEqual(['DLST-1']);
    expect(await codes('search=50%25')).toEqual(['DLST-2']);
    expect(await codes('search=dlstbrand')).toEqual(['DLST-3']);
    expect(await codes('search=dlst-bc-1')).toEqual(['DLST-2']);
    expect(await codes('search=dapur&limit=2&page=2')).toEqual(['DLST-1']);

    const paged = await server.call(
      'GET',
      '/api/damaged-goods?search=dapur&limit=2',
      server.actors.adminToken,
    );
    expect(paged.json().pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const tooMany = await server.call(
      'GET',
      '/api/damaged-goods?limit=500',
      server.actors.adminToken,
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await server.call('GET', '/api/damaged-goods', null)).statusCode).toBe(401);
  });
});
