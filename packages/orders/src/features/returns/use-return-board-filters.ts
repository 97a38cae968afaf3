import type { MarketplaceChannel } from '@gudang/api-client';
import type { ReturnBoardList } from '@gudang/api-client/contract';
import { useDateRangeParams, useQueryParams } from '@gudang/shared-ui';
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

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

const storeOf = (value: string | null): number | undefined =>
  value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

export interface ReturnBoardFilters {
  list: ReturnBoardList;
  channel: MarketplaceChannel | undefined;
  storeId: number | undefined;
  startDate: string;
  endDate: string;
  startError: string | undefined;
  endError: string | undefined;
  /** Both dates are real days in the API's window, start not after end: the lists may load. */
  valid: boolean;
  /** Channel, store or dates differ from their defaults. */
  active: boolean;
  /** The query the list and the totals share: channel, store and dates. */
  shared: {
    startDate: string;
    endDate: string;
    channel?: MarketplaceChannel;
    store_id?: number;
  };
  setList: (list: ReturnBoardList) => void;
  setChannel: (channel: MarketplaceChannel | undefined) => void;
  setStoreId: (storeId: number | undefined) => void;
  setStartDate: (date: string) => void;
  setEndDate: (date: string) => void;
  reset: () => void;
}

/**
 * The board's filters besides search, page and page size (useListParams): the list, channel,
 * store and the request dates (default: the last 30 days), in the URL so that a reload or a
 * shared link keeps them. A new filter starts the list again at page 1.
 */
export function useReturnBoardFilters(): ReturnBoardFilters {
  const dates = useDateRangeParams({ reversedOn: 'start', defaultDays: BOARD_DEFAULT_DAYS });
  const [params, write] = useQueryParams();
  const update = (changes: Record<string, string | null>) => write({ ...changes, page: null });
  const channel = oneOf(BOARD_CHANNELS, params.get('channel'));
  const storeId = storeOf(params.get('store_id'));
  const list = oneOf(BOARD_LISTS, params.get('list')) ?? 'not_received';

  return {
    list,
    channel,
    storeId,
    startDate: dates.startDate,
    endDate: dates.endDate,
    startError: dates.startError,
    endError: dates.endError,
    valid: dates.valid,
    active: channel !== undefined || storeId !== undefined || dates.active,
    shared: {
      startDate: dates.startDate,
      endDate: dates.endDate,
      ...(channel ? { channel } : {}),
      ...(storeId !== undefined ? { store_id: storeId } : {}),
    },
    // The first list is the default and stays out of the URL.
    setList: (value) => update({ list: value === 'not_received' ? null : value }),
    // A store belongs to one channel: another channel clears it.
    setChannel: (value) => update({ channel: value ?? null, store_id: null }),
    setStoreId: (value) => update({ store_id: value === undefined ? null : String(value) }),
    setStartDate: dates.setStartDate,
    setEndDate: dates.setEndDate,
    reset: () => update({ channel: null, store_id: null, startDate: null, endDate: null }),
  };
}
