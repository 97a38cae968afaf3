import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  ORDER_SUMMARY_PAGE_SIZES,
  PAGE_SIZES,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import { addDaysIso, dateWindow, dateWindowError, todayIso } from '@gudang/shared-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The summary shows 5 rows unless another size is chosen (docs/product.md point 9 names no default). */
export const SUMMARY_DEFAULT_PAGE_SIZE = ORDER_SUMMARY_PAGE_SIZES[0];

/** URL keys: the detail list uses the usual ones, the summary its own, both share the range. */
const KEYS = {
  startDate: 'startDate',
  endDate: 'endDate',
  search: 'search',
  page: 'page',
  limit: 'limit',
  summarySearch: 'summarySearch',
  summaryPage: 'summaryPage',
  summaryLimit: 'summaryLimit',
  compare: 'compare',
} as const;

export interface PagedListParams {
  search: string;
  page: number;
  limit: number;
  setSearch: (search: string) => void;
  /** `replace` corrects the page without a history entry (past the last page after a delete). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
}

export interface OrderRange {
  /** The dates as typed ('' when cleared). */
  startDate: string;
  endDate: string;
  defaultStart: string;
  defaultEnd: string;
  startError?: string;
  endError?: string;
  /** Both dates are valid and in order: the lists may be fetched. */
  valid: boolean;
  /** The range differs from the default window (the 'active filter' notice). */
  active: boolean;
  setStartDate: (date: string) => void;
  setEndDate: (date: string) => void;
  reset: () => void;
}

export interface OrderListParams {
  /** The shop's today when the page opened. */
  today: string;
  /** Comparison mode (Tampilkan Perbandingan) is on: `compare=1` in the URL. */
  comparing: boolean;
  setComparing: (on: boolean) => void;
  range: OrderRange;
  summary: PagedListParams;
  detail: PagedListParams;
}

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

function dateProblem(value: string, label: string, allowed: ReturnType<typeof dateWindow>) {
  return value === ''
    ? VALIDATION_MESSAGES.required(label)
    : dateWindowError(value, label, allowed);
}

/**
 * The filters of List Order Barang, kept in the URL so that a reload or a shared link keeps
 * them: the date range (default DEFAULT_WINDOW_DAYS before to after the shop's today), comparison
 * mode and, for each of the two tables, its own search, page and page size. Defaults stay out of the URL; a new
 * range, search or page size starts the affected tables at page 1.
 */
export function useOrderListParams(): OrderListParams {
  const [today] = useState(() => todayIso());
  const [params, setParams] = useSearchParams();
  const defaultStart = addDaysIso(today, -DEFAULT_WINDOW_DAYS);
  const defaultEnd = addDaysIso(today, DEFAULT_WINDOW_DAYS);

  const update = (
    changes: Partial<Record<keyof typeof KEYS, string | number | null>>,
    replace = false,
  ) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, String(value));
    }
    if (next.toString() !== params.toString()) setParams(next, { replace });
  };
  const pagesReset = { page: null, summaryPage: null } as const;

  const startDate = params.get(KEYS.startDate) ?? defaultStart;
  const endDate = params.get(KEYS.endDate) ?? defaultEnd;
  const allowed = dateWindow(today);
  const startError = dateProblem(startDate, FIELDS.startDate.label, allowed);
  const endError = dateProblem(endDate, FIELDS.endDate.label, allowed);
  const reversed = !startError && !endError && startDate > endDate;

  const paged = (
    keys: {
      search: 'search' | 'summarySearch';
      page: 'page' | 'summaryPage';
      limit: 'limit' | 'summaryLimit';
    },
    sizes: readonly number[],
    defaultSize: number,
  ): PagedListParams => {
    const rawLimit = positiveInt(params.get(keys.limit));
    return {
      search: params.get(keys.search) ?? '',
      page: positiveInt(params.get(keys.page)) ?? 1,
      limit: sizes.find((size) => size === rawLimit) ?? defaultSize,
      setSearch: (search) =>
        update({ [keys.search]: search.trim() === '' ? null : search.trim(), [keys.page]: null }),
      setPage: (page, options) =>
        update({ [keys.page]: page <= 1 ? null : page }, options?.replace),
      setLimit: (limit) =>
        update({ [keys.limit]: limit === defaultSize ? null : limit, [keys.page]: null }),
    };
  };

  return {
    today,
    comparing: params.get(KEYS.compare) === '1',
    setComparing: (on) => update({ compare: on ? '1' : null }),
    range: {
      startDate,
      endDate,
      defaultStart,
      defaultEnd,
      startError,
      endError: endError ?? (reversed ? PRODUCT_MESSAGES.ledgerRange : undefined),
      valid: !startError && !endError && !reversed,
      active: startDate !== defaultStart || endDate !== defaultEnd,
      setStartDate: (date) =>
        update({ startDate: date === defaultStart ? null : date, ...pagesReset }),
      setEndDate: (date) => update({ endDate: date === defaultEnd ? null : date, ...pagesReset }),
      reset: () => update({ startDate: null, endDate: null, ...pagesReset }),
    },
    summary: paged(
      { search: 'summarySearch', page: 'summaryPage', limit: 'summaryLimit' },
      ORDER_SUMMARY_PAGE_SIZES,
      SUMMARY_DEFAULT_PAGE_SIZE,
    ),
    detail: paged(
      { search: 'search', page: 'page', limit: 'limit' },
      PAGE_SIZES,
      DEFAULT_PAGE_SIZE,
    ),
  };
}
