// The marketplaces' stock mass-update templates, filled from Gudang's stock: Shopee's sales-info
// file (machine-key row et_title_variation_sku / et_title_variation_stock), TikTok Shop /
// Tokopedia ('Seller SKU') and Lazada ('SellerSku') with a stock column. Only the stock cells of
// mapped rows change; everything else in the file is written back as it was read.
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MESSAGES,
  STOCK_FILE_UNCHANGED_HEADER,
  STOCK_FILE_UNCHANGED_MAX_CHARS,
  STOCK_FILE_UNMAPPED_HEADER,
  STOCK_FILE_UNMAPPED_LISTED,
  STOCK_FILE_UNMAPPED_SKUS_HEADER,
  type MarketplaceChannel,
  type StockFilePreview,
  type StockFilePreviewRow,
  type StockFileUnchangedRow,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { headerKey, headerRows } from './formats';
import { resolver, type ResolvedItem } from './mappings';
import { textArray } from '../../lib/id-array';
import { reservedFor, storeForFile, type FileStore } from '../reservations/service';
import type { CellEdit, SheetKind, SheetText } from './sheet-types';
import { fillSheet, readSheets } from './sheets';
import { cellValue } from './values';
import { readFailureMessage } from './read-failure';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

interface StockTemplate {
  channel: MarketplaceChannel;
  sku: readonly string[];
  stock: readonly string[];
  /** The variation's name, where the template carries one. */
  variation: readonly string[];
  /** A data row has digits here (the rows of labels and notes do not). */
  productId: readonly string[];
}

const TEMPLATES: readonly StockTemplate[] = [
  {
    channel: 'shopee',
    sku: ['et_title_variation_sku'],
    stock: ['et_title_variation_stock'],
    variation: ['et_title_variation_name'],
    productId: ['et_title_product_id'],
  },
  {
    channel: 'lazada',
    sku: ['SellerSku', 'sellerSku'],
    stock: ['Quantity', 'Stock', 'sellableStock', 'Available', 'Stok'],
    variation: ['Variation', 'Variasi', 'Nama Variasi'],
    productId: ['Product ID', 'ProductId', 'Item ID'],
  },
  {
    channel: 'tiktok',
    sku: ['Seller SKU', 'Seller Sku'],
    stock: [
      'Quantity',
      'Stock',
      'Available Stock',
      'Total Stock',
      'Stok',
      'Jumlah Stok',
      'Kuantitas',
    ],
    variation: ['Variation Option', 'Variation', 'Variasi', 'Nama Variasi'],
    productId: ['Product ID', 'Product Id', 'ID Produk'],
  },
];

interface FoundTemplate {
  template: StockTemplate;
  sheet: SheetText;
  headerRow: number;
  skuColumn: number;
  stockColumn: number;
  variationColumn: number | null;
  idColumn: number | null;
}

function columnOf(header: readonly string[], names: readonly string[]): number | null {
  const keys = header.map(headerKey);
  for (const name of names) {
    // Shopee's machine keys are compared exactly; the others without case and punctuation.
    const index = keys.indexOf(headerKey(name));
    if (index >= 0) return index;
  }
  return null;
}

function findTemplate(sheets: readonly SheetText[]): FoundTemplate | null {
  for (const template of TEMPLATES) {
    for (const { sheet, headerRow, header } of headerRows(sheets)) {
      const skuColumn = columnOf(header, template.sku);
      const stockColumn = columnOf(header, template.stock);
      if (skuColumn === null || stockColumn === null) continue;
      return {
        template,
        sheet,
        headerRow,
        skuColumn,
        stockColumn,
        variationColumn: columnOf(header, template.variation),
        idColumn: columnOf(header, template.productId),
      };
    }
  }
  return null;
}

interface DataRow {
  row: number;
  sku: string;
  /** null: the template has no variation column, or the cell is blank. */
  variation: string | null;
}

/** The template's variation rows: a SKU, and a product id of digits (or a numeric stock cell). */
function dataRows(found: FoundTemplate): DataRow[] {
  const rows: DataRow[] = [];
  for (let row = found.headerRow + 1; row < found.sheet.rows.length; row += 1) {
    const cells = found.sheet.rows[row] ?? [];
    const sku = cellValue(cells[found.skuColumn]);
    if (sku === null) continue;
    if (found.idColumn !== null) {
      if (!/^\d+$/.test(cellValue(cells[found.idColumn]) ?? '')) continue;
    } else if (!/^\d*$/.test((cells[found.stockColumn] ?? '').trim())) continue;
    const variation =
      found.variationColumn === null ? null : cellValue(cells[found.variationColumn]);
    rows.push({ row, sku, variation });
  }
  return rows;
}

/** A variation compared without letter case and spaces ('Hitam, L' is 'hitam,l'). */
const looseVariation = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/**
 * Per SKU (lower case), the variations it is mapped with for this channel or all, and whether it
 * is mapped for another channel (compared as `resolver` compares them).
 */
