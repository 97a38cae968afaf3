import { render, screen, within } from '@testing-library/react';
import type { TableColumn } from './components/table';
import { PrintReport } from './print-report';

interface Line {
  id: number;
  code: string;
  name: string;
  brand: string;
  stock: number;
  note?: string | null;
}

const COLUMNS: TableColumn<Line>[] = [
  { key: 'code', header: 'Kode', code: true },
  { key: 'name', header: 'Nama Barang' },
  { key: 'brand', header: 'Merk' },
  {
    key: 'stock',
    header: 'Stok',
    align: 'right',
    nowrap: true,
    render: (row) => `${row.stock} pcs`,
  },
  { key: 'note', header: 'Catatan' },
];

const LINES: Line[] = [
  { id: 7, code: 'AKS-003', name: 'Kabel Data', brand: 'Kapal Api', stock: 12, note: null },
  { id: 9, code: 'KP-001', name: 'Kopi Bubuk', brand: 'ABC', stock: 3, note: 'rak 2' },
];

const sheet = (title: string) => screen.getByRole('document', { name: title });

describe('PrintReport', () => {
  it('prints the title, the period and the print date above the columns, on <body>', () => {
    render(
      <PrintReport
        title="Laporan Stok"
        period="01/11/2026 - 30/11/2026"
        columns={COLUMNS}
        rows={LINES}
        rowKey={(row) => row.id}
        emptyText="Tidak ada data"
        wordKeys={new Set(['brand'])}
      />,
    );
    const layout = sheet('Laporan Stok');
    expect(layout.parentElement).toBe(document.body);
    expect(
      within(layout).getByRole('heading', { level: 1, name: 'Laporan Stok' }),
    ).toBeInTheDocument();
    expect(within(layout).getByText('Periode: 01/11/2026 - 30/11/2026')).toBeInTheDocument();
    expect(within(layout).getByText(/^Dicetak pada: \S+, \d{1,2} \S+ \d{4}$/)).toBeInTheDocument();
    const rows = within(layout).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'KodeNama BarangMerkStokCatatan',
      'AKS-003Kabel DataKapal Api12 pcs',
      'KP-001Kopi BubukABC3 pcsrak 2',
    ]);
  });

  it('marks codes and amounts to stay whole, numbers right-aligned, names to wrap by words', () => {
    render(
      <PrintReport
        title="Laporan Stok"
        columns={COLUMNS}
        rows={LINES}
        emptyText="Tidak ada data"
        wordKeys={new Set(['brand'])}
      />,
    );
    const [code, name, brand, stock] = within(sheet('Laporan Stok')).getAllByRole('cell');
    expect(code).toHaveStyle({ whiteSpace: 'nowrap', overflowWrap: 'normal' });
    expect(name).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(brand).toHaveStyle({ overflowWrap: 'break-word' });
    expect(stock).toHaveStyle({ whiteSpace: 'nowrap', textAlign: 'right' });
    // Without a period there is no 'Periode' line.
    expect(within(sheet('Laporan Stok')).queryByText(/Periode/)).toBeNull();
  });

  it('prints one row saying so when the report is empty', () => {
    render(<PrintReport title="Laporan Stok" columns={COLUMNS} rows={[]} emptyText="Kosong" />);
    const cell = within(sheet('Laporan Stok')).getByRole('cell');
    expect(cell).toHaveTextContent('Kosong');
    expect(cell).toHaveAttribute('colspan', String(COLUMNS.length));
  });

  it('takes a table of its own under the heading and another line instead of a period', () => {
    render(
      <PrintReport title="Lembar Hitung" subtitle="Opname November · Cakupan: Semua Produk">
        <table aria-label="isi">
          <tbody>
            <tr>
              <td>baris sendiri</td>
            </tr>
          </tbody>
        </table>
      </PrintReport>,
    );
    const layout = sheet('Lembar Hitung');
    expect(within(layout).getByRole('heading', { name: 'Lembar Hitung' })).toBeInTheDocument();
    expect(within(layout).getByText('Opname November · Cakupan: Semua Produk')).toBeInTheDocument();
    expect(within(layout).getByRole('table', { name: 'isi' })).toHaveTextContent('baris sendiri');
    expect(within(layout).getByText(/^Dicetak pada: /)).toBeInTheDocument();
  });

  it('prints the lines given above and below the columns (an opening and a closing balance)', () => {
    render(
      <PrintReport
        title="Kartu Stok: Kabel Data"
        subtitle="Kode AKS-003 · Barcode 899"
        period="01/11/2026 - 30/11/2026"
        columns={COLUMNS}
        rows={LINES}
        emptyText="Kosong"
        before={<p>Saldo Awal 5</p>}
        after={<p>Saldo Akhir 20</p>}
      />,
    );
    const layout = sheet('Kartu Stok: Kabel Data');
    const table = within(layout).getByRole('table');
    const opening = within(layout).getByText('Saldo Awal 5');
    const closing = within(layout).getByText('Saldo Akhir 20');
    expect(opening.compareDocumentPosition(table)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(closing.compareDocumentPosition(table)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
    expect(within(layout).getByText('Kode AKS-003 · Barcode 899')).toBeInTheDocument();
    expect(within(layout).getByText('Periode: 01/11/2026 - 30/11/2026')).toBeInTheDocument();
  });
});
