import { Button, Page, PageHeader, PlusIcon } from '@gudang/shared-ui';
import { useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styled from 'styled-components';
import { ImportDialog } from './import-dialog';
import { MARKETPLACE_TEXTS } from './marketplace-texts';
import { OrdersTab } from './orders-tab';
import { SkuMappingsTab } from './sku-mappings-tab';
import { StockFileDialog } from './stock-file-dialog';
import { StoresTab } from './stores-tab';
import { useCan } from './use-can';
import { useMarketplaceFilters } from './use-marketplace-filters';
import type { MarketplaceFilters, MarketplaceTab } from './use-marketplace-filters';

const TABS: { value: MarketplaceTab; label: string }[] = [
  { value: 'orders', label: MARKETPLACE_TEXTS.ordersTab },
  { value: 'mappings', label: MARKETPLACE_TEXTS.mappingsTab },
  { value: 'stores', label: MARKETPLACE_TEXTS.storesTab },
];

const PANELS: Record<MarketplaceTab, (filters: MarketplaceFilters) => ReactNode> = {
  orders: (filters) => <OrdersTab filters={filters} />,
  mappings: () => <SkuMappingsTab />,
  stores: () => <StoresTab />,
};

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.spacing.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  margin-bottom: -1px;
  padding: ${({ theme }) => `${theme.spacing.sm} ${theme.spacing.lg}`};
  border: none;
  border-bottom: 2px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  cursor: pointer;
  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.blueText};
  }
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.lg};
`;

type Dialog = 'import' | 'stock' | null;

/**
 * Pesanan Marketplace: the buyers' orders imported from the marketplaces' files, the
 * SKU mappings, the stores with their buffers, and the stock files. Both roles read; the
 * manager imports, maps, keeps the stores and deletes.
 */
export function MarketplaceOrdersPage() {
  const id = useId();
  const filters = useMarketplaceFilters();
  const canImport = useCan('POST /api/marketplace-imports');
  const canFillStock = useCan('POST /api/marketplace-stock-file');
  const [dialog, setDialog] = useState<Dialog>(null);

  // Arrow keys move between the tabs, round at the ends (WAI-ARIA tabs pattern, activation
  // follows focus).
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const at = TABS.findIndex((tab) => tab.value === filters.tab);
    const step = event.key === 'ArrowRight' ? 1 : -1;
    const next = TABS[(at + step + TABS.length) % TABS.length]?.value ?? 'orders';
    filters.setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <Page>
      <PageHeader
        title={MARKETPLACE_TEXTS.title}
        actions={
          <>
            {canFillStock ? (
              <Button variant="ghost" onClick={() => setDialog('stock')}>
                {MARKETPLACE_TEXTS.stockFile}
              </Button>
            ) : null}
            {canImport ? (
              <Button icon={<PlusIcon />} onClick={() => setDialog('import')}>
                {MARKETPLACE_TEXTS.import}
              </Button>
            ) : null}
          </>
        }
      />
      <TabList role="tablist" aria-label={MARKETPLACE_TEXTS.title}>
        {TABS.map((tab) => (
          <Tab
            key={tab.value}
            id={`${id}-tab-${tab.value}`}
            type="button"
            role="tab"
            aria-selected={filters.tab === tab.value}
            aria-controls={`${id}-panel`}
            tabIndex={filters.tab === tab.value ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => filters.setTab(tab.value)}
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <Panel id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${filters.tab}`}>
        {PANELS[filters.tab](filters)}
      </Panel>
      {dialog === 'import' ? <ImportDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'stock' ? <StockFileDialog onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}
