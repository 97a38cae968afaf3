import { Type, type Static } from '@sinclair/typebox';
import {
  BooleanField,
  ChoiceField,
  DataOf,
  DateRangeQuery,
  DateString,
  IntegerField,
  ListOf,
  MoneyField,
  Nullable,
  PageQuery,
  SavedOf,
  TextField,
  Timestamp,
  TimestampField,
} from './common';
import {
  FIELDS,
  LEDGER_DEFAULT_DAYS,
  PRODUCT_MESSAGES,
  RACK_IMPORT_MAX_ROWS,
  RACK_MESSAGES,
  RACK_PATTERN,
} from './constants';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export { LEDGER_DEFAULT_DAYS, PRODUCT_MESSAGES, RACK_MESSAGES };

/**
 * A Rak as a request sends it: letters, digits, '-', '.', '/', up to 20 characters; '' clears it.
 * Stored in capitals ('a-03-2' is saved as 'A-03-2'). A bad value answers RACK_MESSAGES.invalid
 * (the rule in one sentence; FIELD_RULES).
 */
export const RackField = () =>
  Type.String({ maxLength: FIELDS.rack.maxLength, pattern: RACK_PATTERN });

export const Product = Type.Object({
  id: Type.Integer(),
  barcode_id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  initial_stock: Type.Integer(),
  current_stock: Type.Integer(),
  category: Type.String(),
  brand: Type.String(),
  /**
   * Harga Beli: the default price a new incoming record takes (0 = not set). Sent to the manager
   * only: an admin's answers leave it out (cost is the manager's, as 'Nilai Stok' and Pembukuan).
   */
  purchase_price: Type.Optional(Type.Number()),
  /** Harga Jual: the default price a new outgoing record takes (0 = not set). */
  selling_price: Type.Number(),
  /** Stok Minimum: at or under it the product needs restocking (default 10). */
  min_stock: Type.Integer(),
  created_at: Timestamp,
  /**
   * When the product was last changed (an edit, a posted stock opname, a rack import): sent back
   * as ProductInput.updated_at by an edit form. Always in the server's answers; optional here so
   * that older fixtures and clients still match.
   */
  updated_at: Type.Optional(Timestamp),
  /** Dipesan: units open imported marketplace orders hold (list, all, barcode; issue 44). */
  reserved_stock: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Tersedia: current_stock - reserved_stock; below 0 when oversold. */
  available_stock: Type.Optional(Type.Integer()),
  /** Rak (issue 47): where the product lives ('A-03-2', in capitals); null: not set. */
  rack: Nullable(Type.String()),
});
export type Product = Static<typeof Product>;

/**
 * Body of POST /api/products and PUT /api/products/{id}: the six stock fields required; the
 * default prices optional (create: 0, update: the stored value is kept).
 */
export const ProductInput = Type.Object({
  barcode_id: TextField({ maxLength: FIELDS.barcode_id.maxLength, ascii: true }),
  code: TextField({ maxLength: FIELDS.code.maxLength }),
  name: TextField({ maxLength: FIELDS.name.maxLength }),
  initial_stock: IntegerField({ minimum: 0, maximum: FIELDS.initial_stock.max }),
  category: TextField({ maxLength: FIELDS.category.maxLength }),
  brand: TextField({ maxLength: FIELDS.brand.maxLength }),
  purchase_price: Type.Optional(MoneyField(FIELDS.purchase_price.max)),
  selling_price: Type.Optional(MoneyField(FIELDS.selling_price.max)),
  /** Stok Minimum: create 10 when absent, update keeps the stored value. */
  min_stock: Type.Optional(IntegerField({ minimum: 0, maximum: FIELDS.min_stock.max })),
  /** Rak: create null when absent; update keeps the stored value; null or '' clears it. */
  rack: Type.Optional(Nullable(RackField())),
  /**
   * Update only (create ignores it): the Product's updated_at as the edit form loaded it. When
   * the product has been changed since, the update is refused with 409
   * (PRODUCT_MESSAGES.changedMeanwhile) and nothing is written. Absent: no such check.
   */
  updated_at: Type.Optional(TimestampField()),
});
export type ProductInput = Static<typeof ProductInput>;

/**
 * Merk A-Z, Merk Z-A, Tanggal Terbaru, Rak A-Z, Rak Z-A; absent = name A-Z. Racks sort by their
 * characters (byte order: 'A-02' before 'A-10', 'A-2' after 'A-10'); Rak A-Z puts products
 * without a rack last, Rak Z-A is its exact reverse (them first).
 */
export const ProductSort = ChoiceField(['brand', 'brand_desc', 'date_desc', 'rack', 'rack_desc']);
export type ProductSort = Static<typeof ProductSort>;

export const ProductListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(ProductSort),
  /** Products whose rack starts with this (case-insensitive): 'A-' is aisle A. */
  rack: Type.Optional(Type.String({ maxLength: FIELDS.rack.maxLength, pattern: RACK_PATTERN })),
});
export type ProductListQuery = Static<typeof ProductListQuery>;

export const ProductList = ListOf(Product);
export type ProductList = Static<typeof ProductList>;

/** GET /api/products/all: every product, by name. */
export const AllProductsResponse = DataOf(Type.Array(Product));
export type AllProductsResponse = Static<typeof AllProductsResponse>;

/** GET /api/products/barcode/{barcode}. */
export const ProductResponse = DataOf(Product);
export type ProductResponse = Static<typeof ProductResponse>;

