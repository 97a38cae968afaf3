import { Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Barang Rusak issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'date', header: 'Tanggal' },
  { key: 'barcode_id', header: 'Barcode ID' },
  { key: 'code', header: 'Kode' },
  { key: 'name', header: 'Nama Barang' },
  { key: 'quantity', header: 'Jumlah' },
  { key: 'category', header: 'Kategori' },
  { key: 'brand', header: 'Merk' },
  { key: 'reason', header: 'Alasan' },
  { key: 'actions', header: 'Aksi' },
];

export function DamagedGoodsPage() {
  return (
    <Page>
      <PageHeader title="Barang Rusak" />
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Tidak ada data barang rusak"
        label="Barang Rusak"
      />
    </Page>
  );
}
