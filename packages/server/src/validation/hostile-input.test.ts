// Every route that takes input (body, query string or path), fed hostile values field by field:
// control characters, lone surrogates, invisible-only text, wrong JSON types, loose numbers,
// out-of-range ids, pages and numbers, out-of-window dates, over-long text, bytes that are not
// UTF-8, bidirectional overrides, a Barcode ID CODE128 cannot draw. Each must answer 4xx with an
// Indonesian message naming the field by its label, and leave the database as it was. A query
// parameter sent empty is no hostile value: it means "no filter", answered as if it were absent.
// The hostile values are derived from each route's own schema; the table below only gives a
// valid request to start from. A route the app registers without an entry here fails the test.
import {
  DATE_MIN,
  FIELD_RULES,
  fieldLabel,
  MAX_ID,
  SHIPPING_LABEL_REPORT_HEADER,
  VALIDATION_MESSAGES,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions, RouteOptions } from 'fastify';
import type { App } from '../app';
import { addDays, todayIn } from '../lib/dates';
import { insertProduct, productBody, snapshot, type TestProduct } from '../testing/fixtures';
import { multipart } from '../modules/marketplace/test-helpers';
import { oneLabel } from '../modules/shipping-labels/test-helpers';
import { packTarGz } from '../remote-builds/archive';
import { writeShellBuild } from '../remote-builds/test-builds';
import { MSG_RECORD_NOT_FOUND } from '../lib/result';
import {
  latestDate,
  MAX_PATH_VALUE_LENGTH,
  MSG_URL_NOT_UTF8,
  MSG_URL_TOO_LONG,
} from '../plugins/validation';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
  type TestUser,
} from '../testing/test-app';

interface FieldSchema {
  title?: string;
  type?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  minLength?: number;
  enum?: string[];
  const?: unknown;
  anyOf?: FieldSchema[];
  'x-text'?: { multiline?: boolean; required?: boolean; ascii?: boolean };
  'x-date'?: boolean;
  'x-money'?: boolean;
}

interface ObjectSchema {
  properties?: Record<string, FieldSchema>;
  required?: string[];
}

type Part = 'params' | 'querystring' | 'body';