async function mappedVariations(db: Db, channel: MarketplaceChannel, skus: readonly string[]) {
  const { rows } = await db.execute<{
    sku: string;
    channel: string | null;
    variation: string | null;
  }>(sql`
    select lower(m.sku) as sku, m.channel, m.variation from sku_mappings m
     where lower(m.sku) = any(${textArray(skus)})
       and exists (select 1 from sku_mapping_items i where i.mapping_id = m.id)`);
  const variations = new Map<string, string[]>();
  const otherChannel = new Set<string>();
  for (const row of rows) {
    if (row.channel !== null && row.channel !== channel) otherChannel.add(row.sku);
    else if (row.variation !== null)
      variations.set(row.sku, [...(variations.get(row.sku) ?? []), row.variation]);
  }
  return { variations, otherChannel };
}

type RowOutcome = { items: ResolvedItem[][] } | { reason: StockFileUnchangedRow['reason'] };

export interface FilledStockFile {
  file: Uint8Array;
  kind: SheetKind;
  channel: MarketplaceChannel;
  filled: number;
  /** The rows left as they were, in the file's order. */
  unchanged: StockFileUnchangedRow[];
}

export type StockFileResult = { ok: true; value: FilledStockFile } | { ok: false; message: string };

interface PlannedRow extends StockFilePreviewRow {
  /** The row's index in the sheet (from 0). */
  index: number;
}

interface StockFilePlan {
  found: FoundTemplate;
  kind: SheetKind;
  store: FileStore;
  buffer: number;
  rows: PlannedRow[];
  unchanged: StockFileUnchangedRow[];
}

type PlanResult = { ok: true; value: StockFilePlan } | { ok: false; message: string };

/**
 * The units a row's items make from Tersedia (stock - dipesan) and the buffer:
 * max(0, floor(tersedia / quantity per unit) over the items, the least - cadangan), with the
 * sum spelled out ('Stok 10 - dipesan 3 - cadangan 2 = 5').
 */
function rowNumber(
  items: readonly ResolvedItem[],
  reserved: ReadonlyMap<number, number>,
  buffer: number,
): { units: number; quantity: number; explanation: string } {
  const parts = items.map((item) => {
    const held = reserved.get(item.productId) ?? 0;
    const units = Math.floor((item.currentStock - held) / item.quantity);
    return { item, held, units };
  });
  const units = Math.min(...parts.map((part) => part.units));
  const quantity = Math.max(0, units - buffer);
  const [only] = parts;
  if (parts.length === 1 && only !== undefined && only.item.quantity === 1)
    return {
      units,
      quantity,
      explanation: `Stok ${fmt(only.item.currentStock)} - dipesan ${fmt(only.held)} - cadangan ${fmt(buffer)} = ${fmt(quantity)}`,
    };
  const each = parts.map(
    ({ item, held, units: made }) =>
      `${item.product_code}: (stok ${fmt(item.currentStock)} - dipesan ${fmt(held)}) / ${fmt(item.quantity)} = ${fmt(made)}`,
  );
  const least = parts.length === 1 ? '' : 'terkecil ';
  return {
    units,
    quantity,
    explanation: `${each.join('; ')}; ${least}${fmt(units)} - cadangan ${fmt(buffer)} = ${fmt(quantity)}`,
  };
}

const fmt = (value: number) => value.toLocaleString('id-ID');

/**
 * Reads the template and works out each row: the mapped rows' numbers from Tersedia (stock less
 * what open imported orders hold, reservations/reserved_lines) less the store's buffer (or the
 * one given), the rows nothing maps with their reason.
 */
async function planStockFile(
  db: Db,
  upload: { file: Buffer; buffer: number | undefined; storeId: number | undefined },
): Promise<PlanResult> {
  const read = await readSheets(upload.file);
  if (!read.ok) return { ok: false, message: readFailureMessage(read.reason) };
  const found = findTemplate(read.sheets);
  if (found === null) return { ok: false, message: MARKETPLACE_MESSAGES.unknownStockTemplate };
  const rows = dataRows(found);
  const channel = found.template.channel;
  const store = await storeForFile(db, channel, upload.storeId);
  if (!store.ok) return { ok: false, message: store.message };
  const buffer = upload.buffer ?? store.value.effective_buffer;
  const resolve = await resolver(db, channel, rows);
  const skus = [...new Set(rows.map((row) => row.sku.trim().toLowerCase()))];
  const mapped = await mappedVariations(db, channel, skus);

  // A row resolves as an order line of its SKU and variation does (a mapping of its variation,
  // else one of every variation, else the product of that code). Past that, a SKU mapped only
  // with variations: a row naming a variation takes the mapping of that variation (spaces
  // aside); a row naming none could be any of them, so it gets the least any of them makes,
  // which never offers more than Gudang has for whichever variation the listing is.
  const outcomeOf = ({ sku, variation }: DataRow): RowOutcome => {
    const items = resolve(sku, variation);
    if (items.length > 0) return { items: [items] };
    const lower = sku.trim().toLowerCase();
    const variations = mapped.variations.get(lower) ?? [];
    if (variations.length === 0)
      return { reason: mapped.otherChannel.has(lower) ? 'other_channel' : 'unmapped' };
    const wanted = variation === null ? null : looseVariation(variation);
    const chosen =
      wanted === null
        ? variations
        : variations.filter((mappedVariation) => looseVariation(mappedVariation) === wanted);
    if (chosen.length === 0) return { reason: 'variation_unmapped' };
    return { items: chosen.map((mappedVariation) => resolve(sku, mappedVariation)) };
  };

  const outcomes = rows.map((row) => ({ row, outcome: outcomeOf(row) }));
  const productIds = new Set<number>();
  for (const { outcome } of outcomes)
    if ('items' in outcome)
      for (const items of outcome.items) for (const item of items) productIds.add(item.productId);
  const reserved = await reservedFor(db, [...productIds]);

  const planned: PlannedRow[] = [];
  const unchanged: StockFileUnchangedRow[] = [];
  for (const { row, outcome } of outcomes) {
    if ('reason' in outcome) {
      unchanged.push({
        row: row.row + 1,
        sku: row.sku,
        variation: row.variation,
        reason: outcome.reason,
      });
      continue;
    }
    const numbers = outcome.items
      .filter((items) => items.length > 0)
      .map((items) => rowNumber(items, reserved, buffer));
    const least = numbers.reduce((a, b) => (b.units < a.units ? b : a));
    planned.push({
      index: row.row,
      row: row.row + 1,
      sku: row.sku,
      variation: row.variation,
      quantity: least.quantity,
      explanation: least.explanation,
    });
  }
  return {
    ok: true,
    value: { found, kind: read.kind, store: store.value, buffer, rows: planned, unchanged },
  };
}

