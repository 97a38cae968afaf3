// A marketplace's return, failed-delivery or cancellation file (its sheets as text, from the
// spreadsheet worker) into its requests: one per return (or order) and product line, with what
// the marketplace did (type), its state in one vocabulary beside the file's own words, the money
// refunded, the days and the return tracking number. The format comes from the headers (never
// from positions); a row that cannot be read is a problem with its row number and its request is
// left out. The cell readers are the order and income imports' (marketplace and settlements
// service.ts). No database: a pure function.
import type {
  MarketplaceReturnStatus,
  MarketplaceReturnType,
  ReturnFileFormat,
} from '@gudang/api-client/contract';
import { FIELDS, MARKETPLACE_RETURN_MESSAGES } from '@gudang/api-client/contract';
import {
  amountValue,
  best,
  cellValue,
  headerRows,
  isBlank,
  isFooter,
  orderExportName,
  SCIENTIFIC,
  type SheetText,
} from '../marketplace/service';
import {
  CELL_MESSAGES,
  cut,
  headerCell,
  incomeFileName,
  senValue,
  settlementDate,
  wrongFileMessage,
} from '../settlements/service';

/** A request as read; money in rupiah, days as the shop's calendar day (yyyy-mm-dd). */
export interface ParsedReturn {
  /** The spreadsheet row (from 1) of its first row. */
  row: number;
  /** The return number, else the order number: with lineKey, the request's key. */
  reference: string;
  /** The line's SKU and variation in lower case ('' when the file names neither). */
  lineKey: string;
  orderNumber: string;
  returnNumber: string | null;
  type: MarketplaceReturnType;
  status: MarketplaceReturnStatus;
  statusText: string;
  reason: string | null;
  sku: string | null;
  productName: string | null;
  /** null: the whole order (the file gives no quantity). */
  quantity: number | null;
  refundAmount: number;
  compensationAmount: number;
  requestedOn: string | null;
  refundedOn: string | null;
  returnTracking: string | null;
  claimDeadline: string | null;
}

export interface ReturnFileProblem {
  sheet: string;
  row: number;
  message: string;
}

export type ReturnFileChannel = 'shopee' | 'tiktok' | 'lazada';

export interface ParsedReturnFile {
  channel: ReturnFileChannel;
  format: ReturnFileFormat;
  requests: ParsedReturn[];
  problems: ReturnFileProblem[];
}

export interface ReturnFileOptions {
  /** The shop's IANA time zone. */
  timeZone: string;
}

/** A cell's value quoted in a problem is cut to this. */
const MAX_VALUE = 50;
/** The longest texts a request keeps (longer ones are cut). */
const MAX_TEXT = {
  id: 100,
  tracking: FIELDS.resi_number.maxLength,
  sku: FIELDS.sku.maxLength,
  variation: FIELDS.variation.maxLength,
  name: 500,
  status: 200,
  reason: 1000,
} as const;
/** The largest quantity a request may name. */
const MAX_QUANTITY = 1_000_000;
/** The largest amount of money a request may name (numeric(14,2)). */
const MAX_MONEY_SEN = 999_999_999_999_00;

/** The files the return import reads, as its wrong-file messages name them. */
const RETURN_FILES = 'pengembalian, pengiriman gagal, atau pembatalan';

export const RETURN_PARSE_MESSAGES = {
  unknownFormat: MARKETPLACE_RETURN_MESSAGES.unknownFormat,
  incomeFile: (name: string) => wrongFileMessage('penghasilan', name, RETURN_FILES),
  orderExport: (name: string) => wrongFileMessage('pesanan', name, RETURN_FILES),
  ...CELL_MESSAGES,
  notQuantity: (label: string, value: string) =>
    `${label} bukan jumlah yang valid (bilangan bulat 0 sampai ${MAX_QUANTITY.toLocaleString('id-ID')}): '${value}'`,
  tooLarge: (label: string, value: string) => `${label} terlalu besar: '${value}'`,
  badCharacters: (label: string) => `${label} berisi karakter yang tidak diizinkan`,
  leftOut: (reason: string, reference: string) =>
    `${reason}; pengembalian ${reference} tidak diimpor`,
} as const;