export const ProductSaved = SavedOf(Product);
export type ProductSaved = Static<typeof ProductSaved>;

export const BarcodeParam = Type.Object({
  barcode: TextField({ maxLength: FIELDS.barcode.maxLength }),
});
export type BarcodeParam = Static<typeof BarcodeParam>;

/**
 * GET /api/products/{id}/ledger: the stock card for a date range, both ends included. Default
 * startDate: LEDGER_DEFAULT_DAYS before today; default endDate: today in the shop's time zone.
 */
export const ProductLedgerQuery = Type.Object({ ...DateRangeQuery.properties });
export type ProductLedgerQuery = Static<typeof ProductLedgerQuery>;

/**
 * The kinds of stock-card lines: Barang Masuk, Barang Keluar, a return in good condition
 * (damaged returns do not move stock) and a stock adjustment (Penyesuaian).
 */
export const LedgerEntryType = ChoiceField(['incoming', 'outgoing', 'return', 'adjustment']);
export type LedgerEntryType = Static<typeof LedgerEntryType>;

export const LedgerEntry = Type.Object({
  /** id of the incoming or outgoing record, of the return line, or of the adjustment */
  id: Type.Integer(),
  type: LedgerEntryType,
  date: DateString,
  /** An adjustment has no resi: ''. */
  resi_number: Type.String(),
  /** Only incoming goods have a platform. */
  platform: Nullable(Type.String()),
  /** Only outgoing goods have a scanned barcode. */
  barcode: Nullable(Type.String()),
  /** Signed: + for incoming and returns, - for outgoing, either sign for adjustments. */
  quantity: Type.Integer(),
  /** The return's reason or the adjustment's ('Stok opname: ...'); absent on the others. */
  reason: Type.Optional(Nullable(Type.String())),
  /** Stock after this movement. */
  balance: Type.Integer(),
});
export type LedgerEntry = Static<typeof LedgerEntry>;

export const ProductLedger = Type.Object({
  product: Product,
  startDate: DateString,
  endDate: DateString,
  /** Stock at the start of startDate: initial plus every movement dated before it. */
  opening_balance: Type.Integer(),
  /** By date, then by the time the record was made. */
  entries: Type.Array(LedgerEntry),
  total_incoming: Type.Integer(),
  total_outgoing: Type.Integer(),
  /** Units returned in good condition in the range. */
  total_returned: Type.Integer(),
  /** Sum of the adjustments in the range, signed. */
  total_adjusted: Type.Integer(),
  /** opening_balance + total_incoming - total_outgoing + total_returned + total_adjusted. */
  closing_balance: Type.Integer(),
});
export type ProductLedger = Static<typeof ProductLedger>;

export const ProductLedgerResponse = DataOf(ProductLedger);
export type ProductLedgerResponse = Static<typeof ProductLedgerResponse>;

// Rak from a file (issue 47): a two-column file (Kode Barang, Rak) uploaded to
// POST /api/product-racks/imports (multipart, part `file`), previewed, then committed with
// POST /api/product-racks/imports/{id}/commit, as the order import does.

export { RACK_IMPORT_MAX_ROWS };

/**
 * update: the product's rack becomes `rack` (null: cleared, an empty Rak cell); unchanged: it
 * already is; unknown_product: no product has the code; invalid: the row cannot be taken
 * (problem says why, with the row).
 */
export const RACK_IMPORT_STATES = ['update', 'unchanged', 'unknown_product', 'invalid'] as const;
export const RackImportState = ChoiceField(RACK_IMPORT_STATES);
export type RackImportState = Static<typeof RackImportState>;

export const RackImportRow = Type.Object({
  /** The spreadsheet's row number (the header is row 1). */
  row: Type.Integer({ minimum: 1 }),
  product_code: Type.String(),
  /** The product's name; '' when unknown. */
  product_name: Type.String(),
  /** The product's rack now (null: none or unknown product). */
  current_rack: Nullable(Type.String()),
  /** The rack the file gives, in capitals; null: empty cell (clears the rack). */
  rack: Nullable(Type.String()),
  state: RackImportState,
  problem: Nullable(Type.String()),
});
export type RackImportRow = Static<typeof RackImportRow>;

/**
 * 201 of POST /api/product-racks/imports and its preview: every row, states recomputed against
 * the products when the commit runs.
 */
export const RackImport = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  committed: Type.Boolean(),
  rows: Type.Array(RackImportRow),
  summary: Type.Object({
    total: Type.Integer({ minimum: 0 }),
    update: Type.Integer({ minimum: 0 }),
    unchanged: Type.Integer({ minimum: 0 }),
    unknown_product: Type.Integer({ minimum: 0 }),
    invalid: Type.Integer({ minimum: 0 }),
  }),
});
export type RackImport = Static<typeof RackImport>;

/** Body of POST /api/product-racks/imports/{id}/commit. */
export const CommitRackImportInput = Type.Object({
  /** Commit the good rows and leave out unknown_product and invalid ones. */
  skip_problems: Type.Optional(BooleanField()),
});
export type CommitRackImportInput = Static<typeof CommitRackImportInput>;

/** 200 of the commit (409 without skip_problems while problems remain: ErrorBody). */
export const RackImportResult = Type.Object({
  message: Type.String(),
  /** Products whose rack was set or changed, and those cleared. */
  updated: Type.Integer({ minimum: 0 }),
  cleared: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  skipped: Type.Integer({ minimum: 0 }),
});
export type RackImportResult = Static<typeof RackImportResult>;
