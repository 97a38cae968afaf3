import {
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_STATUSES,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import type { MarketplaceChannel, MarketplaceStatus } from '@gudang/api-client';
import {
  addDaysIso,
  dateWindow,
  dateWindowError,
  todayIso,
  useQueryParams,
} from '@gudang/shared-ui';
import { useState } from 'react';

export type MarketplaceTab = 'orders' | 'mappings';

/** The tab's value in the URL; the orders tab is the default and stays out of it. */
const MAPPINGS_TAB = 'pemetaan-sku';

export interface MarketplaceFilters {
  tab: MarketplaceTab;
  channel: MarketplaceChannel | undefined;
  status: MarketplaceStatus | undefined;
  startDate: string;
  endDate: string;
  startError: string | undefined;
  endError: string | undefined;
  /** Both dates are real days in the API's window, start not after end: the list may load. */
  valid: boolean;
  /** Any filter differs from its default (channel, status, dates). */
  active: boolean;
  setTab: (tab: MarketplaceTab) => void;
  setChannel: (channel: MarketplaceChannel | undefined) => void;
  setStatus: (status: MarketplaceStatus | undefined) => void;
  setStartDate: (date: string) => void;
  setEndDate: (date: string) => void;
  reset: () => void;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/**
 * The filters of Pesanan Marketplace besides search, page and page size (useListParams): the
 * tab, channel, status and the date range, in the URL so that a reload or a shared link keeps
 * them. Absent dates are the default window, DEFAULT_WINDOW_DAYS before to after the shop's
 * today. A new filter starts the list again at page 1; a new tab also clears the search.
 */
export function useMarketplaceFilters(): MarketplaceFilters {
  const [today] = useState(() => todayIso());
  const defaults = {
    startDate: addDaysIso(today, -DEFAULT_WINDOW_DAYS),
    endDate: addDaysIso(today, DEFAULT_WINDOW_DAYS),
  };
  const [params, write] = useQueryParams();
  const update = (changes: Record<string, string | null>) => write({ ...changes, page: null });

  const startDate = params.get('startDate') ?? defaults.startDate;
  const endDate = params.get('endDate') ?? defaults.endDate;
  const allowed = dateWindow(today);
  const startProblem = startDate
    ? dateWindowError(startDate, FIELDS.startDate.label, allowed)
    : VALIDATION_MESSAGES.required(FIELDS.startDate.label);
  const endError = endDate
    ? dateWindowError(endDate, FIELDS.endDate.label, allowed)
    : VALIDATION_MESSAGES.required(FIELDS.endDate.label);
  const reversed = !startProblem && !endError && startDate > endDate;
  const channel = oneOf(MARKETPLACE_CHANNELS, params.get('channel'));
  const status = oneOf(MARKETPLACE_STATUSES, params.get('status'));

  return {
    tab: params.get('tab') === MAPPINGS_TAB ? 'mappings' : 'orders',
    channel,
    status,
    startDate,
    endDate,
    startError: startProblem ?? (reversed ? PRODUCT_MESSAGES.ledgerRange : undefined),
    endError,
    valid: !startProblem && !endError && !reversed,
    active:
      channel !== undefined ||
      status !== undefined ||
      startDate !== defaults.startDate ||
      endDate !== defaults.endDate,
    // Each tab has its own list: the other tab's search and page size do not carry over.
    setTab: (tab) =>
      update({ tab: tab === 'mappings' ? MAPPINGS_TAB : null, search: null, limit: null }),
    setChannel: (value) => update({ channel: value ?? null }),
    setStatus: (value) => update({ status: value ?? null }),
    setStartDate: (date) => update({ startDate: date === defaults.startDate ? null : date }),
    setEndDate: (date) => update({ endDate: date === defaults.endDate ? null : date }),
    reset: () => update({ channel: null, status: null, startDate: null, endDate: null }),
  };
}