type Field =
  | 'order'
  | 'returnNumber'
  | 'status'
  | 'subStatus'
  | 'typeText'
  | 'solution'
  | 'release'
  | 'refund'
  | 'paid'
  | 'unitPrice'
  | 'quantity'
  | 'reason'
  | 'refundedAt'
  | 'requestedAt'
  | 'orderDate'
  | 'goodsStatus'
  | 'tracking'
  | 'compensation'
  | 'claimStatus'
  | 'claimDeadline'
  | 'sku'
  | 'skuId'
  | 'productName'
  | 'variation'
  | 'orderStatus'
  | 'cancelReason'
  | 'failedStatus'
  | 'failedReason';

interface ReturnSpec {
  format: ReturnFileFormat;
  channel: ReturnFileChannel;
  name: string;
  /** Each field's headers: as the marketplace writes it first, then its aliases. */
  fields: Partial<Record<Field, readonly string[]>>;
  /** Each entry: one of these fields must be there (the first names it in messages). */
  required: readonly (readonly Field[])[];
  /** The row under the headers may describe each column (TikTok Shop). */
  descriptionRow?: boolean;
  /** One row per unit, summed per order and SKU (Lazada). */
  rowPerUnit?: boolean;
  /**
   * Every required column is one of the marketplace's order export too (Shopee's cancellation
   * view): the order import reads such a file as orders, so it never names it as a return file.
   */
  orderView?: boolean;
}

const ORDER = ['No. Pesanan', 'Nomor Pesanan', 'No Pesanan'];
const CLAIM_DEADLINE = [
  'Batas Waktu Klaim',
  'Batas Waktu Pengajuan Klaim',
  'Batas Klaim',
  'Claim Deadline',
  'Compensation Deadline',
];
const RETURN_TRACKING = [
  'No. Resi Pengembalian',
  'Nomor Resi Pengembalian',
  'Resi Pengembalian',
  'No. Resi Pengembalian Barang',
];
const SHOPEE_LINE = {
  sku: ['Nomor Referensi SKU', 'SKU Referensi', 'No. Referensi SKU', 'SKU Variasi', 'SKU Induk'],
  productName: ['Nama Produk', 'Produk'],
  variation: ['Nama Variasi', 'Variasi'],
  quantity: ['Jumlah', 'Jumlah Produk', 'Kuantitas'],
};

