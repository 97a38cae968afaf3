// The rules Barang Masuk and Barang Keluar share, run against both. What differs (the stock
// arithmetic, the barcode check, the platform, the log texts) is tested in each kind's own file.
import { fieldLabel, VALIDATION_MESSAGES } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import {
  INCOMING,
  inconsistentProducts,
  insertProduct,
  OUTGOING,
  postMovement,
  snapshot,
  stockOf,
  setupTestServer,
  type MovementKind,
  type TestProduct,
} from '../../testing/fixtures';
import { listIncoming } from './incoming-service';
import { listOutgoing } from './outgoing-service';

const ASCII_RESI = VALIDATION_MESSAGES.printableAscii('Nomor Resi');

describe.each([INCOMING, OUTGOING])('$url', (kind: MovementKind) => {
  const server = setupTestServer();

  const create = (product: TestProduct, fields: Record<string, unknown> = {}) =>
    postMovement(server, kind, product, fields);

  describe('POST', () => {
    it('answers 401 without a token and writes nothing', async () => {
      const product = await insertProduct(server.database, { stock: 5 });
      const before = await snapshot(server.database);
      const response = await server.call('POST', kind.url, null, kind.body(product));
      expect(response.statusCode).toBe(401);
      expect(await snapshot(server.database)).toEqual(before);
    });

    it.each([
      [{ quantity: 0 }, 'Jumlah harus lebih dari 0'],
      [{ quantity: -3 }, 'Jumlah harus lebih dari 0'],
      [{ quantity: 1.5 }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: 'abc' }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: null }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: '0x10' }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: '1e3' }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: true }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: [2] }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: '' }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: '-1' }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: '2.5' }, 'Jumlah harus bilangan bulat lebih dari 0'],
      [{ quantity: '0' }, 'Jumlah harus lebih dari 0'],
      [{ quantity: 1e300 }, 'Jumlah maksimal 1.000.000'],
      [{ quantity: undefined }, 'Jumlah wajib diisi'],
      [{ resi_number: '   ' }, 'Nomor Resi wajib diisi'],
      [{ resi_number: '' }, 'Nomor Resi wajib diisi'],
      [{ resi_number: undefined }, 'Nomor Resi wajib diisi'],
      // A typing slip no courier's barcode holds.
      [{ resi_number: 'JP-1 \u{1F4E6}' }, ASCII_RESI],
      [{ resi_number: '\u201cJP-1\u201d' }, ASCII_RESI],
      [{ [kind.ownField]: undefined }, `${fieldLabel(kind.ownField)} wajib diisi`],
      [{ [kind.ownField]: '  ' }, `${fieldLabel(kind.ownField)} wajib diisi`],
      [{ product_code: undefined }, 'Kode Barang wajib diisi'],
      [{ product_code: 'TIDAK-ADA' }, 'Produk tidak ditemukan'],
      [{ date: '2026-02-30' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
      [{ date: '2025-02-29' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
      [{ date: '2026-13-01' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
      [{ date: '0000-01-01' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
      [{ date: '20-11-2026' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
      [{ date: '1999-12-31' }, VALIDATION_MESSAGES.dateWindow('Tanggal')],
      [{ date: '9999-12-31' }, VALIDATION_MESSAGES.dateWindow('Tanggal')],
      [{ date: undefined }, 'Tanggal wajib diisi'],
    ])('answers 400 for %j and changes nothing', async (fields, message) => {
      const product = await insertProduct(server.database, { stock: 5 });
      const before = await snapshot(server.database);
      const response = await server.call(
        'POST',
        kind.url,
        server.actors.managerToken,
        kind.body(product, fields),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await snapshot(server.database)).toEqual(before);
    });

    it('accepts 29 February of a leap year', async () => {
      const product = await insertProduct(server.database, { stock: 5 });
      const row = await create(product, { date: '2024-02-29' });
      expect(row).toMatchObject({ date: '2024-02-29' });
    });

    it('refuses a used resi (compared trimmed) with 409 and changes nothing', async () => {
      const product = await insertProduct(server.database, { stock: 5 });
      await create(product, { resi_number: 'DUP-1' });
      const before = await snapshot(server.database);
      const response = await server.call(
        'POST',
        kind.url,
        server.actors.adminToken,
        kind.body(product, { resi_number: ' DUP-1 ' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
      expect(await snapshot(server.database)).toEqual(before);
    });

    it('lets exactly one of 20 parallel creates with one resi succeed', async () => {
      const product = await insertProduct(server.database, { stock: 10 });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          server.call(
            'POST',
            kind.url,
            server.actors.managerToken,
            kind.body(product, { resi_number: 'PARALLEL-RESI', quantity: 2 }),
          ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(19);
      expect(await stockOf(server.database, product.id)).toBe(10 + kind.sign * 2);
      expect(await inconsistentProducts(server.database)).toEqual([]);
    });
    // One package, several products (ADR 0014, migration 0028): a supplier's package or a
    // hand-entered parcel holds several products under one resi; one product twice is a double entry.
    it('takes one resi for several products, but not for the same product again', async () => {
      const first = await insertProduct(server.database, { stock: 5 });
      const second = await insertProduct(server.database, { stock: 5 });
      await create(first, { resi_number: 'PO-20261128-46' });
      await create(second, { resi_number: 'po-20261128-46 ' });
      const before = await snapshot(server.database);
      const again = await server.call(
        'POST',
        kind.url,
        server.actors.adminToken,
        kind.body(second, { resi_number: 'PO-20261128-46' }),
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
      expect(await snapshot(server.database)).toEqual(before);
    });

    it('lets one create per product win when two products race for one resi', async () => {
      const first = await insertProduct(server.database, { stock: 10 });
      const second = await insertProduct(server.database, { stock: 10 });
      const responses = await Promise.all(
        [first, second, first, second, first, second].map((product) =>
          server.call(
            'POST',
            kind.url,
            server.actors.managerToken,
            kind.body(product, { resi_number: 'RACE-PACKAGE', quantity: 2 }),
          ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(2);
      expect(statuses.filter((status) => status === 409)).toHaveLength(4);
      expect(await stockOf(server.database, first.id)).toBe(10 + kind.sign * 2);
      expect(await stockOf(server.database, second.id)).toBe(10 + kind.sign * 2);
      expect(await inconsistentProducts(server.database)).toEqual([]);
    });
  });

  describe('PUT /:id', () => {
    it('keeps its own resi but refuses the resi of another record with 409', async () => {
      const product = await insertProduct(server.database, { stock: 5 });
      const first = await create(product);
      const second = await create(product);
      const own = await server.call(
        'PUT',
        `${kind.url}/${second.id}`,
        server.actors.managerToken,
        kind.body(product, { resi_number: second.resi_number, quantity: 1 }),
      );
      expect(own.statusCode).toBe(200);
      const before = await snapshot(server.database);
      const response = await server.call(
        'PUT',
        `${kind.url}/${second.id}`,
        server.actors.managerToken,
        kind.body(product, { resi_number: ` ${first.resi_number} `, quantity: 1 }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
      expect(await snapshot(server.database)).toEqual(before);
    });

    it('answers 403 for an admin, 404 for an unknown id, 400 for a bad body', async () => {
      const product = await insertProduct(server.database, { stock: 5 });
      const record = await create(product);
      const before = await snapshot(server.database);
      const asAdmin = await server.call(
        'PUT',
        `${kind.url}/${record.id}`,
        server.actors.adminToken,
        kind.body(product, { quantity: 1 }),
      );
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json()).toEqual({ message: 'Hanya manager yang dapat mengedit data' });

      for (const id of [987_654, 99_999_999_999]) {
        const missing = await server.call(
          'PUT',
          `${kind.url}/${id}`,
          server.actors.managerToken,
          kind.body(product),
        );
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'Data tidak ditemukan' });
      }
      const badId = await server.call(
        'PUT',
        `${kind.url}/abc`,
        server.actors.managerToken,
        kind.body(product),
      );
      expect(badId.statusCode).toBe(400);
      const bad = await server.call(
        'PUT',
        `${kind.url}/${record.id}`,
        server.actors.managerToken,
        kind.body(product, { quantity: 0 }),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'Jumlah harus lebih dari 0' });
      const noToken = await server.call(
        'PUT',
        `${kind.url}/${record.id}`,
        null,
        kind.body(product),
      );
      expect(noToken.statusCode).toBe(401);
      expect(await snapshot(server.database)).toEqual(before);
    });
  });

  describe('DELETE /:id', () => {
    it('answers 403 for an admin, 404 for an unknown id, 401 without a token', async () => {
      const product = await insertProduct(server.database, { stock: 5 });
      const record = await create(product);
      const before = await snapshot(server.database);
      const url = `${kind.url}/${record.id}`;
      const asAdmin = await server.call('DELETE', url, server.actors.adminToken);
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json()).toEqual({ message: 'Hanya manager yang dapat menghapus data' });
      for (const id of [987_654, 99_999_999_999]) {
        const missing = await server.call(
          'DELETE',
          `${kind.url}/${id}`,
          server.actors.managerToken,
        );
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'Data tidak ditemukan' });
      }
      expect((await server.call('DELETE', url, null)).statusCode).toBe(401);
      expect(await snapshot(server.database)).toEqual(before);
    });
  });

  describe('GET /check-resi/:resi', () => {
    it('reports duplicates, compared trimmed, except the excluded record', async () => {
      const product = await insertProduct(server.database, { stock: 5, name: 'Jaket' });
      const record = await create(product, { resi_number: 'CHK-1', date: '2026-10-01' });
      const check = (path: string, token: string | null = server.actors.adminToken) =>
        server.call('GET', `${kind.url}/check-resi/${path}`, token);
      const found = await check('%20CHK-1%20');
      expect(found.statusCode).toBe(200);
      expect(found.json()).toEqual({
        isDuplicate: true,
        duplicates: [{ id: record.id, product_name: 'Jaket', date: '2026-10-01' }],
      });
      const excluded = await check(`CHK-1?excludeId=${record.id}`);
      expect(excluded.json()).toEqual({ isDuplicate: false, duplicates: [] });
      expect((await check('CHK-2')).json()).toEqual({ isDuplicate: false, duplicates: [] });
      // An excludeId no row can have is refused like any number out of its range.
      expect((await check('CHK-1?excludeId=99999999999')).statusCode).toBe(400);
      expect((await check('CHK-1', null)).statusCode).toBe(401);
      expect((await check('CHK-1?excludeId=x')).statusCode).toBe(400);
    });

    it('answers for the chosen product with product_code: another product shares the package', async () => {
      const jaket = await insertProduct(server.database, {
        stock: 5,
        name: 'Jaket',
        code: 'CHK-JKT',
      });
      const topi = await insertProduct(server.database, {
        stock: 5,
        name: 'Topi',
        code: 'CHK-TOPI',
      });
      const record = await create(jaket, { resi_number: 'CHK-PKG', date: '2026-10-02' });
      const check = (query: string) =>
        server.call('GET', `${kind.url}/check-resi/CHK-PKG?${query}`, server.actors.adminToken);
      const duplicate = {
        isDuplicate: true,
        duplicates: [{ id: record.id, product_name: 'Jaket', date: '2026-10-02' }],
      };
      const none = { isDuplicate: false, duplicates: [] };
      expect((await check('product_code=chk-jkt')).json()).toEqual(duplicate);
      expect((await check('product_code=CHK-TOPI')).json()).toEqual(none);
      expect((await check(`product_code=CHK-JKT&excludeId=${record.id}`)).json()).toEqual(none);
      // Without it (or blank), as before: every other record using the resi.
      expect((await check('')).json()).toEqual(duplicate);
      expect((await check('product_code=')).json()).toEqual(duplicate);
      // The form then saves what the check let through.
      expect(
        (
          await server.call(
            'POST',
            kind.url,
            server.actors.adminToken,
            kind.body(topi, {
              resi_number: 'CHK-PKG',
            }),
          )
        ).statusCode,
      ).toBe(201);
    });
  });

  describe('GET', () => {
    beforeAll(async () => {
      const zeta = await insertProduct(server.database, {
        stock: 10,
        name: 'Celana 100% Katun',
        brand: 'zzz-Zeta',
        code: 'LST-Z',
      });
      const alpha = await insertProduct(server.database, {
        stock: 10,
        name: 'Kemeja_Flanel',
        brand: 'aaa-Alpha',
        code: 'LST-A',
      });
      await create(zeta, { resi_number: 'LST-R1', date: '2027-01-02' });
      await create(alpha, { resi_number: 'LST-R2', date: '2027-01-03' });
      await create(zeta, { resi_number: 'LST-R3', date: '2027-01-03' });
    });

    const resis = async (query: string) => {
      const response = await server.call('GET', `${kind.url}?${query}`, server.actors.adminToken);
      expect(response.statusCode).toBe(200);
      return response.json().data.map((row: { resi_number: string }) => row.resi_number);
    };

    it('lists newest first with the product fields and the pagination', async () => {
      const response = await server.call('GET', `${kind.url}?limit=2`, server.actors.adminToken);
      expect(response.statusCode).toBe(200);
      const { data, pagination } = response.json();
      expect(data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
        'LST-R3',
        'LST-R2',
      ]);
      expect(data[0]).toMatchObject({
        product_code: 'LST-Z',
        product_name: 'Celana 100% Katun',
        brand: 'zzz-Zeta',
      });
      expect(pagination).toMatchObject({ page: 1, limit: 2 });
      expect(pagination.totalPages).toBe(Math.ceil(pagination.total / 2));
    });

    it.each([
      ['lst-r1', ['LST-R1']],
      ['kemeja_', ['LST-R2']],
      ['100%', ['LST-R3', 'LST-R1']],
      ['LST-Z', ['LST-R3', 'LST-R1']],
      ['_', ['LST-R2']],
    ])('searches %j case-insensitively over name, code and resi', async (search, expected) => {
      const response = await server.call(
        'GET',
        `${kind.url}?search=${encodeURIComponent(search)}`,
        server.actors.adminToken,
      );
      const { data, pagination } = response.json();
      expect(data.map((row: { resi_number: string }) => row.resi_number)).toEqual(expected);
      expect(pagination.total).toBe(expected.length);
    });

    it('sorts by brand both ways, newest first within a brand', async () => {
      expect(await resis('search=LST-&sort=brand')).toEqual(['LST-R2', 'LST-R3', 'LST-R1']);
      expect(await resis('search=LST-&sort=brand_desc')).toEqual(['LST-R3', 'LST-R1', 'LST-R2']);
    });

    it('pages through the results', async () => {
      const get = (query: string) =>
        server.call('GET', `${kind.url}?${query}`, server.actors.adminToken);
      expect((await get('search=LST-&limit=2&page=2')).json()).toEqual({
        data: [expect.objectContaining({ resi_number: 'LST-R1' })],
        pagination: { page: 2, limit: 2, total: 3, totalPages: 2 },
      });
      expect((await get('search=LST-&page=99')).json()).toEqual({
        data: [],
        pagination: { page: 99, limit: 10, total: 3, totalPages: 1 },
      });
      const far = await get('page=1000000');
      expect(far.statusCode).toBe(200);
      expect(far.json().data).toEqual([]);
    });

    it.each([
      'limit=101',
      'limit=0',
      'page=0',
      'sort=name',
      'page=abc',
      'page=1abc',
      'page=1e300',
      'page=1000001',
      'page=99999999999999999999',
    ])('answers 400 for %s', async (query) => {
      const response = await server.call('GET', `${kind.url}?${query}`, server.actors.adminToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    });

    it('counts every record on an unsearched page, read again after each write', async () => {
      const total = async (query = 'limit=2') => {
        const response = await server.call('GET', `${kind.url}?${query}`, server.actors.adminToken);
        expect(response.statusCode).toBe(200);
        return response.json().pagination.total as number;
      };
      const incoming = kind.url === INCOMING.url;
      const table = incoming ? 'incoming_goods' : 'outgoing_goods';
      const counted = await server.database.db.execute<{ n: string }>(
        sql.raw(`select count(*) as n from ${table}`),
      );
      const n = counted.rows[0]?.n ?? 'none';
      // The first read counts; the second may take the count kept with its snapshot.
      expect(await total()).toBe(Number(n));
      expect(await total()).toBe(Number(n));
      const product = await insertProduct(server.database, { stock: 10, code: 'LST-K' });
      await create(product, { resi_number: 'LST-K1' });
      expect(await total()).toBe(Number(n) + 1);
      expect(await total('limit=2&page=2')).toBe(Number(n) + 1);
      await create(product, { resi_number: 'LST-K2' });
      expect(await total()).toBe(Number(n) + 2);
      // Inside a transaction its own records count, though the snapshot's text is unchanged.
      await server.database.db
        .transaction(async (tx) => {
          const own = incoming ? 'platform' : 'barcode';
          await tx.execute(
            sql.raw(`insert into ${table} (product_id, date, resi_number, quantity, ${own})
                     values (${product.id}, '2027-01-04', 'LST-K3', 1, 'X')`),
          );
          const list = await (incoming ? listIncoming : listOutgoing)(tx, { page: 1, limit: 2 });
          expect(list.pagination.total).toBe(Number(n) + 3);
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      expect(await total()).toBe(Number(n) + 2);
    });

    it('answers 401 without a token', async () => {
      expect((await server.call('GET', kind.url, null)).statusCode).toBe(401);
    });
  });
});

class RolledBack extends Error {}
