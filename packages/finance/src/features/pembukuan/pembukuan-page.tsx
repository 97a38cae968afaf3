import { Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Pembukuan issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'date', header: 'Tanggal' },
  { key: 'code', header: 'Kode' },
  { key: 'name', header: 'Nama Produk' },
  { key: 'category', header: 'Kategori' },
  { key: 'brand', header: 'Merk' },
  { key: 'quantity', header: 'Jumlah Keluar' },
  { key: 'resi', header: 'No. Resi' },
  { key: 'purchase_price', header: 'Harga Beli' },
  { key: 'selling_price', header: 'Harga Jual' },
  { key: 'discount', header: 'Potongan' },
  { key: 'margin', header: 'Margin' },
  { key: 'actions', header: 'Aksi' },
];

export function PembukuanPage() {
  return (
    <Page>
      <PageHeader title="Pembukuan" />
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Tidak ada data pembukuan"
        label="Pembukuan"
      />
    </Page>
  );
}
