// Scan Kirim: a marketplace order packed and shipped by its resi. The package's
// products are checked against the scans and recorded as Barang Keluar in one transaction.
import { Type, type Static } from '@sinclair/typebox';
import {
  BooleanField,
  ClientIdField,
  DateString,
  IdField,
  IntegerField,
  Nullable,
  TextField,
  Timestamp,
} from './common';
import { FIELDS, PACKING_MAX_SCANS, PACKING_MAX_ORDERS } from './constants';
import { MarketplaceChannel, MarketplaceStatus, SkippedOrderLine } from './marketplace';
import { ResiParam } from './incoming-goods';
import { OutgoingGoods } from './outgoing-goods';

/** The path of GET /api/packing/:resi and POST /api/packing/:resi/ship. */
export const PackingParams = ResiParam;
export type PackingParams = Static<typeof PackingParams>;

/** The marketplace order a package is, as Scan Kirim and its list of today's packages show it. */
const PackageFields = {
  id: Type.Integer(),
  channel: MarketplaceChannel,
  order_number: Type.String(),
  resi_number: Type.String(),
};

export const PackingOrder = Type.Object({
  ...PackageFields,
  status: MarketplaceStatus,
  /** The marketplace's own status words, as imported (beside the normalized status). */
  status_text: Type.String(),
  date: DateString,
  /** Lines the order was imported without: not empty, the package is incomplete (issue 42 M5). */
  skipped_lines: Type.Array(SkippedOrderLine),
});
export type PackingOrder = Static<typeof PackingOrder>;

/** One product of the package: the order's lines with bundles expanded, summed per product. */
export const PackingLine = Type.Object({
  product_code: Type.String(),
  product_name: Type.String(),
  barcode_id: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  current_stock: Type.Integer(),
});
export type PackingLine = Static<typeof PackingLine>;

export const PackingShipped = Type.Object({ at: Timestamp, by: Type.String() });
export type PackingShipped = Static<typeof PackingShipped>;

/** Answer of GET /api/packing/:resi. */
export const PackingView = Type.Object({
  order: PackingOrder,
  lines: Type.Array(PackingLine),
  /** null while not shipped from Gudang. */
  shipped: Nullable(PackingShipped),
});
export type PackingView = Static<typeof PackingView>;

export const PackingScan = Type.Object({
  barcode: TextField({ maxLength: FIELDS.barcode.maxLength }),
  quantity: IntegerField({ minimum: 1, maximum: FIELDS.quantity.max }),
});
export type PackingScan = Static<typeof PackingScan>;

/** Body of POST /api/packing/:resi/ship: what was scanned (a barcode may come more than once). */
export const PackingShipInput = Type.Object({
  scans: Type.Array(PackingScan, { minItems: 1, maxItems: PACKING_MAX_SCANS }),
  /** A manager ships an order imported without some of its lines (manager only, logged). */
  confirm_incomplete: Type.Optional(BooleanField()),
  /** Sent again with the same id, the package is shipped once (offline capture, issue 48). */
  client_id: Type.Optional(ClientIdField()),
});
export type PackingShipInput = Static<typeof PackingShipInput>;

/**
 * 201 of POST /api/packing/:resi/ship: the Barang Keluar records of one resi, one per product, or
 * two when the product's share of the sale does not divide into whole sen per unit (Rp 125.000
 * for 3 units: 2 x 41.666,67 + 1 x 41.666,66, migration 0040), so the records add up exactly.
 */
export const PackingShipResult = Type.Object({ outgoing: Type.Array(OutgoingGoods) });
export type PackingShipResult = Static<typeof PackingShipResult>;

/** Body of POST /api/marketplace-orders/ship. */
export const ShipOrdersInput = Type.Object({
  ids: Type.Array(IdField(), { minItems: 1, maxItems: PACKING_MAX_ORDERS }),
  /** Ships the orders imported without some of their lines too (logged per order). */
  confirm_incomplete: Type.Optional(BooleanField()),
});
export type ShipOrdersInput = Static<typeof ShipOrdersInput>;

export const ShipOrdersResult = Type.Object({
  shipped: Type.Array(Type.Integer()),
  refused: Type.Array(Type.Object({ id: Type.Integer(), message: Type.String() })),
});
export type ShipOrdersResult = Static<typeof ShipOrdersResult>;

/** A package packed today (the page's list), newest first. */
export const PackedPackage = Type.Object({
  ...PackageFields,
  shipped_at: Timestamp,
  shipped_by: Type.String(),
  quantity: Type.Integer(),
});
export type PackedPackage = Static<typeof PackedPackage>;

/** Answer of GET /api/packing: today's packages (the shop's calendar day) and their count. */
export const PackedToday = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  data: Type.Array(PackedPackage),
});
export type PackedToday = Static<typeof PackedToday>;
