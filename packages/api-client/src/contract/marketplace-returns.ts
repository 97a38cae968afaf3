// Pengembalian dari Marketplace (issue 46): the marketplaces' return, failed-delivery and
// cancellation files, uploaded in two steps like the order and income files (a preview kept on the
// server, then a commit, all or nothing, once), and the board that joins each return request to
// its imported order and to Gudang's Retur records in three lists. Money in rupiah.
import { Type, type Static } from '@sinclair/typebox';
import { wholeNumberId } from './constants';
import { ChoiceField, DataOf, DateString, ListOf, Nullable, PageQuery } from './common';
import { MarketplaceChannel } from './marketplace';
import { channelStoreFilter, filePreviewFields, SettlementProblem } from './settlements';

/** The channels that publish a return file (the file's channel; a row takes its order's). */
export const RETURN_FILE_CHANNELS = ['shopee', 'tiktok', 'lazada'] as const;

/**
 * The files recognized from their headers:
 * - shopee-return: Shopee's return/refund export ('No. Pengembalian', 'Tipe Pengembalian', ...);
 * - shopee-failed: Shopee's failed-delivery export ('Status pengiriman gagal', claim columns);
 * - shopee-cancel: Shopee's cancellation export ('Alasan Pembatalan', 'Dibayar Pembeli');
 * - tiktok-return: TikTok Shop's return export (25 columns, 'Return Order ID', ...);
 * - lazada-return: Lazada's return rows: the rows of its order export (camelCase or English
 *   headers) whose status is returned, failed delivery or refunded, or that carry a
 *   refundAmount or a buyerFailedDelivery reason.
 */
export const RETURN_FILE_FORMATS = [
  'shopee-return',
  'shopee-failed',
  'shopee-cancel',
  'tiktok-return',
  'lazada-return',
] as const;
export type ReturnFileFormat = (typeof RETURN_FILE_FORMATS)[number];

export const RETURN_FILE_FORMAT_LABELS = {
  'shopee-return': 'Shopee: Pengembalian Barang/Dana',
  'shopee-failed': 'Shopee: Pengiriman Gagal',
  'shopee-cancel': 'Shopee: Pembatalan',
  'tiktok-return': 'TikTok Shop: Pengembalian',
  'lazada-return': 'Lazada: Pengembalian',
} as const satisfies Record<ReturnFileFormat, string>;

/**
 * What the marketplace did:
 * - refund_only: the buyer keeps the goods and gets the money ('Refund only', 'Pengembalian Dana
 *   Saja'): the goods never come back;
 * - return_refund: the parcel is sent back and the money refunded;
 * - failed_delivery: the courier could not deliver; the parcel comes back to the seller;
 * - cancellation: the order was cancelled (after shipping, the parcel comes back).
 */
export const MARKETPLACE_RETURN_TYPES = [
  'refund_only',
  'return_refund',
  'failed_delivery',
  'cancellation',
] as const;
export const MarketplaceReturnType = ChoiceField(MARKETPLACE_RETURN_TYPES);
export type MarketplaceReturnType = Static<typeof MarketplaceReturnType>;

export const MARKETPLACE_RETURN_TYPE_LABELS = {
  refund_only: 'Pengembalian Dana Saja',
  return_refund: 'Pengembalian Barang & Dana',
  failed_delivery: 'Pengiriman Gagal',
  cancellation: 'Pembatalan',
} as const satisfies Record<MarketplaceReturnType, string>;

/**
 * The normalized state of a request; the marketplace's words stay beside it as status_text.
 * diajukan: requested or in progress, no refund yet; dana_dikembalikan: refunded; selesai: closed
 * without a refund (a failed delivery back with the seller); ditolak: rejected or withdrawn
 * (nothing lost: the request is in no list).
 */
