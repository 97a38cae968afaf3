import { Type, type Static } from '@sinclair/typebox';
import { DateString, ListOf, PageQuery, RequiredText, SavedOf } from './common';
import { MovementQuantity } from './incoming-goods';

/** A damaged item; `stock` is the damaged quantity. Damaged records do not change stock. */
export const DamagedGoods = Type.Object({
  id: Type.Integer(),
  barcode_id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  stock: Type.Integer(),
  category: Type.String(),
  brand: Type.String(),
  damage_reason: Type.String(),
  date: DateString,
});
export type DamagedGoods = Static<typeof DamagedGoods>;

/** Body of POST and PUT /api/damaged-goods: every field required. */
export const DamagedGoodsInput = Type.Object({
  barcode_id: RequiredText(100),
  code: RequiredText(100),
  name: RequiredText(),
  stock: MovementQuantity,
  category: RequiredText(100),
  brand: RequiredText(100),
  damage_reason: RequiredText(1000),
  date: DateString,
});
export type DamagedGoodsInput = Static<typeof DamagedGoodsInput>;

export const DamagedGoodsListQuery = PageQuery;
export type DamagedGoodsListQuery = Static<typeof DamagedGoodsListQuery>;

export const DamagedGoodsList = ListOf(DamagedGoods);
export type DamagedGoodsList = Static<typeof DamagedGoodsList>;

export const DamagedGoodsSaved = SavedOf(DamagedGoods);
export type DamagedGoodsSaved = Static<typeof DamagedGoodsSaved>;
