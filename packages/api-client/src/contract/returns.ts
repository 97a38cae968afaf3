// Retur: a returned package found by its resi. Each Barang Keluar record of the resi
// takes back at most what it shipped minus what was returned before. A 'good' unit goes back to
// stock (a movement of its own in the stock formula); a 'damaged' one does not, and is recorded
// in Barang Rusak too (docs/adr/0016-returns-and-adjustments.md).
import { Type, type Static } from '@sinclair/typebox';
import {
  ChoiceField,
  ClientIdField,
  DateField,
  DatedPageQuery,
  DateString,
  IdField,
  ListOf,
  Nullable,
  SavedOf,
  TextField,
  Timestamp,
} from './common';
import { FIELDS, RETURN_CONDITIONS, RETURN_MAX_LINES, RETURN_MESSAGES } from './constants';
import { MovementQuantity, ResiParam } from './incoming-goods';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export { RETURN_CONDITIONS, RETURN_MAX_LINES, RETURN_MESSAGES };

/** good ('Baik'): back to stock; damaged ('Rusak'): not, and recorded in Barang Rusak. */
export const ReturnCondition = ChoiceField(RETURN_CONDITIONS);
export type ReturnCondition = Static<typeof ReturnCondition>;

/** The path of GET /api/returns/lookup/:resi. */
export const ReturnLookupParams = ResiParam;
export type ReturnLookupParams = Static<typeof ReturnLookupParams>;

/** One Barang Keluar record of the resi: what it shipped and what was returned of it before. */
export const ReturnLookupLine = Type.Object({
  outgoing_goods_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  quantity_shipped: Type.Integer({ minimum: 1 }),
  quantity_returned: Type.Integer({ minimum: 0 }),
});
export type ReturnLookupLine = Static<typeof ReturnLookupLine>;

/** Answer of GET /api/returns/lookup/:resi (404 when no Barang Keluar has the resi). */
export const ReturnLookup = Type.Object({
  /** The original package's resi (also when a return tracking number was scanned). */
  resi_number: Type.String(),
  /**
   * The return tracking number scanned, when the resi was found through an imported return
   * file's 'Return Logistics Tracking ID' (issue 46); absent for a scan of the resi itself.
   */
  return_tracking: Type.Optional(Type.String()),
  lines: Type.Array(ReturnLookupLine),
});
export type ReturnLookup = Static<typeof ReturnLookup>;

/**
 * One line of a return: the Barang Keluar record it names, or, for a package scanned without a
 * network (issue 48: its records could not be read on the phone), the barcode scanned (or the
 * product code): the server finds the resi's records of that product when the return arrives.
 * Exactly one of the two.
 */
export const ReturnLineInput = Type.Object({
  outgoing_goods_id: Type.Optional(IdField()),
  barcode: Type.Optional(TextField({ maxLength: FIELDS.barcode.maxLength })),
  quantity: MovementQuantity,
  condition: ReturnCondition,
});
export type ReturnLineInput = Static<typeof ReturnLineInput>;

/** Body of POST /api/returns: every line's outgoing record must carry the resi. */
export const ReturnInput = Type.Object({
  // Any resi already recorded (a sale's, typed before resis were held to ASCII) can come back.
  resi_number: TextField({ maxLength: FIELDS.resi_number.maxLength }),
  date: DateField(),
  reason: TextField({ maxLength: FIELDS.reason.maxLength, multiline: true }),
  lines: Type.Array(ReturnLineInput, { minItems: 1, maxItems: RETURN_MAX_LINES }),
  /** Sent again with the same id, the return is recorded once (offline capture, issue 48). */
  client_id: Type.Optional(ClientIdField()),
});
export type ReturnInput = Static<typeof ReturnInput>;

export const ReturnLine = Type.Object({
  id: Type.Integer(),
  outgoing_goods_id: Type.Integer(),
  product_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  condition: ReturnCondition,
  /** The Barang Rusak record a damaged line created; null for a good line. */
  damaged_goods_id: Nullable(Type.Integer()),
});
export type ReturnLine = Static<typeof ReturnLine>;

/** A recorded return. */
export const Return = Type.Object({
  id: Type.Integer(),
  resi_number: Type.String(),
  date: DateString,
  reason: Type.String(),
  /** The marketplace order of the resi, when it belongs to one. */
  marketplace_order_id: Nullable(Type.Integer()),
  /** Units back to stock (good) and units recorded as damaged. */
  quantity_good: Type.Integer({ minimum: 0 }),
  quantity_damaged: Type.Integer({ minimum: 0 }),
  created_by: Type.String(),
  created_at: Timestamp,
  lines: Type.Array(ReturnLine),
});
export type Return = Static<typeof Return>;

/** GET /api/returns: newest first; search over resi, reason, product code and name. */
export const ReturnListQuery = DatedPageQuery;
export type ReturnListQuery = Static<typeof ReturnListQuery>;

export const ReturnList = ListOf(Return);
export type ReturnList = Static<typeof ReturnList>;

/** 201 of POST /api/returns. */
export const ReturnSaved = SavedOf(Return);
export type ReturnSaved = Static<typeof ReturnSaved>;
