// Pesanan Marketplace: the buyers' orders imported from the marketplaces' order files,
// the mapping of marketplace SKUs to the shop's products, and the marketplaces' stock files. Not
// List Order (orders.ts), which holds the shop's purchases from its suppliers.
import { Type, type Static } from '@sinclair/typebox';
import {
  BooleanField,
  ChoiceField,
  DataOf,
  DatedPageQuery,
  DateString,
  IdField,
  IntegerField,
  ListOf,
  Nullable,
  PageQuery,
  SavedOf,
  TextField,
} from './common';
import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_STATUSES,
  SKU_MAPPING_MAX_ITEMS,
  STOCK_FILE_UNCHANGED_REASONS,
} from './constants';

export const MarketplaceChannel = ChoiceField(MARKETPLACE_CHANNELS);
export type MarketplaceChannel = Static<typeof MarketplaceChannel>;

/** The normalized status; the marketplace's own words are kept beside it as status_text. */
export const MarketplaceStatus = ChoiceField(MARKETPLACE_STATUSES);
export type MarketplaceStatus = Static<typeof MarketplaceStatus>;

export const IMPORT_LINE_STATES = [
  'ready',
  'unknown_sku',
  'invalid',
  'existing',
  'cancelled',
  'already_shipped',
] as const;
/**
 * ready: will be added; unknown_sku: its SKU maps to no product; invalid: a value cannot be read
 * (problem says which, with the row); existing: the same channel, order number, SKU and variation
 * is already imported (its status and resi will be updated); cancelled: skipped;
 * already_shipped: a line the order did not have when Gudang shipped its package: not added
 * (problem says so), the package went without it.
 */
export const ImportLineState = ChoiceField(IMPORT_LINE_STATES);
export type ImportLineState = Static<typeof ImportLineState>;

/** A product a marketplace SKU stands for, and how many of it one sold unit holds. */
export const MappedItem = Type.Object({
  product_code: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
});
export type MappedItem = Static<typeof MappedItem>;

/** The same, with the product's name (lists and details). */
export const MappedProduct = Type.Object({
  product_code: Type.String(),
  product_name: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
});
export type MappedProduct = Static<typeof MappedProduct>;

/** One line of an uploaded file, as read. Values an invalid line lacks are null. */
export const ImportLine = Type.Object({
  /** The row of the spreadsheet, counted from 1 as the spreadsheet shows it. */
  row: Type.Integer({ minimum: 1 }),
  order_number: Type.String(),
  resi_number: Nullable(Type.String()),
  status: MarketplaceStatus,
  status_text: Type.String(),
  date: Nullable(DateString),
  sku: Type.String(),
  variation: Nullable(Type.String()),
  product_name: Type.String(),
  quantity: Nullable(Type.Integer()),
  unit_price: Nullable(Type.Number()),
  /** The courier as the file gives it (issue 47); absent or null: the file does not say. */
  courier: Type.Optional(Nullable(Type.String())),
  /**
   * The marketplace fulfils the order itself (Shopee 'Shipped by Advance Fulfilment' = yes):
   * Daftar Ambil leaves it out. Absent or null: the file does not say.
   */
  marketplace_fulfilled: Type.Optional(Nullable(Type.Boolean())),
  state: ImportLineState,
  /**
   * Why the line is invalid or unknown_sku ('Jumlah bukan angka (baris 14)'), why an
   * already_shipped line is not added, or what needs attention in an existing one (a file's
   * cancellation of an order Gudang shipped); else null.
   */
  problem: Nullable(Type.String()),
  /** The products the SKU maps to now; empty when it maps to none. */
  items: Type.Array(MappedItem),
  /**
   * An imported order whose status the file gives otherwise: from Gudang's status to the file's.
   * kept: the order keeps `from`, because Gudang already shipped or returned it and a file never
   * moves it back (a file's 'batal' of a shipped order also sets problem). Absent: no change.
   */
  status_change: Type.Optional(
    Type.Object({ from: MarketplaceStatus, to: MarketplaceStatus, kept: Type.Boolean() }),
  ),
});
export type ImportLine = Static<typeof ImportLine>;

