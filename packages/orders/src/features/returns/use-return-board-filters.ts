import type { MarketplaceChannel } from '@gudang/api-client';
import type { ReturnBoardList } from '@gudang/api-client/contract';
import { oneOf, useChannelFilters, useQueryParams, type ChannelFilters } from '@gudang/shared-ui';
import { BOARD_CHANNELS, BOARD_DEFAULT_DAYS, BOARD_LISTS } from './marketplace-returns-texts';

export type ReturnsTab = 'scan' | 'marketplace';

/** The tab's value in the URL; the scan tab is the default and stays out of it. */
const MARKETPLACE_TAB = 'dari-marketplace';

/** The page's tab from its URL (the Retur scan unless the URL names the board). */
export function useReturnsTab(): [ReturnsTab, (tab: ReturnsTab) => void] {
  const [params, write] = useQueryParams();
  const tab: ReturnsTab = params.get('tab') === MARKETPLACE_TAB ? 'marketplace' : 'scan';
  // Each tab has its own list: search, page, size, dates and the board's filters stay behind.
  const setTab = (next: ReturnsTab) =>
    write({
      tab: next === 'scan' ? null : MARKETPLACE_TAB,
      search: null,
      page: null,
      limit: null,
      startDate: null,
      endDate: null,
      list: null,
      channel: null,
      store_id: null,
    });
  return [tab, setTab];
}

export interface ReturnBoardFilters extends ChannelFilters<MarketplaceChannel> {
  list: ReturnBoardList;
  setList: (list: ReturnBoardList) => void;
}

/**
 * The board's filters besides search, page and page size (useListParams): the list, channel,
 * store and the request dates (default: the last 30 days), in the URL so that a reload or a
 * shared link keeps them. A new filter starts the list again at page 1.
 */
export function useReturnBoardFilters(): ReturnBoardFilters {
  const { filters, params, update } = useChannelFilters<MarketplaceChannel>(
    BOARD_CHANNELS,
    BOARD_DEFAULT_DAYS,
  );
  return {
    ...filters,
    list: oneOf(BOARD_LISTS, params.get('list')) ?? 'not_received',
    // The first list is the default and stays out of the URL.
    setList: (value) => update({ list: value === 'not_received' ? null : value }),
  };
}
