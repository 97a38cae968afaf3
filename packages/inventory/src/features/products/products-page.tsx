import { Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Data Produk issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'barcode_id', header: 'Barcode ID' },
  { key: 'code', header: 'Kode' },
  { key: 'name', header: 'Nama Barang' },
  { key: 'current_stock', header: 'Stok' },
  { key: 'category', header: 'Kategori' },
  { key: 'brand', header: 'Merk' },
  { key: 'actions', header: 'Aksi' },
];

export function ProductsPage() {
  return (
    <Page>
      <PageHeader title="Data Produk" />
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Tidak ada produk ditemukan"
        label="Data Produk"
      />
    </Page>
  );
}