export const ImportSummary = Type.Object({
  total: Type.Integer({ minimum: 0 }),
  ready: Type.Integer({ minimum: 0 }),
  unknown_sku: Type.Integer({ minimum: 0 }),
  invalid: Type.Integer({ minimum: 0 }),
  existing: Type.Integer({ minimum: 0 }),
  cancelled: Type.Integer({ minimum: 0 }),
  already_shipped: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Lines of imported orders whose status the commit changes (status_change, not kept). */
  status_changed: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Lines whose file status Gudang does not take (status_change kept). */
  status_kept: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ImportSummary = Static<typeof ImportSummary>;

/**
 * Answer of POST /api/marketplace-imports (201) and GET /api/marketplace-imports/:id (the same
 * preview, its states recomputed against the current mappings and orders).
 */
export const MarketplaceImport = Type.Object({
  id: Type.Integer(),
  channel: MarketplaceChannel,
  file_name: Type.String(),
  lines: Type.Array(ImportLine),
  summary: ImportSummary,
});
export type MarketplaceImport = Static<typeof MarketplaceImport>;

/**
 * The text fields of the multipart upload of POST /api/marketplace-imports (the file itself is the
 * part `file`): the channel when the headers should not decide it.
 */
export const MarketplaceImportFields = Type.Object({
  channel: Type.Optional(MarketplaceChannel),
  /** The shop's store of that channel the orders came through (default: the default store). */
  store_id: Type.Optional(IdField()),
});
export type MarketplaceImportFields = Static<typeof MarketplaceImportFields>;

/** Body of POST /api/marketplace-imports/:id/commit. */
export const CommitImportInput = Type.Object({
  /** Commit the good lines and leave out unknown_sku and invalid ones. */
  skip_problems: Type.Optional(BooleanField()),
});
export type CommitImportInput = Static<typeof CommitImportInput>;

export const CommitImportResult = Type.Object({
  created_orders: Type.Integer({ minimum: 0 }),
  updated_orders: Type.Integer({ minimum: 0 }),
  created_lines: Type.Integer({ minimum: 0 }),
  /** Orders left (or made) incomplete by skipped lines: not shipped until resolved. */
  incomplete_orders: Type.Optional(Type.Integer({ minimum: 0 })),
  skipped: Type.Object({
    cancelled: Type.Integer({ minimum: 0 }),
    invalid: Type.Integer({ minimum: 0 }),
    unknown_sku: Type.Integer({ minimum: 0 }),
    /** Lines not added to a package Gudang already shipped. */
    already_shipped: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
});
export type CommitImportResult = Static<typeof CommitImportResult>;

/** A line that keeps a preview from committing (without skip_problems). */
export const ImportProblem = Type.Object({
  row: Type.Integer({ minimum: 1 }),
  order_number: Type.String(),
  sku: Type.String(),
  state: ChoiceField(['unknown_sku', 'invalid'] as const),
  problem: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblem>;

/**
 * 409 of the commit: the problem lines (unknown_sku, invalid), or none when the preview was
 * already committed (the message says which).
 */
export const CommitImportConflict = Type.Object({
  message: Type.String(),
  problems: Type.Array(ImportProblem),
});
export type CommitImportConflict = Static<typeof CommitImportConflict>;

/**
 * 400 of an upload: the message, and for a file whose headers match no known format the headers
 * that were looked for, per format.
 */
export const UnknownFormatBody = Type.Object({
  message: Type.String(),
  expected: Type.Optional(
    Type.Array(Type.Object({ channel: MarketplaceChannel, headers: Type.Array(Type.String()) })),
  ),
});
export type UnknownFormatBody = Static<typeof UnknownFormatBody>;

export const MarketplaceOrderLine = Type.Object({
  sku: Type.String(),
  variation: Nullable(Type.String()),
  product_name: Type.String(),
  quantity: Type.Integer(),
  unit_price: Nullable(Type.Number()),
  /** The products the SKU maps to now (empty when none). */
  items: Type.Array(MappedProduct),
});
export type MarketplaceOrderLine = Static<typeof MarketplaceOrderLine>;

/**
 * A line of the file the order was imported without ('Lewati baris bermasalah'): while the order
 * keeps one, its package is incomplete and is not shipped unless a manager confirms it.
 */
export const SkippedOrderLine = Type.Object({
  sku: Type.String(),
  variation: Nullable(Type.String()),
  product_name: Type.String(),
  /** null: the file's quantity was not a number. */
  quantity: Nullable(Type.Integer()),
  /** Why it was skipped (the preview's problem). */
  problem: Type.String(),
});
export type SkippedOrderLine = Static<typeof SkippedOrderLine>;

export const MarketplaceOrder = Type.Object({
  id: Type.Integer(),
  channel: MarketplaceChannel,
  order_number: Type.String(),
  resi_number: Nullable(Type.String()),
  status: MarketplaceStatus,
  status_text: Type.String(),
  date: DateString,
  /** Sum of quantity x unit price over the lines (a line without a price counts 0). */
  total: Type.Number(),
  lines: Type.Array(MarketplaceOrderLine),
  /** Lines imported without: empty when the order is complete (issue 42 M5). */
  skipped_lines: Type.Array(SkippedOrderLine),
  /** The shop's store the order came in through (issue 44). */
  store_id: Type.Integer(),
  store: Type.String(),
  /** Gudang shipped its package (Scan Kirim or 'Catat sebagai Barang Keluar'); not the file's status. */
  shipped: Type.Boolean(),
});
export type MarketplaceOrder = Static<typeof MarketplaceOrder>;

/** GET /api/marketplace-orders: newest first; search over order number, resi, SKU, product. */
export const MarketplaceOrderQuery = Type.Object({
  ...DatedPageQuery.properties,
  channel: Type.Optional(MarketplaceChannel),
  status: Type.Optional(MarketplaceStatus),
});
export type MarketplaceOrderQuery = Static<typeof MarketplaceOrderQuery>;

export const MarketplaceOrderList = ListOf(MarketplaceOrder);
export type MarketplaceOrderList = Static<typeof MarketplaceOrderList>;

export const MarketplaceOrderResponse = DataOf(MarketplaceOrder);
export type MarketplaceOrderResponse = Static<typeof MarketplaceOrderResponse>;

export const SkuMapping = Type.Object({
  id: Type.Integer(),
  /** null: every channel. */
  channel: Nullable(MarketplaceChannel),
  sku: Type.String(),
  /** null: every variation of the SKU. */
  variation: Nullable(Type.String()),
  items: Type.Array(MappedProduct),
});
export type SkuMapping = Static<typeof SkuMapping>;

/** GET /api/sku-mappings: search over SKU, variation and the mapped product codes and names. */
export const SkuMappingQuery = PageQuery;
export type SkuMappingQuery = Static<typeof SkuMappingQuery>;

export const SkuMappingList = ListOf(SkuMapping);
export type SkuMappingList = Static<typeof SkuMappingList>;

export const SkuMappingItemInput = Type.Object({
  product_code: TextField({ maxLength: FIELDS.product_code.maxLength }),
  quantity: IntegerField({ minimum: 1, maximum: FIELDS.quantity.max }),
});
export type SkuMappingItemInput = Static<typeof SkuMappingItemInput>;

/**
 * Body of PUT /api/sku-mappings: creates the mapping of (channel, sku, variation) or replaces
 * its items. channel and variation may be null (or left out): every channel, every variation.
 */
export const SkuMappingInput = Type.Object({
  channel: Type.Optional(Nullable(MarketplaceChannel)),
  sku: TextField({ maxLength: FIELDS.sku.maxLength }),
  variation: Type.Optional(
    Nullable(TextField({ maxLength: FIELDS.variation.maxLength, required: false })),
  ),
  items: Type.Array(SkuMappingItemInput, {
    minItems: 1,
    maxItems: SKU_MAPPING_MAX_ITEMS,
  }),
});
export type SkuMappingInput = Static<typeof SkuMappingInput>;

export const SkuMappingSaved = SavedOf(SkuMapping);
export type SkuMappingSaved = Static<typeof SkuMappingSaved>;

/** A safety buffer: the units the stock file keeps back from every stock it writes. */
export const BufferField = () => IntegerField({ minimum: 0, maximum: FIELDS.buffer.max });

/**
 * The text fields of the multipart upload of POST /api/marketplace-stock-file (the file is the
 * part `file`): the safety buffer taken off every stock written.
 */
export const StockFileFields = Type.Object({
  buffer: Type.Optional(BufferField()),
  /** The store whose file this is (default: the channel's default store); its buffer applies. */
  store_id: Type.Optional(IdField()),
});
export type StockFileFields = Static<typeof StockFileFields>;

/**
 * Why the stock file left a row as it was: unmapped: its SKU is neither mapped nor a product's
 * code or barcode; variation_unmapped: its SKU is mapped for other variations only;
 * other_channel: its SKU is mapped for other marketplaces only.
 */
export const StockFileUnchangedReason = ChoiceField(STOCK_FILE_UNCHANGED_REASONS);
export type StockFileUnchangedReason = Static<typeof StockFileUnchangedReason>;

/** The first fields of a row of the stock file (row: its number as the spreadsheet shows it). */
export const StockFileRowFields = {
  row: Type.Integer({ minimum: 1 }),
  sku: Type.String(),
  variation: Nullable(Type.String()),
};

/** A row of the stock file left as it was. */
export const StockFileUnchangedRow = Type.Object({
  ...StockFileRowFields,
  reason: StockFileUnchangedReason,
});
export type StockFileUnchangedRow = Static<typeof StockFileUnchangedRow>;