/** Checked in this order: the first complete one whose headers fit best is the file's. */
export const RETURN_SPECS: readonly ReturnSpec[] = [
  {
    format: 'shopee-return',
    channel: 'shopee',
    name: 'Shopee Pengembalian Barang/Dana',
    fields: {
      returnNumber: ['No. Pengembalian', 'Nomor Pengembalian', 'No Pengembalian'],
      order: ORDER,
      status: [
        'Status Pembatalan/ Pengembalian',
        'Status Pengembalian',
        'Status Pengembalian Dana',
      ],
      typeText: ['Tipe Pengembalian'],
      solution: ['Solusi Pengembalian Barang/Dana', 'Solusi Pengembalian', 'Solusi'],
      refund: ['Total Pengembalian Dana', 'Jumlah Pengembalian Dana', 'Total Dana Dikembalikan'],
      release: ['Pelepasan Dana'],
      quantity: ['Jumlah Produk Dikembalikan', 'Jumlah Dikembalikan', 'Jumlah'],
      reason: ['Alasan Pengembalian', 'Alasan'],
      refundedAt: ['Waktu Pengembalian Dana Selesai', 'Waktu Pengembalian Dana'],
      requestedAt: [
        'Waktu Pengembalian Diajukan',
        'Waktu Pengajuan Pengembalian',
        'Tanggal Pengembalian Diajukan',
      ],
      orderDate: ['Tanggal Pesanan Dibuat', 'Waktu Pesanan Dibuat'],
      goodsStatus: ['Status Pengembalian Barang'],
      tracking: RETURN_TRACKING,
      compensation: ['Jumlah Kompensasi', 'Kompensasi'],
      claimDeadline: CLAIM_DEADLINE,
      sku: ['Kode Variasi', ...SHOPEE_LINE.sku],
      productName: SHOPEE_LINE.productName,
      variation: ['Variasi', 'Nama Variasi'],
    },
    required: [['returnNumber'], ['order'], ['status'], ['refund']],
  },
  {
    format: 'shopee-failed',
    channel: 'shopee',
    name: 'Shopee Pengiriman Gagal',
    fields: {
      order: ORDER,
      failedStatus: ['Status pengiriman gagal', 'Status Gagal Kirim'],
      failedReason: ['Alasan Pengiriman Gagal', 'Alasan Gagal Kirim'],
      status: ['Status Pembatalan/ Pengembalian'],
      orderStatus: ['Status Pesanan'],
      compensation: ['Jumlah Kompensasi', 'Kompensasi'],
      claimStatus: ['Status Klaim'],
      claimDeadline: CLAIM_DEADLINE,
      paid: ['Dibayar Pembeli', 'Total Pembayaran'],
      requestedAt: ['Waktu Pengiriman Gagal', 'Tanggal Pengiriman Gagal', 'Tanggal Klaim Diajukan'],
      orderDate: ['Waktu Pesanan Dibuat', 'Tanggal Pesanan Dibuat'],
      tracking: RETURN_TRACKING,
      ...SHOPEE_LINE,
    },
    required: [['order'], ['failedStatus']],
  },
  {
    format: 'shopee-cancel',
    channel: 'shopee',
    name: 'Shopee Pembatalan',
    orderView: true,
    fields: {
      order: ORDER,
      orderStatus: ['Status Pesanan'],
      cancelReason: ['Alasan Pembatalan'],
      status: ['Status Pembatalan/ Pengembalian'],
      paid: ['Dibayar Pembeli', 'Total Pembayaran'],
      requestedAt: ['Waktu Pembatalan', 'Waktu Pesanan Dibatalkan', 'Tanggal Pembatalan'],
      orderDate: ['Waktu Pesanan Dibuat', 'Tanggal Pesanan Dibuat'],
      ...SHOPEE_LINE,
    },
    required: [['order'], ['orderStatus'], ['cancelReason']],
  },
  {
    format: 'tiktok-return',
    channel: 'tiktok',
    name: 'TikTok Shop Pengembalian',
    descriptionRow: true,
    fields: {
      returnNumber: ['Return Order ID', 'Return ID', 'Return Order Id'],
      order: ['Order ID', 'Order Id'],
      orderStatus: ['Order Status'],
      typeText: ['Return Type'],
      quantity: ['Return Quantity', 'Quantity'],
      tracking: ['Return Logistics Tracking ID', 'Return Tracking ID', 'Return Tracking Number'],
      status: ['Return Status'],
      subStatus: ['Return Sub Status', 'Return Substatus'],
      refundedAt: ['Refund Time'],
      requestedAt: ['Time Requested', 'Request Time', 'Requested Time'],
      reason: ['Return Reason'],
      unitPrice: ['Return unit price', 'Return Unit Price'],
      refund: ['Refund Amount', 'Refund Total', 'Total Refund Amount'],
      sku: ['Seller SKU'],
      skuId: ['SKU ID'],
      productName: ['Product Name'],
      variation: ['SKU Name', 'Variation'],
      compensation: ['Compensation Amount'],
      claimStatus: ['Compensation Status'],
      claimDeadline: CLAIM_DEADLINE,
    },
    required: [['returnNumber'], ['order'], ['typeText'], ['status']],
  },
  {
    format: 'lazada-return',
    channel: 'lazada',
    name: 'Lazada Pengembalian',
    rowPerUnit: true,
    fields: {
      order: ['orderNumber', 'Order Number', 'Order No'],
      orderStatus: ['status', 'Status', 'Order Status'],
      refund: ['refundAmount', 'Refund Amount'],
      failedReason: ['buyerFailedDeliveryReason', 'Buyer Failed Delivery Reason'],
      failedStatus: [
        'buyerFailedDeliveryReturnInitiator',
        'Buyer Failed Delivery Return Initiator',
      ],
      reason: ['Return Reason', 'returnReason', 'buyerFailedDeliveryDetail'],
      sku: ['sellerSku', 'Seller SKU', 'SellerSku'],
      productName: ['itemName', 'Item Name'],
      variation: ['variation', 'Variation'],
      requestedAt: ['updateTime', 'Updated at', 'Update Time'],
      orderDate: ['createTime', 'Created at', 'Created Time'],
      tracking: ['returnTrackingCode', 'Return Tracking Code', 'Reverse Tracking Number'],
      claimDeadline: CLAIM_DEADLINE,
    },
    required: [['order'], ['orderStatus'], ['sku'], ['refund', 'failedReason', 'failedStatus']],
  },
];

