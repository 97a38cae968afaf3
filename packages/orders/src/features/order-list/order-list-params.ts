import {
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  ORDER_SUMMARY_PAGE_SIZES,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import {
  addDaysIso,
  dateWindow,
  dateWindowError,
  todayIso,
  useListParams,
  useQueryParams,
} from '@gudang/shared-ui';
import type { ListParams } from '@gudang/shared-ui';
import { useState } from 'react';

/** The summary shows 5 rows unless another size is chosen (docs/product.md point 9 names no default). */
export const SUMMARY_DEFAULT_PAGE_SIZE = ORDER_SUMMARY_PAGE_SIZES[0];

/**
 * URL keys of the range and comparison mode, shared by both lists. The detail list keeps its
 * search, page and page size under the usual keys, the summary under its own (summarySearch,
 * summaryPage, summaryLimit): useListParams with the prefix 'summary'.
 */
const KEYS = {
  startDate: 'startDate',
  endDate: 'endDate',
  page: 'page',
  summaryPage: 'summaryPage',
  compare: 'compare',
} as const;

const SUMMARY_PREFIX = 'summary';

/** One of the two lists: search, page and page size (no sort). */
export type PagedListParams = ListParams<undefined>;

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
  const [params, write] = useQueryParams();
  const defaultStart = addDaysIso(today, -DEFAULT_WINDOW_DAYS);
  const defaultEnd = addDaysIso(today, DEFAULT_WINDOW_DAYS);

  const update = (changes: Partial<Record<keyof typeof KEYS, string | number | null>>) =>
    write(changes);
  const pagesReset = { page: null, summaryPage: null } as const;

  const startDate = params.get(KEYS.startDate) ?? defaultStart;
  const endDate = params.get(KEYS.endDate) ?? defaultEnd;
  const allowed = dateWindow(today);
  const startError = dateProblem(startDate, FIELDS.startDate.label, allowed);
  const endError = dateProblem(endDate, FIELDS.endDate.label, allowed);
  const reversed = !startError && !endError && startDate > endDate;

  const summary = useListParams({
    prefix: SUMMARY_PREFIX,
    sizes: ORDER_SUMMARY_PAGE_SIZES,
    defaultSize: SUMMARY_DEFAULT_PAGE_SIZE,
  });
  const detail = useListParams();

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
    summary,
    detail,
  };
}
