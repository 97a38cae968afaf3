import { Page, PageHeader, Table, type TableColumn } from '@gudang/shared-ui';

// Placeholder until the Log Aktivitas issue fills this page: the spec's columns and empty state.
type Row = Record<string, string | number> & { id: number };

const columns: TableColumn<Row>[] = [
  { key: 'action', header: 'Aktivitas' },
  { key: 'user', header: 'Pengguna' },
  { key: 'timestamp', header: 'Waktu' },
  { key: 'details', header: 'Detail' },
];

export function ActivityLogsPage() {
  return (
    <Page>
      <PageHeader title="Log Aktivitas" />
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Tidak ada log aktivitas ditemukan"
        label="Log Aktivitas"
      />
    </Page>
  );
}
