import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { numberColumn } from './number-column';
import { Table } from './table';
import type { TableColumn } from './table';

describe('numberColumn', () => {
  it('is a right-aligned column kept on one line, showing what render gives', () => {
    const column: TableColumn<{ price: number }> = numberColumn('price', 'Harga', (row) =>
      String(row.price * 2),
    );
    expect(column).toMatchObject({ key: 'price', header: 'Harga', align: 'right', nowrap: true });

    renderWithProviders(
      <Table
        label="Harga"
        columns={[column]}
        rows={[{ price: 21 }]}
        rowKey="price"
        emptyText="-"
      />,
    );
    expect(screen.getByRole('cell', { name: '42' })).toBeInTheDocument();
  });
});
