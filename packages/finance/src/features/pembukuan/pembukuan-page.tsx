import { ComingSoon, Page, PageHeader } from '@gudang/shared-ui';

// Placeholder until the Pembukuan issue builds this page: it says the feature is coming, not
// that there is no data.
export function PembukuanPage() {
  return (
    <Page>
      <PageHeader title="Pembukuan" />
      <ComingSoon description="Keuntungan per transaksi barang keluar, dengan ekspor Excel." />
    </Page>
  );
}
