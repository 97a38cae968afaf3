// The filters the marketplace lists share (Penghasilan Marketplace, the returns board): the
// channel, the store and a date range, in the URL so that a reload or a shared link keeps them.
import {
  useDateRangeParams,
  type DateRangeParams,
  type DateRangeParamsOptions,
} from './use-date-range-params';
import { useQueryParams } from './use-query-params';

/** `value` when it is one of `values`. */
export const oneOf = <T extends string>(
  values: readonly T[],
  value: string | null,
): T | undefined => values.find((candidate) => candidate === value);

const storeOf = (value: string | null): number | undefined =>
  value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

/** The date range's fields (`valid`: the lists may load) with the channel and the store. */
export interface ChannelFilters<C extends string> extends DateRangeParams {
  channel: C | undefined;
  storeId: number | undefined;
  /** Channel, store or dates differ from their defaults. */
  active: boolean;
  /** The query the page's lists share: channel, store and dates. */
  shared: {
    startDate: string;
    endDate: string;
    channel?: C;
    store_id?: number;
  };
  setChannel: (channel: C | undefined) => void;
  setStoreId: (storeId: number | undefined) => void;
}

/**
 * The channel (one of `channels`), the store and the dates (`reversedOn` the start, the last
 * `defaultDays`); with the URL's parameters and a writer that starts the list again at page 1,
 * for the page's own filters.
 */
export function useChannelFilters<C extends string>(
  channels: readonly C[],
  defaultDays: DateRangeParamsOptions['defaultDays'],
): {
  filters: ChannelFilters<C>;
  params: URLSearchParams;
  update: (changes: Record<string, string | null>) => void;
} {
  const dates = useDateRangeParams({ reversedOn: 'start', defaultDays });
  const [params, write] = useQueryParams();
  const update = (changes: Record<string, string | null>) => write({ ...changes, page: null });
  const channel = oneOf(channels, params.get('channel'));
  const storeId = storeOf(params.get('store_id'));
  const filters: ChannelFilters<C> = {
    ...dates,
    channel,
    storeId,
    active: channel !== undefined || storeId !== undefined || dates.active,
    shared: {
      startDate: dates.startDate,
      endDate: dates.endDate,
      ...(channel ? { channel } : {}),
      ...(storeId !== undefined ? { store_id: storeId } : {}),
    },
    // A store belongs to one channel: another channel clears it.
    setChannel: (value) => update({ channel: value ?? null, store_id: null }),
    setStoreId: (value) => update({ store_id: value === undefined ? null : String(value) }),
    reset: () => update({ channel: null, store_id: null, startDate: null, endDate: null }),
  };
  return { filters, params, update };
}
