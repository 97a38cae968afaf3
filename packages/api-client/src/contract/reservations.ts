// Stok Tersedia (issue 44): the shop's stores per marketplace, the open orders that hold stock
// ('Dipesan'), the orders stock cannot fill, and the stock file's preview.
import { Type, type Static } from '@sinclair/typebox';
import { DataOf, DateString, ListOf, Nullable, PagingFields, SavedOf, TextField } from './common';
import { FIELDS, MARKETPLACE_CHANNELS, RESERVATION_MESSAGES } from './constants';
import {
  BufferField,
  MarketplaceChannel,
  StockFileRowFields,
  StockFileUnchangedRow,
} from './marketplace';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export { RESERVATION_MESSAGES };

export const STORE_NAME_MAX = FIELDS.store_name.maxLength;

/** A store of the shop on one marketplace; buffer null: the channel's default (settings). */
export const MarketplaceStore = Type.Object({
  id: Type.Integer(),
  channel: MarketplaceChannel,
  name: Type.String(),
  buffer: Nullable(Type.Integer({ minimum: 0 })),
  /** The buffer the stock file takes: the store's own, else the channel's default. */
  effective_buffer: Type.Integer({ minimum: 0 }),
  /** The channel's default store (made on first use; orders of older imports belong to it). */
  is_default: Type.Boolean(),
  order_count: Type.Integer({ minimum: 0 }),
});
export type MarketplaceStore = Static<typeof MarketplaceStore>;

export const MarketplaceStoreQuery = Type.Object({
  channel: Type.Optional(MarketplaceChannel),
});
export type MarketplaceStoreQuery = Static<typeof MarketplaceStoreQuery>;

export const MarketplaceStoreList = DataOf(Type.Array(MarketplaceStore));
export type MarketplaceStoreList = Static<typeof MarketplaceStoreList>;

const BufferInput = Nullable(BufferField());

export const MarketplaceStoreInput = Type.Object({
  channel: MarketplaceChannel,
  name: TextField({ maxLength: STORE_NAME_MAX, label: FIELDS.store_name.label }),
  buffer: Type.Optional(BufferInput),
});
export type MarketplaceStoreInput = Static<typeof MarketplaceStoreInput>;

export const MarketplaceStoreUpdate = Type.Object({
  name: Type.Optional(TextField({ maxLength: STORE_NAME_MAX, label: FIELDS.store_name.label })),
  buffer: Type.Optional(BufferInput),
});
export type MarketplaceStoreUpdate = Static<typeof MarketplaceStoreUpdate>;

export const MarketplaceStoreSaved = SavedOf(MarketplaceStore);
export type MarketplaceStoreSaved = Static<typeof MarketplaceStoreSaved>;

/** GET /api/reservations: the open order lines holding units, oldest first. */
export const ReservationQuery = Type.Object({
  product_code: Type.Optional(TextField({ maxLength: FIELDS.code.maxLength, required: false })),
  ...PagingFields,
});
export type ReservationQuery = Static<typeof ReservationQuery>;

/** The open marketplace order a reservation or a short order is of. */
const OpenOrderFields = {
  order_id: Type.Integer(),
  channel: MarketplaceChannel,
  store: Type.String(),
  order_number: Type.String(),
  resi_number: Nullable(Type.String()),
  date: DateString,
};

export const Reservation = Type.Object({
  ...OpenOrderFields,
  product_code: Type.String(),
  product_name: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
});
export type Reservation = Static<typeof Reservation>;

export const ReservationList = ListOf(Reservation);
export type ReservationList = Static<typeof ReservationList>;

/** GET /api/dashboard/short-orders: open orders the stock cannot fill (oldest get it first). */
export const ShortOrderQuery = Type.Object(PagingFields);
export type ShortOrderQuery = Static<typeof ShortOrderQuery>;

export const ShortOrderProduct = Type.Object({
  product_code: Type.String(),
  product_name: Type.String(),
  /** Units the order holds of the product. */
  quantity: Type.Integer({ minimum: 1 }),
  /** Of those, the units the stock left after older orders cannot cover. */
  short: Type.Integer({ minimum: 0 }),
});
export type ShortOrderProduct = Static<typeof ShortOrderProduct>;

export const ShortOrder = Type.Object({
  ...OpenOrderFields,
  products: Type.Array(ShortOrderProduct),
});
export type ShortOrder = Static<typeof ShortOrder>;

export const ShortOrderList = ListOf(ShortOrder);
export type ShortOrderList = Static<typeof ShortOrderList>;

/** One filled row of the stock file's preview, with how its number was made. */
export const StockFilePreviewRow = Type.Object({
  ...StockFileRowFields,
  /** The number written. */
  quantity: Type.Integer({ minimum: 0 }),
  /** 'Stok 10 - dipesan 3 - cadangan 2 = 5'. */
  explanation: Type.String(),
});
export type StockFilePreviewRow = Static<typeof StockFilePreviewRow>;

export const StockFilePreview = Type.Object({
  channel: MarketplaceChannel,
  /** null: the channel's default store, not made yet. */
  store_id: Nullable(Type.Integer()),
  store: Type.String(),
  buffer: Type.Integer({ minimum: 0 }),
  rows: Type.Array(StockFilePreviewRow),
  unchanged: Type.Array(StockFileUnchangedRow),
});
export type StockFilePreview = Static<typeof StockFilePreview>;

/** The channels whose default buffer PUT /api/settings takes as `buffer_<channel>`. */
export const BUFFER_SETTINGS = MARKETPLACE_CHANNELS.map((channel) => `buffer_${channel}` as const);
