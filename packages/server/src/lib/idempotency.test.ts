// Writes sent again with a client_id (issue 48, lib/idempotency.ts): a stock count, a Scan Kirim
// ship and a Retur are done once per user and id; the same id again answers as the first time and
// writes nothing, also when the sends arrive together; another request under a used id is refused;
// refusals are not kept, so a later send is checked again. Runs on PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { CLIENT_ID_MESSAGES, OPNAME_MESSAGES } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import {
  INCOMING,
  OUTGOING,
  inconsistentProducts,
  insertProduct,
  setupTestServer,
  snapshot,
  stockOf,
  type TestProduct,
} from '../testing/fixtures';

const server = setupTestServer();

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

const manager = () => server.actors.managerToken;
const admin = () => server.actors.adminToken;

/** The rows of client_requests (all, or of one id). */
async function records(clientId?: string): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: unknown }>(
    clientId === undefined
      ? sql`select count(*) as n from client_requests`
      : sql`select count(*) as n from client_requests where client_id = ${clientId}::uuid`,
  );
  return Number(rows[0]?.n);
}

/** An open Stok Opname session over one new product of `stock` units. */
async function openSession(stock = 10) {
  const product = await insertProduct(server.database, { stock, code: unique('IDEM') });
  const response = await server.call('POST', '/api/stock-opname', manager(), {
    name: unique('Opname Idem'),
    scope: { type: 'products', product_codes: [product.code] },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  const id = (response.json() as { data: { id: number } }).data.id;
  return { id, product, url: `/api/stock-opname/${id}/counts` };
}

async function countedOf(sessionId: number, productId: number): Promise<number | null> {
  const { rows } = await server.database.db.execute<{ counted: number | null }>(sql`
    select counted from stock_opname_lines
     where session_id = ${sessionId} and product_id = ${productId}`);
  const counted = rows[0]?.counted;
  return counted === null || counted === undefined ? null : Number(counted);
}

/** A marketplace order of `quantity` units of a new product with `stock`, ready to pack. */
async function packableOrder(stock = 5, quantity = 1) {
  const product = await insertProduct(server.database, { stock, code: unique('IDEM-PACK') });
  const resi = unique('IDEM-RESI');
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date)
    values ('shopee', ${resi}, ${resi}, 'perlu_dikirim', 'Perlu Dikirim', '2026-11-20')
    returning id`);
  await server.database.db.execute(sql`
    insert into marketplace_order_lines (order_id, sku, product_name, quantity, unit_price)
    values (${Number(rows[0]?.id)}, ${product.code}, 'Kaos', ${quantity}, 15000)`);
  return {
    product,
    url: `/api/packing/${resi}/ship`,
    scans: [{ barcode: product.barcodeId, quantity }],
  };
}

async function outgoingOf(product: TestProduct): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: unknown }>(
    sql`select count(*) as n from outgoing_goods where product_id = ${product.id}`,
  );
  return Number(rows[0]?.n);
}

/** A Barang Keluar record of `quantity` units of a new product; the body of its return. */
async function returnable(quantity = 2) {
  const product = await insertProduct(server.database, { stock: 10, code: unique('IDEM-RTR') });
  const body = OUTGOING.body(product, { quantity });
  const sold = await server.call('POST', OUTGOING.url, manager(), body);
  if (sold.statusCode !== 201) throw new Error(sold.body);
  const outgoingId = (sold.json() as { data: { id: number } }).data.id;
  return {
    product,
    body: (lines = 1) => ({
      resi_number: String(body.resi_number),
      date: '2026-11-20',
      reason: 'Salah ukuran',
      lines: [{ outgoing_goods_id: outgoingId, quantity: lines, condition: 'good' }],
    }),
  };
}

async function returnsOf(product: TestProduct): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: unknown }>(
    sql`select count(*) as n from return_lines where product_id = ${product.id}`,
  );
  return Number(rows[0]?.n);
}

afterEach(async () => {
  expect(await inconsistentProducts(server.database)).toEqual([]);
});

describe('a stock count with a client_id', () => {
  it('sent twice is added once and answered alike', async () => {
    const session = await openSession();
    const clientId = randomUUID();
    const body = { barcode: session.product.barcodeId, add: 1, client_id: clientId };
    const first = await server.call('POST', session.url, manager(), body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ data: { counted: 1 } });
    const again = await server.call('POST', session.url, manager(), body);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 200,
      body: first.body,
    });
    // In capitals it is the same id.
    const upper = await server.call('POST', session.url, manager(), {
      ...body,
      client_id: clientId.toUpperCase(),
    });
    expect(upper.body).toBe(first.body);
    expect(await countedOf(session.id, session.product.id)).toBe(1);
    expect(await records(clientId)).toBe(1);
  });

  it('sent several times at once is added once', async () => {
    const session = await openSession();
    const clientId = randomUUID();
    const body = { barcode: session.product.barcodeId, add: 2, client_id: clientId };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.call('POST', session.url, manager(), body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await countedOf(session.id, session.product.id)).toBe(2);
    expect(await records(clientId)).toBe(1);
  });

  it('of several ids at once adds each, and counts without an id add as before', async () => {
    const session = await openSession();
    const add = (clientId?: string) =>
      server.call('POST', session.url, manager(), {
        barcode: session.product.barcodeId,
        add: 1,
        ...(clientId === undefined ? {} : { client_id: clientId }),
      });
    const answers = await Promise.all([
      add(randomUUID()),
      add(randomUUID()),
      add(randomUUID()),
      add(),
      add(),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
    expect(await countedOf(session.id, session.product.id)).toBe(5);
  });

  it('is refused with another body or on another route under a used id, writing nothing', async () => {
    const session = await openSession();
    const clientId = randomUUID();
    const body = { barcode: session.product.barcodeId, add: 1, client_id: clientId };
    expect((await server.call('POST', session.url, manager(), body)).statusCode).toBe(200);
    const otherSession = await openSession();
    const order = await packableOrder();
    const before = await snapshot(server.database);

    const other = await server.call('POST', session.url, manager(), { ...body, add: 3 });
    expect({ status: other.statusCode, body: other.json() }).toEqual({
      status: 409,
      body: { message: CLIENT_ID_MESSAGES.usedFor('POST /api/stock-opname/:id/counts', true) },
    });
    expect(other.json().message).toBe(
      'client_id sudah dipakai untuk hitungan stok opname dengan isi berbeda',
    );
    const elsewhere = await server.call('POST', otherSession.url, manager(), {
      ...body,
      barcode: otherSession.product.barcodeId,
    });
    expect(elsewhere.statusCode).toBe(409);
    const shipped = await server.call('POST', order.url, manager(), {
      scans: order.scans,
      client_id: clientId,
    });
    expect({ status: shipped.statusCode, body: shipped.json() }).toEqual({
      status: 409,
      body: { message: 'client_id sudah dipakai untuk hitungan stok opname' },
    });
    expect(await countedOf(session.id, session.product.id)).toBe(1);
    expect(await countedOf(otherSession.id, otherSession.product.id)).toBeNull();
    expect(await stockOf(server.database, order.product.id)).toBe(5);
    expect(await snapshot(server.database)).toEqual(before);
    expect(await records(clientId)).toBe(1);
  });

  it('is one id per user: the same id from another user is a count of its own', async () => {
    const session = await openSession();
    const body = { barcode: session.product.barcodeId, add: 1, client_id: randomUUID() };
    const byManager = await server.call('POST', session.url, manager(), body);
    const byAdmin = await server.call('POST', session.url, admin(), body);
    expect([byManager.statusCode, byAdmin.statusCode]).toEqual([200, 200]);
    expect(await countedOf(session.id, session.product.id)).toBe(2);
    // The admin's answer is the admin's view (no cost), kept as it was sent.
    expect(byAdmin.json().data).not.toHaveProperty('purchase_price');
    const adminAgain = await server.call('POST', session.url, admin(), body);
    expect(adminAgain.body).toBe(byAdmin.body);
    expect(await records(body.client_id)).toBe(2);
  });

  it('for a session posted meanwhile is refused with the reason and not kept', async () => {
    const session = await openSession();
    const sent = { barcode: session.product.barcodeId, add: 1, client_id: randomUUID() };
    const first = await server.call('POST', session.url, manager(), sent);
    expect(first.statusCode).toBe(200);
    const posted = await server.call('POST', `/api/stock-opname/${session.id}/post`, manager(), {});
    expect(posted.statusCode).toBe(200);

    // A count that arrives late (its phone was offline while the session was posted).
    const late = { barcode: session.product.barcodeId, add: 1, client_id: randomUUID() };
    const refused = await server.call('POST', session.url, manager(), late);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: { message: OPNAME_MESSAGES.readOnly('diposting') },
    });
    expect(await records(late.client_id)).toBe(0);
    // The count sent before the post, sent again: its first answer.
    const again = await server.call('POST', session.url, manager(), sent);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 200,
      body: first.body,
    });
    expect(await countedOf(session.id, session.product.id)).toBe(1);
  });

  it('keeps the role rules: signed out is 401 and nothing is kept', async () => {
    const session = await openSession();
    const body = { barcode: session.product.barcodeId, add: 1, client_id: randomUUID() };
    const response = await server.call('POST', session.url, null, body);
    expect(response.statusCode).toBe(401);
    expect(await records(body.client_id)).toBe(0);
    expect(await countedOf(session.id, session.product.id)).toBeNull();
  });
});

describe('a Scan Kirim ship with a client_id', () => {
  it('sent twice ships once and answers the first 201 again', async () => {
    const order = await packableOrder(5, 2);
    const body = { scans: order.scans, client_id: randomUUID() };
    const first = await server.call('POST', order.url, admin(), body);
    expect(first.statusCode).toBe(201);
    const again = await server.call('POST', order.url, admin(), body);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 201,
      body: first.body,
    });
    expect(await stockOf(server.database, order.product.id)).toBe(3);
    expect(await outgoingOf(order.product)).toBe(1);
    expect(await records(body.client_id)).toBe(1);
    // Without an id (as before): the package has left.
    const plain = await server.call('POST', order.url, admin(), { scans: order.scans });
    expect(plain.statusCode).toBe(409);
  });

  it('sent several times at once ships once', async () => {
    const order = await packableOrder(5, 1);
    const body = { scans: order.scans, client_id: randomUUID() };
    const logsBefore = (await snapshot(server.database)).logs;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.call('POST', order.url, manager(), body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await stockOf(server.database, order.product.id)).toBe(4);
    expect(await outgoingOf(order.product)).toBe(1);
    expect((await snapshot(server.database)).logs).toBe(logsBefore + 1);
    expect(await records(body.client_id)).toBe(1);
  });

  it('refused (stock short) is not kept: the same id ships once the stock is there', async () => {
    const order = await packableOrder(1, 2);
    const body = { scans: order.scans, client_id: randomUUID() };
    const short = await server.call('POST', order.url, manager(), body);
    expect(short.statusCode).toBe(409);
    expect(await records(body.client_id)).toBe(0);
    const incoming = await server.call(
      'POST',
      INCOMING.url,
      manager(),
      INCOMING.body(order.product, { quantity: 5 }),
    );
    expect(incoming.statusCode).toBe(201);
    const shipped = await server.call('POST', order.url, manager(), body);
    expect(shipped.statusCode).toBe(201);
    expect(await stockOf(server.database, order.product.id)).toBe(4);
  });

  it('keeps the rule that only the manager ships an incomplete order', async () => {
    const order = await packableOrder();
    const body = { scans: order.scans, confirm_incomplete: true, client_id: randomUUID() };
    const response = await server.call('POST', order.url, admin(), body);
    expect(response.statusCode).toBe(403);
    expect(await records(body.client_id)).toBe(0);
  });
});

describe('a Retur with a client_id', () => {
  it('sent twice is recorded once and answered alike', async () => {
    const sale = await returnable(2);
    const body = { ...sale.body(1), client_id: randomUUID() };
    const stock = await stockOf(server.database, sale.product.id);
    const first = await server.call('POST', '/api/returns', manager(), body);
    expect(first.statusCode).toBe(201);
    const again = await server.call('POST', '/api/returns', manager(), body);
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: 201,
      body: first.body,
    });
    expect(await returnsOf(sale.product)).toBe(1);
    expect(await stockOf(server.database, sale.product.id)).toBe(stock + 1);
  });

  it('sent several times at once is recorded once', async () => {
    const sale = await returnable(5);
    const body = { ...sale.body(1), client_id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.call('POST', '/api/returns', admin(), body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await returnsOf(sale.product)).toBe(1);
    expect(await records(body.client_id)).toBe(1);
  });

  it('with other lines under a used id is refused; a refusal (over-return) is not kept', async () => {
    const sale = await returnable(2);
    const clientId = randomUUID();
    const over = await server.call('POST', '/api/returns', manager(), {
      ...sale.body(3),
      client_id: clientId,
    });
    expect(over.statusCode).toBe(400);
    expect(await records(clientId)).toBe(0);
    const first = await server.call('POST', '/api/returns', manager(), {
      ...sale.body(1),
      client_id: clientId,
    });
    expect(first.statusCode).toBe(201);
    const other = await server.call('POST', '/api/returns', manager(), {
      ...sale.body(2),
      client_id: clientId,
    });
    expect({ status: other.statusCode, body: other.json() }).toEqual({
      status: 409,
      body: { message: 'client_id sudah dipakai untuk retur dengan isi berbeda' },
    });
    expect(await returnsOf(sale.product)).toBe(1);
  });
});

describe('the kept answers', () => {
  it('are removed after 30 days by a later write', async () => {
    const { id: userId } = server.actors.manager;
    const [old, recent] = [randomUUID(), randomUUID()];
    await server.database.db.execute(sql`
      insert into client_requests (user_id, client_id, route, fingerprint, status, body, created_at)
      values (${userId}, ${old}::uuid, 'POST /api/returns', 'x', 201, '{}', now() - interval '31 days'),
             (${userId}, ${recent}::uuid, 'POST /api/returns', 'x', 201, '{}', now() - interval '29 days')`);
    const session = await openSession();
    const response = await server.call('POST', session.url, manager(), {
      barcode: session.product.barcodeId,
      add: 1,
      client_id: randomUUID(),
    });
    expect(response.statusCode).toBe(200);
    expect([await records(old), await records(recent)]).toEqual([0, 1]);
  });
});
