import { MARKETPLACE_CHANNELS, MARKETPLACE_STATUSES } from '@gudang/api-client';
import type { MarketplaceChannel, MarketplaceStatus } from '@gudang/api-client';
import { oneOf, useDateRangeParams, useQueryParams } from '@gudang/shared-ui';

export type MarketplaceTab = 'orders' | 'mappings' | 'stores';

/** Each tab's value in the URL; the orders tab is the default and stays out of it. */
const TAB_PARAMS: Record<Exclude<MarketplaceTab, 'orders'>, string> = {
  mappings: 'pemetaan-sku',
  stores: 'toko',
};

const tabOf = (param: string | null): MarketplaceTab =>
  param === TAB_PARAMS.mappings ? 'mappings' : param === TAB_PARAMS.stores ? 'stores' : 'orders';

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

/**
 * The filters of Pesanan Marketplace besides search, page and page size (useListParams): the
 * tab, channel, status and the date range, in the URL so that a reload or a shared link keeps
 * them. The dates are useDateRangeParams' (absent: the default window around the shop's today; a
 * start after the end is said at the start). A new filter starts the list again at page 1; a new
 * tab also clears the search.
 */
export function useMarketplaceFilters(): MarketplaceFilters {
  const dates = useDateRangeParams({ reversedOn: 'start' });
  const [params, write] = useQueryParams();
  const update = (changes: Record<string, string | null>) => write({ ...changes, page: null });
  const channel = oneOf(MARKETPLACE_CHANNELS, params.get('channel'));
  const status = oneOf(MARKETPLACE_STATUSES, params.get('status'));

  return {
    tab: tabOf(params.get('tab')),
    channel,
    status,
    startDate: dates.startDate,
    endDate: dates.endDate,
    startError: dates.startError,
    endError: dates.endError,
    valid: dates.valid,
    active: channel !== undefined || status !== undefined || dates.active,
    // Each tab has its own list: the other tab's search and page size do not carry over.
    setTab: (tab) =>
      update({ tab: tab === 'orders' ? null : TAB_PARAMS[tab], search: null, limit: null }),
    setChannel: (value) => update({ channel: value ?? null }),
    setStatus: (value) => update({ status: value ?? null }),
    setStartDate: dates.setStartDate,
    setEndDate: dates.setEndDate,
    reset: () => update({ channel: null, status: null, startDate: null, endDate: null }),
  };
}
