import { COMPARISON_TOLERANCE_DAYS, DATE_MAX_DAYS_AHEAD, DATE_MIN } from '@gudang/api-client';
import type { ComparisonQuery, IncomingForComparison, Order } from '@gudang/api-client';
import { addDaysIso } from '@gudang/shared-ui';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { matchOrders } from './order-matching';
import type { OrderMatch } from './order-matching';
import { useGetIncomingForComparisonQuery } from './orders-api';

/** The server takes at most this many characters of comma-separated product codes. */
const MAX_CODES_LENGTH = 10_000;

/**
 * The incoming goods to read for orders of [startDate, endDate]: the range widened by the
 * tolerance on both sides (an order on the last day may match goods that arrive two days
 * later), kept inside the dates the API accepts.
 */
export function comparisonRange(startDate: string, endDate: string, today: string) {
  const first = addDaysIso(startDate, -COMPARISON_TOLERANCE_DAYS);
  const last = addDaysIso(endDate, COMPARISON_TOLERANCE_DAYS);
  const max = addDaysIso(today, DATE_MAX_DAYS_AHEAD);
  return { startDate: first < DATE_MIN ? DATE_MIN : first, endDate: last > max ? max : last };
}

/** The distinct product codes of the orders, sorted (a stable query argument). */
export function productCodesOf(orders: readonly Pick<Order, 'product_code'>[]): string[] {
  return [...new Set(orders.map((order) => order.product_code))].sort();
}

/** One or more comparison queries covering every code, each within the server's length limit. */
export function comparisonQueries(
  codes: readonly string[],
  range: { startDate: string; endDate: string },
): ComparisonQuery[] {
  const queries: ComparisonQuery[] = [];
  let chunk: string[] = [];
  let length = 0;
  for (const code of codes) {
    if (chunk.length > 0 && length + 1 + code.length > MAX_CODES_LENGTH) {
      queries.push({ productCodes: chunk.join(','), ...range });
      chunk = [];
      length = 0;
    }
    length += (chunk.length > 0 ? 1 : 0) + code.length;
    chunk.push(code);
  }
  if (chunk.length > 0) queries.push({ productCodes: chunk.join(','), ...range });
  return queries;
}

export interface OrderComparison {
  /** One match per order shown, in their order; undefined while off or loading. */
  matches: readonly OrderMatch[] | undefined;
  loading: boolean;
}

const NO_INCOMING: IncomingForComparison[] = [];

/**
 * Comparison mode for the orders shown: reads the incoming goods of their products around the
 * range (again when the orders or the range change) and matches each order. A failed read
 * silently counts as no incoming goods (docs/product.md point 8).
 */
export function useOrderComparison(
  orders: readonly Order[],
  range: { startDate: string; endDate: string } | null,
  enabled: boolean,
): OrderComparison {
  const codes = productCodesOf(orders).join(',');
  // One page of orders (at most 50 codes of 100 characters) stays below the server's limit.
  const skip = !enabled || !range || orders.length === 0;
  const { currentData, isError, isFetching } = useGetIncomingForComparisonQuery(
    skip ? skipToken : { productCodes: codes, ...range },
  );
  const incoming = isError ? NO_INCOMING : currentData?.data;
  const matches = useMemo(
    () => (skip || !incoming ? undefined : matchOrders(orders, incoming)),
    [skip, orders, incoming],
  );
  return { matches, loading: !skip && !incoming && isFetching };
}
