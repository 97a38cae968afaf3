import { screen, within } from '@testing-library/react';
import { renderWithProviders, setViewportWidth } from '../testing';
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
  it('makes a table wider than its frame a named region in the tab order, and only then', () => {
    const restore = setViewportWidth(1366);
    const rows = [{ id: 1, resi: 'R1', quantity: 2 }];
    const { rerender } = renderWithProviders(
      <Table<Row> columns={columns} rows={rows} rowKey="id" emptyText="-" label="Barang Keluar" />,
    );
    // jsdom lays nothing out: widths of 0, so the table fits.
    expect(screen.queryByRole('region', { name: 'Barang Keluar' })).toBeNull();
    const width = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    const frame = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(976);
    try {
      rerender(
        <Table<Row>
          columns={columns}
          rows={[...rows]}
          rowKey="id"
          emptyText="-"
          label="Barang Keluar"
        />,
      );
      const region = screen.getByRole('region', { name: 'Barang Keluar' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name: 'Barang Keluar' })).toBeInTheDocument();
    } finally {
      width.mockRestore();
      frame.mockRestore();
      restore();
    }
  });

  it('shows a code value whole, continued on the next line past its width, never cut', () => {
    const restore = setViewportWidth(1366);
    renderWithProviders(
      <Table<Row>
        columns={[
          { key: 'resi', header: 'Nomor Resi', code: true },
          {
            key: 'quantity',
            header: 'Jumlah',
            code: true,
            codeWidth: '10ch',
            render: (row) => <strong>{row.quantity}</strong>,
          },
          { key: 'id', header: 'Nama' },
        ]}
        rows={[{ id: 1, resi: 'LXAD1402114164', quantity: 5 }]}
        rowKey="id"
        emptyText="-"
      />,
    );
    const resi = screen.getByText('LXAD1402114164');
    expect(resi).toHaveAttribute('title', 'LXAD1402114164');
    expect(resi).toHaveStyle({ whiteSpace: 'normal', wordBreak: 'break-all', maxWidth: '14ch' });
    expect(resi).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(resi).not.toHaveStyle({ overflow: 'hidden' });
    expect(resi.closest('td')).toHaveStyle({ whiteSpace: 'nowrap', overflowWrap: 'normal' });
    // A rendered value takes its title from the row's raw value.
    expect(screen.getByText('5').closest('[data-code]')).toHaveAttribute('title', '5');
    expect(screen.getByText('5').closest('[data-code]')).toHaveStyle({ maxWidth: '10ch' });
    // Other text still wraps, so the table fits its frame.
    expect(screen.getByText('1').closest('td')).toHaveStyle({ overflowWrap: 'anywhere' });
    restore();
  });

  it('cuts a long free text to its width and three lines in a table, whole on a phone card', () => {
    type Note = { id: number; reason: string };
    const reason = 'Kemasan penyok dan isinya basah '.repeat(30).trim();
    const table = (
      <Table<Note>
        columns={[
          { key: 'reason', header: 'Alasan', freeText: true },
          { key: 'id', header: 'Oleh' },
        ]}
        rows={[{ id: 1, reason }]}
        rowKey="id"
        emptyText="-"
      />
    );
    let restore = setViewportWidth(1366);
    const { unmount } = renderWithProviders(table);
    expect(screen.getByText(reason)).toHaveStyle({ maxWidth: '32ch', overflow: 'hidden' });
    expect(screen.getByText(reason)).toHaveAttribute('title', reason);
    expect(screen.getByText(reason).closest('td')).toHaveStyle({ whiteSpace: 'normal' });
    unmount();
    restore();
    restore = setViewportWidth(375);
    renderWithProviders(table);
    expect(screen.getByText(reason).closest('[data-layout="cards"]')).not.toBeNull();
    expect(screen.getByText(reason)).not.toHaveStyle({ maxWidth: '32ch' });
    expect(screen.getByText(reason)).not.toHaveAttribute('title');
    restore();
  });

  it('shows a long resi whole on a phone card, broken across lines, not cut (issue 42 m19)', () => {
    const restore = setViewportWidth(375);
    renderWithProviders(
      <Table<Row>
        columns={[{ key: 'resi', header: 'Nomor Resi', code: true }]}
        rows={[{ id: 1, resi: 'INV/20261128/MPL/5074512345', quantity: 1 }]}
        rowKey="id"
        emptyText="-"
      />,
    );
    const resi = screen.getByText('INV/20261128/MPL/5074512345');
    expect(resi.closest('[data-layout="cards"]')).not.toBeNull();
    expect(resi).toHaveStyle({ whiteSpace: 'normal', wordBreak: 'break-all', maxWidth: '100%' });
    expect(resi).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(resi).not.toHaveStyle({ overflow: 'hidden' });
    restore();
  });

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

  it('says that the list failed to load, with a retry, instead of the empty text', async () => {
    const retry = jest.fn();
    const { user } = renderWithProviders(
      <Table columns={columns} rows={[]} rowKey="id" emptyText="Kosong" failed onRetry={retry} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Gagal memuat data');
    expect(screen.queryByText('Kosong')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  describe('on a phone', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = setViewportWidth(375);
    });
    afterEach(() => restore());

    const rows = [
      { id: 1, resi: 'R1', quantity: 3 },
      { id: 2, resi: 'R2', quantity: 5 },
    ];

    it('shows one card per row with label: value lines instead of a table', () => {
      renderWithProviders(
        <Table
          label="Barang masuk"
          columns={columns}
          rows={rows}
          rowKey="id"
          rowHighlight={(row) => row.resi === 'R1'}
          emptyText="-"
        />,
      );
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const cards = within(screen.getByRole('list', { name: 'Barang masuk' })).getAllByRole(
        'listitem',
      );
      expect(cards).toHaveLength(2);
      const [first, second] = cards;
      if (!first || !second) throw new Error('two cards expected');
      expect(
        within(first)
          .getAllByRole('term')
          .map((dt) => dt.textContent),
      ).toEqual(['Nomor Resi', 'Jumlah', 'Status']);
      expect(
        within(first)
          .getAllByRole('definition')
          .map((dd) => dd.textContent),
      ).toEqual(['R1', '+3', 'Duplikat']);
      expect(first).toHaveAttribute('data-highlighted', 'true');
      expect(second).not.toHaveAttribute('data-highlighted');
    });

    it('shows the empty text on its own, across the width', () => {
      renderWithProviders(
        <Table columns={columns} rows={[]} rowKey="id" emptyText="Belum ada transaksi" />,
      );
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByText('Belum ada transaksi')).toBeVisible();
    });

    it('stays a table when the layout is forced', () => {
      renderWithProviders(
        <Table layout="table" columns={columns} rows={rows} rowKey="id" emptyText="-" />,
      );
      expect(screen.getByRole('table')).toBeInTheDocument();
    });
  });

  it('is a table on a laptop', () => {
    const restore = setViewportWidth(1366);
    renderWithProviders(<Table columns={columns} rows={[]} rowKey="id" emptyText="-" />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    restore();
  });
});
