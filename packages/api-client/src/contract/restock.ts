import { Type, type Static } from '@sinclair/typebox';
import {
  BooleanField,
  DateRangeQuery,
  DateString,
  IntegerField,
  ListOf,
  MoneyField,
  Nullable,
  PageQuery,
  SavedOf,
  TextField,
} from './common';
import { FIELDS, RESTOCK } from './constants';
import { BufferField } from './marketplace';
import { Order } from './orders';
import { KILL_SWITCH_LIMITS } from './remotes';

/** PUT /api/settings (manager): 'Target Persediaan' in days and Stok Tersedia's settings. */
export const SettingsInput = Type.Object({
  targetStockDays: Type.Optional(IntegerField({ minimum: 1, maximum: FIELDS.targetStockDays.max })),
  /** 'Pesanan belum dibayar ikut dipesan' (issue 44). */
  reserve_unpaid: Type.Optional(BooleanField()),
  buffer_shopee: Type.Optional(BufferField()),
  buffer_tiktok: Type.Optional(BufferField()),
  buffer_lazada: Type.Optional(BufferField()),
  buffer_tokopedia: Type.Optional(BufferField()),
  buffer_bigseller: Type.Optional(BufferField()),
  /** 'Perlu dicek' (issue 45). */
  settlement_check_days: Type.Optional(
    IntegerField({ minimum: 1, maximum: FIELDS.settlement_check_days.max }),
  ),
  settlement_tolerance_percent: Type.Optional(
    IntegerField({ minimum: 0, maximum: FIELDS.settlement_tolerance_percent.max }),
  ),
  /** 'Dari Marketplace' of Retur (issue 46). */
  return_check_days: Type.Optional(
    IntegerField({ minimum: 1, maximum: FIELDS.return_check_days.max }),
  ),
  /**
   * The kill switch (issue 49): the remotes no one loads, the whole list ([] clears it). Names
   * outside REMOTE_MODULES, and 'shell', are refused with a message naming them.
   */
  disabled_remotes: Type.Optional(
    Type.Array(TextField({ maxLength: KILL_SWITCH_LIMITS.maxNameLength }), {
      // [] is a value here (it clears the switch), said so for the hostile-input test.
      minItems: 0,
      maxItems: KILL_SWITCH_LIMITS.maxNames,
    }),
  ),
});
export type SettingsInput = Static<typeof SettingsInput>;

/** GET /api/restock: 'Perlu Restock', searched and paged. */
export const RestockQuery = Type.Object({ ...PageQuery.properties });
export type RestockQuery = Static<typeof RestockQuery>;

/**
 * A product that needs restocking: its Tersedia (stock - Dipesan) is at or under its minimum,
 * or covers less than RESTOCK.coverDays days of its sales.
 */
export const RestockRow = Type.Object({
  product_code: Type.String(),
  product_name: Type.String(),
  current_stock: Type.Integer(),
  /**
   * 'Dipesan' (issue 44): units open imported orders hold. The rule and the suggestion read
   * Tersedia (current_stock - reserved_stock), never Stok alone.
   */
  reserved_stock: Type.Integer({ minimum: 0 }),
  min_stock: Type.Integer(),
  /** Outgoing quantity of the last RESTOCK.averageDays days (today included) / that many days. */
  avg_daily_out: Type.Number(),
  /** Tersedia / avg_daily_out; null when the product sold nothing in those days. */
  days_of_cover: Nullable(Type.Number()),
  /**
   * 'Sudah Dipesan': List Order quantities of the last RESTOCK.averageDays days (or later) not
   * yet received in Barang Masuk under their resi (goods on the way).
   */
  on_order: Type.Integer({ minimum: 0 }),
  /**
   * max(min_stock - tersedia - on_order, ceil(avg_daily_out x Target Persediaan) - tersedia -
   * on_order, 0), tersedia = current_stock - reserved_stock.
   */
  suggested_quantity: Type.Integer(),
  /**
   * The product's purchase price (its moving-average cost): the order's default price. Sent to
   * the manager only (absent for an admin).
   */
  purchase_price: Type.Optional(Type.Number()),
});
export type RestockRow = Static<typeof RestockRow>;

/** Fewest days of cover first; products that sold nothing last; then by code. */
export const RestockList = ListOf(RestockRow);
export type RestockList = Static<typeof RestockList>;

/** GET /api/dashboard/daily: both ends included, at most RESTOCK.dailyMaxDays days. */
export const DailyQuery = Type.Object({ ...DateRangeQuery.properties });
export type DailyQuery = Static<typeof DailyQuery>;

export const DailyPoint = Type.Object({
  date: DateString,
  incoming: Type.Integer(),
  outgoing: Type.Integer(),
});
export type DailyPoint = Static<typeof DailyPoint>;

/** Every day of the range, days with nothing as 0. */
export const DailyResponse = Type.Array(DailyPoint);
export type DailyResponse = Static<typeof DailyResponse>;

export const RestockOrderItem = Type.Object({
  product_code: TextField({ maxLength: FIELDS.product_code.maxLength }),
  quantity: IntegerField({ minimum: 1, maximum: FIELDS.quantity.max }),
  price: MoneyField(FIELDS.price.max),
});
export type RestockOrderItem = Static<typeof RestockOrderItem>;

/** POST /api/orders/from-restock (manager): one List Order entry per item, dated today. */
export const RestockOrderInput = Type.Object({
  items: Type.Array(RestockOrderItem, { minItems: 1, maxItems: RESTOCK.orderMaxItems }),
});
export type RestockOrderInput = Static<typeof RestockOrderInput>;

export const RestockOrderSaved = SavedOf(Type.Array(Order));
export type RestockOrderSaved = Static<typeof RestockOrderSaved>;
