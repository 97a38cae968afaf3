import { MARKETPLACE_CHANNELS, MARKETPLACE_STATUSES } from '@gudang/api-client';
import type { MarketplaceChannel, MarketplaceStatus } from '@gudang/api-client';
import { oneOf, tabParam, useDateRangeParams, useQueryParams } from '@gudang/shared-ui';
import type { DateRangeParams, TabFields } from '@gudang/shared-ui';

export type MarketplaceTab = 'orders' | 'mappings' | 'stores';

/** Each tab's value in the URL; the orders tab is the default and stays out of it. */
const tabFields = tabParam<MarketplaceTab, 'orders'>('orders', {
  mappings: 'pemetaan-sku',
  stores: 'toko',
});

/** The dates are useDateRangeParams'; `active` and `reset` also take in the channel and status. */
export interface MarketplaceFilters extends DateRangeParams, TabFields<MarketplaceTab> {
  channel: MarketplaceChannel | undefined;
  status: MarketplaceStatus | undefined;
  setChannel: (channel: MarketplaceChannel | undefined) => void;
  setStatus: (status: MarketplaceStatus | undefined) => void;
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
    ...dates,
    ...tabFields(params, update),
    channel,
    status,
    active: channel !== undefined || status !== undefined || dates.active,
    setChannel: (value) => update({ channel: value ?? null }),
    setStatus: (value) => update({ status: value ?? null }),
    reset: () => update({ channel: null, status: null, startDate: null, endDate: null }),
  };
}