interface Column {
  index: number;
  label: string;
  offsetMinutes: number | null;
}

interface Layout {
  spec: ReturnSpec;
  sheet: SheetText;
  headerRow: number;
  columns: Partial<Record<Field, Column>>;
  known: number;
  missing: string[];
}

function layoutOf(spec: ReturnSpec, sheet: SheetText, headerRow: number): Layout {
  const positions = new Map<string, Column>();
  (sheet.rows[headerRow] ?? []).forEach((text, index) => {
    const cell = headerCell(text);
    if (cell.key !== '' && !positions.has(cell.key))
      positions.set(cell.key, { index, label: cut(cell.label), offsetMinutes: cell.offsetMinutes });
  });
  const columns: Partial<Record<Field, Column>> = {};
  for (const [field, headers] of Object.entries(spec.fields) as [Field, readonly string[]][]) {
    for (const header of headers) {
      const column = positions.get(headerCell(header).key);
      if (column !== undefined) {
        columns[field] = column;
        break;
      }
    }
  }
  const missing = spec.required
    .filter((any) => any.every((field) => columns[field] === undefined))
    .map((any) => spec.fields[any[0] as Field]?.[0] ?? String(any[0]));
  return { spec, sheet, headerRow, columns, known: Object.keys(columns).length, missing };
}

function candidates(sheets: readonly SheetText[]): Layout[] {
  const found: Layout[] = [];
  for (const { sheet, headerRow, header } of headerRows(sheets)) {
    if (header.length === 0) continue;
    for (const spec of RETURN_SPECS) {
      const layout = layoutOf(spec, sheet, headerRow);
      if (layout.known > 0) found.push(layout);
    }
  }
  return found;
}

/** The text of a cell as kept: without control, format or broken characters; null when empty. */
export function textOf(raw: string | undefined, max: number): string | null {
  const value = cellValue(raw);
  if (value === null) return null;
  const cleaned = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\uFFFD]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned === '') return null;
  return cleaned.length > max ? cleaned.slice(0, max) : cleaned;
}

const words = (...texts: (string | null)[]) =>
  texts
    .filter((text): text is string => text !== null)
    .join(' ')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ');

const REJECTED =
  /ditolak|rejected|reject|dibatalkan|pembatalan pengembalian|withdrawn|cancel+ed|closed|ditutup|banding ditolak/;
const REFUNDED =
  /dana dikembalikan|dana telah dikembalikan|pengembalian dana (berhasil|selesai)|refunded|refund (completed|success)/;
const DONE = /selesai|completed|complete|diterima( oleh)? penjual|dikembalikan ke penjual|returned/;
const REFUND_ONLY =
  /dana saja|refund only|only refund|hanya (pengembalian )?dana|tanpa pengembalian barang|refund tanpa/;
const FAILED = /failed|gagal|lost|hilang|damaged by|rusak oleh/;
const CANCELLED = /cancel|batal/;
const RETURNED = /return|retur|pengembalian/;

