import { fieldLabel, PRODUCT_MESSAGES } from '@gudang/api-client/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../../app';
import {
  activityLogs,
  damagedGoods,
  incomingGoods,
  orders,
  outgoingGoods,
  products,
} from '../../db/schema';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
  type TestUser,
} from '../../testing/test-app';
import { productBody } from '../../testing/fixtures';

let database: TestDatabase;
let app: App;
let manager: TestUser;
let managerToken: string;
let adminToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  manager = await createTestUser(database, 'manager');
  const admin = await createTestUser(database, 'admin');
  managerToken = await login(app, manager.email, manager.password);
  adminToken = await login(app, admin.email, admin.password);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token: string | null, payload?: object) {
  return app.inject({
    method,
    url,
    headers: token === null ? {} : authHeader(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

let counter = 0;
function newProduct(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return productBody(`KPH-${String(counter).padStart(3, '0')}`, {
    barcode_id: `899100${counter}`,
    name: `Kaos Polos Hitam ${counter}`,
    category: 'Pakaian',
    brand: 'Gudang',
    ...overrides,
  });
}

async function created(overrides: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/products', managerToken, newProduct(overrides));
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; code: string; barcode_id: string; name: string };
}

async function stored(id: number) {
  const [row] = await database.db.select().from(products).where(eq(products.id, id));
  return row;
}

async function logsFor(action: string) {
  return database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.action, action), eq(activityLogs.userId, manager.id)));
}

