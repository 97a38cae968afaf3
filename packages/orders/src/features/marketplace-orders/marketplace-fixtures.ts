import { makeProduct } from '@gudang/api-client/testing';
// Records for the page tests of Pesanan Marketplace, typed by the contract.
import { MARKETPLACE_CHANNEL_LABELS } from '@gudang/api-client';
import type {
  ImportLine,
  ImportSummary,
  MarketplaceImport,
  MarketplaceOrder,
  SkuMapping,
} from '@gudang/api-client';
import type { MarketplaceStore, StockFilePreview } from '@gudang/api-client/contract';

export const kopi = makeProduct({
  id: 1,
  barcode_id: 'BC001',
  code: 'KP-001',
  name: 'Kopi Arabica',
  initial_stock: 10,
  current_stock: 10,
  category: 'Minuman',
  brand: 'Kapal Api',
});

export const teh = makeProduct({
  ...kopi,
  id: 2,
  barcode_id: 'BC002',
  code: 'TH-002',
  name: 'Teh Melati',
});

export const marketplaceOrder = (
  id: number,
  changes: Partial<MarketplaceOrder> = {},
): MarketplaceOrder => ({
  id,
  channel: 'shopee',
  order_number: `2511240000${id}`,
  resi_number: `SPXID0${id}`,
  status: 'perlu_dikirim',
  status_text: 'Perlu Dikirim',
  date: '2026-11-24',
  total: 45000,
  skipped_lines: [],
  // The channel's default store, named after it (changes may name another).
  store_id: 1,
  store: MARKETPLACE_CHANNEL_LABELS[changes.channel ?? 'shopee'],
  shipped: false,
  lines: [
    {
      sku: 'KOPI-1',
      variation: null,
      product_name: 'Kopi Arabica 250g',
      quantity: 2,
      unit_price: 15000,
      items: [{ product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 1 }],
    },
    {
      sku: 'PAKET-TEH',
      variation: 'Isi 3',
      product_name: 'Paket Teh isi 3',
      quantity: 1,
      unit_price: 15000,
      items: [],
    },
  ],
  ...changes,
});

export const importLine = (row: number, changes: Partial<ImportLine> = {}): ImportLine => ({
  row,
  order_number: `ORD${String(row).padStart(5, '0')}`,
  resi_number: `RESI${row}`,
  status: 'perlu_dikirim',
  status_text: 'Perlu Dikirim',
  date: '2026-11-24',
  sku: 'KOPI-1',
  variation: null,
  product_name: 'Kopi Arabica 250g',
  quantity: 1,
  unit_price: 15000,
  state: 'ready',
  problem: null,
  items: [{ product_code: 'KP-001', quantity: 1 }],
  ...changes,
});

export function summaryOf(lines: readonly ImportLine[]): ImportSummary {
  const summary: Required<ImportSummary> = {
    total: lines.length,
    ready: 0,
    unknown_sku: 0,
    invalid: 0,
    existing: 0,
    cancelled: 0,
    already_shipped: 0,
    status_changed: 0,
    status_kept: 0,
  };
  for (const line of lines) {
    summary[line.state] += 1;
    if (line.status_change)
      summary[line.status_change.kept ? 'status_kept' : 'status_changed'] += 1;
  }
  return summary;
}

export const importPreview = (id: number, lines: ImportLine[]): MarketplaceImport => ({
  id,
  channel: 'shopee',
  file_name: 'Order.all.20261124.xlsx',
  lines,
  summary: summaryOf(lines),
});

export const skuMapping = (id: number, changes: Partial<SkuMapping> = {}): SkuMapping => ({
  id,
  channel: null,
  sku: `SKU-${id}`,
  variation: null,
  items: [{ product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 1 }],
  ...changes,
});

export function paged<T>(rows: readonly T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return {
    data: rows.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
  };
}

/** A store of the shop; by default Shopee's default store, named after the channel. */
export const marketplaceStore = (
  id: number,
  changes: Partial<MarketplaceStore> = {},
): MarketplaceStore => ({
  id,
  channel: 'shopee',
  name: 'Shopee',
  buffer: null,
  effective_buffer: 0,
  is_default: false,
  order_count: 0,
  ...changes,
});

/** The answer of the stock file's preview. */
export const stockFilePreview = (changes: Partial<StockFilePreview> = {}): StockFilePreview => ({
  channel: 'shopee',
  store_id: 1,
  store: 'Shopee',
  buffer: 0,
  rows: [],
  unchanged: [],
  ...changes,
});