interface Baseline {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

interface Fixtures {
  manager: TestUser;
  product: TestProduct;
  spareProduct: TestProduct;
  incomingId: number;
  outgoingId: number;
  damagedId: number;
  /** An outgoing record of its own for Pembukuan (outgoingId is deleted by its DELETE case). */
  pembukuanId: number;
  orderId: number;
  /** Pesanan Marketplace: a preview (committed by its case), two orders and a mapping. */
  importId: number;
  marketplaceOrderId: number;
  marketplaceOrderToDelete: number;
  skuMappingId: number;
  /** Scan Kirim: the resi of a marketplace order of one unit of the product. */
  packingResi: string;
  /** Retur: an outgoing record of 5 units (resi HOSTILE-RTR-1) and a return of 1 of them. */
  returnOutgoingId: number;
  returnId: number;
  /** Stok Opname: open sessions for the counts, the post and the cancel cases. */
  opnameCountId: number;
  opnamePostId: number;
  opnameCancelId: number;
  /** Pengguna: an account whose password the reset case changes (not the caller's). */
  spareUserId: number;
  /** Stok Tersedia: a store without orders (edited, then deleted by its cases). */
  storeId: number;
  /** Penghasilan Marketplace: an income file's preview (committed by its case). */
  settlementImportId: number;
  /** Pengembalian dari Marketplace: a return file's preview (committed by its case). */
  returnImportId: number;
  /** Label dengan isi paket: the report of a label file. */
  labelReportId: number;
  /** Daftar Ambil: batches for the picks and the cancel cases; Rak: a rack file's preview. */
  pickBatchId: number;
  pickCancelId: number;
  rackImportId: number;
  /** The deploy panel: a deploy token (revoked by its case); shell versions kept (deploys.ts). */
  remoteTokenId: number;
  shellVersions: { older: string; unmarked: string; marked: string };
  today: string;
}

const SHOP_TIMEZONE = 'Asia/Jakarta';
/** Stands in a body value for one byte that is not UTF-8 (0xFF); requestOf sends the raw bytes. */
const NOT_UTF8 = '@@NOT-UTF8@@';

/** A valid request of every route that takes input; the hostile cases vary one field of it. */
const ROUTES: Record<string, (f: Fixtures) => Baseline> = {
  'POST /api/auth/login': (f) => ({
    body: { email: f.manager.email, password: f.manager.password },
  }),
  'GET /api/products': () => ({ query: { page: '1', limit: '10', search: 'kaos', sort: 'brand' } }),
  'GET /api/products/barcode/:barcode': (f) => ({ params: { barcode: f.product.barcodeId } }),
  'GET /api/products/:id/ledger': (f) => ({
    params: { id: String(f.product.id) },
    query: { startDate: addDays(f.today, -30), endDate: f.today },
  }),
  'POST /api/products': () => ({ body: pricedProduct('HOSTILE-NEW') }),
  'PUT /api/products/:id': (f) => ({
    params: { id: String(f.spareProduct.id) },
    body: pricedProduct('HOSTILE-SPARE'),
  }),
  'DELETE /api/products/:id': (f) => ({ params: { id: String(f.spareProduct.id) } }),
  'GET /api/dashboard/stats': () => ({ query: { period: 'month' } }),
  'GET /api/incoming-goods': () => ({
    query: { page: '1', limit: '10', search: 'resi', sort: 'date' },
  }),
  'GET /api/incoming-goods/check-resi/:resi': (f) => ({
    params: { resi: 'HOSTILE-IN-1' },
    query: { excludeId: String(f.incomingId) },
  }),
  'GET /api/incoming-goods/for-comparison': (f) => ({
    query: { productCodes: f.product.code, startDate: addDays(f.today, -7), endDate: f.today },
  }),
  'POST /api/incoming-goods': (f) => ({ body: incomingBody(f, 'HOSTILE-IN-NEW') }),
  'PUT /api/incoming-goods/:id': (f) => ({
    params: { id: String(f.incomingId) },
    body: incomingBody(f, 'HOSTILE-IN-1'),
  }),
  'DELETE /api/incoming-goods/:id': (f) => ({ params: { id: String(f.incomingId) } }),
  'GET /api/outgoing-goods': () => ({
    query: { page: '1', limit: '10', search: 'resi', sort: 'brand_desc' },
  }),
  'GET /api/outgoing-goods/check-resi/:resi': (f) => ({
    params: { resi: 'HOSTILE-OUT-1' },
    query: { excludeId: String(f.outgoingId) },
  }),
  'POST /api/outgoing-goods': (f) => ({ body: outgoingBody(f, 'HOSTILE-OUT-NEW') }),
  'PUT /api/outgoing-goods/:id': (f) => ({
    params: { id: String(f.outgoingId) },
    body: outgoingBody(f, 'HOSTILE-OUT-1'),
  }),
  'DELETE /api/outgoing-goods/:id': (f) => ({ params: { id: String(f.outgoingId) } }),
  'GET /api/damaged-goods': () => ({ query: { page: '2', limit: '20', search: 'pecah' } }),
  'POST /api/damaged-goods': (f) => ({ body: damagedBody(f) }),
  'PUT /api/damaged-goods/:id': (f) => ({
    params: { id: String(f.damagedId) },
    body: damagedBody(f),
  }),
  'DELETE /api/damaged-goods/:id': (f) => ({ params: { id: String(f.damagedId) } }),
  'GET /api/reports': (f) => ({
    query: {
      type: 'stock',
      startDate: addDays(f.today, -7),
      endDate: f.today,
      includeEmpty: 'true',
    },
  }),
  'GET /api/reports/stock': (f) => ({
    query: {
      startDate: addDays(f.today, -7),
      endDate: f.today,
      includeEmpty: 'true',
      page: '2',
      limit: '20',
    },
  }),
  'POST /api/barcode/generate': (f) => ({ body: { product_code: f.product.code } }),
  'GET /api/activity-logs': () => ({
    query: { page: '1', limit: '1000', search: 'barang', action: 'INCOMING_GOODS' },
  }),
  'GET /api/pembukuan': (f) => ({
    query: {
      page: '1',
      limit: '10',
      search: 'kaos',
      startDate: addDays(f.today, -7),
      endDate: f.today,
    },
  }),
  'GET /api/pembukuan/stats': (f) => ({
    query: { startDate: addDays(f.today, -7), endDate: f.today },
  }),
  'POST /api/pembukuan': (f) => ({
    body: {
      outgoing_goods_id: f.pembukuanId,
      purchase_price: 10000,
      selling_price: 12500.5,
      discount: 250,
    },
  }),
  'GET /api/orders': (f) => ({
    query: {
      page: '1',
      limit: '10',
      search: 'kaos',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
    },
  }),
  'GET /api/orders/summary': (f) => ({
    query: {
      page: '1',
      limit: '5',
      search: 'hostile',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
    },
  }),
  'POST /api/orders': (f) => ({ body: orderBody(f, 'HOSTILE-ORD-NEW') }),
  'PUT /api/orders/:id': (f) => ({
    params: { id: String(f.orderId) },
    body: orderBody(f, 'HOSTILE-ORD-1'),
  }),
  'DELETE /api/orders/:id': (f) => ({ params: { id: String(f.orderId) } }),
  'GET /api/marketplace-imports/:id': (f) => ({ params: { id: String(f.importId) } }),
  'POST /api/marketplace-imports/:id/commit': (f) => ({
    params: { id: String(f.importId) },
    body: { skip_problems: true },
  }),
  'GET /api/marketplace-orders': (f) => ({
    query: {
      page: '1',
      limit: '20',
      search: 'hostile',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
      channel: 'shopee',
      status: 'perlu_dikirim',
    },
  }),
  'GET /api/marketplace-orders/:id': (f) => ({ params: { id: String(f.marketplaceOrderId) } }),
  'DELETE /api/marketplace-orders/:id': (f) => ({
    params: { id: String(f.marketplaceOrderToDelete) },
  }),
  'GET /api/sku-mappings': () => ({ query: { page: '1', limit: '50', search: 'sku' } }),
  'PUT /api/sku-mappings': (f) => ({
    body: {
      channel: 'shopee',
      sku: 'HOSTILE-SKU',
      variation: 'Merah',
      items: [{ product_code: f.product.code, quantity: 2 }],
    },
  }),
  'DELETE /api/sku-mappings/:id': (f) => ({ params: { id: String(f.skuMappingId) } }),
  'GET /api/restock': () => ({ query: { page: '1', limit: '10', search: 'kaos' } }),
  'GET /api/dashboard/daily': (f) => ({
    query: { startDate: addDays(f.today, -30), endDate: f.today },
  }),
  'POST /api/orders/from-restock': (f) => ({
    body: { items: [{ product_code: f.product.code, quantity: 2, price: 1500 }] },
  }),
  'PUT /api/settings': () => ({ body: { targetStockDays: 21 } }),
  'GET /api/packing/:resi': (f) => ({ params: { resi: f.packingResi } }),
  'POST /api/packing/:resi/ship': (f) => ({
    params: { resi: f.packingResi },
    body: {
      scans: [{ barcode: f.product.barcodeId, quantity: 1 }],
      client_id: '5f0c7a52-3f64-4c4e-9b39-0c1c7bba0a01',
    },
  }),
  'POST /api/marketplace-orders/ship': (f) => ({ body: { ids: [f.marketplaceOrderId] } }),
  'GET /api/returns/lookup/:resi': () => ({ params: { resi: 'HOSTILE-RTR-1' } }),
  'GET /api/returns': (f) => ({
    query: {
      page: '1',
      limit: '20',
      search: 'hostile',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
    },
  }),
  'POST /api/returns': (f) => ({
    body: { ...returnBody(f), client_id: '5f0c7a52-3f64-4c4e-9b39-0c1c7bba0a02' },
  }),
  'DELETE /api/returns/:id': (f) => ({ params: { id: String(f.returnId) } }),
  'GET /api/stock-opname': () => ({
    query: { page: '1', limit: '10', search: 'opname', status: 'open' },
  }),
  'POST /api/stock-opname': (f) => ({
    body: {
      name: 'Opname Hostile',
      scope: { type: 'products', value: 'Kaos', product_codes: [f.product.code] },
    },
  }),
  'GET /api/stock-opname/:id': (f) => ({ params: { id: String(f.opnameCountId) } }),
  'POST /api/stock-opname/:id/counts': (f) => ({
    params: { id: String(f.opnameCountId) },
    body: {
      product_code: f.product.code,
      set: 3,
      client_id: '5f0c7a52-3f64-4c4e-9b39-0c1c7bba0a03',
    },
  }),
  'POST /api/stock-opname/:id/post': (f) => ({
    params: { id: String(f.opnamePostId) },
    body: { zero_uncounted: false },
  }),
  'POST /api/stock-opname/:id/cancel': (f) => ({ params: { id: String(f.opnameCancelId) } }),
  'POST /api/users': () => ({
    body: {
      name: 'Packer Hostile',
      email: 'hostile@toko.test',
      role: 'admin',
      password: 'rahasia-123',
    },
  }),
  'PUT /api/users/:id': (f) => ({
    params: { id: String(f.spareUserId) },
    body: { name: 'Packer Cadangan', role: 'admin', active: true },
  }),
  'POST /api/users/:id/reset-password': (f) => ({
    params: { id: String(f.spareUserId) },
    body: { password: 'rahasia-baru-123' },
  }),
  // The deploy panel (issue 49).
  'POST /api/remote-builds/:name/rollback': (f) => ({
    params: { name: 'shell' },
    body: { to: f.shellVersions.older },
  }),
  'POST /api/remote-builds/:name/versions/:version/mark-bad': (f) => ({
    params: { name: 'shell', version: f.shellVersions.unmarked },
  }),
  'POST /api/remote-builds/:name/versions/:version/unmark-bad': (f) => ({
    params: { name: 'shell', version: f.shellVersions.marked },
  }),
  'POST /api/remote-tokens': () => ({ body: { name: 'tim-hostile', remote: 'orders' } }),
  'DELETE /api/remote-tokens/:id': (f) => ({ params: { id: String(f.remoteTokenId) } }),
  'POST /api/client-errors': () => ({
    body: { remote: 'orders', version: '1.0.0', page: '/packing', kind: 'load', message: 'x' },
  }),
  'POST /api/setup': () => ({
    body: {
      token: 'token-penyiapan',
      name: 'Pemilik',
      email: 'pemilik@toko.test',
      password: 'rahasia-123',
    },
  }),
  'GET /api/marketplace-stores': () => ({ query: { channel: 'shopee' } }),
  'POST /api/marketplace-stores': () => ({
    body: { channel: 'tiktok', name: 'Toko Hostile', buffer: 3 },
  }),
  'PUT /api/marketplace-stores/:id': (f) => ({
    params: { id: String(f.storeId) },
    body: { name: 'Toko Hostile Dua', buffer: 2 },
  }),
  'DELETE /api/marketplace-stores/:id': (f) => ({ params: { id: String(f.storeId) } }),
  'GET /api/reservations': (f) => ({
    query: { product_code: f.product.code, page: '1', limit: '10' },
  }),
  'GET /api/dashboard/short-orders': () => ({ query: { page: '1', limit: '10' } }),
  'GET /api/settlement-imports/:id': (f) => ({ params: { id: String(f.settlementImportId) } }),
  'GET /api/shipping-labels/:id/report': (f) => ({ params: { id: String(f.labelReportId) } }),
  'GET /api/pick-batches': () => ({ query: { page: '1', limit: '20', status: 'open' } }),
  'GET /api/pick-batches/available': (f) => ({
    query: {
      channel: 'shopee',
      courier: 'SPX Hostile',
      startDate: addDays(f.today, -365),
      endDate: f.today,
    },
  }),
  'GET /api/pick-batches/:id': (f) => ({ params: { id: String(f.pickBatchId) } }),
  'POST /api/pick-batches': (f) => ({
    body: {
      channel: 'shopee',
      courier: 'SPX Hostile',
      startDate: addDays(f.today, -365),
      endDate: f.today,
      limit: 5,
    },
  }),
  'POST /api/pick-batches/:id/picks': (f) => ({
    params: { id: String(f.pickBatchId) },
    body: { barcode: f.product.barcodeId, quantity: 1 },
  }),
  'POST /api/pick-batches/:id/cancel': (f) => ({ params: { id: String(f.pickCancelId) } }),
  'GET /api/product-racks/imports/:id': (f) => ({ params: { id: String(f.rackImportId) } }),
  'POST /api/product-racks/imports/:id/commit': (f) => ({
    params: { id: String(f.rackImportId) },
    body: { skip_problems: true },
  }),
  'POST /api/settlement-imports/:id/commit': (f) => ({
    params: { id: String(f.settlementImportId) },
  }),
  'GET /api/return-imports/:id': (f) => ({ params: { id: String(f.returnImportId) } }),
  'POST /api/return-imports/:id/commit': (f) => ({ params: { id: String(f.returnImportId) } }),
  'GET /api/marketplace-returns': (f) => ({
    query: {
      list: 'not_received',
      page: '1',
      limit: '20',
      search: 'hostile',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
      channel: 'lazada',
      store_id: String(f.storeId),
    },
  }),
  'GET /api/marketplace-returns/summary': (f) => ({
    query: {
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
      channel: 'lazada',
      store_id: String(f.storeId),
    },
  }),
  'GET /api/settlements': (f) => ({
    query: {
      page: '1',
      limit: '20',
      search: 'hostile',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
      channel: 'lazada',
      store_id: String(f.storeId),
    },
  }),
  'GET /api/settlements/summary': (f) => ({
    query: {
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
      channel: 'lazada',
      store_id: String(f.storeId),
    },
  }),
  'GET /api/settlements/checks': (f) => ({
    query: {
      page: '1',
      limit: '20',
      search: 'hostile',
      startDate: addDays(f.today, -7),
      endDate: addDays(f.today, 7),
      channel: 'lazada',
      store_id: String(f.storeId),
      kind: 'underpaid',
    },
  }),
  'GET /api/stock-adjustments': (f) => ({
    query: {
      page: '1',
      limit: '50',
      search: 'opname',
      startDate: addDays(f.today, -7),
      endDate: f.today,
    },
  }),
};

function returnBody(f: Fixtures) {
  return {
    resi_number: 'HOSTILE-RTR-1',
    date: f.today,
    reason: 'Salah ukuran',
    lines: [{ outgoing_goods_id: f.returnOutgoingId, quantity: 1, condition: 'good' }],
  };
}

/** Routes that take input but are not the API's: the documentation UI and the static files. */
const NOT_API = (route: RouteOptions) =>
  route.url.startsWith('/api/docs') || !route.url.startsWith('/api');

function pricedProduct(code: string) {
  return productBody(code, {
    name: 'Kaos Polos Hitam',
    initial_stock: 5,
    purchase_price: 25000,
    selling_price: 39999.99,
  });
}

function incomingBody(f: Fixtures, resi: string) {
  return {
    product_code: f.product.code,
    product_name: f.product.name,
    category: 'Kaos',
    brand: 'Merek',
    resi_number: resi,
    quantity: 2,
    platform: 'Shopee',
    date: f.today,
  };
}

function outgoingBody(f: Fixtures, resi: string) {
  return {
    product_code: f.product.code,
    product_name: f.product.name,
    category: 'Kaos',
    brand: 'Merek',
    resi_number: resi,
    quantity: 1,
    barcode: f.product.barcodeId,
    date: f.today,
  };
}

function damagedBody(f: Fixtures) {
  return {
    barcode_id: f.product.barcodeId,
    code: f.product.code,
    name: f.product.name,
    stock: 1,
    category: 'Kaos',
    brand: 'Merek',
    damage_reason: 'Pecah di jalan\nkardus basah',
    date: f.today,
  };
}

function orderBody(f: Fixtures, resi: string) {
  return {
    date: f.today,
    product_code: f.product.code,
    product_name: f.product.name,
    category: 'Kaos',
    brand: 'Merek',
    quantity: 2,
    price: 12500.5,
    resi_number: resi,
    bank: 'BCA',
  };
}

interface HostileCase {
  /** What the case sends, for the failure report. */
  label: string;
  /** The field's own label in its schema (title), where its name means something else elsewhere. */
  title?: string;
  part: Part;
  field: string;
  /** Body: the JSON value; query/path: the raw (already encoded) text; undefined: left out. */
  value: unknown;
  /** Query only: send the field twice. */
  twice?: boolean;
  /**
   * A list of objects (items): the hostile value goes into this field of the baseline's first
   * item (undefined: left out of it), and the message names this field.
   */
  itemField?: string;
  /** itemField is a field of an object (not of a list's first item): scope.type. */
  inObject?: boolean;
}

interface ArraySchema extends FieldSchema {
  items?: ObjectSchema & FieldSchema;
}

/** The schema a field's rules come from (a nullable field's non-null branch). */
function ruleSchema(schema: FieldSchema): FieldSchema {
  const options = schema.anyOf ?? [];
  // A ChoiceField: a union of words.
  if (options.length > 0 && options.every((option) => option.const !== undefined))
    return { type: 'string', enum: options.map((option) => String(option.const)) };
  const inner = options.find((option) => option.type !== 'null');
  // A nullable ChoiceField: the union of words inside.
  return inner === undefined ? schema : ruleSchema(inner);
}

function hostileValues(schema: FieldSchema, part: Part, today: string): [string, unknown][] {
  const rule = ruleSchema(schema);
  const inBody = part === 'body';
  const values: [string, unknown][] = [];
  const wrongTypes: [string, unknown][] = inBody
    ? [
        // (true is no wrong type for a boolean)
        ...(rule.type === 'boolean' ? [] : [['true', true] as [string, unknown]]),
        ['array', [rule.type === 'string' ? 'a' : 2]],
        ['object', { value: 1 }],
      ]
    : [];
  if (rule.enum !== undefined) {
    values.push(
      ['unknown word', 'bukan-pilihan'],
      ['NUL', inBody ? 'a\u0000' : '%00'],
      ['not UTF-8', inBody ? `a${NOT_UTF8}` : 'a%FF'],
    );
    if (inBody) values.push(['empty', '']);
    return [...values, ...wrongTypes];
  }
  if (rule.type === 'string' && rule['x-date'] === true) {
    const afterWindow = addDays(latestDate(SHOP_TIMEZONE), 1);
    values.push(
      ['before the window', addDays(DATE_MIN, -1)],
      ['after the window', afterWindow],
      ['year 1', '0001-01-01'],
      ['year 9999', '9999-12-31'],
      ['30 February', `${today.slice(0, 4)}-02-30`],
      ['dd-mm-yyyy', '20-11-2026'],
      ['with a time', inBody ? `${today}T00:00:00Z` : `${today}T00%3A00%3A00Z`],
    );
    if (inBody) values.push(['empty', ''], ['number', 20261120], ['null', null]);
    return [...values, ...wrongTypes];
  }
  if (rule.type === 'string') {
    const multiline = rule['x-text']?.multiline === true;
    const tooLong = 'x'.repeat((rule.maxLength ?? 100) + 1);
    values.push(
      ['NUL', inBody ? 'ab\u0000c' : 'ab%00c'],
      ['bell', inBody ? 'ab\u0007c' : 'ab%07c'],
      ['escape', inBody ? '\u001b[31mab' : '%1B%5B31mab'],
      ['DEL', inBody ? 'ab\u007f' : 'ab%7F'],
      ['C1 control', inBody ? 'ab\u0085' : 'ab%C2%85'],
      ['zero-width spaces only', inBody ? '\u200b\u200b' : '%E2%80%8B%E2%80%8B'],
      ['BOM and word joiner only', inBody ? '\ufeff\u2060' : '%EF%BB%BF%E2%81%A0'],
      ['too long', tooLong],
      ['not UTF-8 (a lone 0xFF)', inBody ? `ab${NOT_UTF8}c` : 'ab%FFc'],
      ['not UTF-8 (a cut sequence)', inBody ? `ab${NOT_UTF8}` : 'ab%C3%28'],
      ['replacement character', inBody ? 'ab\ufffd' : 'ab%EF%BF%BD'],
      ['right-to-left override', inBody ? 'ab\u202ecd' : 'ab%E2%80%AEcd'],
      ['left-to-right embedding', inBody ? '\u202aab' : '%E2%80%AAab'],
      ['first strong isolate', inBody ? 'ab\u2068cd\u2069' : 'ab%E2%81%A8cd%E2%81%A9'],
    );
    if (!multiline) values.push(['line break', inBody ? 'ab\ncd' : 'ab%0Acd']);
    if (rule['x-text']?.ascii === true)
      values.push(['not printable ASCII', inBody ? 'BC ÄÖ 123' : 'BC%20%C3%84%C3%96%20123']);
    if (inBody) {
      values.push(
        ['lone high surrogate', 'ab\ud800c'],
        ['lone low surrogate', '\udc00ab'],
        ['number', 12345],
        ['null', null],
      );
    }
    return [...values, ...wrongTypes];
  }
  if (rule.type === 'integer' || rule.type === 'number') {
    const minimum = rule.minimum ?? 0;
    const maximum = rule.maximum ?? MAX_ID;
    values.push(
      ['hex', '0x10'],
      ['exponent', '1e3'],
      ['sign', inBody ? '+5' : '%2B5'],
      ['negative text', '-1'],
      ['fraction text', rule.type === 'integer' ? '1.5' : '1.505'],
      ['spaces', inBody ? ' 5' : '%205'],
      ['not UTF-8', inBody ? `5${NOT_UTF8}` : '5%FF'],
      ['letters after digits', '1abc'],
      ['above the maximum', inBody ? maximum + 1 : String(maximum + 1)],
      ['far above', inBody ? 2 ** 40 : '99999999999999999999'],
      ['below the minimum', inBody ? minimum - 1 : String(minimum - 1)],
    );
    if (inBody) {
      values.push(
        ['empty', ''],
        ['fraction', rule.type === 'integer' ? 1.5 : 1.505],
        ['null', null],
        ['exponent number', 1e300],
      );
    }
    return [...values, ...wrongTypes];
  }
  if (rule.type === 'boolean') {
    values.push(['yes', 'yes'], ['1', '1']);
    if (inBody) values.push(['empty', ''], ['number', 1], ['null', null]);
    return [...values, ...wrongTypes];
  }
  if (rule.type === 'array' && inBody) {
    // A list whose schema says minItems: 0 takes [] as a value (the kill switch's clears it).
    if (rule.minItems !== 0) values.push(['empty', []]);
    values.push(
      ['too many', Array.from({ length: (rule.maxItems ?? 100) + 1 }, () => ({}))],
      ['text', 'a'],
      ['item of wrong type', ['a']],
      ['item missing its fields', [{}]],
      ['item with a control character', [{ product_code: 'ab\u0000c', quantity: 1 }]],
      ['item with quantity 0', [{ product_code: 'KODE', quantity: 0 }]],
      ['item with a fraction', [{ product_code: 'KODE', quantity: 1.5 }]],
      ['null', null],
    );
    return values;
  }
  throw new Error(`no hostile values for schema ${JSON.stringify(schema)}`);
}

function hostileCases(route: RouteOptions, today: string): HostileCase[] {
  const schema = (route.schema ?? {}) as Partial<Record<Part, ObjectSchema>>;
  const cases: HostileCase[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const properties = schema[part]?.properties ?? {};
    for (const [field, fieldSchema] of Object.entries(properties)) {
      const nested = fieldSchema as ObjectSchema & FieldSchema;
      if (fieldSchema.type === 'object' && nested.properties !== undefined) {
        // An object (a stock-opname's scope): wrong shapes of it, then each of its fields.
        for (const [label, value] of [
          ['text', 'abc'],
          ['number', 5],
          ['list', [1]],
          ['null', null],
        ] as [string, unknown][])
          cases.push({ label: `${field}: ${label}`, part, field, value });
        for (const [innerField, innerSchema] of Object.entries(nested.properties)) {
          const base = { part, field, itemField: innerField, inObject: true };
          const innerItems = (innerSchema as ArraySchema).items;
          const values =
            innerSchema.type === 'array' && innerItems !== undefined
              ? [
                  ['text', 'abc'] as [string, unknown],
                  ['null', null] as [string, unknown],
                  ...hostileValues(innerItems, part, today).map(
                    ([label, value]): [string, unknown] => [`item ${label}`, [value]],
                  ),
                ]
              : hostileValues(innerSchema, part, today);
          for (const [label, value] of values)
            cases.push({ ...base, label: `${field}.${innerField}: ${label}`, value });
          if (nested.required?.includes(innerField))
            cases.push({ ...base, label: `${field}.${innerField}: missing`, value: undefined });
        }
        if (schema.body?.required?.includes(field))
          cases.push({ label: `${field}: missing`, part, field, value: undefined });
        continue;
      }
      const items = (fieldSchema as ArraySchema).items;
      if (fieldSchema.type === 'array' && items?.type === 'object') {
        // A list of objects: wrong shapes of the list, then each item field's hostile values.
        for (const [label, value] of [
          ['text', 'abc'],
          ['number', 5],
          ['object', { value: 1 }],
          ['null', null],
          ['empty', []],
        ] as [string, unknown][])
          cases.push({ label: `${field}: ${label}`, part, field, value });
        for (const [itemField, itemSchema] of Object.entries(items.properties ?? {})) {
          for (const [label, value] of hostileValues(itemSchema, part, today))
            cases.push({ label: `${field}.${itemField}: ${label}`, part, field, value, itemField });
          if (items.required?.includes(itemField))
            cases.push({
              label: `${field}.${itemField}: missing`,
              part,
              field,
              value: undefined,
              itemField,
            });
        }
        if (schema.body?.required?.includes(field))
          cases.push({ label: `${field}: missing`, part, field, value: undefined });
        continue;
      }
      // null is no hostile value of a field whose schema allows it (an order's bank); an optional
      // body field sent as null, or an optional number as '', is read as absent (the number rule).
      const allowsNull = (fieldSchema.anyOf ?? []).some((option) => option.type === 'null');
      const optionalInBody = part === 'body' && !(schema.body?.required ?? []).includes(field);
      const rule = ruleSchema(fieldSchema);
      const isNumber = rule.type === 'integer' || rule.type === 'number';
      const title = typeof fieldSchema.title === 'string' ? { title: fieldSchema.title } : {};
      for (const [label, value] of hostileValues(fieldSchema, part, today)) {
        if (value === null && (allowsNull || optionalInBody)) continue;
        if (value === '' && optionalInBody && isNumber) continue;
        cases.push({ label: `${field}: ${label}`, part, field, value, ...title });
      }
      if (part === 'querystring')
        cases.push({ label: `${field}: twice`, part, field, value: undefined, twice: true });
      if (part === 'body' && schema.body?.required?.includes(field))
        cases.push({ label: `${field}: missing`, part, field, value: undefined, ...title });
    }
  }
  return cases;
}

const encodeAll = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, encodeURIComponent(value)]),
  );

