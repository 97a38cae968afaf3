import { Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Laporan issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'code', header: 'Kode' },
  { key: 'name', header: 'Nama Barang' },
  { key: 'category', header: 'Kategori' },
  { key: 'brand', header: 'Merk' },
  { key: 'stock', header: 'Stok' },
];

export function ReportsPage() {
  return (
    <Page>
      <PageHeader title="Laporan" />
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Tidak ada data untuk periode yang dipilih"
        label="Laporan"
      />
    </Page>
  );
}
