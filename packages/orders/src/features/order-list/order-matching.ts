import { COMPARISON_TOLERANCE_DAYS } from '@gudang/api-client';
import type { IncomingForComparison, Order } from '@gudang/api-client';

/** How well an order is matched by an incoming-goods record (docs/product.md point 4). */
export type MatchType = 'exact' | 'product_resi' | 'product_only' | 'none';

export const MATCH_LABELS: Record<MatchType, string> = {
  exact: 'Exact Match',
  product_resi: 'Product+Resi',
  product_only: 'Product Only',
  none: 'No Match',
};

/** The order's fields the comparison looks at; a mismatched one is shown red. */
export type ComparedField = 'product' | 'resi' | 'quantity' | 'date';

export type ComparedOrder = Pick<Order, 'product_code' | 'resi_number' | 'quantity' | 'date'>;

export interface OrderMatch {
  type: MatchType;
  /** The incoming record chosen (the closest one of the best type); null for 'none'. */
  incoming: IncomingForComparison | null;
  /** Whole days between the order and the chosen record; null for 'none'. */
  days: number | null;
  mismatched: readonly ComparedField[];
}

const RANK: Record<MatchType, number> = { exact: 0, product_resi: 1, product_only: 2, none: 3 };
const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const NO_MATCH: OrderMatch = {
  type: 'none',
  incoming: null,
  days: null,
  mismatched: ['product', 'resi', 'quantity', 'date'],
};

function dayNumber(iso: string): number {
  const match = ISO_DATE.exec(iso);
  if (!match) return Number.NaN;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
}

/**
 * Absolute number of days between two yyyy-mm-dd calendar dates, rounded up (docs/product.md point 4);
 * Infinity when either is not a date. Calendar dates, so no time zone can shift it.
 */
export function dayDifference(a: string, b: string): number {
  const days = Math.ceil(Math.abs(dayNumber(a) - dayNumber(b)));
  return Number.isNaN(days) ? Number.POSITIVE_INFINITY : days;
}

const sameCode = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
// Resi numbers are unique regardless of letter case in the database (ADR 0009): compare alike.
const sameResi = sameCode;

function typeOf(order: ComparedOrder, incoming: IncomingForComparison): MatchType {
  if (!sameResi(order.resi_number, incoming.resi_number)) return 'product_only';
  return order.quantity === incoming.quantity ? 'exact' : 'product_resi';
}

function mismatchedOf(type: MatchType, order: ComparedOrder, incoming: IncomingForComparison) {
  const fields: ComparedField[] = [];
  if (type === 'product_only' && !sameResi(order.resi_number, incoming.resi_number)) {
    fields.push('resi');
  }
  if (type !== 'exact' && order.quantity !== incoming.quantity) fields.push('quantity');
  return fields;
}

/**
 * The best incoming record for one order among `incoming`: only records of the same product
 * dated within `toleranceDays` count; the better type wins (exact, then product_resi, then
 * product_only), then the closer date; on a full tie the first record in `incoming`.
 */
export function matchOrder(
  order: ComparedOrder,
  incoming: readonly IncomingForComparison[],
  toleranceDays: number = COMPARISON_TOLERANCE_DAYS,
): OrderMatch {
  let best: { type: MatchType; incoming: IncomingForComparison; days: number } | null = null;
  for (const candidate of incoming) {
    if (!sameCode(order.product_code, candidate.product_code)) continue;
    const days = dayDifference(order.date, candidate.date);
    if (days > toleranceDays) continue;
    const type = typeOf(order, candidate);
    if (
      !best ||
      RANK[type] < RANK[best.type] ||
      (RANK[type] === RANK[best.type] && days < best.days)
    ) {
      best = { type, incoming: candidate, days };
    }
  }
  if (!best) return NO_MATCH;
  return { ...best, mismatched: mismatchedOf(best.type, order, best.incoming) };
}

/** matchOrder for every order, reading the incoming records once per product. */
export function matchOrders<T extends ComparedOrder>(
  orders: readonly T[],
  incoming: readonly IncomingForComparison[],
  toleranceDays: number = COMPARISON_TOLERANCE_DAYS,
): OrderMatch[] {
  const byProduct = new Map<string, IncomingForComparison[]>();
  for (const record of incoming) {
    const key = record.product_code.trim().toLowerCase();
    const list = byProduct.get(key);
    if (list) list.push(record);
    else byProduct.set(key, [record]);
  }
  return orders.map((order) =>
    matchOrder(order, byProduct.get(order.product_code.trim().toLowerCase()) ?? [], toleranceDays),
  );
}
