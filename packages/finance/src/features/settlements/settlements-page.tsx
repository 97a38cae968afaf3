import { FIELDS } from '@gudang/api-client';
import {
  Button,
  DateField,
  Page,
  PageHeader,
  PlusIcon,
  SelectField,
  Tabs,
  Toolbar,
  dateWindow,
} from '@gudang/shared-ui';
import { useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SettlementChecksTab } from './settlement-checks';
import { SettlementImportDialog } from './settlement-import-dialog';
import { SettlementList } from './settlement-list';
import { SettlementSummaryTab } from './settlement-summary';
import { CHANNEL_LABELS, SETTLEMENT_CHANNELS, SETTLEMENT_TEXTS } from './settlement-texts';
import { useGetSettlementStoresQuery } from './settlements-api';
import { useSettlementFilters } from './use-settlement-filters';
import type { SettlementFilters, SettlementTab } from './use-settlement-filters';

const TABS: { value: SettlementTab; label: string }[] = [
  { value: 'orders', label: SETTLEMENT_TEXTS.ordersTab },
  { value: 'summary', label: SETTLEMENT_TEXTS.summaryTab },
  { value: 'checks', label: SETTLEMENT_TEXTS.checksTab },
];

const PANELS: Record<SettlementTab, (filters: SettlementFilters) => ReactNode> = {
  orders: (filters) => <SettlementList filters={filters} />,
  summary: (filters) => <SettlementSummaryTab filters={filters} />,
  checks: (filters) => <SettlementChecksTab filters={filters} />,
};

const CHANNEL_OPTIONS = SETTLEMENT_CHANNELS.map((value) => ({
  value,
  label: CHANNEL_LABELS[value],
}));

// Selects and dates with their labels above: bottoms aligned with the Reset button.
const Filters = styled(Toolbar)`
  align-items: flex-end;
  > div {
    flex: 1 1 150px;
    max-width: 220px;
    > div {
      margin-bottom: 0;
    }
  }
  @media ${({ theme }) => theme.media.narrow} {
    > div {
      flex-basis: calc(50% - ${({ theme }) => theme.spacing.md});
      max-width: none;
    }
  }
`;

/** Channel, store and the release dates: shared by the three tabs. */
function SharedFilters({ filters }: { filters: SettlementFilters }) {
  const stores = useGetSettlementStoresQuery().currentData?.data ?? [];
  const storeOptions = stores.flatMap((store) => {
    const channel = SETTLEMENT_CHANNELS.find((value) => value === store.channel);
    if (!channel || (filters.channel && filters.channel !== channel)) return [];
    return [{ value: store.id, label: `${CHANNEL_LABELS[channel]} · ${store.name}` }];
  });
  const allowed = dateWindow();
  return (
    <Filters>
      <div>
        <SelectField
          label={FIELDS.channel.label}
          placeholder={SETTLEMENT_TEXTS.allChannels}
          options={CHANNEL_OPTIONS}
          value={filters.channel ?? ''}
          onChange={(event) =>
            filters.setChannel(
              SETTLEMENT_CHANNELS.find((channel) => channel === event.target.value),
            )
          }
        />
      </div>
      <div>
        <SelectField
          label={SETTLEMENT_TEXTS.store}
          placeholder={SETTLEMENT_TEXTS.allStores}
          options={storeOptions}
          value={filters.storeId ?? ''}
          onChange={(event) =>
            filters.setStoreId(event.target.value === '' ? undefined : Number(event.target.value))
          }
        />
      </div>
      <div>
        <DateField
          label={FIELDS.startDate.label}
          value={filters.startDate}
          required
          max={filters.endError ? allowed.max : filters.endDate}
          error={filters.startError}
          onChange={(event) => filters.setStartDate(event.target.value)}
        />
      </div>
      <div>
        <DateField
          label={FIELDS.endDate.label}
          value={filters.endDate}
          required
          min={filters.startError ? allowed.min : filters.startDate}
          error={filters.endError}
          onChange={(event) => filters.setEndDate(event.target.value)}
        />
      </div>
      <Button variant="ghost" disabled={!filters.active} onClick={filters.reset}>
        {SETTLEMENT_TEXTS.reset}
      </Button>
    </Filters>
  );
}

/**
 * Penghasilan Marketplace (manager): what each marketplace order really earned, read from the
 * marketplaces' income files. The settled orders with their breakdown, the summary per channel
 * and store with the charts, and 'Perlu dicek' with its two settings; the import above them.
 */
export function SettlementsPage() {
  const filters = useSettlementFilters();
  const [importing, setImporting] = useState(false);

  return (
    <Page>
      <PageHeader
        title={SETTLEMENT_TEXTS.title}
        actions={
          <Button icon={<PlusIcon />} onClick={() => setImporting(true)}>
            {SETTLEMENT_TEXTS.import}
          </Button>
        }
      />
      <SharedFilters filters={filters} />
      <Tabs
        label={SETTLEMENT_TEXTS.title}
        tabs={TABS}
        value={filters.tab}
        onChange={filters.setTab}
      >
        {PANELS[filters.tab](filters)}
      </Tabs>
      {importing ? <SettlementImportDialog onClose={() => setImporting(false)} /> : null}
    </Page>
  );
}
