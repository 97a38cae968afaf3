// Reads source files with Node.js, which jest runs this test in; browser code sees no Node.js
// types (docs/architecture.md, type-checking).
/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Value } from '@sinclair/typebox/value';
import {
  ACTIVITY_ACTIONS,
  ActivityLogQuery,
  CheckResiResponse,
  DamagedGoodsInput,
  DashboardQuery,
  DateString,
  IncomingGoodsInput,
  MESSAGES,
  PRODUCT_MESSAGES,
  OrderInput,
  OutgoingGoodsInput,
  PembukuanUpdate,
  ProductInput,
  ProductListQuery,
  ReportQuery,
  SkuMappingInput,
  MarketplaceOrderQuery,
  type ActivityAction,
} from '.';

const incoming = {
  product_code: 'KP-001',
  product_name: 'Kaos',
  category: 'Pakaian',
  brand: 'Gudang',
  resi_number: 'JNE123',
  quantity: 3,
  platform: 'Shopee',
  date: '2026-01-31',
};

test('the contract imports neither React nor Redux (the server loads it)', () => {
  const sources = readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => readFileSync(join(__dirname, file), 'utf8'));
  expect(sources.length).toBeGreaterThan(10);
  for (const source of sources) {
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
    // typebox for the schemas, date-fns for the shop's calendar (one date module, lib/dates.ts).
    for (const name of imports)
      expect(name).toMatch(/^(\.\/|@sinclair\/typebox$|date-fns$|@date-fns\/tz$)/);
  }
});

test('quantities are integers of at least 1', () => {
  expect(Value.Check(IncomingGoodsInput, incoming)).toBe(true);
  expect(Value.Check(IncomingGoodsInput, { ...incoming, quantity: 0 })).toBe(false);
  expect(Value.Check(IncomingGoodsInput, { ...incoming, quantity: 1.5 })).toBe(false);
  const { platform: _platform, ...outgoingBase } = incoming;
  const outgoing = { ...outgoingBase, barcode: '899001' };
  expect(Value.Check(OutgoingGoodsInput, outgoing)).toBe(true);
  expect(Value.Check(OutgoingGoodsInput, { ...outgoing, quantity: -1 })).toBe(false);
  expect(Value.Check(OutgoingGoodsInput, { ...outgoing, barcode: undefined })).toBe(false);
});

test('required text may not be blank, and the product name sent along is optional', () => {
  expect(Value.Check(IncomingGoodsInput, { ...incoming, resi_number: '   ' })).toBe(false);
  expect(Value.Check(IncomingGoodsInput, { ...incoming, platform: '' })).toBe(false);
  const { product_name: _name, category: _category, brand: _brand, ...minimal } = incoming;
  expect(Value.Check(IncomingGoodsInput, minimal)).toBe(true);
});

test('dates are yyyy-mm-dd', () => {
  expect(Value.Check(DateString, '2026-02-28')).toBe(true);
  expect(Value.Check(DateString, '28/02/2026')).toBe(false);
  expect(Value.Check(DateString, '2026-02-28T00:00:00Z')).toBe(false);
});

test('products need all six fields and a non-negative integer initial stock', () => {
  const product = {
    barcode_id: '899001',
    code: 'KP-001',
    name: 'Kaos',
    initial_stock: 0,
    category: 'Pakaian',
    brand: 'Gudang',
  };
  expect(Value.Check(ProductInput, product)).toBe(true);
  expect(Value.Check(ProductInput, { ...product, initial_stock: -1 })).toBe(false);
  expect(Value.Check(ProductInput, { ...product, brand: undefined })).toBe(false);
  expect(Value.Check(ProductListQuery, { sort: 'date_desc', limit: 100 })).toBe(true);
  expect(Value.Check(ProductListQuery, { sort: 'name' })).toBe(false);
  expect(Value.Check(ProductListQuery, { limit: 101 })).toBe(false);
});

test('money is a number of at least 0; order bank and bookkeeping discount are optional', () => {
  const order = {
    date: '2026-01-31',
    product_code: 'KP-001',
    quantity: 2,
    price: 15000.5,
    resi_number: 'R1',
  };
  expect(Value.Check(OrderInput, order)).toBe(true);
  expect(Value.Check(OrderInput, { ...order, bank: null })).toBe(true);
  expect(Value.Check(OrderInput, { ...order, price: -1 })).toBe(false);
  const update = { outgoing_goods_id: 4, purchase_price: 10000, selling_price: 12000 };
  expect(Value.Check(PembukuanUpdate, update)).toBe(true);
  expect(Value.Check(PembukuanUpdate, { ...update, discount: -5 })).toBe(false);
  expect(Value.Check(PembukuanUpdate, { ...update, selling_price: undefined })).toBe(false);
});

test('damaged goods need every field and a quantity of at least 1', () => {
  const damaged = {
    barcode_id: '899001',
    code: 'KP-001',
    name: 'Kaos',
    stock: 1,
    category: 'Pakaian',
    brand: 'Gudang',
    damage_reason: 'Sobek saat pengiriman',
    date: '2026-01-31',
  };
  expect(Value.Check(DamagedGoodsInput, damaged)).toBe(true);
  expect(Value.Check(DamagedGoodsInput, { ...damaged, stock: 0 })).toBe(false);
  expect(Value.Check(DamagedGoodsInput, { ...damaged, damage_reason: '' })).toBe(false);
});

