// Daftar Ambil (issue 47): a batch of imported marketplace orders to pack, picked from the
// shelves from one list (one line per product, bundles expanded, in rack order). A batch takes its
// orders: an order is in at most one batch that is not cancelled and not packed.
import { Type, type Static } from '@sinclair/typebox';
import {
  ChoiceField,
  DataOf,
  DateRangeQuery,
  DateString,
  IdField,
  IntegerField,
  ListOf,
  Nullable,
  PagingFields,
  SavedOf,
  TextField,
  Timestamp,
} from './common';
import {
  FIELDS,
  PICK_BATCH_DEFAULT_ORDERS,
  PICK_BATCH_MAX_ORDERS,
  PICK_BATCH_MESSAGES,
  PICK_BATCH_STATUSES,
  pickBatchNumber,
} from './constants';
import { MarketplaceChannel, MarketplaceStatus } from './marketplace';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export {
  PICK_BATCH_DEFAULT_ORDERS,
  PICK_BATCH_MAX_ORDERS,
  PICK_BATCH_MESSAGES,
  PICK_BATCH_STATUSES,
  pickBatchNumber,
};

/**
 * open: being picked; picked: every unit of every line ticked; packed: every order shipped from
 * Gudang (or cancelled at the marketplace); cancelled: its orders freed. picked and packed follow
 * from the lines and orders (packed first).
 */
export const PickBatchStatus = ChoiceField(PICK_BATCH_STATUSES);
export type PickBatchStatus = Static<typeof PickBatchStatus>;

/** The filters a batch is built with (all optional; every order to pack when none). */
const PickBatchFilter = {
  channel: Type.Optional(MarketplaceChannel),
  /** A store of the shop (issue 44); with channel, it must be that channel's. */
  store_id: Type.Optional(IdField()),
  /**
   * The courier as the order file gives it (Shopee 'Opsi Pengiriman', TikTok 'Shipping Provider
   * Name', Lazada 'shippingProvider'), compared case-insensitively and exactly; '': no filter.
   */
  courier: Type.Optional(TextField({ maxLength: FIELDS.courier.maxLength, required: false })),
  /** The order date (the file's order date), both ends included. */
  ...DateRangeQuery.properties,
};

/**
 * Body of POST /api/pick-batches. Takes the oldest orders to pack (status Perlu Dikirim, not
 * shipped from Gudang, with a resi, not fulfilled by the marketplace, in no other open batch) that
 * match the filters, at most `limit` of them.
 */
export const PickBatchInput = Type.Object({
  ...PickBatchFilter,
  limit: Type.Optional(
    // Its own label: 'limit' elsewhere is the page size.
    Type.Integer({
      minimum: 1,
      maximum: PICK_BATCH_MAX_ORDERS,
      default: PICK_BATCH_DEFAULT_ORDERS,
      title: 'Jumlah Pesanan',
    }),
  ),
});
export type PickBatchInput = Static<typeof PickBatchInput>;

/** Orders the filters matched but a batch leaves out, counted. */
export const PickBatchSkipped = Type.Object({
  /** Fulfilled by the marketplace itself (Shopee 'Shipped by Advance Fulfilment' = yes). */
  marketplace_fulfilled: Type.Integer({ minimum: 0 }),
  /** No resi yet: no label to print. */
  no_resi: Type.Integer({ minimum: 0 }),
});
export type PickBatchSkipped = Static<typeof PickBatchSkipped>;

/** An order of a short line: the one the list names. */
export const PickBatchShortOrder = Type.Object({
  order_id: Type.Integer(),
  order_number: Type.String(),
  resi_number: Nullable(Type.String()),
  /** Units of the product this order needs. */
  quantity: Type.Integer({ minimum: 1 }),
});
export type PickBatchShortOrder = Static<typeof PickBatchShortOrder>;

/**
 * One line of the pick list: a product, its units over the batch's orders (bundles expanded), in
 * rack order (racks by their characters, products without a rack last), then by code.
 */
export const PickBatchLine = Type.Object({
  product_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  barcode_id: Type.String(),
  rack: Nullable(Type.String()),
  /** Units to pick. */
  quantity: Type.Integer({ minimum: 1 }),
  /** Units ticked by scanning (0 when picking is not scanned). */
  picked: Type.Integer({ minimum: 0 }),
  /**
   * Units the stock cannot give the batch when it was made, by Stok Tersedia's rule: every open
   * order (in another batch or none) holds its units, the oldest take the stock first.
   */
  short: Type.Integer({ minimum: 0 }),
  /** The product's stock now. */
  current_stock: Type.Integer(),
  /** short > 0: the batch's orders that hold the product; else empty. */
  short_orders: Type.Array(PickBatchShortOrder),
});
export type PickBatchLine = Static<typeof PickBatchLine>;