/** Whether a Lazada row is a return, failed delivery, cancellation or refund at all. */
function lazadaType(
  status: string,
  failed: boolean,
  refunded: boolean,
): MarketplaceReturnType | null {
  if (failed || FAILED.test(status)) return 'failed_delivery';
  if (RETURNED.test(status)) return 'return_refund';
  if (CANCELLED.test(status)) return 'cancellation';
  if (refunded || /refund/.test(status)) return 'refund_only';
  return null;
}

function statusOf(
  type: MarketplaceReturnType,
  text: string,
  refunded: boolean,
  refund: number,
): MarketplaceReturnStatus {
  if (type === 'cancellation') {
    if (/ditolak|rejected/.test(text)) return 'ditolak';
    if (/diajukan|requested|menunggu|pending/.test(text)) return 'diajukan';
    return refunded ? 'dana_dikembalikan' : 'selesai';
  }
  if (type === 'failed_delivery') {
    if (refunded || REFUNDED.test(text)) return 'dana_dikembalikan';
    return DONE.test(text) ? 'selesai' : 'diajukan';
  }
  if (REJECTED.test(text)) return 'ditolak';
  if (refunded || REFUNDED.test(text)) return 'dana_dikembalikan';
  if (DONE.test(text)) return refund > 0 ? 'dana_dikembalikan' : 'selesai';
  return 'diajukan';
}

/**
 * Why a row is left out (with its message and the reference whose requests go with it), or its
 * request.
 */
type RowResult = { problem: string; leftOut: string | null } | { request: ParsedReturn } | null;

interface Reader {
  layout: Layout;
  options: ReturnFileOptions;
  row: readonly string[];
  index: number;
}

const label = (layout: Layout, field: Field) =>
  layout.columns[field]?.label ?? layout.spec.fields[field]?.[0] ?? field;

/** A field's text, or null; undefined when the column is not in the file. */
function text(reader: Reader, field: Field, max: number): string | null {
  const column = reader.layout.columns[field];
  return column === undefined ? null : textOf(reader.row[column.index], max);
}

class RowError extends Error {}
/** A row whose own id cannot be read: its reference names no request. */
class BrokenId extends RowError {}

function money(reader: Reader, field: Field): number {
  const column = reader.layout.columns[field];
  if (column === undefined) return 0;
  const raw = reader.row[column.index];
  const sen = senValue(raw);
  if (sen === null)
    throw new RowError(
      RETURN_PARSE_MESSAGES.notNumber(
        label(reader.layout, field),
        cut(cellValue(raw) ?? '', MAX_VALUE),
      ),
    );
  const size = Math.abs(sen);
  if (size > MAX_MONEY_SEN)
    throw new RowError(
      RETURN_PARSE_MESSAGES.tooLarge(
        label(reader.layout, field),
        cut(cellValue(raw) ?? '', MAX_VALUE),
      ),
    );
  return size / 100;
}

function day(reader: Reader, field: Field): string | null {
  const column = reader.layout.columns[field];
  if (column === undefined) return null;
  const raw = reader.row[column.index];
  const value = settlementDate(raw, reader.options.timeZone, column.offsetMinutes);
  if (value === undefined) return null;
  if (value === null)
    throw new RowError(
      RETURN_PARSE_MESSAGES.badDate(
        label(reader.layout, field),
        cut(cellValue(raw) ?? '', MAX_VALUE),
      ),
    );
  return value;
}

function quantityOf(reader: Reader): number | null {
  const column = reader.layout.columns.quantity;
  if (column === undefined) return null;
  const raw = cellValue(reader.row[column.index]);
  if (raw === null) return null;
  const amount = amountValue(raw);
  if (amount === null || !Number.isInteger(amount) || amount > MAX_QUANTITY)
    throw new RowError(
      RETURN_PARSE_MESSAGES.notQuantity(label(reader.layout, 'quantity'), cut(raw, MAX_VALUE)),
    );
  return amount;
}

/** An id column whose number a spreadsheet program cut (issue 42 m8): the row is refused. */
function checkDigits(reader: Reader, field: Field, value: string | null): void {
  const column = reader.layout.columns[field];
  if (column === undefined || value === null) return;
  const lost = reader.layout.sheet.lostDigits ?? [];
  if (lost.includes(`${reader.index},${column.index}`) || SCIENTIFIC.test(value))
    throw new RowError(RETURN_PARSE_MESSAGES.lostDigits(label(reader.layout, field), value));
}

