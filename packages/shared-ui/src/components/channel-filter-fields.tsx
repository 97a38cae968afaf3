import { FIELDS, MARKETPLACE_CHANNEL_LABELS } from '@gudang/api-client';
import type { MarketplaceChannel } from '@gudang/api-client';
import { dateWindow } from '../date-window';
import type { ChannelFilters } from '../hooks/use-channel-filters';
import type { DateRangeParams } from '../hooks/use-date-range-params';
import { Button } from './button';
import { ChoiceFilter } from './choice-filter';
import { DateField, SelectField } from './fields';

/** The placeholders of the channel and store selects and the reset button's text. */
export const CHANNEL_FILTER_TEXTS = {
  allChannels: 'Semua channel',
  allStores: 'Semua toko',
  reset: 'Reset',
} as const;

export type BoundedDateRange = Pick<
  DateRangeParams,
  'startDate' | 'endDate' | 'startError' | 'endError' | 'setStartDate' | 'setEndDate'
>;

/**
 * Tanggal Mulai and Tanggal Akhir of a range that always has both dates: each date bounds the
 * other, or the API's window while the other one is wrong. Each in a div of the list's toolbar.
 */
export function BoundedDateFields({ range }: { range: BoundedDateRange }) {
  const allowed = dateWindow();
  return (
    <>
      <div>
        <DateField
          label={FIELDS.startDate.label}
          value={range.startDate}
          required
          max={range.endError ? allowed.max : range.endDate}
          error={range.startError}
          onChange={(event) => range.setStartDate(event.target.value)}
        />
      </div>
      <div>
        <DateField
          label={FIELDS.endDate.label}
          value={range.endDate}
          required
          min={range.startError ? allowed.min : range.startDate}
          error={range.endError}
          onChange={(event) => range.setEndDate(event.target.value)}
        />
      </div>
    </>
  );
}

export interface ChannelFilterProps<C extends MarketplaceChannel> {
  /** The channels the list may be filtered by, in the select's order. */
  channels: readonly C[];
  value: C | undefined;
  onChange: (channel: C | undefined) => void;
}

/** A marketplace list's filter by channel ('Semua channel'), in a div of the list's toolbar. */
export function ChannelFilter<C extends MarketplaceChannel>({
  channels,
  value,
  onChange,
}: ChannelFilterProps<C>) {
  return (
    <ChoiceFilter
      label={FIELDS.channel.label}
      placeholder={CHANNEL_FILTER_TEXTS.allChannels}
      values={channels}
      labels={MARKETPLACE_CHANNEL_LABELS}
      value={value}
      onChange={onChange}
    />
  );
}

/** A store of a marketplace, as the store lists answer it. */
export interface ChannelStore {
  id: number;
  name: string;
  channel: string;
}

export interface ChannelFilterFieldsProps<C extends MarketplaceChannel> {
  filters: ChannelFilters<C>;
  /** The channels the list may be filtered by, in the select's order. */
  channels: readonly C[];
  stores: readonly ChannelStore[];
}

/**
 * The channel, the store (of the chosen channel only), the dates and 'Reset' of a marketplace
 * list (useChannelFilters), each in a div of the list's toolbar.
 */
export function ChannelFilterFields<C extends MarketplaceChannel>({
  filters,
  channels,
  stores,
}: ChannelFilterFieldsProps<C>) {
  const storeOptions = stores.flatMap((store) => {
    const channel = channels.find((value) => value === store.channel);
    if (!channel || (filters.channel && filters.channel !== channel)) return [];
    return [{ value: store.id, label: `${MARKETPLACE_CHANNEL_LABELS[channel]} · ${store.name}` }];
  });
  return (
    <>
      <ChannelFilter channels={channels} value={filters.channel} onChange={filters.setChannel} />
      <div>
        <SelectField
          label={FIELDS.store_id.label}
          placeholder={CHANNEL_FILTER_TEXTS.allStores}
          options={storeOptions}
          value={filters.storeId ?? ''}
          onChange={(event) =>
            filters.setStoreId(event.target.value === '' ? undefined : Number(event.target.value))
          }
        />
      </div>
      <BoundedDateFields range={filters} />
      <Button variant="ghost" disabled={!filters.active} onClick={filters.reset}>
        {CHANNEL_FILTER_TEXTS.reset}
      </Button>
    </>
  );
}