export const MARKETPLACE_RETURN_STATUSES = [
  'diajukan',
  'dana_dikembalikan',
  'selesai',
  'ditolak',
] as const;
export const MarketplaceReturnStatus = ChoiceField(MARKETPLACE_RETURN_STATUSES);
export type MarketplaceReturnStatus = Static<typeof MarketplaceReturnStatus>;

export const MARKETPLACE_RETURN_STATUS_LABELS = {
  diajukan: 'Diajukan',
  dana_dikembalikan: 'Dana Dikembalikan',
  selesai: 'Selesai',
  ditolak: 'Ditolak / Dibatalkan',
} as const satisfies Record<MarketplaceReturnStatus, string>;

/**
 * The board's three lists ('Dari Marketplace'). A request not 'ditolak' is in one of them, or in
 * none when nothing is expected back and nothing was refunded (a cancellation or failed delivery of
 * an order Gudang never shipped):
 * - received ('Sudah diterima'): a Retur record of its order (the Retur's marketplace order, or
 *   its resi is the order's resi or the request's return tracking number);
 * - not_received ('Dana kembali, barang tidak kembali'): no Retur record, and refund_only, or the
 *   parcel is expected back (return_refund refunded; failed_delivery or cancellation of an order
 *   Gudang shipped) and its day (refunded_at, else requested_at) is more than
 *   return_check_days days before today;
 * - awaiting ('Menunggu barang kembali'): no Retur record, the parcel expected back, not yet
 *   return_check_days days (or a return_refund not refunded yet).
 */
export const MARKETPLACE_RETURN_LISTS = ['not_received', 'awaiting', 'received'] as const;
export const ReturnBoardList = ChoiceField(MARKETPLACE_RETURN_LISTS);
export type ReturnBoardList = Static<typeof ReturnBoardList>;

export const MARKETPLACE_RETURN_LIST_LABELS = {
  not_received: 'Dana kembali, barang tidak kembali',
  awaiting: 'Menunggu barang kembali',
  received: 'Sudah diterima',
} as const satisfies Record<ReturnBoardList, string>;

/** The setting of the N days (GET/PUT /api/settings `return_check_days`). */
export const RETURN_CHECK_DEFAULTS = { return_check_days: 14 } as const;

/** A return file is refused above this many bytes. */
export const RETURN_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** A return file with more rows than this is refused. */
export const RETURN_FILE_MAX_ROWS = 50_000;
/** The requests a preview answers with (the counts cover them all). */
export const RETURN_PREVIEW_ROWS = 100;
/** The unreadable rows a preview answers with (the counts cover them all). */
export const RETURN_PREVIEW_PROBLEMS = 500;

