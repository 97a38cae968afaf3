import { Type, type Static } from '@sinclair/typebox';
import {
  DateField,
  DatedPageQuery,
  IntegerField,
  ListOf,
  MoneyField,
  Nullable,
  ResiField,
  SavedOf,
  TextField,
} from './common';
import { FIELDS, PRODUCT_MESSAGES } from './constants';
import { ProductCodeInput, StockMovementRowBase } from './incoming-goods';

export const Order = Type.Object({
  ...StockMovementRowBase.properties,
  quantity: Type.Integer(),
  /** Price per unit. */
  price: Type.Number(),
  resi_number: Type.String(),
  bank: Nullable(Type.String()),
});
export type Order = Static<typeof Order>;

/** Body of POST and PUT /api/orders. The product is found by product_code; bank is optional. */
export const OrderInput = Type.Object({
  date: DateField(),
  ...ProductCodeInput,
  quantity: IntegerField({ minimum: 1, maximum: FIELDS.quantity.max }),
  price: MoneyField(FIELDS.price.max),
  resi_number: ResiField(),
  bank: Type.Optional(Nullable(TextField({ maxLength: FIELDS.bank.maxLength, required: false }))),
});
export type OrderInput = Static<typeof OrderInput>;

/** GET /api/orders and /api/orders/summary. */
export const OrderQuery = DatedPageQuery;
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

/** Server messages of the order list that docs/product.md does not spell out. */
export const ORDER_MESSAGES = {
  /** No product has the code (compared regardless of letter case). */
  productUnknown: (code: string) => `Kode Barang '${code}' tidak ditemukan`,
  /** startDate after endDate: the stock card's and the reports' words. */
  dateRange: PRODUCT_MESSAGES.ledgerRange,
} as const;
