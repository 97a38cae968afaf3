// Records for the tests of 'Dari Marketplace', typed by the contract.
import type {
  MarketplaceReturnRow,
  MarketplaceReturnSummaryRow,
  ReturnImport,
  ReturnPreviewRow,
} from '@gudang/api-client/contract';

/** A request of the board: a TikTok Shop refund-only, not received (changes make the others). */
export const boardRow = (
  id: number,
  changes: Partial<MarketplaceReturnRow> = {},
): MarketplaceReturnRow => ({
  id,
  channel: 'tiktok',
  store_id: 2,
  store: 'TikTok Shop',
  order_number: `57800011${id}`,
  order_id: 40 + id,
  return_number: `RTN-00${id}`,
  type: 'refund_only',
  reason: 'Barang tidak sesuai',
  sku: 'KP-001',
  product_name: 'Kopi Arabica',
  quantity: 2,
  refund_amount: 90000,
  compensation_amount: 0,
  requested_at: '2026-11-20',
  refunded_at: '2026-11-21',
  return_tracking: null,
  status: 'dana_dikembalikan',
  status_text: 'Refunded',
  list: 'not_received',
  days: 3,
  retur_id: null,
  received_at: null,
  received_good: 0,
  received_damaged: 0,
  // As many as the request names, unless a change says otherwise.
  order_requested_units: changes.quantity ?? 2,
  cost: 60000,
  fees_lost: null,
  loss: 60000,
  claim_deadline: null,
  ...changes,
});

export const summaryRow = (
  changes: Partial<MarketplaceReturnSummaryRow> = {},
): MarketplaceReturnSummaryRow => ({
  channel: 'tiktok',
  store_id: 2,
  store: 'TikTok Shop',
  returns: 0,
  units: 0,
  refunds: 0,
  loss: 0,
  not_received: 0,
  awaiting: 0,
  received: 0,
  ...changes,
});

export const previewRow = (
  row: number,
  changes: Partial<ReturnPreviewRow> = {},
): ReturnPreviewRow => ({
  row,
  order_number: `57800011${row}`,
  return_number: `RTN-00${row}`,
  type: 'refund_only',
  status: 'dana_dikembalikan',
  status_text: 'Refunded',
  reason: 'Barang tidak sesuai',
  sku: 'KP-001',
  product_name: 'Kopi Arabica',
  quantity: 1,
  refund_amount: 45000,
  compensation_amount: 0,
  requested_at: '2026-11-20',
  refunded_at: '2026-11-21',
  return_tracking: null,
  claim_deadline: null,
  state: 'baru',
  matched_order_id: 41,
  ...changes,
});

/** The preview of a TikTok Shop return file. */
export const returnImport = (changes: Partial<ReturnImport> = {}): ReturnImport => ({
  id: 9,
  channel: 'tiktok',
  format: 'tiktok-return',
  file_name: 'return_orders.xlsx',
  store_id: 2,
  store: 'TikTok Shop',
  committed: false,
  counts: { rows: 0, new: 0, changed: 0, already: 0, matched: 0, unmatched: 0, problems: 0 },
  rows: [],
  problems: [],
  ...changes,
});
