import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { Badge } from './badge';
import { Table } from './table';
import type { TableColumn } from './table';

interface Row {
  id: number;
  resi: string;
  quantity: number;
}

const columns: TableColumn<Row>[] = [
  { key: 'resi', header: 'Nomor Resi' },
  { key: 'quantity', header: 'Jumlah', align: 'right', render: (row) => `+${row.quantity}` },
  {
    key: 'flag',
    header: 'Status',
    render: (row) => (row.resi === 'R1' ? <Badge tone="red">Duplikat</Badge> : null),
  },
];

describe('Table', () => {
  it('shows the headers and one row per item, using render or the property named by key', () => {
    renderWithProviders(
      <Table
        label="Barang masuk"
        columns={columns}
        rows={[
          { id: 1, resi: 'R1', quantity: 3 },
          { id: 2, resi: 'R2', quantity: 5 },
        ]}
        rowKey="id"
        emptyText="Tidak ada data barang masuk"
      />,
    );
    const table = screen.getByRole('table', { name: 'Barang masuk' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Nomor Resi', 'Jumlah', 'Status']);
    const [, first, ...others] = within(table).getAllByRole('row');
    expect(others).toHaveLength(1);
    if (!first) throw new Error('no first row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['R1', '+3', 'Duplikat']);
    expect(screen.queryByText('Tidak ada data barang masuk')).not.toBeInTheDocument();
  });

  it('shows the empty text in one cell spanning every column', () => {
    renderWithProviders(
      <Table columns={columns} rows={[]} rowKey="id" emptyText="Tidak ada data barang masuk" />,
    );
    const cell = screen.getByRole('cell', { name: 'Tidak ada data barang masuk' });
    expect(cell).toHaveAttribute('colspan', '3');
  });

  it('highlights the rows chosen by rowHighlight', () => {
    renderWithProviders(
      <Table
        columns={columns}
        rows={[
          { id: 1, resi: 'R1', quantity: 3 },
          { id: 2, resi: 'R2', quantity: 5 },
        ]}
        rowKey={(row) => row.id}
        rowHighlight={(row) => row.resi === 'R1'}
        emptyText="-"
      />,
    );
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first).toHaveAttribute('data-highlighted', 'true');
    expect(first).toHaveStyle({ background: '#fee2e2' });
    expect(second).not.toHaveAttribute('data-highlighted');
  });

  it('shows a spinner instead of rows while loading', () => {
    renderWithProviders(
      <Table
        columns={columns}
        rows={[]}
        rowKey="id"
        emptyText="Kosong"
        loading
        loadingText="Memuat data..."
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Memuat data...');
    expect(screen.queryByText('Kosong')).not.toBeInTheDocument();
  });
});
