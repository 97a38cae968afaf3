// Stok Opname: a count session over a scope of products, counted by several people at
// once, posted by the manager as one stock adjustment per product with a difference. Adjustments
// are stock movements of their own (docs/adr/0016-returns-and-adjustments.md); their list is
// Penyesuaian Stok.
import { Type, type Static } from '@sinclair/typebox';
import {
  BooleanField,
  ChoiceField,
  ClientIdField,
  DataOf,
  DatedPageQuery,
  IntegerField,
  ListOf,
  Nullable,
  PageQuery,
  SavedOf,
  TextField,
  Timestamp,
} from './common';
import {
  FIELDS,
  OPNAME_MAX_SCOPE_PRODUCTS,
  OPNAME_MESSAGES,
  OPNAME_SCOPE_TYPES,
  OPNAME_STATUSES,
} from './constants';
import { StockMovementRowBase } from './incoming-goods';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export { OPNAME_MAX_SCOPE_PRODUCTS, OPNAME_MESSAGES, OPNAME_SCOPE_TYPES, OPNAME_STATUSES };

/** all products, one category, one brand, chosen products, or the racks starting with a prefix. */
export const OpnameScopeType = ChoiceField(OPNAME_SCOPE_TYPES);
export type OpnameScopeType = Static<typeof OpnameScopeType>;

/** open: counting; posted: its differences written as adjustments; cancelled: discarded. */
export const OpnameStatus = ChoiceField(OPNAME_STATUSES);
export type OpnameStatus = Static<typeof OpnameStatus>;

/**
 * The scope of a session. category/brand: `value` is the category or brand (as the products
 * write it, case-insensitive); rack (issue 47): `value` is a rack prefix ('A-': every rack of
 * aisle A; letters, digits, '-', '.', '/', up to 20 characters; case-insensitive); products:
 * `product_codes`. The scope's products are fixed when
 * the session starts.
 */
export const OpnameScopeInput = Type.Object({
  type: OpnameScopeType,
  value: Type.Optional(TextField({ maxLength: FIELDS.category.maxLength })),
  product_codes: Type.Optional(
    Type.Array(TextField({ maxLength: FIELDS.product_code.maxLength }), {
      minItems: 1,
      maxItems: OPNAME_MAX_SCOPE_PRODUCTS,
    }),
  ),
});
export type OpnameScopeInput = Static<typeof OpnameScopeInput>;

/** Body of POST /api/stock-opname. */
export const StockOpnameInput = Type.Object({
  name: TextField({
    maxLength: FIELDS.session_name.maxLength,
    label: FIELDS.session_name.label,
  }),
  scope: OpnameScopeInput,
});
export type StockOpnameInput = Static<typeof StockOpnameInput>;

export const OpnameScope = Type.Object({
  type: OpnameScopeType,
  value: Nullable(Type.String()),
  product_codes: Nullable(Type.Array(Type.String())),
});
export type OpnameScope = Static<typeof OpnameScope>;

/**
 * One product of the scope. counted null: not counted (yet). expected: the product's system
 * stock when its count last changed (not counted: its stock now). difference = counted -
 * expected (null when not counted); its value is difference x purchase_price.
 */
export const OpnameLine = Type.Object({
  product_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  barcode_id: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  /** The product's rack now (issue 47); the count sheet is sorted by it. */
  rack: Nullable(Type.String()),
  /** The product's cost: sent to the manager only (absent for an admin). */
  purchase_price: Type.Optional(Type.Number()),
  counted: Nullable(Type.Integer({ minimum: 0 })),
  expected: Type.Integer(),
  difference: Nullable(Type.Integer()),
  counted_at: Nullable(Timestamp),
});
export type OpnameLine = Static<typeof OpnameLine>;

/** A session as lists show it (no lines). */
export const StockOpnameSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  scope: OpnameScope,
  status: OpnameStatus,
  started_by: Type.String(),
  started_at: Timestamp,
  posted_by: Nullable(Type.String()),
  posted_at: Nullable(Timestamp),
  cancelled_by: Nullable(Type.String()),
  cancelled_at: Nullable(Timestamp),
  /** Products in the scope, and how many of them are counted. */
  products: Type.Integer({ minimum: 0 }),
  counted_products: Type.Integer({ minimum: 0 }),
  /** Posted: the adjustments written (one per product with a difference); else 0. */
  adjustments: Type.Integer({ minimum: 0 }),
});
export type StockOpnameSummary = Static<typeof StockOpnameSummary>;

