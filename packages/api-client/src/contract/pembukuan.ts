import { Type, type Static } from '@sinclair/typebox';
import {
  DateRangeQuery,
  DateString,
  IdField,
  ListOf,
  MoneyField,
  PageQuery,
  SavedOf,
} from './common';
import { FIELDS } from './constants';

/** One row per outgoing-goods transaction; id is the outgoing-goods id. */
export const PembukuanRow = Type.Object({
  id: Type.Integer(),
  date: DateString,
  code: Type.String(),
  name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  quantity: Type.Integer(),
  resi_number: Type.String(),
  purchase_price: Type.Number(),
  selling_price: Type.Number(),
  discount: Type.Number(),
  /** May be negative (a loss). */
  margin: Type.Number(),
});
export type PembukuanRow = Static<typeof PembukuanRow>;

/** GET /api/pembukuan. */
export const PembukuanQuery = Type.Object({
  ...PageQuery.properties,
  ...DateRangeQuery.properties,
});
export type PembukuanQuery = Static<typeof PembukuanQuery>;

export const PembukuanList = ListOf(PembukuanRow);
export type PembukuanList = Static<typeof PembukuanList>;

/** GET /api/pembukuan/stats. */
export const PembukuanStatsQuery = DateRangeQuery;
export type PembukuanStatsQuery = Static<typeof PembukuanStatsQuery>;

export const ProductProfit = Type.Object({
  name: Type.String(),
  code: Type.String(),
  total_profit: Type.Number(),
});
export type ProductProfit = Static<typeof ProductProfit>;

export const PembukuanStats = Type.Object({
  totalTransactions: Type.Integer(),
  profitableTransactions: Type.Integer(),
  totalProfit: Type.Number(),
  averageProfit: Type.Number(),
  totalQuantity: Type.Integer(),
  totalPurchaseValue: Type.Number(),
  totalSellingValue: Type.Number(),
  totalDiscountValue: Type.Number(),
  productProfits: Type.Array(ProductProfit),
});
export type PembukuanStats = Static<typeof PembukuanStats>;

/** POST /api/pembukuan: changes the prices of one transaction only. Discount is optional. */
export const PembukuanUpdate = Type.Object({
  outgoing_goods_id: IdField(),
  purchase_price: MoneyField(FIELDS.purchase_price.max),
  selling_price: MoneyField(FIELDS.selling_price.max),
  discount: Type.Optional(MoneyField(FIELDS.discount.max)),
});
export type PembukuanUpdate = Static<typeof PembukuanUpdate>;

export const PembukuanSaved = SavedOf(PembukuanRow);
export type PembukuanSaved = Static<typeof PembukuanSaved>;