/** A broken character: half of a surrogate pair, or what the reader made of one (U+FFFD). */
const BROKEN = /[\p{Cs}\uFFFD]/u;

/**
 * An id whose cell holds a broken character (an xlsx's `_xD800_`): the row is refused, never
 * cleaned into another id (issue 41).
 */
function checkCharacters(reader: Reader, field: Field, isReference: boolean): void {
  const column = reader.layout.columns[field];
  const raw = column === undefined ? undefined : reader.row[column.index];
  if (raw === undefined || !BROKEN.test(raw)) return;
  const message = RETURN_PARSE_MESSAGES.badCharacters(label(reader.layout, field));
  throw isReference ? new BrokenId(message) : new RowError(message);
}

/** One row into its request (null: a row of no return: blank, a footer, an order not returned). */
function readRow(reader: Reader): RowResult {
  const { layout } = reader;
  const { spec } = layout;
  const orderNumber = text(reader, 'order', MAX_TEXT.id);
  const returnNumber = text(reader, 'returnNumber', MAX_TEXT.id);
  const sku = text(reader, 'sku', MAX_TEXT.sku) ?? text(reader, 'skuId', MAX_TEXT.sku);
  const productName = text(reader, 'productName', MAX_TEXT.name);
  const variation = text(reader, 'variation', MAX_TEXT.variation);
  const reference = returnNumber ?? orderNumber;
  try {
    checkCharacters(reader, 'returnNumber', true);
    checkCharacters(reader, 'order', returnNumber === null);
    checkCharacters(reader, 'tracking', false);
    checkDigits(reader, 'order', orderNumber);
    checkDigits(reader, 'returnNumber', returnNumber);
    if (orderNumber === null) {
      if (returnNumber === null && sku === null && productName === null) return null;
      throw new RowError(RETURN_PARSE_MESSAGES.missing(label(layout, 'order')));
    }

    const lazada = spec.format === 'lazada-return';
    const orderStatus = text(reader, 'orderStatus', MAX_TEXT.status);
    // Lazada's 'failedStatus' is who started the return (buyer, seller): no status.
    const failedStatus = lazada ? null : text(reader, 'failedStatus', MAX_TEXT.status);
    const ownStatus = spec.format === 'shopee-cancel' || lazada ? orderStatus : null;
    const statusText = words(
      text(reader, 'status', MAX_TEXT.status),
      text(reader, 'subStatus', MAX_TEXT.status),
      failedStatus,
      text(reader, 'goodsStatus', MAX_TEXT.status),
      text(reader, 'release', MAX_TEXT.status),
      ownStatus,
    );
    const ownWords = [
      text(reader, 'status', MAX_TEXT.status),
      text(reader, 'subStatus', MAX_TEXT.status),
      failedStatus,
      ownStatus,
    ].filter((value): value is string => value !== null);
    const failedReason = text(reader, 'failedReason', MAX_TEXT.reason);
    let refundAmount = money(reader, 'refund');
    const paid = money(reader, 'paid');
    const compensationAmount = money(reader, 'compensation');
    const refundedOn = day(reader, 'refundedAt');
    const requestedAt = day(reader, 'requestedAt');
    const orderDate = day(reader, 'orderDate');
    const claimDeadline = day(reader, 'claimDeadline');
    const quantity = quantityOf(reader);

    let type: MarketplaceReturnType;
    switch (spec.format) {
      case 'shopee-return':
      case 'tiktok-return': {
        const kind = words(
          text(reader, 'solution', MAX_TEXT.status),
          text(reader, 'typeText', MAX_TEXT.status),
        );
        type = REFUND_ONLY.test(kind) ? 'refund_only' : 'return_refund';
        break;
      }
      case 'shopee-failed':
        // The failed-delivery view lists every order; a row without its status is none.
        if (text(reader, 'failedStatus', MAX_TEXT.status) === null) return null;
        type = 'failed_delivery';
        // What the buyer paid is given back to the buyer (or, cash on delivery, never collected).
        refundAmount = paid;
        break;
      case 'shopee-cancel':
        if (
          !CANCELLED.test(words(orderStatus)) &&
          text(reader, 'cancelReason', MAX_TEXT.reason) === null
        )
          return null;
        type = 'cancellation';
        refundAmount = paid;
        break;
      case 'lazada-return': {
        const found = lazadaType(
          words(orderStatus),
          failedReason !== null || text(reader, 'failedStatus', MAX_TEXT.status) !== null,
          refundAmount > 0,
        );
        if (found === null) return null;
        type = found;
        break;
      }
    }
    // TikTok names the refund per unit: the refund is the unit price times the units, once
    // refunded (a request still open has given nothing back yet).
    const perUnit = spec.format === 'tiktok-return' && reader.layout.columns.refund === undefined;
    if (perUnit) {
      const unit = money(reader, 'unitPrice');
      refundAmount = Math.round(unit * (quantity ?? 1) * 100) / 100;
    }
    const refunded = refundedOn !== null;
    const status = statusOf(type, statusText, refunded, refundAmount);
    if (perUnit && status !== 'dana_dikembalikan') refundAmount = 0;
    const reason =
      text(reader, 'reason', MAX_TEXT.reason) ??
      text(reader, 'cancelReason', MAX_TEXT.reason) ??
      failedReason;
    const lineKey =
      sku === null && variation === null
        ? ''
        : `${(sku ?? '').toLowerCase()}\u0001${(variation ?? '').toLowerCase()}`;
    return {
      request: {
        row: reader.index + 1,
        reference: (reference ?? orderNumber) as string,
        lineKey,
        orderNumber,
        returnNumber,
        type,
        status,
        statusText: cut(ownWords.join(' / ') || (orderStatus ?? ''), MAX_TEXT.status),
        reason,
        sku,
        // A file without a name column (Shopee's returns) leaves the name to the SKU's product,
        // read when shown; its variation ('Hitam,M') names the line only when no SKU does.
        productName: productName ?? (sku === null ? variation : null),
        quantity: spec.rowPerUnit === true ? 1 : quantity,
        refundAmount,
        compensationAmount,
        requestedOn:
          requestedAt ?? (type === 'refund_only' ? refundedOn : null) ?? orderDate ?? refundedOn,
        refundedOn,
        returnTracking: text(reader, 'tracking', MAX_TEXT.tracking),
        claimDeadline,
      },
    };
  } catch (error) {
    if (!(error instanceof RowError)) throw error;
    if (error instanceof BrokenId || reference === null)
      return { problem: error.message, leftOut: null };
    return {
      problem: RETURN_PARSE_MESSAGES.leftOut(error.message, cut(reference, MAX_VALUE)),
      leftOut: reference,
    };
  }
}