/** The preview of a stock file: each filled row's number and how it was made (nothing logged). */
export async function previewStockFile(
  db: Db,
  upload: { file: Buffer; buffer: number | undefined; storeId: number | undefined },
): Promise<{ ok: true; value: StockFilePreview } | { ok: false; message: string }> {
  const plan = await planStockFile(db, upload);
  if (!plan.ok) return plan;
  const { found, store, buffer, rows, unchanged } = plan.value;
  return {
    ok: true,
    value: {
      channel: found.template.channel,
      store_id: store.id,
      store: store.name,
      buffer,
      rows: rows.map(({ index: _index, ...row }) => row),
      unchanged,
    },
  };
}

/**
 * The template with each mapped row's stock set to what Tersedia makes (a bundle: the least
 * over its products of floor(tersedia / quantity)) less the buffer, never below 0; the rows
 * nothing maps listed with the reason and left as they were. The activity entry is written on
 * success.
 */
export async function fillStockFile(
  db: Db,
  upload: {
    file: Buffer;
    fileName: string;
    buffer: number | undefined;
    storeId?: number | undefined;
  },
  actor: ActivityActor,
): Promise<StockFileResult> {
  const plan = await planStockFile(db, {
    file: upload.file,
    buffer: upload.buffer,
    storeId: upload.storeId,
  });
  if (!plan.ok) return plan;
  const { found, kind, store, buffer, rows, unchanged } = plan.value;
  const edits: CellEdit[] = rows.map((row) => ({
    row: row.index,
    col: found.stockColumn,
    value: row.quantity,
  }));
  const filled = await fillSheet(upload.file, found.sheet.name, edits);
  if (!filled.ok) return { ok: false, message: readFailureMessage(filled.reason) };
  await logActivity(db, {
    action: 'EXPORT_MARKETPLACE_STOCK',
    user: actor,
    details:
      `Stok marketplace ${MARKETPLACE_CHANNEL_LABELS[found.template.channel]} diisi ke file ` +
      `${upload.fileName}: ${edits.length} baris diisi, ${unchanged.length} SKU belum dipetakan, ` +
      `stok cadangan ${buffer}, toko ${store.name}`,
  });
  return {
    ok: true,
    value: {
      file: filled.file,
      kind,
      channel: found.template.channel,
      filled: edits.length,
      unchanged,
    },
  };
}

// JSON escapes control characters; the rest past ASCII is escaped too, for a header value.
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The response headers that tell what the file left as it was: the count, the SKUs (the older
 * header) and the rows with their reasons, the first of them that fit the header's budget.
 */
export function stockFileHeaders(unchanged: readonly StockFileUnchangedRow[]) {
  const listed: StockFileUnchangedRow[] = [];
  for (const row of unchanged.slice(0, STOCK_FILE_UNMAPPED_LISTED)) {
    if (asciiJson([...listed, row]).length > STOCK_FILE_UNCHANGED_MAX_CHARS) break;
    listed.push(row);
  }
  return {
    [STOCK_FILE_UNMAPPED_HEADER]: String(unchanged.length),
    [STOCK_FILE_UNMAPPED_SKUS_HEADER]: unchanged
      .slice(0, STOCK_FILE_UNMAPPED_LISTED)
      .map((row) => encodeURIComponent(row.sku))
      .join(','),
    [STOCK_FILE_UNCHANGED_HEADER]: asciiJson(listed),
    'access-control-expose-headers': [
      STOCK_FILE_UNMAPPED_HEADER,
      STOCK_FILE_UNMAPPED_SKUS_HEADER,
      STOCK_FILE_UNCHANGED_HEADER,
      'Content-Disposition',
    ].join(', '),
  };
}
