import { Type, type Static } from '@sinclair/typebox';
import { DateString, ListOf, PageQuery, RequiredText, SavedOf } from './common';
import { MovementQuantity, MovementSort } from './incoming-goods';

/** A row of GET /api/outgoing-goods; also carries the product's current stock. */
export const OutgoingGoods = Type.Object({
  id: Type.Integer(),
  date: DateString,
  product_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  resi_number: Type.String(),
  quantity: Type.Integer(),
  barcode: Type.String(),
  current_stock: Type.Integer(),
});
export type OutgoingGoods = Static<typeof OutgoingGoods>;

/** Body of POST and PUT /api/outgoing-goods; barcode must equal the product's barcode_id. */
export const OutgoingGoodsInput = Type.Object({
  product_code: RequiredText(100),
  product_name: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  brand: Type.Optional(Type.String({ maxLength: 100 })),
  resi_number: RequiredText(100),
  quantity: MovementQuantity,
  barcode: RequiredText(100),
  date: DateString,
});
export type OutgoingGoodsInput = Static<typeof OutgoingGoodsInput>;

export const OutgoingGoodsListQuery = Type.Object({
  ...PageQuery.properties,
  sort: Type.Optional(MovementSort),
});
export type OutgoingGoodsListQuery = Static<typeof OutgoingGoodsListQuery>;

export const OutgoingGoodsList = ListOf(OutgoingGoods);
export type OutgoingGoodsList = Static<typeof OutgoingGoodsList>;

export const OutgoingGoodsSaved = SavedOf(OutgoingGoods);
export type OutgoingGoodsSaved = Static<typeof OutgoingGoodsSaved>;
