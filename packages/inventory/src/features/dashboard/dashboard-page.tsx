import { Card, Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Dashboard issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'name', header: 'Nama Barang' },
  { key: 'code', header: 'Kode' },
  { key: 'current_stock', header: 'Stok' },
  { key: 'total_outgoing', header: 'Total Keluar' },
];

export function DashboardPage() {
  return (
    <Page>
      <PageHeader title="Dashboard" />
      <Card title="Barang Stok Habis Terbanyak">
        <Table
          columns={columns}
          rows={[]}
          rowKey="id"
          emptyText="Tidak ada barang stok habis"
          label="Barang Stok Habis Terbanyak"
        />
      </Card>
    </Page>
  );
}
