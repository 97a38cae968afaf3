import { ComingSoon, Page, PageHeader } from '@gudang/shared-ui';

// Placeholder until the List Order Barang issue builds this page: it says the feature is coming, not
// that there is no data.
export function OrderListPage() {
  return (
    <Page>
      <PageHeader title="List Order Barang" />
      <ComingSoon description="Daftar order dengan perbandingan terhadap barang masuk dan ekspor Excel/PDF." />
    </Page>
  );
}