export const MARKETPLACE_RETURN_MESSAGES = {
  tooLarge: `Ukuran file maksimal ${RETURN_FILE_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `File berisi lebih dari ${wholeNumberId(RETURN_FILE_MAX_ROWS)} baris: bagi menjadi beberapa file`,
  unknownFormat: (expected: readonly string[]) =>
    `Format file tidak dikenali sebagai file pengembalian, pengiriman gagal, atau pembatalan. Kolom yang dicari: ${expected.join('; ')}`,
  missingColumns: (format: string, columns: readonly string[]) =>
    `File ${format} tidak memiliki kolom: ${columns.join(', ')}`,
  noRows: 'File tidak berisi pengembalian, pengiriman gagal, atau pembatalan yang dapat diimpor',
  importNotFound: 'Pratinjau impor pengembalian tidak ditemukan atau sudah kedaluwarsa',
  notUploader: 'Hanya pengunggah file yang dapat mengimpor pratinjau ini',
  alreadyCommitted: 'Pratinjau ini sudah diimpor',
  committed: (created: number, updated: number) =>
    `${created.toLocaleString('id-ID')} pengembalian baru diimpor, ${updated.toLocaleString('id-ID')} diperbarui`,
  dateRange: 'Tanggal mulai tidak boleh setelah tanggal akhir',
} as const;

const Money = () => Type.Number({ description: 'Rupiah' });

/** What a return file says of a request, as its preview shows it and as the board lists it. */
const ReturnRequestFields = {
  reason: Nullable(Type.String()),
  sku: Nullable(Type.String()),
  product_name: Nullable(Type.String()),
  /**
   * Units returned or refunded. 0 in a preview when the file names none (the whole order); the
   * board then lists the order's units (0 when Gudang has no such order).
   */
  quantity: Type.Integer({ minimum: 0 }),
  refund_amount: Money(),
  /** A marketplace claim or compensation paid to the seller (lowers the loss). */
  compensation_amount: Money(),
  requested_at: Nullable(DateString),
  refunded_at: Nullable(DateString),
  return_tracking: Nullable(Type.String()),
};

/** A request of a preview: 'baru' is added, 'berubah' updates an imported one, 'sudah_ada' is the same. */
export const RETURN_IMPORT_STATES = ['baru', 'berubah', 'sudah_ada'] as const;

export const ReturnPreviewRow = Type.Object({
  /** The spreadsheet row (from 1) of the request's first row. */
  row: Type.Integer({ minimum: 1 }),
  order_number: Type.String(),
  return_number: Nullable(Type.String()),
  type: MarketplaceReturnType,
  status: MarketplaceReturnStatus,
  status_text: Type.String(),
  ...ReturnRequestFields,
  claim_deadline: Nullable(DateString),
  state: ChoiceField(RETURN_IMPORT_STATES),
  /** The imported marketplace order of the same channel and number, if any. */
  matched_order_id: Nullable(Type.Integer()),
});
export type ReturnPreviewRow = Static<typeof ReturnPreviewRow>;

/** An unreadable row: the sheet, its row (from 1) and why. */
export const ReturnImportProblem = SettlementProblem;
export type ReturnImportProblem = Static<typeof ReturnImportProblem>;

/** Answer of POST /api/return-imports (201) and GET /api/return-imports/:id. */
export const ReturnImport = Type.Object({
  ...filePreviewFields(ChoiceField(RETURN_FILE_CHANNELS), ChoiceField(RETURN_FILE_FORMATS)),
  counts: Type.Object({
    /** Requests read from the file. */
    rows: Type.Integer(),
    /** Of them, new: the commit adds them. */
    new: Type.Integer(),
    /** Imported before with another status, refund, tracking or claim: the commit updates them. */
    changed: Type.Integer(),
    /** Imported before, the same: the commit leaves them. */
    already: Type.Integer(),
    /** With an imported marketplace order of the same channel and number. */
    matched: Type.Integer(),
    unmatched: Type.Integer(),
    /** Rows that cannot be read. */
    problems: Type.Integer(),
  }),
  /** The first RETURN_PREVIEW_ROWS requests. */
  rows: Type.Array(ReturnPreviewRow),
  /** The first RETURN_PREVIEW_PROBLEMS rows that cannot be read. */
  problems: Type.Array(ReturnImportProblem),
});
export type ReturnImport = Static<typeof ReturnImport>;

/** 200 of POST /api/return-imports/:id/commit. */
export const ReturnCommitResult = Type.Object({
  message: Type.String(),
  created: Type.Integer(),
  updated: Type.Integer(),
  /** Left as they were (imported before, the same). */
  already: Type.Integer(),
  /** Of the file's requests, those with an imported marketplace order (as the preview counts them). */
  matched: Type.Integer(),
});
export type ReturnCommitResult = Static<typeof ReturnCommitResult>;

const ReturnFilter = channelStoreFilter(MarketplaceChannel);

/**
 * GET /api/marketplace-returns: one list (default not_received), newest first; dates are the
 * request's day (requested_at, else refunded_at); search over the order number, the return
 * number, the return tracking number, the SKU and the product name.
 */
export const MarketplaceReturnQuery = Type.Object({
  ...PageQuery.properties,
  ...ReturnFilter,
  list: Type.Optional(ReturnBoardList),
});
export type MarketplaceReturnQuery = Static<typeof MarketplaceReturnQuery>;

export const MarketplaceReturnRow = Type.Object({
  id: Type.Integer(),
  channel: MarketplaceChannel,
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  order_number: Type.String(),
  /** The imported marketplace order, when there is one. */
  order_id: Nullable(Type.Integer()),
  /**
   * The resi the order was shipped under (its imported order's, else its Barang Keluar
   * records'); null when unknown. The server always sends it; optional in the type only.
   */
  resi: Type.Optional(Nullable(Type.String())),
  /** The marketplace's return number (Shopee 'No. Pengembalian', TikTok 'Return Order ID'). */
  return_number: Nullable(Type.String()),
  type: MarketplaceReturnType,
  ...ReturnRequestFields,
  /** The normalized status; the marketplace's words in status_text. */
  status: MarketplaceReturnStatus,
  status_text: Type.String(),
  /** The list it is in now; null: in none (see MARKETPLACE_RETURN_LISTS). */
  list: Nullable(ReturnBoardList),
  /** Days since refunded_at (else requested_at), in the shop's time zone. */
  days: Nullable(Type.Integer()),
  /** The newest Retur record of its order ('Sudah diterima'). */
  retur_id: Nullable(Type.Integer()),
  received_at: Nullable(DateString),
  /** The units the Retur records of its order took back, by condition. */
  received_good: Type.Integer({ minimum: 0 }),
  received_damaged: Type.Integer({ minimum: 0 }),
  /**
   * The units all the requests of its order name (rejected ones left out; a request without a
   * quantity counts the order's units): when Retur took back another number, the board says so.
   */
  order_requested_units: Type.Integer({ minimum: 0 }),
  /**
   * quantity x the cost at the sale: the purchase price of the order's Barang Keluar record of
   * the SKU's product (the moving-average cost Pembukuan used), else the order's average cost per
   * unit; null when Gudang has no Barang Keluar record of the order.
   */
  cost: Nullable(Money()),
  /**
   * The marketplace's fees on the order the refund did not give back (its income file's fees and
   * adjustments, as Pembukuan counts the fee, issue 45), for quantity of the order's units; null
   * when no income file of the order is imported.
   */
  fees_lost: Nullable(Money()),
  /** not_received only: cost + fees_lost - compensation_amount (not below 0); else null. */
  loss: Nullable(Money()),
  /** The marketplace's claim deadline, when the file gives one. */
  claim_deadline: Nullable(DateString),
});
export type MarketplaceReturnRow = Static<typeof MarketplaceReturnRow>;

export const MarketplaceReturnList = ListOf(MarketplaceReturnRow);
export type MarketplaceReturnList = Static<typeof MarketplaceReturnList>;

/**
 * GET /api/marketplace-returns/summary: a row per channel and store for the period, of the
 * requests the list's filters find (channel, store, dates and search).
 */
export const MarketplaceReturnSummaryQuery = Type.Object({
  ...ReturnFilter,
  search: PageQuery.properties.search,
});
export type MarketplaceReturnSummaryQuery = Static<typeof MarketplaceReturnSummaryQuery>;

export const MarketplaceReturnSummaryRow = Type.Object({
  channel: MarketplaceChannel,
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  /** Requests in one of the three lists. */
  returns: Type.Integer(),
  units: Type.Integer(),
  refunds: Money(),
  /** The sum of the not_received list's loss. */
  loss: Money(),
  not_received: Type.Integer(),
  awaiting: Type.Integer(),
  received: Type.Integer(),
});
export type MarketplaceReturnSummaryRow = Static<typeof MarketplaceReturnSummaryRow>;

export const MarketplaceReturnSummary = DataOf(Type.Array(MarketplaceReturnSummaryRow));
export type MarketplaceReturnSummary = Static<typeof MarketplaceReturnSummary>;