/** The cells of an order (not of its line, nor its money) that a continuation row takes. */
const ORDER_CELLS: readonly Field[] = [
  'order',
  'orderStatus',
  'status',
  'cancelReason',
  'failedStatus',
  'failedReason',
  'requestedAt',
  'orderDate',
  'tracking',
  'claimDeadline',
];

/**
 * The layout read: of those whose every required column is there, the one with the most required
 * fields (a specific file over its looser sibling), then the most columns known.
 */
function completeBest(found: readonly Layout[]): Layout | null {
  return best(
    found.filter((layout) => layout.missing.length === 0),
    (layout) => layout.spec.required.length * 1000 + layout.known,
  );
}

/**
 * The name of the return file whose every required column the sheets have ('Shopee Pengiriman
 * Gagal'), or null: the order import names it when such a file is uploaded to it by mistake. A
 * view of the order export (orderView) is not named: there it is an order file with a column lost.
 */
export function returnFileName(sheets: readonly SheetText[]): string | null {
  const found = candidates(sheets).filter((layout) => layout.spec.orderView !== true);
  return completeBest(found)?.spec.name ?? null;
}

/** Reads a marketplace's return, failed-delivery or cancellation file into its requests. */
export function parseReturnFile(
  sheets: readonly SheetText[],
  options: ReturnFileOptions,
): ParsedReturnFile | { error: string } {
  const found = candidates(sheets);
  const chosen = completeBest(found);
  if (chosen === null) {
    // An order export or an income file shares a return file's columns: said as what it is, not
    // as a column missing.
    const orderExport = orderExportName(sheets);
    if (orderExport !== null) return { error: RETURN_PARSE_MESSAGES.orderExport(orderExport) };
    const incomeFile = incomeFileName(sheets);
    if (incomeFile !== null) return { error: RETURN_PARSE_MESSAGES.incomeFile(incomeFile) };
    const near = best(
      found.filter((layout) => layout.missing.length * 2 <= layout.spec.required.length),
      (layout) => (layout.spec.required.length - layout.missing.length) * 1000 + layout.known,
    );
    if (near !== null)
      return { error: RETURN_PARSE_MESSAGES.missingColumns(near.spec.name, near.missing) };
    return {
      error: RETURN_PARSE_MESSAGES.unknownFormat(
        RETURN_SPECS.map(
          (spec) =>
            `${spec.name}: ${spec.required.map((any) => spec.fields[any[0] as Field]?.[0]).join(', ')}`,
        ),
      ),
    };
  }

  const { sheet, headerRow, spec } = chosen;
  const requests = new Map<string, ParsedReturn>();
  const problems: ReturnFileProblem[] = [];
  const leftOut = new Set<string>();
  const orderColumn = chosen.columns.order;
  const empty = (row: readonly string[], field: Field) => {
    const column = chosen.columns[field];
    return column === undefined || cellValue(row[column.index]) === null;
  };
  let previous: readonly string[] | null = null;
  for (let index = headerRow + 1; index < sheet.rows.length; index += 1) {
    let row = sheet.rows[index] ?? [];
    if (isBlank(row) || isFooter(row)) continue;
    // Older Shopee exports write an order's own cells on its first row only: filled down (not
    // its money, which is the order's once).
    if (
      spec.channel === 'shopee' &&
      previous !== null &&
      empty(row, 'order') &&
      empty(row, 'returnNumber') &&
      (!empty(row, 'sku') || !empty(row, 'productName'))
    ) {
      const filled = [...row];
      for (const field of ORDER_CELLS) {
        const column = chosen.columns[field];
        if (column !== undefined && cellValue(filled[column.index]) === null)
          filled[column.index] = previous[column.index] ?? '';
      }
      row = filled;
    }
    // The row under TikTok's headers describes the columns in words.
    if (
      spec.descriptionRow === true &&
      index === headerRow + 1 &&
      orderColumn !== undefined &&
      /\s/.test(cellValue(row[orderColumn.index]) ?? '')
    )
      continue;
    if (!empty(row, 'order')) previous = row;
    const result = readRow({ layout: chosen, options, row, index });
    if (result === null) continue;
    if ('problem' in result) {
      problems.push({ sheet: sheet.name, row: index + 1, message: result.problem });
      if (result.leftOut !== null) leftOut.add(result.leftOut);
      continue;
    }
    const request = result.request;
    const key = `${request.reference}\u0000${request.lineKey}`;
    const earlier = requests.get(key);
    if (earlier === undefined) requests.set(key, request);
    else if (spec.rowPerUnit === true) {
      // Lazada writes one row per unit: the units and the refunds add up.
      earlier.quantity = (earlier.quantity ?? 0) + (request.quantity ?? 0);
      earlier.refundAmount = Math.round((earlier.refundAmount + request.refundAmount) * 100) / 100;
      earlier.compensationAmount =
        Math.round((earlier.compensationAmount + request.compensationAmount) * 100) / 100;
    }
    // Elsewhere a row repeated (an export overlapping the last) is the same request: kept once.
  }
  return {
    channel: spec.channel,
    format: spec.format,
    requests: [...requests.values()].filter((request) => !leftOut.has(request.reference)),
    problems,
  };
}