test('enumerations accept exactly the spec values', () => {
  for (const period of ['all', 'today', 'week', 'month', 'year']) {
    expect(Value.Check(DashboardQuery, { period })).toBe(true);
  }
  expect(Value.Check(DashboardQuery, { period: 'decade' })).toBe(false);
  expect(
    Value.Check(ReportQuery, {
      type: 'stock',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      includeEmpty: true,
    }),
  ).toBe(true);
  expect(
    Value.Check(ReportQuery, { type: 'damaged', startDate: '2026-01-01', endDate: '2026-01-31' }),
  ).toBe(false);
  expect(
    Value.Check(CheckResiResponse, {
      isDuplicate: true,
      duplicates: [{ id: 1, product_name: 'Kaos', date: '2026-01-31' }],
    }),
  ).toBe(true);
});

test('activity actions: the spec list plus the ones the issues add; limit up to 1000', () => {
  const added: ActivityAction[] = [
    'LOGOUT',
    'LOGOUT_ALL',
    'RECALCULATE_STOCK',
    'UPDATE_INCOMING_GOODS',
    'DELETE_INCOMING_GOODS',
    'UPDATE_OUTGOING_GOODS',
    'DELETE_OUTGOING_GOODS',
    'IMPORT_MARKETPLACE_ORDERS',
    'IMPORT_SETTLEMENT',
    'IMPORT_RETURNS',
    'UPDATE_SKU_MAPPING',
    'DELETE_SKU_MAPPING',
    'DELETE_MARKETPLACE_ORDER',
    'EXPORT_MARKETPLACE_STOCK',
    'DEPLOY_REMOTE',
    'UPDATE_SETTINGS',
    'PACK_ORDER',
    'RETURN_GOODS',
    'DELETE_RETURN',
    'START_STOCK_OPNAME',
    'POST_STOCK_OPNAME',
    'CANCEL_STOCK_OPNAME',
    'CREATE_USER',
    'UPDATE_USER',
    'RESET_PASSWORD',
    'SETUP_FIRST_MANAGER',
    'CREATE_PICK_BATCH',
    'CANCEL_PICK_BATCH',
    'IMPORT_RACKS',
    'CREATE_DEPLOY_TOKEN',
    'REVOKE_DEPLOY_TOKEN',
  ];
  expect(ACTIVITY_ACTIONS).toHaveLength(46);
  expect(ACTIVITY_ACTIONS).toEqual(expect.arrayContaining(['LOGIN', 'UPDATE_PEMBUKUAN', ...added]));
  expect(Value.Check(ActivityLogQuery, { action: 'DELETE_OUTGOING_GOODS', limit: 1000 })).toBe(
    true,
  );
  expect(Value.Check(ActivityLogQuery, { action: 'HACK' })).toBe(false);
  expect(Value.Check(ActivityLogQuery, { limit: 1001 })).toBe(false);
});

test('messages keep the spec wording', () => {
  expect(MESSAGES.quantityPositive).toBe('Jumlah harus lebih dari 0');
  expect(MESSAGES.insufficientStock(3)).toBe('Stok tidak mencukupi. Stok tersedia: 3');
  expect(MESSAGES.maxUnits(7)).toBe('Maksimal: 7 unit');
  // Counts as the app shows them: the Indonesian thousands dot.
  expect(MESSAGES.insufficientStock(1000)).toBe('Stok tidak mencukupi. Stok tersedia: 1.000');
  expect(MESSAGES.maxUnits(12500)).toBe('Maksimal: 12.500 unit');
  expect(PRODUCT_MESSAGES.negativeStock(1500, -2000)).toBe(
    'Stok awal tidak dapat diubah: stok saat ini 1.500 akan menjadi -500',
  );
  expect(MESSAGES.productFound('Kaos')).toBe('Produk ditemukan: Kaos');
});

test('a SKU mapping: channel and variation may be null, at least one product of at least 1', () => {
  const mapping = { channel: null, sku: 'PKT-3', variation: null, items: [] };
  const item = { product_code: 'KP-001', quantity: 3 };
  expect(Value.Check(SkuMappingInput, { ...mapping, items: [item] })).toBe(true);
  expect(Value.Check(SkuMappingInput, { sku: 'PKT-3', items: [item] })).toBe(true);
  expect(Value.Check(SkuMappingInput, { ...mapping, channel: 'shopee', items: [item] })).toBe(true);
  expect(Value.Check(SkuMappingInput, mapping)).toBe(false);
  expect(Value.Check(SkuMappingInput, { ...mapping, items: [{ ...item, quantity: 0 }] })).toBe(
    false,
  );
  expect(Value.Check(SkuMappingInput, { ...mapping, channel: 'blibli', items: [item] })).toBe(
    false,
  );
});

test('marketplace orders filter by the five channels and the seven statuses', () => {
  expect(Value.Check(MarketplaceOrderQuery, { channel: 'tiktok', status: 'perlu_dikirim' })).toBe(
    true,
  );
  expect(Value.Check(MarketplaceOrderQuery, { status: 'Perlu Dikirim' })).toBe(false);
});
