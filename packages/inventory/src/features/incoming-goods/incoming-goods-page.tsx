import { Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Barang Masuk issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'date', header: 'Tanggal' },
  { key: 'barcode', header: 'Barcode' },
  { key: 'code', header: 'Kode Barang' },
  { key: 'name', header: 'Nama Barang' },
  { key: 'category', header: 'Kategori' },
  { key: 'brand', header: 'Merk' },
  { key: 'resi', header: 'Nomor Resi' },
  { key: 'quantity', header: 'Jumlah' },
  { key: 'platform', header: 'Platform' },
  { key: 'actions', header: 'Aksi' },
];

export function IncomingGoodsPage() {
  return (
    <Page>
      <PageHeader title="Barang Masuk" />
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Tidak ada data barang masuk"
        label="Barang Masuk"
      />
    </Page>
  );
}
