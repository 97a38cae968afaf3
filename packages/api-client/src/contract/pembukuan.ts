import { Type, type Static } from '@sinclair/typebox';
import {
  ChoiceField,
  DateRangeQuery,
  DatedPageQuery,
  DateString,
  IdField,
  ListOf,
  MoneyField,
  Nullable,
  SavedOf,
} from './common';
import { FIELDS, PRODUCT_MESSAGES } from './constants';

/** Server messages of the bookkeeping area that docs/product.md does not spell out. */
export const PEMBUKUAN_MESSAGES = {
  /** Tanggal Mulai after Tanggal Akhir: the stock card's words. */
  dateRange: PRODUCT_MESSAGES.ledgerRange,
  managerOnly: 'Hanya manager yang dapat membuka pembukuan',
} as const;

/**
 * Issue 46: terjual, a sale; dana_dikembalikan, the marketplace refunded the buyer for
 * refunded_quantity of its units and Gudang has no Retur record of them yet.
 */
export const PEMBUKUAN_SALE_STATUSES = ['terjual', 'dana_dikembalikan'] as const;
export type PembukuanSaleStatus = (typeof PEMBUKUAN_SALE_STATUSES)[number];

/**
 * One row per outgoing-goods transaction; id is the outgoing-goods id. Prices are per unit;
 * margin = (selling_price - discount - purchase_price) x (quantity - returned_quantity) when purchase_price and
 * selling_price are both above 0, else 0. Money is rounded to 2 decimals (exact on the server).
 */
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
  /**
   * Units of the transaction returned (Retur): the margin counts only the units kept,
   * quantity - returned_quantity. The server always sends it; optional in the type only so that
   * rows written before it still type-check.
   */
  returned_quantity: Type.Optional(Type.Integer({ minimum: 0 })),
  /**
   * May be negative (a loss). Issue 46: the units refunded and not back (refunded_quantity) count
   * as 0, as the returned ones do: (selling_price - discount - purchase_price) x (quantity -
   * returned_quantity - refunded_quantity).
   */
  margin: Type.Number(),
  /**
   * Issue 46: 'dana_dikembalikan' when refunded_quantity is above 0 (a refund in a return file of
   * its order, or an income file refunding the whole order; docs/adr/0016). The server always
   * sends these three; optional in the type only.
   */
  sale_status: Type.Optional(ChoiceField(PEMBUKUAN_SALE_STATUSES)),
  /** Units the buyer got the money back for, not taken back by Retur (yet). */
  refunded_quantity: Type.Optional(Type.Integer({ minimum: 0 })),
  /** purchase_price x refunded_quantity: the cost of the goods gone without their money. */
  refund_loss: Type.Optional(Type.Number()),
  /**
   * Issue 45: the marketplace's fees on this sale, in rupiah, positive when taken from the seller:
   * its share of its order's settled fees (allocated to the order's sales by price share, sen
   * exact, the remainder to the largest), or, before the income file is imported, an estimate
   * from the store's fee % of its last 30 days of settled orders. null for a sale of no imported
   * marketplace order (a hand sale). Of a 'dana_dikembalikan' sale, without the income file's
   * refund (at most the refunded units' value): the margin already leaves their price out.
   */
  marketplace_fee: Type.Optional(Nullable(Type.Number())),
  /** margin - (marketplace_fee ?? 0) - (refund_loss ?? 0). */
  profit_after_fees: Type.Optional(Type.Number()),
  /** The sale's order has its income imported ('Sudah cair'); false: 'Belum cair'. */
  settled: Type.Optional(Type.Boolean()),
  /** marketplace_fee is the 'Belum cair' estimate, not a settled figure. */
  fee_estimated: Type.Optional(Type.Boolean()),
});
export type PembukuanRow = Static<typeof PembukuanRow>;

/** GET /api/pembukuan. */
export const PembukuanQuery = DatedPageQuery;
export type PembukuanQuery = Static<typeof PembukuanQuery>;

export const PembukuanList = ListOf(PembukuanRow);
export type PembukuanList = Static<typeof PembukuanList>;

/** GET /api/pembukuan/stats. */
export const PembukuanStatsQuery = DateRangeQuery;
export type PembukuanStatsQuery = Static<typeof PembukuanStatsQuery>;

/**
 * productProfits holds at most this many products (the UI shows PROFIT_CARDS of them): a year's
 * range can hold thousands of products.
 */
export const PRODUCT_PROFITS_MAX = 100;

/** Pembukuan's fee figures of one channel and store over the range (issue 45). */
export const PembukuanChannelFees = Type.Object({
  channel: Type.String(),
  store_id: Nullable(Type.Integer()),
  store: Nullable(Type.String()),
  sales: Type.Number(),
  fees: Type.Number(),
  fee_percent: Type.Number(),
  profit_after_fees: Type.Number(),
});
export type PembukuanChannelFees = Static<typeof PembukuanChannelFees>;

/** A product's margin summed over its transactions of the range. */
export const ProductProfit = Type.Object({
  name: Type.String(),
  code: Type.String(),
  total_profit: Type.Number(),
});
export type ProductProfit = Static<typeof ProductProfit>;

/**
 * Over every transaction of the range: profitable = margin above 0, averageProfit =
 * totalProfit / totalTransactions (0 when none, rounded to the cent), totalQuantity and the
 * values count the units kept (quantity - returned_quantity - refunded_quantity; price x units
 * kept, summed), and
 * productProfits the products sold in the range, largest total_profit first
 * (ties by name, code), at most PRODUCT_PROFITS_MAX of them.
 */
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
  /**
   * Issue 46: the transactions 'Dana dikembalikan', their refunded units (out of totalQuantity and
   * the values, as returned units are) and the sum of their refund_loss.
   */
  refundedTransactions: Type.Optional(Type.Integer()),
  totalRefundedQuantity: Type.Optional(Type.Integer()),
  totalRefundLoss: Type.Optional(Type.Number()),
  /** Issue 45: the sum of marketplace_fee over the range (settled and estimated). */
  totalFees: Type.Optional(Type.Number()),
  /** totalFees / totalSellingValue x 100, two decimals; 0 without sales. */
  feePercent: Type.Optional(Type.Number()),
  /** totalProfit - totalFees - totalRefundLoss. */
  profitAfterFees: Type.Optional(Type.Number()),
  /** The same per channel and store ('manual': sales of no marketplace order). */
  feesByChannel: Type.Optional(Type.Array(PembukuanChannelFees)),
});
export type PembukuanStats = Static<typeof PembukuanStats>;

/**
 * POST /api/pembukuan: changes the prices of one transaction only. Discount is optional (absent:
 * 0). Answers with the updated row.
 */
export const PembukuanUpdate = Type.Object({
  outgoing_goods_id: IdField(),
  purchase_price: MoneyField(FIELDS.purchase_price.max),
  selling_price: MoneyField(FIELDS.selling_price.max),
  discount: Type.Optional(MoneyField(FIELDS.discount.max)),
});
export type PembukuanUpdate = Static<typeof PembukuanUpdate>;

export const PembukuanSaved = SavedOf(PembukuanRow);
export type PembukuanSaved = Static<typeof PembukuanSaved>;
