import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { dateColumn } from './date-column';
import { Table } from './table';

describe('dateColumn', () => {
  it('shows the date as id-ID does on one line, and - where the row has none', () => {
    const column = dateColumn<{ id: number; paid: string | null }>(
      'paid',
      'Dibayar',
      (row) => row.paid,
    );
    expect(column).toMatchObject({ key: 'paid', header: 'Dibayar', nowrap: true });

    renderWithProviders(
      <Table
        label="Pembayaran"
        columns={[column]}
        rows={[
          { id: 1, paid: '2026-11-21' },
          { id: 2, paid: null },
        ]}
        rowKey="id"
        emptyText="-"
      />,
    );
    expect(screen.getByRole('cell', { name: '21/11/2026' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '-' })).toBeInTheDocument();
  });
});
