import { Type, type Static } from '@sinclair/typebox';
import { DateField, DateString, ListOf, PageQuery, SavedOf, TextField } from './common';
import { FIELDS } from './constants';
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
  barcode_id: TextField({ maxLength: FIELDS.barcode_id.maxLength }),
  code: TextField({ maxLength: FIELDS.code.maxLength }),
  name: TextField({ maxLength: FIELDS.name.maxLength }),
  stock: MovementQuantity,
  category: TextField({ maxLength: FIELDS.category.maxLength }),
  brand: TextField({ maxLength: FIELDS.brand.maxLength }),
  damage_reason: TextField({ maxLength: FIELDS.damage_reason.maxLength, multiline: true }),
  date: DateField(),
});
export type DamagedGoodsInput = Static<typeof DamagedGoodsInput>;

export const DamagedGoodsListQuery = PageQuery;
export type DamagedGoodsListQuery = Static<typeof DamagedGoodsListQuery>;

export const DamagedGoodsList = ListOf(DamagedGoods);
export type DamagedGoodsList = Static<typeof DamagedGoodsList>;

export const DamagedGoodsSaved = SavedOf(DamagedGoods);
export type DamagedGoodsSaved = Static<typeof DamagedGoodsSaved>;
