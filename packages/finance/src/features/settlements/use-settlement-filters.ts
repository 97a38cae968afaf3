import {
  SETTLEMENT_CHANNELS,
  SETTLEMENT_CHECK_KINDS,
  SETTLEMENT_STATUSES,
} from '@gudang/api-client';
import type {
  SettlementChannel,
  SettlementCheckKind,
  SettlementStatus,
} from '@gudang/api-client/contract';
import {
  oneOf,
  tabParam,
  useChannelFilters,
  type ChannelFilters,
  type TabFields,
} from '@gudang/shared-ui';
import { DEFAULT_DAYS } from './settlement-texts';

export type SettlementTab = 'orders' | 'summary' | 'checks';

/** Each tab's value in the URL; the orders tab is the default and stays out of it. */
const tabFields = tabParam<SettlementTab, 'orders'>('orders', {
  summary: 'ringkasan',
  checks: 'perlu-dicek',
});

export interface SettlementFilters
  extends ChannelFilters<SettlementChannel>, TabFields<SettlementTab> {
  /** The orders tab's status. */
  status: SettlementStatus | undefined;
  /** 'Perlu dicek''s reason. */
  kind: SettlementCheckKind | undefined;
  setStatus: (status: SettlementStatus | undefined) => void;
  setKind: (kind: SettlementCheckKind | undefined) => void;
}

/**
 * The filters of Penghasilan Marketplace besides search, page and page size (useListParams):
 * the tab, channel, store, the orders' status, 'Perlu dicek''s reason and the release dates
 * (default: the last 30 days), in the URL so that a reload or a shared link keeps them. A new
 * filter starts the list again at page 1; a new tab also clears the search.
 */
export function useSettlementFilters(): SettlementFilters {
  const { filters, params, update } = useChannelFilters(SETTLEMENT_CHANNELS, DEFAULT_DAYS);
  return {
    ...filters,
    ...tabFields(params, update),
    status: oneOf(SETTLEMENT_STATUSES, params.get('status')),
    kind: oneOf(SETTLEMENT_CHECK_KINDS, params.get('kind')),
    setStatus: (value) => update({ status: value ?? null }),
    setKind: (value) => update({ kind: value ?? null }),
  };
}
