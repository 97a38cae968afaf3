// The audit trail: every write route of the rules table (every method but GET) writes
// its activity-log entry in the same transaction as its change. For each: a refused write leaves
// no entry and no change; with the log table made to refuse new rows, the write fails and its
// change is rolled back with it (the entry and the change are one transaction); a committed write
// leaves exactly one entry, of its action, by its caller. A write route without a case fails.
import { randomUUID } from 'node:crypto';
import { API_RULES, type ActivityAction, type ApiRouteKey } from '@gudang/api-client/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { login } from '../testing/test-app';
import {
  INCOMING,
  OUTGOING,
  insertProduct,
  productBody,
  setupTestServer,
  type TestProduct,
} from '../testing/fixtures';
import { multipart } from '../modules/marketplace/test-helpers';
import { oneLabel } from '../modules/shipping-labels/test-helpers';
import { packEntries, packTarGz } from '../remote-builds/archive';
import { writeShellBuild } from '../remote-builds/test-builds';

const server = setupTestServer();

interface Call {
  method: 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: Record<string, unknown>;
  /** A multipart/form-data body instead of JSON (uploads). */
  form?: { payload: Buffer; contentType: string };
  /** Signed in as the manager unless false. */
  signedIn?: boolean;
  /** Signed in with this token instead of the manager's. */
  token?: string;
}