/**
 * GET /api/stock-opname/:id: the session and every product of its scope, counted first, each part
 * by rack (racks by their characters, products without a rack last), then by name.
 */
export const StockOpnameSession = Type.Object({
  ...StockOpnameSummary.properties,
  lines: Type.Array(OpnameLine),
  /**
   * Sum of the counted lines' differences, and their value at the purchase price (the manager's
   * only: absent for an admin).
   */
  total_difference: Type.Integer(),
  difference_value: Type.Optional(Type.Number()),
});
export type StockOpnameSession = Static<typeof StockOpnameSession>;

export const StockOpnameResponse = DataOf(StockOpnameSession);
export type StockOpnameResponse = Static<typeof StockOpnameResponse>;

/** 201 of POST /api/stock-opname; answer of post and cancel. */
export const StockOpnameSaved = SavedOf(StockOpnameSession);
export type StockOpnameSaved = Static<typeof StockOpnameSaved>;

/** GET /api/stock-opname: newest first. */
export const StockOpnameListQuery = Type.Object({
  ...PageQuery.properties,
  status: Type.Optional(OpnameStatus),
});
export type StockOpnameListQuery = Static<typeof StockOpnameListQuery>;

export const StockOpnameList = ListOf(StockOpnameSummary);
export type StockOpnameList = Static<typeof StockOpnameList>;

/**
 * Body of POST /api/stock-opname/:id/counts: the product by barcode or product_code (exactly
 * one), and add (a scan: +n to what is counted, atomic) or set (the counted number; exactly one).
 * seen (with set): the count the phone showed when the number was typed (null: not counted);
 * when the count is no longer that (another phone changed it), the set is refused with 409 and
 * the other count. The answer is the changed line.
 */
export const OpnameCountInput = Type.Object({
  barcode: Type.Optional(TextField({ maxLength: FIELDS.barcode.maxLength })),
  product_code: Type.Optional(TextField({ maxLength: FIELDS.product_code.maxLength })),
  add: Type.Optional(IntegerField({ minimum: 1, maximum: FIELDS.add.max })),
  set: Type.Optional(IntegerField({ minimum: 0, maximum: FIELDS.set.max })),
  seen: Type.Optional(Nullable(IntegerField({ minimum: 0, maximum: FIELDS.set.max }))),
  /** Sent again with the same id, the count is added once (offline capture, issue 48). */
  client_id: Type.Optional(ClientIdField()),
});
export type OpnameCountInput = Static<typeof OpnameCountInput>;

export const OpnameCountSaved = DataOf(OpnameLine);
export type OpnameCountSaved = Static<typeof OpnameCountSaved>;

/** Body of POST /api/stock-opname/:id/post (may be empty). */
export const OpnamePostInput = Type.Object({
  /** Mark the scope's uncounted products as counted 0 (else they are left alone). */
  zero_uncounted: Type.Optional(BooleanField()),
});
export type OpnamePostInput = Static<typeof OpnamePostInput>;

/** A stock adjustment (Penyesuaian Stok): a signed movement of one product. */
export const StockAdjustment = Type.Object({
  ...StockMovementRowBase.properties,
  /** Signed: + a gain, - a loss. */
  quantity: Type.Integer(),
  reason: Type.String(),
  /** The count session that wrote it. */
  stock_opname_id: Nullable(Type.Integer()),
  created_by: Type.String(),
  created_at: Timestamp,
});
export type StockAdjustment = Static<typeof StockAdjustment>;

/** GET /api/stock-adjustments: newest first; search over product code, name and reason. */
export const StockAdjustmentListQuery = DatedPageQuery;
export type StockAdjustmentListQuery = Static<typeof StockAdjustmentListQuery>;

export const StockAdjustmentList = ListOf(StockAdjustment);
export type StockAdjustmentList = Static<typeof StockAdjustmentList>;
