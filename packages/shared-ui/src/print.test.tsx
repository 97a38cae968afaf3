import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { downloadBlob, PrintLayout, PrintTable, PrintedAt, usePrintRequest } from './print';

function Printable() {
  const { printing, print } = usePrintRequest();
  return (
    <div>
      <button type="button" onClick={print}>
        Print
      </button>
      {printing ? (
        <PrintLayout label="Lembar">
          <h1>Isi cetakan</h1>
        </PrintLayout>
      ) : null}
    </div>
  );
}

afterEach(() => jest.restoreAllMocks());

describe('usePrintRequest and PrintLayout', () => {
  it('puts the layout straight into <body> while the print dialog is open, then removes it', async () => {
    const seen: { onBody: boolean; text: string }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Lembar' });
      seen.push({ onBody: sheet.parentElement === document.body, text: sheet.textContent ?? '' });
    });
    render(<Printable />);
    expect(screen.queryByRole('document', { name: 'Lembar' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(seen).toEqual([{ onBody: true, text: 'Isi cetakan' }]);
    expect(screen.queryByRole('document', { name: 'Lembar' })).not.toBeInTheDocument();
  });
});

describe('downloadBlob', () => {
  it('saves the blob under the file name through a temporary link', () => {
    jest.useFakeTimers();
    const blob = new Blob(['a,b'], { type: 'text/csv' });
    URL.createObjectURL = jest.fn(() => 'blob:file');
    URL.revokeObjectURL = jest.fn();
    const clicked: { name: string; href: string; attached: boolean }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ name: this.download, href: this.href, attached: this.isConnected });
    });
    downloadBlob(blob, 'laporan.csv');
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ name: 'laporan.csv', href: 'blob:file', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file');
    jest.useRealTimers();
  });
});

describe('PrintTable and PrintedAt', () => {
  it('wraps long text anywhere and keeps codes and amounts whole', () => {
    render(
      <PrintTable>
        <tbody>
          <tr>
            <td>{'N'.repeat(200)}</td>
            <td data-keep="">AKS-003</td>
            <td data-numeric="">Rp 19.000,00</td>
          </tr>
        </tbody>
      </PrintTable>,
    );
    const [name, code, amount] = screen.getAllByRole('cell');
    expect(name).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(code).toHaveStyle({ whiteSpace: 'nowrap', overflowWrap: 'normal' });
    expect(amount).toHaveStyle({ whiteSpace: 'nowrap', textAlign: 'right' });
  });

  it("says when it was printed, in the app's long date", () => {
    render(<PrintedAt at={new Date('2026-11-24T03:00:00Z')} />);
    expect(screen.getByText('Dicetak pada: Selasa, 24 November 2026')).toBeInTheDocument();
  });
});
