import { Type, type Static } from '@sinclair/typebox';
import { DateString, ListOf, RequiredText, SavedOf } from './common';
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
});
export type OutgoingGoods = Static<typeof OutgoingGoods>;

/** Body of POST and PUT /api/outgoing-goods; barcode must equal the product's barcode_id. */
export const OutgoingGoodsInput = Type.Object({
  ...StockMovementInputBase.properties,
  barcode: RequiredText(100),
  date: DateString,
});
export type OutgoingGoodsInput = Static<typeof OutgoingGoodsInput>;

export const OutgoingGoodsListQuery = StockMovementListQuery;
export type OutgoingGoodsListQuery = StockMovementListQuery;

export const OutgoingGoodsList = ListOf(OutgoingGoods);
export type OutgoingGoodsList = Static<typeof OutgoingGoodsList>;

export const OutgoingGoodsSaved = SavedOf(OutgoingGoods);
export type OutgoingGoodsSaved = Static<typeof OutgoingGoodsSaved>;
