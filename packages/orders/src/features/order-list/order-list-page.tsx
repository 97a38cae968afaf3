import { Card, Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the List Order Barang issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'code', header: 'Kode' },
  { key: 'name', header: 'Nama Barang' },
  { key: 'category', header: 'Kategori' },
  { key: 'brand', header: 'Merk' },
  { key: 'total_quantity', header: 'Total Jumlah' },
  { key: 'total_orders', header: 'Total Order' },
  { key: 'average_price', header: 'Rata-rata Harga' },
];

export function OrderListPage() {
  return (
    <Page>
      <PageHeader title="List Order Barang" />
      <Card title="Ringkasan Order">
        <Table
          columns={columns}
          rows={[]}
          rowKey="id"
          emptyText="Tidak ada data order"
          label="Ringkasan Order"
        />
      </Card>
    </Page>
  );
}
