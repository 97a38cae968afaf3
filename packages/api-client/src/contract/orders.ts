import { Type, type Static } from '@sinclair/typebox';
import {
  DateRangeQuery,
  DateString,
  ListOf,
  Money,
  Nullable,
  PageQuery,
  Quantity,
  RequiredText,
  SavedOf,
} from './common';

export const Order = Type.Object({
  id: Type.Integer(),
  date: DateString,
  product_id: Type.Integer(),
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  quantity: Type.Integer(),
  /** Price per unit. */
  price: Type.Number(),
  resi_number: Type.String(),
  bank: Nullable(Type.String()),
});
export type Order = Static<typeof Order>;

/** Body of POST and PUT /api/orders. The product is found by product_code; bank is optional. */
export const OrderInput = Type.Object({
  date: DateString,
  product_code: RequiredText(100),
  product_name: Type.Optional(Type.String({ maxLength: 200 })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  brand: Type.Optional(Type.String({ maxLength: 100 })),
  quantity: Quantity,
  price: Money,
  resi_number: RequiredText(100),
  bank: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});
export type OrderInput = Static<typeof OrderInput>;

/** GET /api/orders and /api/orders/summary. */
export const OrderQuery = Type.Object({
  ...PageQuery.properties,
  ...DateRangeQuery.properties,
});
export type OrderQuery = Static<typeof OrderQuery>;

export const OrderList = ListOf(Order);
export type OrderList = Static<typeof OrderList>;

export const OrderSaved = SavedOf(Order);
export type OrderSaved = Static<typeof OrderSaved>;

export const OrderSummaryRow = Type.Object({
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  total_quantity: Type.Integer(),
  total_orders: Type.Integer(),
  average_price: Type.Number(),
});
export type OrderSummaryRow = Static<typeof OrderSummaryRow>;

export const OrderSummaryList = ListOf(OrderSummaryRow);
export type OrderSummaryList = Static<typeof OrderSummaryList>;