function requestOf(
  route: RouteOptions,
  method: string,
  baseline: Baseline,
  hostile?: HostileCase,
  /** Sent as they are (not encoded): the empty-parameter cases. */
  rawQuery: Record<string, string> = {},
): InjectOptions {
  const without = <T>(values: Record<string, T>, field: string) =>
    Object.fromEntries(Object.entries(values).filter(([key]) => key !== field));
  const params = encodeAll(baseline.params ?? {});
  let query = encodeAll(baseline.query ?? {});
  let body: Record<string, unknown> | undefined =
    baseline.body === undefined ? undefined : { ...baseline.body };
  const queryParts: string[] = [];
  if (hostile?.part === 'params') params[hostile.field] = String(hostile.value);
  if (hostile?.part === 'querystring') {
    if (hostile.twice) {
      queryParts.push(`${hostile.field}=1`, `${hostile.field}=2`);
      query = without(query, hostile.field);
    } else query[hostile.field] = String(hostile.value);
  }
  if (hostile?.part === 'body' && body !== undefined && hostile.inObject === true) {
    const inner = without(
      { ...(baseline.body?.[hostile.field] as object) },
      hostile.itemField ?? '',
    );
    if (hostile.value !== undefined) inner[hostile.itemField ?? ''] = hostile.value;
    body[hostile.field] = inner;
  } else if (hostile?.part === 'body' && body !== undefined && hostile.itemField !== undefined) {
    const [first] = baseline.body?.[hostile.field] as Record<string, unknown>[];
    const item = without({ ...first }, hostile.itemField);
    if (hostile.value !== undefined) item[hostile.itemField] = hostile.value;
    body[hostile.field] = [item];
  } else if (hostile?.part === 'body' && body !== undefined) {
    if (hostile.value === undefined) body = without(body, hostile.field);
    else body[hostile.field] = hostile.value;
  }
  for (const [key, value] of Object.entries({ ...query, ...rawQuery }))
    queryParts.push(`${key}=${value}`);
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no baseline value for :${name} of ${route.url}`);
    return value;
  });
  return {
    method: method as InjectOptions['method'],
    headers: {
      ...authHeader(token),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    url: queryParts.length > 0 ? `${path}?${queryParts.join('&')}` : path,
    ...(body === undefined ? {} : { payload: jsonPayload(body) }),
  };
}

/** The JSON of a body; a NOT_UTF8 mark in it is sent as the byte 0xFF, which no UTF-8 text has. */
function jsonPayload(body: Record<string, unknown>): Buffer {
  const parts = JSON.stringify(body)
    .split(NOT_UTF8)
    .map((part) => Buffer.from(part, 'utf8'));
  return Buffer.concat(
    parts.flatMap((part, index) => (index === 0 ? [part] : [Buffer.from([0xff]), part])),
  );
}

/** True when the answer refuses the hostile value the way the validation layer must. */
function refusal(
  hostile: HostileCase,
  status: number,
  body: unknown,
): { ok: true } | { ok: false; why: string } {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return { ok: false, why: `no message (${status})` };
  // A path id no row can have is simply not found.
  if (hostile.part === 'params' && status === 404 && message === MSG_RECORD_NOT_FOUND)
    return { ok: true };
  // Path escapes that are not UTF-8 fail in the router, before any field is known.
  if (hostile.part === 'params' && status === 400 && message === MSG_URL_NOT_UTF8)
    return hostile.label.includes('not UTF-8') ? { ok: true } : { ok: false, why: message };
  if (status !== 400) return { ok: false, why: `${status} ${message}` };
  const label =
    hostile.title ??
    (hostile.inObject === true
      ? fieldLabel(hostile.itemField ?? hostile.field, hostile.field)
      : fieldLabel(hostile.itemField ?? hostile.field));
  if (!message.startsWith(`${label} `)) return { ok: false, why: `message '${message}'` };
  if (/field|invalid|must|required/i.test(message))
    return { ok: false, why: `not Indonesian: '${message}'` };
  return { ok: true };
}

let database: TestDatabase;
let app: App;
let token: string;
let fixtures: Fixtures;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, {
    env: { SHOP_TIMEZONE },
    loginLimits: { ipMax: 100_000 },
    onRoute: (route) => routes.push(route),
  });
  const manager = await createTestUser(database, 'manager');
  token = await login(app, manager.email, manager.password);
  const product = await insertProduct(database, { stock: 50, code: 'HOSTILE-P' });
  const spareProduct = await insertProduct(database, { stock: 0, code: 'HOSTILE-SPARE' });
  const today = todayIn(SHOP_TIMEZONE);
  const partial = { manager, product, spareProduct, today } as Fixtures;
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url, headers: authHeader(token), payload });
    if (response.statusCode !== 201) throw new Error(`${url}: ${response.body}`);
    return (response.json() as { data: { id: number } }).data.id;
  };
  fixtures = {
    ...partial,
    incomingId: await post('/api/incoming-goods', incomingBody(partial, 'HOSTILE-IN-1')),
    outgoingId: await post('/api/outgoing-goods', outgoingBody(partial, 'HOSTILE-OUT-1')),
    damagedId: await post('/api/damaged-goods', damagedBody(partial)),
    pembukuanId: await post('/api/outgoing-goods', outgoingBody(partial, 'HOSTILE-BUKU-1')),
    orderId: await post('/api/orders', orderBody(partial, 'HOSTILE-ORD-1')),
    ...(await marketplaceFixtures(product.code)),
    packingResi: await packingOrder(product.code),
    ...(await correctionFixtures(partial, post)),
    spareUserId: (await createTestUser(database, 'admin')).id,
    storeId: await post('/api/marketplace-stores', { channel: 'lazada', name: 'Toko Cadangan' }),
    settlementImportId: await settlementPreview(),
    returnImportId: await returnPreview(),
    labelReportId: await labelReport(),
    ...(await pickFixtures(product.code, today, post)),
    ...(await deployFixtures()),
  };
}, 60_000);

/**
 * The deploy panel: a deploy token; four shell versions deployed in turn (the first to roll back
 * to, one to mark bad, one marked bad to unmark, the live one).
 */
async function deployFixtures() {
  const made = await app.inject({
    method: 'POST',
    url: '/api/remote-tokens',
    headers: authHeader(token),
    payload: { name: 'tim-hostile', remote: 'orders' },
  });
  if (made.statusCode !== 201) throw new Error(`remote token: ${made.body}`);
  const versions = ['1.0.0-older', '1.0.0-unmarked', '1.0.0-marked', '1.0.0-live'];
  for (const version of versions) {
    const body = multipart([
      { name: 'name', value: 'shell' },
      { name: 'file', value: packTarGz(writeShellBuild(version)), fileName: 'build.tar.gz' },
    ]);
    const deployed = await app.inject({
      method: 'POST',
      url: '/api/remote-builds',
      headers: { ...authHeader(token), 'content-type': body.contentType },
      payload: body.payload,
    });
    if (deployed.statusCode !== 200) throw new Error(`shell ${version}: ${deployed.body}`);
  }
  const marked = await app.inject({
    method: 'POST',
    url: '/api/remote-builds/shell/versions/1.0.0-marked/mark-bad',
    headers: authHeader(token),
  });
  if (marked.statusCode !== 200) throw new Error(`mark-bad: ${marked.body}`);
  return {
    remoteTokenId: (made.json() as { id: number }).id,
    shellVersions: { older: '1.0.0-older', unmarked: '1.0.0-unmarked', marked: '1.0.0-marked' },
  };
}

/**
 * Daftar Ambil and Rak: three orders of the product to pack (a courier each), two of them in
 * batches (picks, cancel), the third left for the create case; a rack file's preview.
 */
async function pickFixtures(
  code: string,
  today: string,
  post: (url: string, payload: Record<string, unknown>) => Promise<number>,
) {
  for (const courier of ['SPX Fixture', 'SPX Batal', 'SPX Hostile']) {
    const { rows } = await database.db.execute<{ id: number }>(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text,
                                      date, courier)
      values ('shopee', ${`HOSTILE-${courier}`}, ${`RESI-${courier}`}, 'perlu_dikirim',
              'Perlu Dikirim', ${today}::date, ${courier})
      returning id`);
    await database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, product_name, quantity, unit_price)
      values (${rows[0]?.id}, ${code}, 'Kaos', 5, 15000)`);
  }
  const body = multipart([
    { name: 'file', value: Buffer.from(`Kode Barang,Rak\r\n${code},H-1\r\n`), fileName: 'rak.csv' },
  ]);
  const rack = await app.inject({
    method: 'POST',
    url: '/api/product-racks/imports',
    headers: { ...authHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  if (rack.statusCode !== 201) throw new Error(`rack preview: ${rack.body}`);
  return {
    pickBatchId: await post('/api/pick-batches', { courier: 'SPX Fixture' }),
    pickCancelId: await post('/api/pick-batches', { courier: 'SPX Batal' }),
    rackImportId: (rack.json() as { id: number }).id,
  };
}

/** Label dengan isi paket: a label file of one (unknown) resi, written; its report's id. */
async function labelReport(): Promise<number> {
  const body = multipart([
    { name: 'mode', value: 'on_label' },
    { name: 'file', value: await oneLabel('SPXID0HOSTILE001'), fileName: 'label.pdf' },
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/shipping-labels',
    headers: { ...authHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  if (response.statusCode !== 200) throw new Error(`label report: ${response.body}`);
  return Number(response.headers[SHIPPING_LABEL_REPORT_HEADER.toLowerCase()]);
}

/** Penghasilan Marketplace: a Lazada Income Overview of one order, previewed, left to commit. */
async function settlementPreview(): Promise<number> {
  const file = Buffer.from(
    'Periode Laporan,Nomor Laporan,Tanggal Transaksi,Nama Biaya,Jumlah (Termasuk Pajak),' +
      'VAT Amount,Status Pelepasan Dana,Tanggal Dilepas,Komentar,Tanggal Pesanan Dibuat,' +
      'Nomor Pesanan,ID Pesanan,SKU Penjual,Lazada SKU,WHT Amount,WHT termasuk dalam jumlah,' +
      'Status Pesanan,Nama Produk,Short Code\r\n' +
      ',,,Omset Penjualan,50000,0,Dilepas,2026-08-03,,,HOSTILE-LZ-1,,,,0,,,,\r\n' +
      ',,,Biaya Komisi,-2500,0,Dilepas,2026-08-03,,,HOSTILE-LZ-1,,,,0,,,,\r\n',
  );
  const body = multipart([{ name: 'file', value: file, fileName: 'penghasilan.csv' }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/settlement-imports',
    headers: { ...authHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`settlement preview: ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** Pengembalian dari Marketplace: a TikTok Shop return file of one request, left to commit. */