/** An order of the batch, in label order (the order of its first product on the list). */
export const PickBatchOrder = Type.Object({
  id: Type.Integer(),
  /** 1, 2, ...: its place in label order. */
  position: Type.Integer({ minimum: 1 }),
  channel: MarketplaceChannel,
  store_id: Type.Integer(),
  store: Type.String(),
  order_number: Type.String(),
  resi_number: Nullable(Type.String()),
  courier: Nullable(Type.String()),
  date: DateString,
  status: MarketplaceStatus,
  /** Units of the order (bundles expanded). */
  quantity: Type.Integer({ minimum: 0 }),
  /** Shipped from Gudang (Scan Kirim or 'Catat sebagai Barang Keluar'). */
  shipped: Type.Boolean(),
});
export type PickBatchOrder = Static<typeof PickBatchOrder>;

/** A batch as the list shows it. */
export const PickBatchSummary = Type.Object({
  id: Type.Integer(),
  /** 'DA-000012': printed, and drawn as CODE128. */
  number: Type.String(),
  status: PickBatchStatus,
  /** The filters it was made with (null: not filtered). */
  channel: Nullable(MarketplaceChannel),
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  courier: Nullable(Type.String()),
  startDate: Nullable(DateString),
  endDate: Nullable(DateString),
  order_count: Type.Integer({ minimum: 0 }),
  shipped_count: Type.Integer({ minimum: 0 }),
  /** Units on the list, and those ticked. */
  units: Type.Integer({ minimum: 0 }),
  picked_units: Type.Integer({ minimum: 0 }),
  /** Lines with short > 0. */
  short_lines: Type.Integer({ minimum: 0 }),
  skipped: PickBatchSkipped,
  created_by: Type.String(),
  created_at: Timestamp,
  cancelled_by: Nullable(Type.String()),
  cancelled_at: Nullable(Timestamp),
});
export type PickBatchSummary = Static<typeof PickBatchSummary>;

/** GET /api/pick-batches/{id}; the data of 201 POST /api/pick-batches. */
export const PickBatch = Type.Object({
  ...PickBatchSummary.properties,
  orders: Type.Array(PickBatchOrder),
  lines: Type.Array(PickBatchLine),
});
export type PickBatch = Static<typeof PickBatch>;

export const PickBatchResponse = DataOf(PickBatch);
export type PickBatchResponse = Static<typeof PickBatchResponse>;

/** 201 of POST /api/pick-batches; answer of cancel. */
export const PickBatchSaved = SavedOf(PickBatch);
export type PickBatchSaved = Static<typeof PickBatchSaved>;

/** 409 of POST /api/pick-batches when no order is left to take: the message and the counts. */
export const PickBatchEmpty = Type.Object({
  message: Type.String(),
  skipped: PickBatchSkipped,
});
export type PickBatchEmpty = Static<typeof PickBatchEmpty>;

/** GET /api/pick-batches: newest first. */
export const PickBatchListQuery = Type.Object({
  ...PagingFields,
  status: Type.Optional(PickBatchStatus),
});
export type PickBatchListQuery = Static<typeof PickBatchListQuery>;

export const PickBatchList = ListOf(PickBatchSummary);
export type PickBatchList = Static<typeof PickBatchList>;

/**
 * GET /api/pick-batches/available: what POST would take now with these filters (no limit): the
 * orders it could take, those it would leave out, and the couriers of the orders to pack (for the
 * courier filter's choices), most orders first.
 */
export const PickBatchAvailableQuery = Type.Object(PickBatchFilter);
export type PickBatchAvailableQuery = Static<typeof PickBatchAvailableQuery>;

export const PickBatchAvailable = Type.Object({
  orders: Type.Integer({ minimum: 0 }),
  skipped: PickBatchSkipped,
  couriers: Type.Array(
    Type.Object({ courier: Type.String(), orders: Type.Integer({ minimum: 0 }) }),
  ),
});
export type PickBatchAvailable = Static<typeof PickBatchAvailable>;

export const PickBatchAvailableResponse = DataOf(PickBatchAvailable);
export type PickBatchAvailableResponse = Static<typeof PickBatchAvailableResponse>;

/**
 * Body of POST /api/pick-batches/{id}/picks: the product by barcode (a scan) or product_code
 * (exactly one), `quantity` units (default 1). More than the line's quantity left is refused
 * (409, with the product's name). The answer: the line and the batch's progress.
 */
export const PickInput = Type.Object({
  barcode: Type.Optional(TextField({ maxLength: FIELDS.barcode.maxLength })),
  product_code: Type.Optional(TextField({ maxLength: FIELDS.product_code.maxLength })),
  quantity: Type.Optional(IntegerField({ minimum: 1, maximum: FIELDS.quantity.max, default: 1 })),
});
export type PickInput = Static<typeof PickInput>;

export const PickResult = SavedOf(
  Type.Object({
    line: PickBatchLine,
    units: Type.Integer({ minimum: 0 }),
    picked_units: Type.Integer({ minimum: 0 }),
    status: PickBatchStatus,
  }),
);
export type PickResult = Static<typeof PickResult>;
