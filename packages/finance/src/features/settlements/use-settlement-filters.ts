import type { SettlementChannel, SettlementCheckKind } from '@gudang/api-client/contract';
import { useDateRangeParams, useQueryParams } from '@gudang/shared-ui';
import {
  CHECK_KINDS,
  DEFAULT_DAYS,
  SETTLEMENT_CHANNELS,
  SETTLEMENT_STATUSES,
  type SettlementStatus,
} from './settlement-texts';

export type SettlementTab = 'orders' | 'summary' | 'checks';

/** Each tab's value in the URL; the orders tab is the default and stays out of it. */
const TAB_PARAMS: Record<Exclude<SettlementTab, 'orders'>, string> = {
  summary: 'ringkasan',
  checks: 'perlu-dicek',
};

const tabOf = (param: string | null): SettlementTab =>
  param === TAB_PARAMS.summary ? 'summary' : param === TAB_PARAMS.checks ? 'checks' : 'orders';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

const storeOf = (value: string | null): number | undefined =>
  value !== null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;

export interface SettlementFilters {
  tab: SettlementTab;
  channel: SettlementChannel | undefined;
  storeId: number | undefined;
  /** The orders tab's status. */
  status: SettlementStatus | undefined;
  /** 'Perlu dicek''s reason. */
  kind: SettlementCheckKind | undefined;
  startDate: string;
  endDate: string;
  startError: string | undefined;
  endError: string | undefined;
  /** Both dates are real days in the API's window, start not after end: the lists may load. */
  valid: boolean;
  /** Channel, store or dates differ from their defaults. */
  active: boolean;
  /** The query every tab shares: channel, store and dates. */
  shared: {
    startDate: string;
    endDate: string;
    channel?: SettlementChannel;
    store_id?: number;
  };
  setTab: (tab: SettlementTab) => void;
  setChannel: (channel: SettlementChannel | undefined) => void;
  setStoreId: (storeId: number | undefined) => void;
  setStatus: (status: SettlementStatus | undefined) => void;
  setKind: (kind: SettlementCheckKind | undefined) => void;
  setStartDate: (date: string) => void;
  setEndDate: (date: string) => void;
  reset: () => void;
}

/**
 * The filters of Penghasilan Marketplace besides search, page and page size (useListParams):
 * the tab, channel, store, the orders' status, 'Perlu dicek''s reason and the release dates
 * (default: the last 30 days), in the URL so that a reload or a shared link keeps them. A new
 * filter starts the list again at page 1; a new tab also clears the search.
 */
export function useSettlementFilters(): SettlementFilters {
  const dates = useDateRangeParams({ reversedOn: 'start', defaultDays: DEFAULT_DAYS });
  const [params, write] = useQueryParams();
  const update = (changes: Record<string, string | null>) => write({ ...changes, page: null });
  const channel = oneOf(SETTLEMENT_CHANNELS, params.get('channel'));
  const storeId = storeOf(params.get('store_id'));
  const status = oneOf(SETTLEMENT_STATUSES, params.get('status'));
  const kind = oneOf(CHECK_KINDS, params.get('kind'));

  return {
    tab: tabOf(params.get('tab')),
    channel,
    storeId,
    status,
    kind,
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
    setTab: (tab) =>
      update({ tab: tab === 'orders' ? null : TAB_PARAMS[tab], search: null, limit: null }),
    // A store belongs to one channel: another channel clears it.
    setChannel: (value) => update({ channel: value ?? null, store_id: null }),
    setStoreId: (value) => update({ store_id: value === undefined ? null : String(value) }),
    setStatus: (value) => update({ status: value ?? null }),
    setKind: (value) => update({ kind: value ?? null }),
    setStartDate: dates.setStartDate,
    setEndDate: dates.setEndDate,
    reset: () => update({ channel: null, store_id: null, startDate: null, endDate: null }),
  };
}