async function returnPreview(): Promise<number> {
  const file = Buffer.from(
    'Return Order ID,Order ID,Return Type,Return Quantity,Return unit price,Return Status\r\n' +
      'HOSTILE-RTN-1,HOSTILE-TT-1,Refund only,1,50000,Refunded\r\n',
  );
  const body = multipart([{ name: 'file', value: file, fileName: 'retur.csv' }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/return-imports',
    headers: { ...authHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
  if (response.statusCode !== 201) throw new Error(`return preview: ${response.body}`);
  return (response.json() as { id: number }).id;
}

/** Retur and Stok Opname: a sold record with a return, and three open count sessions. */
async function correctionFixtures(
  partial: Fixtures,
  post: (url: string, payload: Record<string, unknown>) => Promise<number>,
) {
  const returnOutgoingId = await post('/api/outgoing-goods', {
    ...outgoingBody(partial, 'HOSTILE-RTR-1'),
    quantity: 5,
  });
  const returnId = await post('/api/returns', {
    ...returnBody({ ...partial, returnOutgoingId }),
  });
  const session = (name: string) =>
    post('/api/stock-opname', {
      name,
      scope: { type: 'products', product_codes: [partial.product.code] },
    });
  return {
    returnOutgoingId,
    returnId,
    opnameCountId: await session('Hostile Hitung'),
    opnamePostId: await session('Hostile Posting'),
    opnameCancelId: await session('Hostile Batal'),
  };
}

/** A marketplace order of one unit of the product, with a resi to pack. */
async function packingOrder(sku: string): Promise<string> {
  const { rows } = await database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date)
    values ('shopee', 'HOSTILE-PACK-1', 'HOSTILE-RESI-PACK', 'perlu_dikirim', 'Perlu Dikirim',
            '2026-08-01')
    returning id`);
  await database.db.execute(sql`
    insert into marketplace_order_lines (order_id, sku, product_name, quantity, unit_price)
    values (${rows[0]?.id}, ${sku}, 'Kaos', 1, 15000)`);
  return 'HOSTILE-RESI-PACK';
}

/** Pesanan Marketplace: a preview left to commit, two committed orders and a mapping. */
async function marketplaceFixtures(sku: string) {
  const file = (order: string) =>
    Buffer.from(
      'Nomor Pesanan,Status Pesanan,SKU,Jumlah,Waktu Pesanan Dibuat\r\n' +
        `${order}-1,Perlu Dikirim,${sku},1,2026-08-01\r\n${order}-2,Perlu Dikirim,${sku},1,2026-08-01\r\n`,
    );
  const uploadPreview = async (order: string) => {
    const body = multipart([{ name: 'file', value: file(order), fileName: 'pesanan.csv' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/marketplace-imports',
      headers: { ...authHeader(token), 'content-type': body.contentType },
      payload: body.payload,
    });
    if (response.statusCode !== 201) throw new Error(`preview: ${response.body}`);
    return (response.json() as { id: number }).id;
  };
  const committed = await uploadPreview('HOSTILE-MP');
  await app.inject({
    method: 'POST',
    url: `/api/marketplace-imports/${committed}/commit`,
    headers: authHeader(token),
    payload: {},
  });
  const orders = await app.inject({
    method: 'GET',
    url: '/api/marketplace-orders?search=HOSTILE-MP',
    headers: authHeader(token),
  });
  const [first, second] = (orders.json() as { data: { id: number }[] }).data;
  const mapping = await app.inject({
    method: 'PUT',
    url: '/api/sku-mappings',
    headers: authHeader(token),
    payload: { sku: 'HOSTILE-DEL', items: [{ product_code: sku, quantity: 1 }] },
  });
  if (first === undefined || second === undefined || mapping.statusCode !== 200)
    throw new Error(`marketplace fixtures: ${orders.body} ${mapping.body}`);
  return {
    importId: await uploadPreview('HOSTILE-PREVIEW'),
    marketplaceOrderId: first.id,
    marketplaceOrderToDelete: second.id,
    skuMappingId: (mapping.json() as { data: { id: number } }).data.id,
  };
}

afterAll(async () => {
  await app.close();
  await database.destroy();
});

const takesInput = (route: RouteOptions) => {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return (
    schema.body !== undefined ||
    schema.querystring !== undefined ||
    schema.params !== undefined ||
    route.url.includes(':')
  );
};

const methodsOf = (route: RouteOptions) =>
  (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');

describe('hostile input', () => {
  it('has an entry for every route that takes input', () => {
    const registered = routes
      .filter((route) => takesInput(route) && !NOT_API(route))
      .flatMap((route) => methodsOf(route).map((method) => `${method} ${route.url}`));
    expect(registered.length).toBeGreaterThan(20);
    const missing = registered.filter((key) => !(key in ROUTES));
    expect(missing).toEqual([]);
    // And no stale entries for routes that are gone.
    expect(Object.keys(ROUTES).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it.each(Object.keys(ROUTES))(
    '%s refuses every hostile value and changes nothing',
    async (key) => {
      const [method = '', url] = key.split(' ');
      const route = routes.find(
        (candidate) => candidate.url === url && methodsOf(candidate).includes(method),
      );
      if (route === undefined) throw new Error(`${key} is not registered`);
      const entry = ROUTES[key];
      if (entry === undefined) throw new Error(`no entry for ${key}`);
      const baseline = entry(fixtures);
      const cases = hostileCases(route, fixtures.today);
      expect(cases.length).toBeGreaterThan(0);

      const before = await snapshot(database);
      const failures: string[] = [];
      for (const hostile of cases) {
        const response = await app.inject(requestOf(route, method, baseline, hostile));
        const body: unknown = response.headers['content-type']?.toString().includes('json')
          ? response.json()
          : null;
        const verdict = refusal(hostile, response.statusCode, body);
        if (!verdict.ok) failures.push(`${hostile.part} ${hostile.label}: ${verdict.why}`);
      }
      expect(failures).toEqual([]);
      expect(await snapshot(database)).toEqual(before);

      // The request the cases start from is itself accepted: each refusal was the field's doing.
      // (The first-manager setup is accepted only while no account exists: here it gets 409.)
      const valid = await app.inject(requestOf(route, method, baseline));
      const accepted =
        key === 'POST /api/setup' ? valid.statusCode === 409 : valid.statusCode < 300;
      expect({ status: accepted, body: valid.body }).toMatchObject({ status: true });
    },
  );
});

describe('an empty query parameter', () => {
  const withQuery = (
    route: RouteOptions,
    method: string,
    baseline: Baseline,
    query: Record<string, string>,
  ) => requestOf(route, method, { ...baseline, query: {} }, undefined, query);

  it.each(Object.keys(ROUTES).filter((key) => key.startsWith('GET ')))(
    '%s answers a parameter sent empty as if it were absent',
    async (key) => {
      const url = key.slice('GET '.length);
      const route = routes.find(
        (candidate) => candidate.url === url && methodsOf(candidate).includes('GET'),
      );
      const entry = ROUTES[key];
      if (route === undefined || entry === undefined) throw new Error(`${key} is not registered`);
      const baseline = entry(fixtures);
      const fields = Object.keys(
        ((route.schema ?? {}) as Partial<Record<Part, ObjectSchema>>).querystring?.properties ?? {},
      );
      const differences: string[] = [];
      for (const field of fields) {
        const others = Object.fromEntries(
          Object.entries(baseline.query ?? {}).filter(([name]) => name !== field),
        );
        const absent = await app.inject(withQuery(route, 'GET', baseline, others));
        const empty = await app.inject(
          withQuery(route, 'GET', baseline, { ...others, [field]: '' }),
        );
        if (empty.statusCode === 400 && absent.statusCode !== 400)
          differences.push(`${field}=: 400 ${empty.body}`);
        else if (empty.statusCode !== absent.statusCode || empty.body !== absent.body)
          differences.push(`${field}=: ${empty.statusCode} vs absent ${absent.statusCode}`);
      }
      expect(differences).toEqual([]);
    },
  );
});

describe('the number rule', () => {
  it('takes digit text where a number is expected, as an HTML form posts it', async () => {
    const product = await insertProduct(database, { stock: 10, code: 'DIGITS-P' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/incoming-goods',
      headers: authHeader(token),
      payload: { ...incomingBody({ ...fixtures, product }, 'DIGITS-RESI'), quantity: '5' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ quantity: 5 });
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: authHeader(token),
      payload: { ...pricedProduct('DIGITS-NEW'), initial_stock: '12' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ initial_stock: 12, current_stock: 12 });
  });

  it("reads an optional number sent as '' or null as absent, and still refuses a required one", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: authHeader(token),
      payload: { ...productBody('EMPTY-NUM'), purchase_price: '', selling_price: null },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ code: 'EMPTY-NUM' });
    const product = await insertProduct(database, { stock: 10, code: 'EMPTY-REQ' });
    for (const quantity of ['', null]) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/incoming-goods',
        headers: authHeader(token),
        payload: { ...incomingBody({ ...fixtures, product }, 'EMPTY-RESI'), quantity },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain('Jumlah');
    }
  });

  it('refuses a login with arrays instead of text, issuing no token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: [fixtures.manager.email], password: [fixtures.manager.password] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: VALIDATION_MESSAGES.notText('Email') });
  });
});

describe('a client_id (offline capture, issue 48)', () => {
  it.each([
    ['not a UUID', 'scan-1'],
    ['in braces', '{5f0c7a52-3f64-4c4e-9b39-0c1c7bba0a09}'],
    ['without hyphens', '5f0c7a523f644c4e9b390c1c7bba0a09'],
    ['a letter beyond f', '5f0c7a52-3f64-4c4e-9b39-0c1c7bba0a0g'],
    ['a line break after it', '5f0c7a52-3f64-4c4e-9b39-0c1c7bba0a09\n'],
    ['empty', ''],
  ])('%s is refused with the rule, writing nothing', async (_label, clientId) => {
    const product = await insertProduct(database, { stock: 10, code: `CLIENT-ID-${_label}` });
    const before = await snapshot(database);
    const response = await app.inject({
      method: 'POST',
      url: `/api/stock-opname/${fixtures.opnameCountId}/counts`,
      headers: authHeader(token),
      payload: { product_code: product.code, add: 1, client_id: clientId },
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { message: FIELD_RULES.client_id },
    });
    expect(await snapshot(database)).toEqual(before);
  });
});

describe('case-insensitive uniqueness', () => {
  const call = (method: string, url: string, payload?: Record<string, unknown>) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: authHeader(token),
      ...(payload === undefined ? {} : { payload }),
    });

  it('treats resi numbers that differ only in case as the same, in check-resi and on save', async () => {
    const product = await insertProduct(database, { stock: 10, code: 'CASE-P' });
    const first = await call('POST', '/api/incoming-goods', {
      ...incomingBody({ ...fixtures, product }, 'JP9613431142'),
    });
    expect(first.statusCode).toBe(201);
    const check = await call('GET', '/api/incoming-goods/check-resi/jp9613431142');
    expect(check.json()).toMatchObject({ isDuplicate: true });
    const before = await snapshot(database);
    const second = await call('POST', '/api/incoming-goods', {
      ...incomingBody({ ...fixtures, product }, 'jp9613431142'),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(database)).toEqual(before);

    await call('POST', '/api/outgoing-goods', {
      ...outgoingBody({ ...fixtures, product }, 'SPX-Case-1'),
    });
    const outCheck = await call('GET', '/api/outgoing-goods/check-resi/spx-case-1');
    expect(outCheck.json()).toMatchObject({ isDuplicate: true });
    const outSecond = await call('POST', '/api/outgoing-goods', {
      ...outgoingBody({ ...fixtures, product }, 'SPX-CASE-1'),
    });
    expect(outSecond.statusCode).toBe(409);
  });

  it('treats product codes and barcode ids that differ only in case as the same', async () => {
    const first = await call('POST', '/api/products', pricedProduct('QA-XSS'));
    expect(first.statusCode).toBe(201);
    const sameCode = await call('POST', '/api/products', {
      ...pricedProduct('qa-xss'),
      barcode_id: 'OTHER-BARCODE',
    });
    expect(sameCode.statusCode).toBe(409);
    expect(sameCode.json()).toEqual({ message: 'Kode barang sudah digunakan' });
    const sameBarcode = await call('POST', '/api/products', {
      ...pricedProduct('QA-OTHER'),
      barcode_id: 'qa-xss-bc',
    });
    expect(sameBarcode.statusCode).toBe(409);
    expect(sameBarcode.json()).toEqual({ message: 'Barcode ID sudah digunakan' });
    const lookedUp = await call('GET', '/api/products/barcode/qa-xss-bc');
    expect(lookedUp.json().data).toMatchObject({ code: 'QA-XSS' });
  });

  it('finds the product of a code or barcode typed in another case, as the look-up does', async () => {
    const product = await insertProduct(database, { stock: 10, code: 'CASE-OUT' });
    const sold = await call('POST', '/api/outgoing-goods', {
      ...outgoingBody({ ...fixtures, product }, 'CASE-OUT-RESI'),
      product_code: 'case-out',
      barcode: product.barcodeId.toLowerCase(),
    });
    expect(sold.statusCode).toBe(201);
    expect(sold.json().data).toMatchObject({ product_id: product.id, quantity: 1 });
  });
});

describe('over-long path values', () => {
  it.each([
    ['/api/incoming-goods/check-resi/', 'Nomor Resi maksimal 100 karakter'],
    ['/api/outgoing-goods/check-resi/', 'Nomor Resi maksimal 100 karakter'],
    ['/api/products/barcode/', 'Barcode maksimal 100 karakter'],
  ])('%s answers 400 for 101 characters', async (prefix, message) => {
    const response = await app.inject({
      method: 'GET',
      url: `${prefix}${'R'.repeat(101)}`,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers the field rule for a pasted 3,000 characters, and Indonesian past the router limit', async () => {
    const lookUp = (length: number) =>
      app.inject({
        method: 'GET',
        url: `/api/packing/${'R'.repeat(length)}`,
        headers: authHeader(token),
      });
    const pasted = await lookUp(3000);
    expect({ status: pasted.statusCode, body: pasted.json() }).toEqual({
      status: 400,
      body: { message: 'Nomor Resi maksimal 100 karakter' },
    });
    const beyond = await lookUp(MAX_PATH_VALUE_LENGTH + 1);
    expect({ status: beyond.statusCode, body: beyond.json() }).toEqual({
      status: 414,
      body: { message: MSG_URL_TOO_LONG },
    });
  });
});
