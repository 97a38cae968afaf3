// The marketplaces' stock mass-update templates, filled from Gudang's stock: Shopee's sales-info
// file (machine-key row et_title_variation_sku / et_title_variation_stock), TikTok Shop /
// Tokopedia ('Seller SKU') and Lazada ('SellerSku') with a stock column. Only the stock cells of
// mapped rows change; everything else in the file is written back as it was read.
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MESSAGES,
  type MarketplaceChannel,
} from '@gudang/api-client/contract';
import type { Db } from '../../db/client';
import { headerKey } from './formats';
import { HEADER_SEARCH_ROWS } from './parse-orders';
import { availableUnits, resolver } from './mappings';
import type { CellEdit, SheetKind, SheetText } from './sheet-types';
import { fillSheet, readSheets } from './sheets';
import { cellValue } from './values';
import { readFailureMessage } from './read-failure';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

interface StockTemplate {
  channel: MarketplaceChannel;
  sku: readonly string[];
  stock: readonly string[];
  /** A data row has digits here (the rows of labels and notes do not). */
  productId: readonly string[];
}

const TEMPLATES: readonly StockTemplate[] = [
  {
    channel: 'shopee',
    sku: ['et_title_variation_sku'],
    stock: ['et_title_variation_stock'],
    productId: ['et_title_product_id'],
  },
  {
    channel: 'lazada',
    sku: ['SellerSku', 'sellerSku'],
    stock: ['Quantity', 'Stock', 'sellableStock', 'Available', 'Stok'],
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
    productId: ['Product ID', 'Product Id', 'ID Produk'],
  },
];

interface FoundTemplate {
  template: StockTemplate;
  sheet: SheetText;
  headerRow: number;
  skuColumn: number;
  stockColumn: number;
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
    for (const sheet of sheets) {
      const last = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
      for (let headerRow = 0; headerRow < last; headerRow += 1) {
        const header = sheet.rows[headerRow] ?? [];
        const skuColumn = columnOf(header, template.sku);
        const stockColumn = columnOf(header, template.stock);
        if (skuColumn === null || stockColumn === null) continue;
        return {
          template,
          sheet,
          headerRow,
          skuColumn,
          stockColumn,
          idColumn: columnOf(header, template.productId),
        };
      }
    }
  }
  return null;
}

/** The template's variation rows: a SKU, and a product id of digits (or a numeric stock cell). */
function dataRows(found: FoundTemplate): { row: number; sku: string }[] {
  const rows: { row: number; sku: string }[] = [];
  for (let row = found.headerRow + 1; row < found.sheet.rows.length; row += 1) {
    const cells = found.sheet.rows[row] ?? [];
    const sku = cellValue(cells[found.skuColumn]);
    if (sku === null) continue;
    if (found.idColumn !== null) {
      if (!/^\d+$/.test(cellValue(cells[found.idColumn]) ?? '')) continue;
    } else if (!/^\d*$/.test((cells[found.stockColumn] ?? '').trim())) continue;
    rows.push({ row, sku });
  }
  return rows;
}

export interface FilledStockFile {
  file: Uint8Array;
  kind: SheetKind;
  channel: MarketplaceChannel;
  filled: number;
  unmapped: string[];
}

export type StockFileResult = { ok: true; value: FilledStockFile } | { ok: false; message: string };

/**
 * The template with each mapped row's stock set to the units Gudang's stock makes (a bundle:
 * the least over its products of floor(stock / quantity)) less the buffer, never below 0; the
 * unmapped rows' SKUs listed and left as they were. The activity entry is written on success.
 */
export async function fillStockFile(
  db: Db,
  upload: { file: Buffer; fileName: string; buffer: number },
  actor: ActivityActor,
): Promise<StockFileResult> {
  const read = await readSheets(upload.file);
  if (!read.ok) return { ok: false, message: readFailureMessage(read.reason) };
  const found = findTemplate(read.sheets);
  if (found === null) return { ok: false, message: MARKETPLACE_MESSAGES.unknownStockTemplate };
  const rows = dataRows(found);
  const resolve = await resolver(
    db,
    found.template.channel,
    rows.map(({ sku }) => ({ sku, variation: null })),
  );
  const edits: CellEdit[] = [];
  const unmapped: string[] = [];
  for (const { row, sku } of rows) {
    const items = resolve(sku, null);
    if (items.length === 0) {
      unmapped.push(sku);
      continue;
    }
    edits.push({
      row,
      col: found.stockColumn,
      value: Math.max(0, availableUnits(items) - upload.buffer),
    });
  }
  const filled = await fillSheet(upload.file, found.sheet.name, edits);
  if (!filled.ok) return { ok: false, message: readFailureMessage(filled.reason) };
  await logActivity(db, {
    action: 'EXPORT_MARKETPLACE_STOCK',
    user: actor,
    details:
      `Stok marketplace ${MARKETPLACE_CHANNEL_LABELS[found.template.channel]} diisi ke file ` +
      `${upload.fileName}: ${edits.length} baris diisi, ${unmapped.length} SKU belum dipetakan, ` +
      `stok cadangan ${upload.buffer}`,
  });
  return {
    ok: true,
    value: {
      file: filled.file,
      kind: read.kind,
      channel: found.template.channel,
      filled: edits.length,
      unmapped,
    },
  };
}
