import { Type, type Static } from '@sinclair/typebox';
import { ChoiceField, Timestamp } from './common';
import { DASHBOARD_MESSAGES } from './constants';

// Plain values live in constants.ts (no TypeBox in the browser bundle); named here too.
export { DASHBOARD_MESSAGES };

/** Calendar periods in the shop's time zone; the week starts on Monday. */
export const Period = ChoiceField(['all', 'today', 'week', 'month', 'year']);
export type Period = Static<typeof Period>;

export const DashboardQuery = Type.Object({ period: Type.Optional(Period) });
export type DashboardQuery = Static<typeof DashboardQuery>;

/** A product as the dashboard's lists name it. */
const ListedProduct = { name: Type.String(), code: Type.String() };

/** A product of the stock lists (most stock, out of stock) with its stock now. */
const StockedProduct = { ...ListedProduct, stock: Type.Integer() };

export const TopStockProduct = Type.Object(StockedProduct);
export type TopStockProduct = Static<typeof TopStockProduct>;

export const MostOutgoingProduct = Type.Object({
  ...ListedProduct,
  total_out: Type.Integer(),
});
export type MostOutgoingProduct = Static<typeof MostOutgoingProduct>;

export const OutOfStockProduct = Type.Object(StockedProduct);
export type OutOfStockProduct = Static<typeof OutOfStockProduct>;

export const TopOutOfStockProduct = Type.Object({
  ...StockedProduct,
  total_outgoing: Type.Integer(),
});
export type TopOutOfStockProduct = Static<typeof TopOutOfStockProduct>;

export const StockConsistency = Type.Object({
  isConsistent: Type.Boolean(),
  /** totalStock - calculatedStock */
  difference: Type.Integer(),
  /**
   * When the movement rows themselves were last summed and compared with the kept totals (on a
   * schedule and after a recalculation; docs/adr/0007-scale.md). ISO 8601.
   */
  checkedAt: Timestamp,
});
export type StockConsistency = Static<typeof StockConsistency>;

/**
 * GET /api/dashboard/stats. incomingGoods, outgoingGoods and mostOutgoingProducts follow the
 * period; everything else is all-time or the current state.
 */
export const DashboardStats = Type.Object({
  totalStock: Type.Integer(),
  totalInitialStock: Type.Integer(),
  incomingGoods: Type.Integer(),
  outgoingGoods: Type.Integer(),
  totalIncomingGoods: Type.Integer(),
  totalOutgoingGoods: Type.Integer(),
  /** All-time units returned in good condition (back to stock; damaged returns are not here). */
  totalReturned: Type.Integer(),
  /** All-time sum of the stock adjustments (signed: gains minus losses). */
  totalAdjusted: Type.Integer(),
  /**
   * totalInitialStock + totalIncomingGoods - totalOutgoingGoods + totalReturned + totalAdjusted
   */
  calculatedStock: Type.Integer(),
  stockConsistency: StockConsistency,
  topStockProducts: Type.Array(TopStockProduct),
  mostOutgoingProducts: Type.Array(MostOutgoingProduct),
  outOfStockProducts: Type.Array(OutOfStockProduct),
  topOutOfStockProducts: Type.Array(TopOutOfStockProduct),
  /** 'Nilai Stok': current stock x moving-average cost over all products. Manager only. */
  stockValue: Type.Optional(Type.Number()),
});
export type DashboardStats = Static<typeof DashboardStats>;

/** POST /api/utils/recalculate-stock. */
export const RecalculateResponse = Type.Object({
  message: Type.String(),
  updated: Type.Integer({ minimum: 0 }),
});
export type RecalculateResponse = Static<typeof RecalculateResponse>;
