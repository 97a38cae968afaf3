// Penghasilan Marketplace (issue 45): what each marketplace order really earned, read from the
// marketplaces' income and settlement files. Uploaded in two steps like the order import (a
// preview kept on the server, then a commit, all or nothing); money in rupiah, signed: money
// taken from the seller is negative.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import {
  SETTLEMENT_CHANNELS,
  SETTLEMENT_CHECK_KINDS,
  SETTLEMENT_FEE_CATEGORIES,
  SETTLEMENT_STATUSES,
  type SettlementFeeCategory,
  wholeNumberId,
} from './constants';
import {
  ChoiceField,
  DataOf,
  DateRangeQuery,
  IdField,
  ListOf,
  Nullable,
  PageQuery,
} from './common';

export const SettlementChannel = ChoiceField(SETTLEMENT_CHANNELS);
export type SettlementChannel = Static<typeof SettlementChannel>;

/** The formats recognized from a file's headers. */
export const SETTLEMENT_FORMATS = ['shopee-a', 'shopee-b', 'shopee-c', 'tiktok', 'lazada'] as const;

/** An income file is refused above this many bytes (a month of a busy store fits). */
export const SETTLEMENT_UPLOAD_MAX_BYTES = 30 * 1024 * 1024;
/** An income file with more rows than this is refused. */
export const SETTLEMENT_MAX_ROWS = 300_000;
/** The characters an income file's cells may hold (a 300,000-row file holds about 50 million). */
export const SETTLEMENT_MAX_TEXT_CHARS = 90_000_000;
/** The orders a preview answers with (the counts cover them all). */
export const SETTLEMENT_PREVIEW_ORDERS = 100;
/** The unreadable rows a preview answers with (the counts cover them all). */
export const SETTLEMENT_PREVIEW_PROBLEMS = 500;