interface AuditCase {
  /** null: the route writes no entry (an upload's preview is no change to the shop's data). */
  action: ActivityAction | null;
  /** Prepares what the write needs (it may write) and returns the write. */
  valid(): Promise<Call>;
  /** A write the route refuses after it started its work (4xx); null when there is none. */
  refused(): Promise<Call> | null;
  /** Puts back what the committed write took from the other cases (a signed-out token). */
  after?(): Promise<void>;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

const auditProduct = (code: string, name = 'Kaos Audit') => productBody(code, { name });

const damagedBody = (product: TestProduct) => ({
  barcode_id: product.barcodeId,
  code: product.code,
  name: product.name,
  stock: 1,
  category: 'Kaos',
  brand: 'Lokal',
  damage_reason: 'Sobek',
  date: '2026-11-20',
});

const orderBody = (product: TestProduct) => ({
  date: '2026-11-20',
  product_code: product.code,
  quantity: 3,
  price: 12500.5,
  resi_number: unique('ORD-AUDIT'),
  bank: 'BCA',
});

const product = (stock = 50) => insertProduct(server.database, { stock, code: unique('AUDIT') });

/** Creates a record through the API as the manager; its id. */
async function created(url: string, payload: Record<string, unknown>): Promise<number> {
  const response = await server.call('POST', url, server.actors.managerToken, payload);
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
  return (response.json() as { data: { id: number } }).data.id;
}

const MISSING_ID = 999_999;

/** One case per write route of API_RULES (adding a write route adds its case here). */
const CASES: Partial<Record<ApiRouteKey, AuditCase>> = {
  'POST /api/auth/login': {
    action: 'LOGIN',
    valid: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: server.actors.manager.email, password: server.actors.manager.password },
      signedIn: false,
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: server.actors.manager.email, password: 'salah-sandi' },
      signedIn: false,
    }),
  },
  'POST /api/auth/logout': {
    action: 'LOGOUT',
    valid: async () => ({
      method: 'POST',
      url: '/api/auth/logout',
      token: await login(server.app, server.actors.manager.email, server.actors.manager.password),
    }),
    refused: () => null,
  },
  'POST /api/auth/logout-all': {
    action: 'LOGOUT_ALL',
    valid: async () => ({ method: 'POST', url: '/api/auth/logout-all' }),
    refused: async () => ({
      method: 'POST',
      url: '/api/auth/logout-all',
      token: server.actors.adminToken,
    }),
    // Every token of the manager ended: the cases after this one need a new one.
    after: async () => {
      server.actors.managerToken = await login(
        server.app,
        server.actors.manager.email,
        server.actors.manager.password,
      );
    },
  },
  'POST /api/utils/recalculate-stock': {
    action: 'RECALCULATE_STOCK',
    valid: async () => ({ method: 'POST', url: '/api/utils/recalculate-stock' }),
    refused: () => null,
  },
  'POST /api/products': {
    action: 'CREATE_PRODUCT',
    valid: async () => ({
      method: 'POST',
      url: '/api/products',
      payload: auditProduct(unique('NEW')),
    }),
    refused: async () => {
      const taken = await product();
      return {
        method: 'POST',
        url: '/api/products',
        payload: { ...auditProduct(taken.code), barcode_id: unique('BC') },
      };
    },
  },
  'PUT /api/products/:id': {
    action: 'UPDATE_PRODUCT',
    valid: async () => {
      const p = await product();
      return {
        method: 'PUT',
        url: `/api/products/${p.id}`,
        payload: { ...auditProduct(p.code, 'Nama Baru'), barcode_id: p.barcodeId },
      };
    },
    refused: async () => {
      const [p, other] = [await product(), await product()];
      return {
        method: 'PUT',
        url: `/api/products/${p.id}`,
        payload: { ...auditProduct(other.code), barcode_id: p.barcodeId },
      };
    },
  },
  'DELETE /api/products/:id': {
    action: 'DELETE_PRODUCT',
    valid: async () => ({ method: 'DELETE', url: `/api/products/${(await product(0)).id}` }),
    refused: async () => {
      const p = await product();
      await created(INCOMING.url, INCOMING.body(p));
      return { method: 'DELETE', url: `/api/products/${p.id}` };
    },
  },
  'POST /api/incoming-goods': {
    action: 'INCOMING_GOODS',
    valid: async () => ({
      method: 'POST',
      url: INCOMING.url,
      payload: INCOMING.body(await product()),
    }),
    refused: async () => {
      const body = INCOMING.body(await product());
      await created(INCOMING.url, body);
      return { method: 'POST', url: INCOMING.url, payload: body };
    },
  },
  'PUT /api/incoming-goods/:id': {
    action: 'UPDATE_INCOMING_GOODS',
    valid: async () => {
      const body = INCOMING.body(await product());
      const id = await created(INCOMING.url, body);
      return { method: 'PUT', url: `${INCOMING.url}/${id}`, payload: { ...body, quantity: 9 } };
    },
    refused: async () => ({
      method: 'PUT',
      url: `${INCOMING.url}/${MISSING_ID}`,
      payload: INCOMING.body(await product()),
    }),
  },
  'DELETE /api/incoming-goods/:id': {
    action: 'DELETE_INCOMING_GOODS',
    valid: async () => ({
      method: 'DELETE',
      url: `${INCOMING.url}/${await created(INCOMING.url, INCOMING.body(await product()))}`,
    }),
    refused: async () => {
      // Deleting it would take the stock below zero.
      const p = await product(0);
      const id = await created(INCOMING.url, INCOMING.body(p, { quantity: 3 }));
      await created(OUTGOING.url, OUTGOING.body(p, { quantity: 3 }));
      return { method: 'DELETE', url: `${INCOMING.url}/${id}` };
    },
  },
  'POST /api/outgoing-goods': {
    action: 'OUTGOING_GOODS',
    valid: async () => ({
      method: 'POST',
      url: OUTGOING.url,
      payload: OUTGOING.body(await product()),
    }),
    refused: async () => ({
      method: 'POST',
      url: OUTGOING.url,
      payload: OUTGOING.body(await product(2), { quantity: 3 }),
    }),
  },
  'PUT /api/outgoing-goods/:id': {
    action: 'UPDATE_OUTGOING_GOODS',
    valid: async () => {
      const body = OUTGOING.body(await product());
      const id = await created(OUTGOING.url, body);
      return { method: 'PUT', url: `${OUTGOING.url}/${id}`, payload: { ...body, quantity: 4 } };
    },
    refused: async () => {
      const body = OUTGOING.body(await product(2));
      const id = await created(OUTGOING.url, body);
      return { method: 'PUT', url: `${OUTGOING.url}/${id}`, payload: { ...body, quantity: 5 } };
    },
  },
  'DELETE /api/outgoing-goods/:id': {
    action: 'DELETE_OUTGOING_GOODS',
    valid: async () => ({
      method: 'DELETE',
      url: `${OUTGOING.url}/${await created(OUTGOING.url, OUTGOING.body(await product()))}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `${OUTGOING.url}/${MISSING_ID}` }),
  },
  'POST /api/damaged-goods': {
    action: 'DAMAGED_GOODS',
    valid: async () => ({
      method: 'POST',
      url: '/api/damaged-goods',
      payload: damagedBody(await product()),
    }),
    refused: () => null,
  },
  'PUT /api/damaged-goods/:id': {
    action: 'UPDATE_DAMAGED_GOODS',
    valid: async () => {
      const body = damagedBody(await product());
      const id = await created('/api/damaged-goods', body);
      return { method: 'PUT', url: `/api/damaged-goods/${id}`, payload: { ...body, stock: 2 } };
    },
    refused: async () => ({
      method: 'PUT',
      url: `/api/damaged-goods/${MISSING_ID}`,
      payload: damagedBody(await product()),
    }),
  },
  'DELETE /api/damaged-goods/:id': {
    action: 'DELETE_DAMAGED_GOODS',
    valid: async () => ({
      method: 'DELETE',
      url: `/api/damaged-goods/${await created('/api/damaged-goods', damagedBody(await product()))}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `/api/damaged-goods/${MISSING_ID}` }),
  },
  'POST /api/barcode/generate': {
    action: 'GENERATE_BARCODE',
    valid: async () => ({
      method: 'POST',
      url: '/api/barcode/generate',
      payload: { product_code: (await product()).code },
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/barcode/generate',
      payload: { product_code: 'TIDAK-ADA' },
    }),
  },
  'POST /api/orders': {
    action: 'CREATE_ORDER',
    valid: async () => ({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(await product()),
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/orders',
      payload: { ...orderBody(await product()), product_code: 'TIDAK-ADA' },
    }),
  },
  'PUT /api/orders/:id': {
    action: 'UPDATE_ORDER',
    valid: async () => {
      const body = orderBody(await product());
      const id = await created('/api/orders', body);
      return { method: 'PUT', url: `/api/orders/${id}`, payload: { ...body, quantity: 7 } };
    },
    refused: async () => ({
      method: 'PUT',
      url: `/api/orders/${MISSING_ID}`,
      payload: orderBody(await product()),
    }),
  },
  'DELETE /api/orders/:id': {
    action: 'DELETE_ORDER',
    valid: async () => ({
      method: 'DELETE',
      url: `/api/orders/${await created('/api/orders', orderBody(await product()))}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `/api/orders/${MISSING_ID}` }),
  },
  'POST /api/orders/from-restock': {
    action: 'CREATE_ORDER',
    valid: async () => ({
      method: 'POST',
      url: '/api/orders/from-restock',
      payload: { items: [{ product_code: (await product()).code, quantity: 4, price: 2500 }] },
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/orders/from-restock',
      payload: {
        items: [
          { product_code: (await product()).code, quantity: 4, price: 2500 },
          { product_code: 'TIDAK-ADA', quantity: 1, price: 0 },
        ],
      },
    }),
  },
  'PUT /api/settings': {
    action: 'UPDATE_SETTINGS',
    valid: async () => ({ method: 'PUT', url: '/api/settings', payload: { targetStockDays: 21 } }),
    refused: async () => ({
      method: 'PUT',
      url: '/api/settings',
      payload: { targetStockDays: 0 },
    }),
  },
  'POST /api/pembukuan': {
    action: 'UPDATE_PEMBUKUAN',
    valid: async () => ({
      method: 'POST',
      url: '/api/pembukuan',
      payload: {
        outgoing_goods_id: await created(OUTGOING.url, OUTGOING.body(await product())),
        purchase_price: 1000,
        selling_price: 1500.5,
        discount: 100,
      },
    }),
    refused: async () => ({
      method: 'POST',
      url: '/api/pembukuan',
      payload: { outgoing_goods_id: MISSING_ID, purchase_price: 1000, selling_price: 1500 },
    }),
  },
};

/** A marketplace order file of one line of the product (its code is the SKU). */
const orderFile = (code: string, order = unique('MP-AUDIT')) =>
  multipart([
    {
      name: 'file',
      fileName: 'pesanan.csv',
      value: Buffer.from(
        'Nomor Pesanan,Status Pesanan,SKU,Jumlah,Waktu Pesanan Dibuat\r\n' +
          `${order},Perlu Dikirim,${code},1,2026-08-01\r\n`,
      ),
    },
  ]);

async function previewOf(code: string): Promise<number> {
  const response = await send({
    method: 'POST',
    url: '/api/marketplace-imports',
    form: orderFile(code),
  });
  if (response.statusCode !== 201) throw new Error(`preview: ${response.body}`);
  return (response.json() as { id: number }).id;
}

async function marketplaceOrder(): Promise<number> {
  const order = unique('MP-AUDIT');
  const response = await send({
    method: 'POST',
    url: '/api/marketplace-imports',
    form: orderFile((await product()).code, order),
  });
  const { id } = response.json() as { id: number };
  await send({ method: 'POST', url: `/api/marketplace-imports/${id}/commit`, payload: {} });
  const found = await server.call(
    'GET',
    `/api/marketplace-orders?search=${order}`,
    server.actors.managerToken,
  );
  const orderId = (found.json() as { data: { id: number }[] }).data[0]?.id;
  if (orderId === undefined) throw new Error(`no marketplace order: ${found.body}`);
  return orderId;
}

const mappingBody = async () => ({
  channel: null,
  sku: unique('SKU-AUDIT'),
  items: [{ product_code: (await product()).code, quantity: 2 }],
});

const stockTemplate = (code: string) =>
  multipart([
    {
      name: 'file',
      fileName: 'stok.csv',
      value: Buffer.from(`Product ID,Seller SKU,Quantity\r\n1,${code},0\r\n`),
    },
  ]);

/** A Lazada Income Overview of one order (Penghasilan Marketplace, issue 45). */
const settlementFile = (order = unique('LZ-AUDIT')) =>
  multipart([
    {
      name: 'file',
      fileName: 'penghasilan.csv',
      value: Buffer.from(
        'Nama Biaya,Jumlah (Termasuk Pajak),Status Pelepasan Dana,Tanggal Dilepas,' +
          'Nomor Pesanan\r\n' +
          `Omset Penjualan,50000,Dilepas,2026-08-03,${order}\r\n` +
          `Biaya Komisi,-2500,Dilepas,2026-08-03,${order}\r\n`,
      ),
    },
  ]);

async function settlementPreview(): Promise<number> {
  const response = await send({
    method: 'POST',
    url: '/api/settlement-imports',
    form: settlementFile(),
  });
  if (response.statusCode !== 201) throw new Error(`settlement preview: ${response.body}`);
  return (response.json() as { id: number }).id;
}

Object.assign(CASES, {
  'POST /api/settlement-imports': {
    action: null,
    valid: () =>
      Promise.resolve({ method: 'POST', url: '/api/settlement-imports', form: settlementFile() }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/settlement-imports',
        form: multipart([
          { name: 'file', fileName: 'a.csv', value: Buffer.from('bukan,penghasilan\r\n1,2\r\n') },
        ]),
      }),
  },
  'POST /api/settlement-imports/:id/commit': {
    action: 'IMPORT_SETTLEMENT',
    valid: async () => ({
      method: 'POST',
      url: `/api/settlement-imports/${await settlementPreview()}/commit`,
    }),
    refused: () =>
      Promise.resolve({ method: 'POST', url: `/api/settlement-imports/${MISSING_ID}/commit` }),
  },
});

/** A TikTok Shop return file of one refund-only request (Pengembalian, issue 46). */
const returnFile = (order = unique('TT-AUDIT')) =>
  multipart([
    {
      name: 'file',
      fileName: 'retur.csv',
      value: Buffer.from(
        'Return Order ID,Order ID,Return Type,Return Quantity,Return unit price,Return Status,' +
          'Refund Time\r\n' +
          `R${order},${order},Refund only,1,50000,Refunded,20/09/2026 08:15:00\r\n`,
      ),
    },
  ]);

async function returnPreview(): Promise<number> {
  const response = await send({ method: 'POST', url: '/api/return-imports', form: returnFile() });
  if (response.statusCode !== 201) throw new Error(`return preview: ${response.body}`);
  return (response.json() as { id: number }).id;
}

Object.assign(CASES, {
  'POST /api/return-imports': {
    action: null,
    valid: () =>
      Promise.resolve({ method: 'POST', url: '/api/return-imports', form: returnFile() }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/return-imports',
        form: multipart([
          { name: 'file', fileName: 'a.csv', value: Buffer.from('bukan,retur\r\n1,2\r\n') },
        ]),
      }),
  },
  'POST /api/return-imports/:id/commit': {
    action: 'IMPORT_RETURNS',
    valid: async () => ({
      method: 'POST',
      url: `/api/return-imports/${await returnPreview()}/commit`,
    }),
    refused: () =>
      Promise.resolve({ method: 'POST', url: `/api/return-imports/${MISSING_ID}/commit` }),
  },
});

// Label dengan isi paket (issue 47): the labelled PDF is answered, no entry (it changes no stock
// or order); a file that is not a PDF keeps no report.
Object.assign(CASES, {
  'POST /api/shipping-labels': {
    action: null,
    valid: async () => ({
      method: 'POST',
      url: '/api/shipping-labels',
      form: multipart([
        { name: 'mode', value: 'slip' },
        { name: 'file', fileName: 'label.pdf', value: await oneLabel('SPXID0AUDIT00001') },
      ]),
    }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/shipping-labels',
        form: multipart([
          { name: 'mode', value: 'slip' },
          { name: 'file', fileName: 'label.pdf', value: Buffer.from('bukan pdf') },
        ]),
      }),
  },
});

Object.assign(CASES, {
  'POST /api/marketplace-imports': {
    action: null,
    valid: async () => ({
      method: 'POST',
      url: '/api/marketplace-imports',
      form: orderFile((await product()).code),
    }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/marketplace-imports',
        form: multipart([
          { name: 'file', fileName: 'a.csv', value: Buffer.from('bukan,pesanan\r\n1,2\r\n') },
        ]),
      }),
  },
  'POST /api/marketplace-imports/:id/commit': {
    action: 'IMPORT_MARKETPLACE_ORDERS',
    valid: async () => ({
      method: 'POST',
      url: `/api/marketplace-imports/${await previewOf((await product()).code)}/commit`,
      payload: {},
    }),
    refused: async () => ({
      method: 'POST',
      // An unknown SKU: 409 with the problem.
      url: `/api/marketplace-imports/${await previewOf(unique('TIDAK-ADA'))}/commit`,
      payload: {},
    }),
  },
  'DELETE /api/marketplace-orders/:id': {
    action: 'DELETE_MARKETPLACE_ORDER',
    valid: async () => ({
      method: 'DELETE',
      url: `/api/marketplace-orders/${await marketplaceOrder()}`,
    }),
    refused: async () => ({ method: 'DELETE', url: `/api/marketplace-orders/${MISSING_ID}` }),
  },
  'PUT /api/sku-mappings': {
    action: 'UPDATE_SKU_MAPPING',
    valid: async () => ({ method: 'PUT', url: '/api/sku-mappings', payload: await mappingBody() }),
    refused: async () => ({
      method: 'PUT',
      url: '/api/sku-mappings',
      payload: { ...(await mappingBody()), items: [{ product_code: 'TIDAK-ADA', quantity: 1 }] },
    }),
  },
  'DELETE /api/sku-mappings/:id': {
    action: 'DELETE_SKU_MAPPING',
    valid: async () => {
      const response = await send({
        method: 'PUT',
        url: '/api/sku-mappings',
        payload: await mappingBody(),
      });
      return {
        method: 'DELETE',
        url: `/api/sku-mappings/${(response.json() as { data: { id: number } }).data.id}`,
      };
    },
    refused: async () => ({ method: 'DELETE', url: `/api/sku-mappings/${MISSING_ID}` }),
  },
  'POST /api/marketplace-stock-file': {
    action: 'EXPORT_MARKETPLACE_STOCK',
    valid: async () => ({
      method: 'POST',
      url: '/api/marketplace-stock-file',
      form: stockTemplate((await product()).code),
    }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/marketplace-stock-file',
        form: multipart([
          { name: 'file', fileName: 'a.csv', value: Buffer.from('SKU,Stok\r\nA,1\r\n') },
        ]),
      }),
  },
  // The preview of the stock file: no change to the shop's data, no entry.
  'POST /api/marketplace-stock-file/preview': {
    action: null,
    valid: async () => ({
      method: 'POST',
      url: '/api/marketplace-stock-file/preview',
      form: stockTemplate((await product()).code),
    }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/marketplace-stock-file/preview',
        form: multipart([
          { name: 'file', fileName: 'a.csv', value: Buffer.from('SKU,Stok\r\nA,1\r\n') },
        ]),
      }),
  },
  // Stok Tersedia's stores: part of the shop's settings (UPDATE_SETTINGS).
  'POST /api/marketplace-stores': {
    action: 'UPDATE_SETTINGS',
    valid: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/marketplace-stores',
        payload: { channel: 'tokopedia', name: unique('Toko Audit'), buffer: 1 },
      }),
    refused: async () => {
      const name = unique('Toko Audit');
      await send({
        method: 'POST',
        url: '/api/marketplace-stores',
        payload: { channel: 'tokopedia', name },
      });
      return {
        method: 'POST',
        url: '/api/marketplace-stores',
        payload: { channel: 'tokopedia', name: name.toUpperCase() },
      };
    },
  },
  'PUT /api/marketplace-stores/:id': {
    action: 'UPDATE_SETTINGS',
    valid: async () => ({
      method: 'PUT',
      url: `/api/marketplace-stores/${await auditStore()}`,
      payload: { name: unique('Toko Audit Baru'), buffer: 7 },
    }),
    refused: () =>
      Promise.resolve({
        method: 'PUT',
        url: `/api/marketplace-stores/${MISSING_ID}`,
        payload: { buffer: 1 },
      }),
  },
  'DELETE /api/marketplace-stores/:id': {
    action: 'UPDATE_SETTINGS',
    valid: async () => ({ method: 'DELETE', url: `/api/marketplace-stores/${await auditStore()}` }),
    refused: () =>
      Promise.resolve({ method: 'DELETE', url: `/api/marketplace-stores/${MISSING_ID}` }),
  },
  // Deploy over HTTP: a shell build (the test server has no live shell for a remote to need). The
  // entry is written before the switch in one transaction: a log that refuses it switches nothing.
  'POST /api/remote-builds': {
    action: 'DEPLOY_REMOTE',
    valid: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/remote-builds',
        form: buildForm('shell', packTarGz(writeShellBuild(unique('1.0.0-audit')))),
      }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/remote-builds',
        form: buildForm('shell', packEntries([{ name: '../evil.js', body: Buffer.from('x') }])),
      }),
  },
} satisfies Partial<Record<ApiRouteKey, AuditCase>>);

function buildForm(name: string, archive: Buffer) {
  return multipart([
    { name: 'name', value: name },
    { name: 'file', value: archive, fileName: 'build.tar.gz' },
  ]);
}

/** Scan Kirim: a marketplace order of one unit of a new product, with a resi; its id and scan. */
async function packableOrder() {
  const item = await product();
  const resi = unique('PACK-AUDIT');
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date)
    values ('shopee', ${resi}, ${resi}, 'perlu_dikirim', 'Perlu Dikirim', '2026-08-01')
    returning id`);
  const id = Number(rows[0]?.id);
  await server.database.db.execute(sql`
    insert into marketplace_order_lines (order_id, sku, product_name, quantity, unit_price)
    values (${id}, ${item.code}, 'Kaos', 1, 15000)`);
  return { id, resi, scans: [{ barcode: item.barcodeId, quantity: 1 }] };
}

Object.assign(CASES, {
  'POST /api/packing/:resi/ship': {
    action: 'PACK_ORDER',
    valid: async () => {
      const order = await packableOrder();
      return {
        method: 'POST',
        url: `/api/packing/${order.resi}/ship`,
        payload: { scans: order.scans },
      };
    },
    refused: async () => {
      // One unit too many: 409 after the order is read and locked.
      const order = await packableOrder();
      const scans = order.scans.map((scan) => ({ ...scan, quantity: 2 }));
      return { method: 'POST', url: `/api/packing/${order.resi}/ship`, payload: { scans } };
    },
  },
  'POST /api/marketplace-orders/ship': {
    action: 'PACK_ORDER',
    valid: async () => ({
      method: 'POST',
      url: '/api/marketplace-orders/ship',
      payload: { ids: [(await packableOrder()).id] },
    }),
    // A refused order is reported in a 200 answer, not refused as a request.
    refused: () => null,
  },
} satisfies Partial<Record<ApiRouteKey, AuditCase>>);

/** Retur: a sale of `quantity` units of a new product with `stock`; its id, resi and product. */
async function soldRecord(stock = 10, quantity = 1) {
  const item = await product(stock);
  const body = OUTGOING.body(item, { quantity });
  const id = await created(OUTGOING.url, body);
  return { id, resi: String(body.resi_number), item };
}

const returnBody = (sale: { id: number; resi: string }, quantity = 1) => ({
  resi_number: sale.resi,
  date: '2026-11-20',
  reason: 'Salah ukuran',
  lines: [{ outgoing_goods_id: sale.id, quantity, condition: 'good' }],
});

/** Stok Opname: an open session over one new product of `stock` units. */
async function openSession(stock = 10) {
  const item = await product(stock);
  const id = await created('/api/stock-opname', {
    name: unique('Opname Audit'),
    scope: { type: 'products', product_codes: [item.code] },
  });
  return { id, item };
}

Object.assign(CASES, {
  'POST /api/returns': {
    action: 'RETURN_GOODS',
    valid: async () => ({
      method: 'POST',
      url: '/api/returns',
      payload: returnBody(await soldRecord()),
    }),
    // Two of one shipped unit: refused after the outgoing record is locked and read.
    refused: async () => ({
      method: 'POST',
      url: '/api/returns',
      payload: returnBody(await soldRecord(), 2),
    }),
  },
  'DELETE /api/returns/:id': {
    action: 'DELETE_RETURN',
    valid: async () => {
      const id = await created('/api/returns', returnBody(await soldRecord()));
      return { method: 'DELETE', url: `/api/returns/${id}` };
    },
    // The returned unit was sold again: taking it back would leave -1.
    refused: async () => {
      const sale = await soldRecord(1);
      const id = await created('/api/returns', returnBody(sale));
      await created(OUTGOING.url, OUTGOING.body(sale.item, { quantity: 1 }));
      return { method: 'DELETE', url: `/api/returns/${id}` };
    },
  },
  'POST /api/stock-opname': {
    action: 'START_STOCK_OPNAME',
    valid: async () => ({
      method: 'POST',
      url: '/api/stock-opname',
      payload: {
        name: unique('Opname Audit'),
        scope: { type: 'products', product_codes: [(await product()).code] },
      },
    }),
    // A category no product has: refused after the session row was written.
    refused: async () => ({
      method: 'POST',
      url: '/api/stock-opname',
      payload: { name: unique('Opname Kosong'), scope: { type: 'category', value: 'Tidak Ada' } },
    }),
  },
  'POST /api/stock-opname/:id/counts': {
    // A scan is no log entry (a count session has thousands); the post logs the result.
    action: null,
    valid: async () => {
      const session = await openSession();
      return {
        method: 'POST',
        url: `/api/stock-opname/${session.id}/counts`,
        payload: { barcode: session.item.barcodeId, add: 1 },
      };
    },
    refused: async () => {
      const session = await openSession();
      const outside = await product();
      return {
        method: 'POST',
        url: `/api/stock-opname/${session.id}/counts`,
        payload: { product_code: outside.code, add: 1 },
      };
    },
  },
  'POST /api/stock-opname/:id/post': {
    action: 'POST_STOCK_OPNAME',
    valid: async () => {
      const session = await openSession(10);
      await server.call(
        'POST',
        `/api/stock-opname/${session.id}/counts`,
        server.actors.managerToken,
        {
          product_code: session.item.code,
          set: 12,
        },
      );
      return { method: 'POST', url: `/api/stock-opname/${session.id}/post`, payload: {} };
    },
    // Counted 0 of 1, then the unit was sold: posting -1 would leave -1.
    refused: async () => {
      const session = await openSession(1);
      await server.call(
        'POST',
        `/api/stock-opname/${session.id}/counts`,
        server.actors.managerToken,
        {
          product_code: session.item.code,
          set: 0,
        },
      );
      await created(OUTGOING.url, OUTGOING.body(session.item, { quantity: 1 }));
      return { method: 'POST', url: `/api/stock-opname/${session.id}/post`, payload: {} };
    },
  },
  'POST /api/stock-opname/:id/cancel': {
    action: 'CANCEL_STOCK_OPNAME',
    valid: async () => ({
      method: 'POST',
      url: `/api/stock-opname/${(await openSession()).id}/cancel`,
    }),
    // Cancelled already: 409 after the session row is locked.
    refused: async () => {
      const session = await openSession();
      await server.call(
        'POST',
        `/api/stock-opname/${session.id}/cancel`,
        server.actors.managerToken,
      );
      return { method: 'POST', url: `/api/stock-opname/${session.id}/cancel` };
    },
  },
} satisfies Partial<Record<ApiRouteKey, AuditCase>>);

// Pengguna (issue 42).
Object.assign(CASES, {
  'POST /api/users': {
    action: 'CREATE_USER',
    valid: async () => ({ method: 'POST', url: '/api/users', payload: userBody() }),
    // The address is taken: 409 after the lookup inside the transaction.
    refused: async () => ({
      method: 'POST',
      url: '/api/users',
      payload: userBody(server.actors.admin.email),
    }),
  },
  'PUT /api/users/:id': {
    action: 'UPDATE_USER',
    valid: async () => ({
      method: 'PUT',
      url: `/api/users/${await created('/api/users', userBody())}`,
      payload: { role: 'manager', active: false },
    }),
    // The last active manager: 409 after the managers are locked.
    refused: async () => ({
      method: 'PUT',
      url: `/api/users/${server.actors.manager.id}`,
      payload: { role: 'admin' },
    }),
  },
  'POST /api/users/:id/reset-password': {
    action: 'RESET_PASSWORD',
    valid: async () => ({
      method: 'POST',
      url: `/api/users/${await created('/api/users', userBody())}/reset-password`,
      payload: { password: 'rahasia-baru-123' },
    }),
    refused: async () => ({
      method: 'POST',
      url: `/api/users/${MISSING_ID}/reset-password`,
      payload: { password: 'rahasia-baru-123' },
    }),
  },
} satisfies Partial<Record<ApiRouteKey, AuditCase>>);

function userBody(email = `${unique('audit-user')}@toko.test`) {
  return { name: 'Packer Audit', email, role: 'admin', password: 'rahasia-audit' };
}

// The first-manager setup writes only while no account exists: its entry is checked on an empty
// database by modules/users/users.test.ts.
const WRITE_ROUTES = (Object.keys(API_RULES) as ApiRouteKey[]).filter(
  (key) => !key.startsWith('GET ') && key !== 'POST /api/setup',
);

/** Every row of every public table: what a write that did not happen must leave as it was. */
/** Daftar Ambil (issue 47): an order of a new product to pack, with its own courier. */
async function orderToPick(): Promise<{ courier: string; item: TestProduct }> {
  const item = await product();
  const courier = unique('Kurir Audit');
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text,
                                    date, courier)
    values ('shopee', ${unique('PICK-AUDIT')}, ${unique('RESI-PICK')}, 'perlu_dikirim',
            'Perlu Dikirim', '2026-11-20', ${courier})
    returning id`);
  await server.database.db.execute(sql`
    insert into marketplace_order_lines (order_id, sku, product_name, quantity, unit_price)
    values (${rows[0]?.id}, ${item.code}, 'Kaos', 2, 15000)`);
  return { courier, item };
}

/** A pick batch of one order of a new product: its id and the product. */
async function pickBatch(): Promise<{ id: number; item: TestProduct }> {
  const { courier, item } = await orderToPick();
  return { id: await created('/api/pick-batches', { courier }), item };
}

const rackFile = (code: string) =>
  multipart([
    { name: 'file', fileName: 'rak.csv', value: Buffer.from(`Kode Barang,Rak\r\n${code},A-1\r\n`) },
  ]);

async function rackPreview(code: string): Promise<number> {
  const response = await send({
    method: 'POST',
    url: '/api/product-racks/imports',
    form: rackFile(code),
  });
  if (response.statusCode !== 201) throw new Error(`rack preview: ${response.body}`);
  return (response.json() as { id: number }).id;
}

Object.assign(CASES, {
  'POST /api/pick-batches': {
    action: 'CREATE_PICK_BATCH',
    valid: async () => ({
      method: 'POST',
      url: '/api/pick-batches',
      payload: { courier: (await orderToPick()).courier },
    }),
    // A courier no order to pack has: refused after the batch row was written.
    refused: async () => ({
      method: 'POST',
      url: '/api/pick-batches',
      payload: { courier: unique('Kurir Kosong') },
    }),
  },
  'POST /api/pick-batches/:id/picks': {
    // A scan moves no stock and changes no order: no entry.
    action: null,
    valid: async () => {
      const { id, item } = await pickBatch();
      return {
        method: 'POST',
        url: `/api/pick-batches/${id}/picks`,
        payload: { barcode: item.barcodeId },
      };
    },
    refused: async () => {
      const { id, item } = await pickBatch();
      return {
        method: 'POST',
        url: `/api/pick-batches/${id}/picks`,
        payload: { barcode: item.barcodeId, quantity: 3 },
      };
    },
  },
  'POST /api/pick-batches/:id/cancel': {
    action: 'CANCEL_PICK_BATCH',
    valid: async () => ({
      method: 'POST',
      url: `/api/pick-batches/${(await pickBatch()).id}/cancel`,
    }),
    refused: async () => {
      const { id } = await pickBatch();
      await send({ method: 'POST', url: `/api/pick-batches/${id}/cancel` });
      return { method: 'POST', url: `/api/pick-batches/${id}/cancel` };
    },
  },
  'POST /api/product-racks/imports': {
    // A preview is no change to the shop's data.
    action: null,
    valid: async () => ({
      method: 'POST',
      url: '/api/product-racks/imports',
      form: rackFile((await product()).code),
    }),
    refused: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/product-racks/imports',
        form: multipart([
          { name: 'file', fileName: 'a.csv', value: Buffer.from('Kode Barang,Nama\r\nA,B\r\n') },
        ]),
      }),
  },
  'POST /api/product-racks/imports/:id/commit': {
    action: 'IMPORT_RACKS',
    valid: async () => ({
      method: 'POST',
      url: `/api/product-racks/imports/${await rackPreview((await product()).code)}/commit`,
      payload: {},
    }),
    // An unknown product: 409 without skip_problems.
    refused: async () => ({
      method: 'POST',
      url: `/api/product-racks/imports/${await rackPreview(unique('TIDAK-ADA'))}/commit`,
      payload: {},
    }),
  },
} satisfies Partial<Record<ApiRouteKey, AuditCase>>);

// The deploy panel (issue 49): shell builds again (no live remote to need a shell); a rollback,
// mark-bad and unmark-bad write their entry before the change, in one transaction.
async function deployedShell(): Promise<string> {
  const version = unique('1.0.0-panel');
  const response = await send({
    method: 'POST',
    url: '/api/remote-builds',
    form: buildForm('shell', packTarGz(writeShellBuild(version))),
  });
  if (response.statusCode !== 200) throw new Error(`shell deploy: ${response.body}`);
  return version;
}

async function deployToken(): Promise<number> {
  const response = await send({
    method: 'POST',
    url: '/api/remote-tokens',
    payload: { name: unique('tim-audit'), remote: 'orders' },
  });
  return (response.json() as { id: number }).id;
}

const marking = (action: 'mark-bad' | 'unmark-bad', version: string): Call => ({
  method: 'POST',
  url: `/api/remote-builds/shell/versions/${version}/${action}`,
});

Object.assign(CASES, {
  'POST /api/remote-builds/:name/rollback': {
    action: 'DEPLOY_REMOTE',
    valid: async () => {
      await deployedShell();
      await deployedShell();
      return { method: 'POST', url: '/api/remote-builds/shell/rollback', payload: {} };
    },
    // orders is not in the test server's list: refused after its entry was written.
    refused: () =>
      Promise.resolve({ method: 'POST', url: '/api/remote-builds/orders/rollback', payload: {} }),
  },
  'POST /api/remote-builds/:name/versions/:version/mark-bad': {
    action: 'DEPLOY_REMOTE',
    valid: async () => marking('mark-bad', await deployedShell()),
    refused: () => Promise.resolve(marking('mark-bad', '9.9.9-tidak-ada')),
  },
  'POST /api/remote-builds/:name/versions/:version/unmark-bad': {
    action: 'DEPLOY_REMOTE',
    valid: async () => {
      const version = await deployedShell();
      await send(marking('mark-bad', version));
      return marking('unmark-bad', version);
    },
    refused: async () => marking('unmark-bad', await deployedShell()),
  },
  'POST /api/remote-tokens': {
    action: 'CREATE_DEPLOY_TOKEN',
    valid: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/remote-tokens',
        payload: { name: unique('tim-audit'), remote: 'finance' },
      }),
    refused: () => null,
  },
  'DELETE /api/remote-tokens/:id': {
    action: 'REVOKE_DEPLOY_TOKEN',
    valid: async () => ({ method: 'DELETE', url: `/api/remote-tokens/${await deployToken()}` }),
    refused: () => Promise.resolve({ method: 'DELETE', url: `/api/remote-tokens/${MISSING_ID}` }),
  },
  // A count, no entry: a browser's report is no change to the shop's data.
  'POST /api/client-errors': {
    action: null,
    valid: () =>
      Promise.resolve({
        method: 'POST',
        url: '/api/client-errors',
        payload: {
          remote: 'orders',
          version: '1.0.0',
          page: '/packing',
          kind: 'load',
          message: 'x',
        },
      }),
    refused: () => null,
  },
} satisfies Partial<Record<ApiRouteKey, AuditCase>>);

async function everything(): Promise<Record<string, string[]>> {
  const { rows: tables } = await server.database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await server.database.db.execute<{ row: string }>(
      sql.raw(`select to_jsonb(t)::text as row from "${name}" t`),
    );
    result[name] = rows.map((r) => r.row).sort();
  }
  return result;
}

async function newLogs(afterId: number) {
  const { rows } = await server.database.db.execute<{ action: string; user_email: string }>(
    sql`select action, user_email from activity_logs where id > ${afterId} order by id`,
  );
  return rows;
}

async function lastLogId(): Promise<number> {
  const { rows } = await server.database.db.execute<{ id: number | null }>(
    sql`select max(id) as id from activity_logs`,
  );
  return Number(rows[0]?.id ?? 0);
}

/** A store of its own (no orders) for the store cases. */
async function auditStore(): Promise<number> {
  const response = await send({
    method: 'POST',
    url: '/api/marketplace-stores',
    payload: { channel: 'tokopedia', name: unique('Toko Audit') },
  });
  return (response.json() as { data: { id: number } }).data.id;
}

const send = (call: Call) => {
  const options: InjectOptions = {
    method: call.method,
    url: call.url,
    headers:
      call.signedIn === false
        ? {}
        : { authorization: `Bearer ${call.token ?? server.actors.managerToken}` },
  };
  if (call.payload !== undefined) options.payload = call.payload;
  if (call.form !== undefined) {
    options.payload = call.form.payload;
    options.headers = { ...options.headers, 'content-type': call.form.contentType };
  }
  return server.app.inject(options);
};

describe('the audit trail', () => {
  it('has a case for every write route of the rules table', () => {
    expect(WRITE_ROUTES.length).toBeGreaterThan(10);
    expect(WRITE_ROUTES.filter((key) => CASES[key] === undefined)).toEqual([]);
    expect(Object.keys(CASES).filter((key) => !WRITE_ROUTES.includes(key as ApiRouteKey))).toEqual(
      [],
    );
  });

  it.each(WRITE_ROUTES.filter((key) => CASES[key] !== undefined))(
    '%s: no entry without its change, none with a refusal, one with each committed write',
    async (key) => {
      const audit = CASES[key] as AuditCase;
      const valid = await audit.valid();
      const refused = await audit.refused();

      const before = await everything();
      if (refused !== null) {
        const response = await send(refused);
        expect({ status: response.statusCode >= 400 && response.statusCode < 500 }).toEqual({
          status: true,
        });
        expect(await everything()).toEqual(before);
      }

      if (audit.action === null) {
        // No entry to fail: the write succeeds and leaves none.
        const since = await lastLogId();
        const response = await send(valid);
        expect({ ok: response.statusCode < 300, body: response.body }).toMatchObject({ ok: true });
        expect(await newLogs(since)).toEqual([]);
        return;
      }

      // The log refuses new rows: the write fails, and its change goes with it.
      await server.database.db.execute(
        sql`alter table activity_logs add constraint audit_trail_test check (false) not valid`,
      );
      try {
        const response = await send(valid);
        // (The error handler answers a violated check constraint with 400.)
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      } finally {
        await server.database.db.execute(
          sql`alter table activity_logs drop constraint audit_trail_test`,
        );
      }
      expect(await everything()).toEqual(before);

      const since = await lastLogId();
      const response = await send(valid);
      expect({ committed: response.statusCode < 300, body: response.body }).toMatchObject({
        committed: true,
      });
      expect(await newLogs(since)).toEqual([
        { action: audit.action, user_email: server.actors.manager.email },
      ]);
      await audit.after?.();
    },
  );
});

describe('the audit trail of a write sent with a client_id (issue 48)', () => {
  const withClientId = async (call: Promise<Call>, clientId: string): Promise<Call> => {
    const made = await call;
    return { ...made, payload: { ...made.payload, client_id: clientId } };
  };

  it.each([
    ['POST /api/packing/:resi/ship', 'PACK_ORDER'],
    ['POST /api/returns', 'RETURN_GOODS'],
  ] as const)(
    '%s: no entry, change or kept answer without each other; one entry for two sends',
    async (key, action) => {
      const clientId = randomUUID();
      const valid = await withClientId((CASES[key] as AuditCase).valid(), clientId);
      const before = await everything();
      await server.database.db.execute(
        sql`alter table activity_logs add constraint audit_trail_test check (false) not valid`,
      );
      try {
        expect((await send(valid)).statusCode).toBeGreaterThanOrEqual(400);
      } finally {
        await server.database.db.execute(
          sql`alter table activity_logs drop constraint audit_trail_test`,
        );
      }
      // client_requests included: the kept answer went with the change.
      expect(await everything()).toEqual(before);

      const since = await lastLogId();
      const first = await send(valid);
      const again = await send(valid);
      expect({ status: first.statusCode, again: again.body }).toEqual({
        status: 201,
        again: first.body,
      });
      expect(await newLogs(since)).toEqual([{ action, user_email: server.actors.manager.email }]);
    },
  );
});