describe('the manager-only routes', () => {
  it.each([
    ['POST', '/api/products', 'Hanya manager yang dapat menambah produk'],
    ['PUT', '/api/products/1', 'Hanya manager yang dapat mengedit data'],
    ['DELETE', '/api/products/1', 'Hanya manager yang dapat menghapus data'],
    ['GET', '/api/products/1/ledger', 'Hanya manager yang dapat melihat kartu stok'],
  ] as const)('%s %s answers 403 to an admin', async (method, url, message) => {
    const response = await call(
      method,
      url,
      adminToken,
      method === 'GET' ? undefined : newProduct(),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message });
  });

  it.each([
    ['GET', '/api/products'],
    ['GET', '/api/products/all'],
    ['GET', '/api/products/barcode/123'],
    ['GET', '/api/products/1/ledger'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/1'],
    ['DELETE', '/api/products/1'],
  ] as const)('%s %s answers 401 without a token', async (method, url) => {
    const response = await call(method, url, null, method === 'GET' ? undefined : newProduct());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('POST /api/products', () => {
  it('creates the product with current_stock = initial_stock, trimmed, and logs it', async () => {
    const input = newProduct({
      name: '  Kaos Polos Hitam  ',
      code: ' KPH-900 ',
      initial_stock: 20,
    });
    const response = await call('POST', '/api/products', managerToken, input);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Produk berhasil ditambahkan');
    expect(body.data).toMatchObject({
      name: 'Kaos Polos Hitam',
      code: 'KPH-900',
      barcode_id: input.barcode_id,
      initial_stock: 20,
      current_stock: 20,
      category: 'Pakaian',
      brand: 'Gudang',
    });
    expect(body.data.id).toEqual(expect.any(Number));
    expect(await stored(body.data.id)).toMatchObject({
      currentStock: 20,
      name: 'Kaos Polos Hitam',
    });
    const details = (await logsFor('CREATE_PRODUCT')).map((entry) => entry.details);
    expect(details).toContain('Menambahkan produk Kaos Polos Hitam (KPH-900), stok awal 20');
  });

  it('accepts an initial stock of 0', async () => {
    const product = await created({ initial_stock: 0 });
    expect(await stored(product.id)).toMatchObject({ initialStock: 0, currentStock: 0 });
  });

  it('answers 409 for a barcode ID or code already in use, and adds nothing', async () => {
    const first = await created();
    const before = await database.db.select().from(products);

    const sameBarcode = await call(
      'POST',
      '/api/products',
      managerToken,
      newProduct({ barcode_id: first.barcode_id }),
    );
    expect(sameBarcode.statusCode).toBe(409);
    expect(sameBarcode.json()).toEqual({ message: 'Barcode ID sudah digunakan' });

    const sameCode = await call(
      'POST',
      '/api/products',
      managerToken,
      newProduct({ code: ` ${first.code}` }),
    );
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toEqual({ message: 'Kode barang sudah digunakan' });

    expect(await database.db.select().from(products)).toHaveLength(before.length);
  });

  const fields = ['barcode_id', 'code', 'name', 'initial_stock', 'category', 'brand'] as const;

  it.each(fields)('answers 400 when %s is missing', async (field) => {
    const input = Object.fromEntries(Object.entries(newProduct()).filter(([key]) => key !== field));
    const response = await call('POST', '/api/products', managerToken, input);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `${fieldLabel(field)} wajib diisi` });
  });

  it.each(fields.filter((field) => field !== 'initial_stock'))(
    'answers 400 when %s is empty or blank',
    async (field) => {
      for (const value of ['', '   ']) {
        const response = await call(
          'POST',
          '/api/products',
          managerToken,
          newProduct({ [field]: value }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: `${fieldLabel(field)} wajib diisi` });
      }
    },
  );

  it.each([
    [-1, 'Stok Awal minimal 0'],
    [2 ** 40, 'Stok Awal maksimal 1.000.000.000'],
    ['1099511627776', 'Stok Awal maksimal 1.000.000.000'],
    [1.5, 'Stok Awal harus bilangan bulat 0 atau lebih'],
    ['banyak', 'Stok Awal harus bilangan bulat 0 atau lebih'],
    ['1.5', 'Stok Awal harus bilangan bulat 0 atau lebih'],
    ['-5', 'Stok Awal harus bilangan bulat 0 atau lebih'],
    ['0x10', 'Stok Awal harus bilangan bulat 0 atau lebih'],
    ['', 'Stok Awal harus bilangan bulat 0 atau lebih'],
    [null, 'Stok Awal harus bilangan bulat 0 atau lebih'],
    [true, 'Stok Awal harus bilangan bulat 0 atau lebih'],
  ])('answers 400 for initial_stock %j', async (value, message) => {
    const response = await call(
      'POST',
      '/api/products',
      managerToken,
      newProduct({ initial_stock: value }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('takes initial_stock as digit text, as an HTML form posts it', async () => {
    const response = await call(
      'POST',
      '/api/products',
      managerToken,
      newProduct({ initial_stock: '12' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ initial_stock: 12, current_stock: 12 });
  });
});

describe('a Barcode ID CODE128 cannot draw', () => {
  it('is refused on create and on update, with the message the form shows too', async () => {
    const message = 'Barcode ID hanya boleh berisi huruf, angka dan tanda baca ASCII';
    const refused = await call(
      'POST',
      '/api/products',
      managerToken,
      newProduct({ barcode_id: 'BC ÄÖ 123' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message });
    const product = await created({ barcode_id: 'BC-OK 123/~' });
    const update = await call('PUT', `/api/products/${product.id}`, managerToken, {
      ...newProduct(),
      barcode_id: 'BC 👕',
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ message });
    expect((await stored(product.id))?.barcodeId).toBe('BC-OK 123/~');
  });
});

describe('PUT /api/products/:id', () => {
  it('updates the fields and moves current stock with the initial stock', async () => {
    const product = await created({ initial_stock: 20 });
    // Five sold since: current 15.
    await database.db.insert(outgoingGoods).values({
      productId: product.id,
      date: '2026-11-20',
      resiNumber: `OUT-${product.id}`,
      quantity: 5,
      barcode: product.barcode_id,
    });
    await database.db.update(products).set({ currentStock: 15 }).where(eq(products.id, product.id));

    const up = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({
        barcode_id: product.barcode_id,
        code: product.code,
        name: 'Kaos Baru',
        initial_stock: 25,
      }),
    );
    expect(up.statusCode).toBe(200);
    expect(up.json().message).toBe('Produk berhasil diperbarui');
    expect(up.json().data).toMatchObject({
      name: 'Kaos Baru',
      initial_stock: 25,
      current_stock: 20,
    });

    const down = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({
        barcode_id: product.barcode_id,
        code: product.code,
        name: 'Kaos Baru',
        initial_stock: 5,
      }),
    );
    expect(down.statusCode).toBe(200);
    expect(down.json().data).toMatchObject({ initial_stock: 5, current_stock: 0 });
    expect(await stored(product.id)).toMatchObject({ initialStock: 5, currentStock: 0 });

    const details = (await logsFor('UPDATE_PRODUCT')).map((entry) => entry.details);
    expect(details).toContain(
      `Memperbarui produk ${product.name} (${product.code}): nama "${product.name}" → "Kaos Baru", ` +
        'stok awal 20 → 25 (stok saat ini 15 → 20)',
    );
  });

  it('refuses an initial stock that would make current stock negative, changing nothing', async () => {
    const product = await created({ initial_stock: 10 });
    await database.db.update(products).set({ currentStock: 3 }).where(eq(products.id, product.id));

    const response = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({
        barcode_id: product.barcode_id,
        code: product.code,
        name: 'Tidak Jadi',
        initial_stock: 6,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Stok awal tidak dapat diubah: stok saat ini 3 akan menjadi -1',
    });
    expect(await stored(product.id)).toMatchObject({
      name: product.name,
      initialStock: 10,
      currentStock: 3,
    });
  });

  it('answers 409 when taking another product’s barcode ID or code, but keeps its own', async () => {
    const other = await created();
    const product = await created();
    const own = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({ barcode_id: product.barcode_id, code: product.code }),
    );
    expect(own.statusCode).toBe(200);

    const barcode = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({ barcode_id: other.barcode_id }),
    );
    expect(barcode.statusCode).toBe(409);
    expect(barcode.json()).toEqual({ message: 'Barcode ID sudah digunakan' });

    const code = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({ code: other.code }),
    );
    expect(code.statusCode).toBe(409);
    expect(code.json()).toEqual({ message: 'Kode barang sudah digunakan' });
    expect(await stored(product.id)).toMatchObject({ code: product.code });
  });

  it('answers 404 for an unknown id and 400 for an id that is not a number', async () => {
    const unknown = await call('PUT', '/api/products/999999', managerToken, newProduct());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Produk tidak ditemukan' });
    const bad = await call('PUT', '/api/products/abc', managerToken, newProduct());
    expect(bad.statusCode).toBe(400);
  });

  it('answers 400 for a bad body', async () => {
    const product = await created();
    const response = await call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({ initial_stock: -3 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Stok Awal minimal 0' });
  });
});

describe('PUT /api/products/:id with the updated_at an edit form loaded', () => {
  type Answered = {
    id: number;
    code: string;
    barcode_id: string;
    name: string;
    updated_at: string;
  };

  const edit = (product: Answered, fields: Record<string, unknown>) =>
    call(
      'PUT',
      `/api/products/${product.id}`,
      managerToken,
      newProduct({ barcode_id: product.barcode_id, code: product.code, ...fields }),
    );

  const updateLogs = async (product: Answered) =>
    (await logsFor('UPDATE_PRODUCT')).filter((entry) => entry.details.includes(product.code));

  it('refuses a copy older than the product with 409, writing and logging nothing', async () => {
    const made = (await created({ min_stock: 10 })) as Answered;
    expect(Date.parse(made.updated_at)).not.toBeNaN();
    // The copy both forms were opened with, a day old (no same-millisecond chance with A's save).
    await database.db.execute(
      sql`update products set updated_at = '2026-03-01 08:00:00.5+00' where id = ${made.id}`,
    );
    const read = await call('GET', `/api/products/barcode/${made.barcode_id}`, managerToken);
    const product = read.json().data as Answered;
    expect(product.updated_at).toBe('2026-03-01T08:00:00.500Z');
    // A renames it.
    const first = await edit(product, { name: 'Nama dari A', updated_at: product.updated_at });
    expect(first.statusCode).toBe(200);
    const afterA = await stored(product.id);
    expect(first.json().data.updated_at).toBe(afterA?.updatedAt.toISOString());
    expect(first.json().data.updated_at).not.toBe(product.updated_at);

    // B, opened before A saved, changes only Stok Minimum.
    const stale = await edit(product, { min_stock: 3, updated_at: product.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: PRODUCT_MESSAGES.changedMeanwhile });
    expect(await stored(product.id)).toEqual(afterA);
    expect(await updateLogs(product)).toHaveLength(1);
  });

  it('saves with the updated_at of the last answer', async () => {
    const product = (await created()) as Answered;
    const first = await edit(product, { name: 'Pertama', updated_at: product.updated_at });
    expect(first.statusCode).toBe(200);
    const second = await edit(product, { name: 'Kedua', updated_at: first.json().data.updated_at });
    expect(second.statusCode).toBe(200);
    expect(await stored(product.id)).toMatchObject({ name: 'Kedua' });
    expect(await updateLogs(product)).toHaveLength(2);
  });

  it('compares at the precision it answers, when another write stored microseconds', async () => {
    const product = (await created()) as Answered;
    // As a posted stock opname or a rack import writes it: now(), to the microsecond.
    await database.db.execute(
      sql`update products set updated_at = '2026-03-04 05:06:07.123456+00' where id = ${product.id}`,
    );
    const read = await call('GET', `/api/products/barcode/${product.barcode_id}`, managerToken);
    const loaded = read.json().data.updated_at as string;
    expect(Date.parse(loaded)).toBe(Date.parse('2026-03-04T05:06:07.123Z'));
    // A millisecond earlier is an older copy.
    const older = await edit(product, { name: 'Lama', updated_at: '2026-03-04T05:06:07.122Z' });
    expect(older.statusCode).toBe(409);
    // The same instant in another zone is the same copy.
    const zoned = await edit(product, {
      name: 'Baru',
      updated_at: '2026-03-04T12:06:07.123+07:00',
    });
    expect(zoned.statusCode).toBe(200);
    expect(await stored(product.id)).toMatchObject({ name: 'Baru' });
  });

  it('keeps the old behaviour for a body without updated_at', async () => {
    const product = (await created()) as Answered;
    expect(
      (await edit(product, { name: 'Oleh A', updated_at: product.updated_at })).statusCode,
    ).toBe(200);
    const plain = await edit(product, { name: 'Oleh klien API' });
    expect(plain.statusCode).toBe(200);
    expect(await stored(product.id)).toMatchObject({ name: 'Oleh klien API' });
  });

  it.each(['kemarin', '2026-13-45T00:00:00Z'])(
    'answers 400 for an updated_at of %j',
    async (value) => {
      const product = (await created()) as Answered;
      const response = await edit(product, { name: 'Tidak Jadi', updated_at: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'updated_at tidak valid' });
      expect(await stored(product.id)).toMatchObject({ name: product.name });
    },
  );
});

describe('DELETE /api/products/:id', () => {
  it('deletes a product without history, keeps its damaged records, and logs it', async () => {
    const product = await created({ initial_stock: 4 });
    const [damaged] = await database.db
      .insert(damagedGoods)
      .values({
        productId: product.id,
        barcodeId: product.barcode_id,
        code: product.code,
        name: product.name,
        stock: 1,
        category: 'Pakaian',
        brand: 'Gudang',
        damageReason: 'Sobek',
        date: '2026-11-20',
      })
      .returning();

    const response = await call('DELETE', `/api/products/${product.id}`, managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Produk berhasil dihapus' });
    expect(await stored(product.id)).toBeUndefined();

    const [kept] = await database.db
      .select()
      .from(damagedGoods)
      .where(eq(damagedGoods.id, damaged?.id ?? 0));
    expect(kept).toMatchObject({ productId: null, code: product.code });
    const details = (await logsFor('DELETE_PRODUCT')).map((entry) => entry.details);
    expect(details).toContain(
      `Menghapus produk ${product.name} (${product.code}), stok saat ini 4`,
    );

    const again = await call('DELETE', `/api/products/${product.id}`, managerToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Produk tidak ditemukan' });
  });

  it.each(['incoming', 'outgoing', 'order'] as const)(
    'refuses a product with an %s record',
    async (kind) => {
      const product = await created();
      const resiNumber = `R-${kind}-${product.id}`;
      const base = { productId: product.id, date: '2026-11-20', resiNumber, quantity: 1 };
      if (kind === 'incoming')
        await database.db.insert(incomingGoods).values({ ...base, platform: 'Shopee' });
      if (kind === 'outgoing')
        await database.db.insert(outgoingGoods).values({ ...base, barcode: product.barcode_id });
      if (kind === 'order') await database.db.insert(orders).values({ ...base, price: 15000 });

      const response = await call('DELETE', `/api/products/${product.id}`, managerToken);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'Produk tidak dapat dihapus karena sudah memiliki riwayat transaksi',
      });
      expect(await stored(product.id)).toBeDefined();
    },
  );
});

describe('GET /api/products/all and /api/products/barcode/:barcode', () => {
  it('lists every product by name, for an admin too', async () => {
    await created({ name: 'AAA Pertama' });
    const response = await call('GET', '/api/products/all', adminToken);
    expect(response.statusCode).toBe(200);
    const names = (response.json().data as { name: string }[]).map((product) => product.name);
    const count = (await database.db.select().from(products)).length;
    expect(names).toHaveLength(count);
    expect(names[0]).toBe('AAA Pertama');
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
  });

  it('finds a product by its barcode ID, or answers 404', async () => {
    const product = await created({ barcode_id: '8990000000017' });
    const found = await call('GET', '/api/products/barcode/8990000000017', adminToken);
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ id: product.id, code: product.code });

    const missing = await call('GET', '/api/products/barcode/0000', adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Produk tidak ditemukan' });
  });
});
