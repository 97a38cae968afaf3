import { Button, Page, PageHeader, PlusIcon, Tabs } from '@gudang/shared-ui';
import { useState } from 'react';
import type { ReactNode } from 'react';
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

type Dialog = 'import' | 'stock' | null;

/**
 * Pesanan Marketplace: the buyers' orders imported from the marketplaces' files, the
 * SKU mappings, the stores with their buffers, and the stock files. Both roles read; the
 * manager imports, maps, keeps the stores and deletes.
 */
export function MarketplaceOrdersPage() {
  const filters = useMarketplaceFilters();
  const canImport = useCan('POST /api/marketplace-imports');
  const canFillStock = useCan('POST /api/marketplace-stock-file');
  const [dialog, setDialog] = useState<Dialog>(null);

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
      <Tabs
        label={MARKETPLACE_TEXTS.title}
        tabs={TABS}
        value={filters.tab}
        onChange={filters.setTab}
      >
        {PANELS[filters.tab](filters)}
      </Tabs>
      {dialog === 'import' ? <ImportDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'stock' ? <StockFileDialog onClose={() => setDialog(null)} /> : null}
    </Page>
  );
}
