import { SETTLEMENT_CHANNELS } from '@gudang/api-client';
import {
  Button,
  ChannelFilterFields,
  FilterBar,
  Page,
  PageHeader,
  PlusIcon,
  Tabs,
} from '@gudang/shared-ui';
import { useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { SettlementChecksTab } from './settlement-checks';
import { SettlementImportDialog } from './settlement-import-dialog';
import { SettlementList } from './settlement-list';
import { SettlementSummaryTab } from './settlement-summary';
import { SETTLEMENT_TEXTS } from './settlement-texts';
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

// Selects and dates with their labels above: bottoms aligned with the Reset button.
const Filters = styled(FilterBar)`
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
  return (
    <Filters>
      <ChannelFilterFields filters={filters} channels={SETTLEMENT_CHANNELS} stores={stores} />
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
