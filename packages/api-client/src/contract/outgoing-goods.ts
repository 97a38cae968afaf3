import { Type, type Static } from '@sinclair/typebox';
import { BooleanField, DateField, ListOf, Nullable, SavedOf, TextField } from './common';
import { FIELDS } from './constants';
import {
  StockMovementInputBase,
  StockMovementListQuery,
  StockMovementRowBase,
} from './incoming-goods';

/** A row of GET /api/outgoing-goods; also carries the product's current stock. */
export const OutgoingGoods = Type.Object({
  ...StockMovementRowBase.properties,
  resi_number: Type.String(),
  quantity: Type.Integer(),
  barcode: Type.String(),
  current_stock: Type.Integer(),
  /**
   * The marketplace order the record was packed for (Scan Kirim); null or absent: entered by hand.
   * The records of one package share its resi and are not duplicates of each other.
   */
  marketplace_order_id: Type.Optional(Nullable(Type.Integer())),
});
export type OutgoingGoods = Static<typeof OutgoingGoods>;

/** Body of POST and PUT /api/outgoing-goods; barcode must equal the product's barcode_id. */
export const OutgoingGoodsInput = Type.Object({
  ...StockMovementInputBase.properties,
  barcode: TextField({ maxLength: FIELDS.barcode.maxLength }),
  date: DateField(),
  /** Sell units imported marketplace orders already hold (issue 44): 409 without it. */
  confirm_reserved: Type.Optional(BooleanField()),
});
export type OutgoingGoodsInput = Static<typeof OutgoingGoodsInput>;

export const OutgoingGoodsListQuery = StockMovementListQuery;
export type OutgoingGoodsListQuery = StockMovementListQuery;

export const OutgoingGoodsList = ListOf(OutgoingGoods);
export type OutgoingGoodsList = Static<typeof OutgoingGoodsList>;

export const OutgoingGoodsSaved = SavedOf(OutgoingGoods);
export type OutgoingGoodsSaved = Static<typeof OutgoingGoodsSaved>;