export const SETTLEMENT_MESSAGES = {
  tooLarge: `Ukuran file maksimal ${SETTLEMENT_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
  tooManyRows: `File berisi lebih dari ${wholeNumberId(SETTLEMENT_MAX_ROWS)} baris: bagi menjadi beberapa file`,
  tooMuchText: `File berisi lebih dari ${wholeNumberId(SETTLEMENT_MAX_TEXT_CHARS / 1_000_000)} juta karakter teks: file ditolak, bagi menjadi beberapa file`,
  importNotFound: 'Pratinjau impor penghasilan tidak ditemukan atau sudah kedaluwarsa',
  notUploader: 'Hanya pengunggah file yang dapat mengimpor pratinjau ini',
  alreadyCommitted: 'Pratinjau ini sudah diimpor',
  noOrders: 'File tidak berisi pesanan yang dapat diimpor',
  dateRange: 'Tanggal mulai tidak boleh setelah tanggal akhir',
  /** DELETE /api/marketplace-stores/:id of a store with settlements: it stays (409). */
  storeHasSettlements: (count: number) =>
    `Toko ini punya ${count.toLocaleString('id-ID')} data penghasilan marketplace dan tidak dapat dihapus`,
} as const;

const Money = () => Type.Number({ description: 'Rupiah; negative: taken from the seller' });

export const SettlementFees = Type.Object(
  Object.fromEntries(SETTLEMENT_FEE_CATEGORIES.map((category) => [category, Money()])) as Record<
    SettlementFeeCategory,
    ReturnType<typeof Money>
  >,
);
export type SettlementFees = Static<typeof SettlementFees>;

export const SettlementFeeColumns = Type.Record(Type.String(), Type.Array(Type.String()));
export type SettlementFeeColumns = Static<typeof SettlementFeeColumns>;

/** An order of a preview: 'baru' is added by the commit, 'sudah_ada' was imported before. */
export const SETTLEMENT_ORDER_STATES = ['baru', 'sudah_ada'] as const;

export const SettlementPreviewOrder = Type.Object({
  order_number: Type.String(),
  released_at: Nullable(Type.String()),
  price_before: Money(),
  price: Money(),
  fees: SettlementFees,
  fee_columns: SettlementFeeColumns,
  released: Money(),
  /** released - (price + the fees): 0 when the file adds up. */
  difference: Money(),
  state: ChoiceField(SETTLEMENT_ORDER_STATES),
  /** The imported marketplace order of the same channel and number, if any. */
  matched_order_id: Nullable(Type.Integer()),
});
export type SettlementPreviewOrder = Static<typeof SettlementPreviewOrder>;

export const SettlementProblem = Type.Object({
  sheet: Type.String(),
  row: Type.Integer(),
  message: Type.String(),
});
export type SettlementProblem = Static<typeof SettlementProblem>;

/**
 * The first fields of an uploaded file's preview (an income file here, a return file in
 * marketplace-returns.ts): the file, the format its headers matched, the store, and whether it
 * was committed.
 */
export const filePreviewFields = <C extends TSchema, F extends TSchema>(channel: C, format: F) => ({
  id: Type.Integer(),
  channel,
  format,
  file_name: Type.String(),
  store_id: Type.Integer(),
  store: Type.String(),
  committed: Type.Boolean(),
});

export const SettlementImport = Type.Object({
  ...filePreviewFields(SettlementChannel, ChoiceField(SETTLEMENT_FORMATS)),
  counts: Type.Object({
    /** Orders read from the file. */
    orders: Type.Integer(),
    /** Of them, imported before ('Sudah ada'): the commit adds nothing for them. */
    already: Type.Integer(),
    /** Of them, with an imported marketplace order of the same channel and number. */
    matched: Type.Integer(),
    unmatched: Type.Integer(),
    /**
     * Of the matched, orders with no Barang Keluar record (never packed with Scan Kirim): money
     * for goods Gudang never sent out ('Perlu dicek' lists them as 'Tanpa Barang Keluar').
     */
    not_packed: Type.Integer(),
    /** Orders whose money does not add up to the released amount. */
    differences: Type.Integer(),
    /** Rows that cannot be read. */
    problems: Type.Integer(),
  }),
  /** The first SETTLEMENT_PREVIEW_ORDERS orders. */
  orders: Type.Array(SettlementPreviewOrder),
  /** The first SETTLEMENT_PREVIEW_PROBLEMS rows that cannot be read. */
  problems: Type.Array(SettlementProblem),
});
export type SettlementImport = Static<typeof SettlementImport>;

export const SettlementCommitResult = Type.Object({
  message: Type.String(),
  /** Orders added. */
  created: Type.Integer(),
  /** Orders imported before, left as they were. */
  already: Type.Integer(),
  /** Of the file's orders, those with an imported marketplace order (as the preview counts them). */
  matched: Type.Integer(),
  /** Of the matched, those never packed in Gudang (as the preview counts them). */
  not_packed: Type.Integer(),
});
export type SettlementCommitResult = Static<typeof SettlementCommitResult>;

/** The filters of imported records (settlements, marketplace returns): dates, channel, store. */
export const channelStoreFilter = <C extends TSchema>(channel: C) => ({
  ...DateRangeQuery.properties,
  channel: Type.Optional(channel),
  store_id: Type.Optional(IdField()),
});

const SettlementFilter = channelStoreFilter(SettlementChannel);

/** GET /api/settlements: search over the order number; dates are release dates. */
export const SettlementQuery = Type.Object({
  ...PageQuery.properties,
  ...SettlementFilter,
  status: Type.Optional(ChoiceField(SETTLEMENT_STATUSES)),
});
export type SettlementQuery = Static<typeof SettlementQuery>;

export const SettlementRow = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  channel: SettlementChannel,
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  released_at: Nullable(Type.String()),
  /** The product price after the seller's discounts. */
  price: Money(),
  price_before: Money(),
  fees: SettlementFees,
  fee_columns: SettlementFeeColumns,
  released: Money(),
  difference: Money(),
  matched_order_id: Nullable(Type.Integer()),
});
export type SettlementRow = Static<typeof SettlementRow>;

export const SettlementList = ListOf(SettlementRow);
export type SettlementList = Static<typeof SettlementList>;

/**
 * GET /api/settlements/summary: `group` 'store' (the default) gives a row per channel and store;
 * 'week' a row per channel and week (week: the Monday, yyyy-mm-dd, of the release date in the
 * shop's time zone), for the charts (fees per category per week, fee % per channel).
 */
export const SETTLEMENT_SUMMARY_GROUPS = ['store', 'week'] as const;
export const SettlementSummaryQuery = Type.Object({
  ...SettlementFilter,
  group: Type.Optional(ChoiceField(SETTLEMENT_SUMMARY_GROUPS)),
});
export type SettlementSummaryQuery = Static<typeof SettlementSummaryQuery>;

export const SettlementSummaryRow = Type.Object({
  channel: SettlementChannel,
  /** group=week: the week's Monday (yyyy-mm-dd); absent for group=store. */
  week: Type.Optional(Type.String()),
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  orders: Type.Integer(),
  price: Money(),
  fees: SettlementFees,
  /** The sum of the ten categories (negative: taken from the seller). */
  fees_total: Money(),
  released: Money(),
  /** -fees_total / price x 100, two decimals; 0 without sales. */
  fee_percent: Type.Number(),
});
export type SettlementSummaryRow = Static<typeof SettlementSummaryRow>;

export const SettlementSummary = DataOf(Type.Array(SettlementSummaryRow));
export type SettlementSummary = Static<typeof SettlementSummary>;

/** GET /api/settlements/checks: dates are the release date (shipped date for 'unsettled'). */
export const SettlementCheckQuery = Type.Object({
  ...PageQuery.properties,
  ...SettlementFilter,
  kind: Type.Optional(ChoiceField(SETTLEMENT_CHECK_KINDS)),
});
export type SettlementCheckQuery = Static<typeof SettlementCheckQuery>;

export const SettlementCheckRow = Type.Object({
  kind: ChoiceField(SETTLEMENT_CHECK_KINDS),
  channel: SettlementChannel,
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  order_number: Type.String(),
  /** The imported marketplace order, when there is one. */
  order_id: Nullable(Type.Integer()),
  /** The settlement, when there is one. */
  settlement_id: Nullable(Type.Integer()),
  /** yyyy-mm-dd: the shipped date for 'unsettled', else the release date. */
  date: Nullable(Type.String()),
  price: Nullable(Money()),
  released: Nullable(Money()),
  /** For 'underpaid': price + the expected fees (negative fees lower it). */
  expected: Nullable(Money()),
  /** One Indonesian sentence: why it is listed, with the numbers. */
  reason: Type.String(),
});
export type SettlementCheckRow = Static<typeof SettlementCheckRow>;

export const SettlementCheckList = ListOf(SettlementCheckRow);
export type SettlementCheckList = Static<typeof SettlementCheckList>;
