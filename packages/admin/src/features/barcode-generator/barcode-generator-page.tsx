import { Page, PageHeader } from '@gudang/shared-ui';

// Placeholder until the Generator Barcode issue fills this page.
export function BarcodeGeneratorPage() {
  return (
    <Page>
      <PageHeader title="Generator Barcode" />
    </Page>
  );
}
