// The preview of a re-import: a status change of an imported order is shown and counted,
// a status Gudang keeps says why, a line added to a package already sent says it was not added.
import { MARKETPLACE_MESSAGES } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, within } from '@testing-library/react';
import { ImportPreview } from './import-preview';
import { importLine, importPreview } from './marketplace-fixtures';

const counts = () =>
  within(screen.getByRole('group', { name: 'Ringkasan' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Baris File' }))
    .getAllByRole('row')
    .slice(1);

describe('ImportPreview', () => {
  it("names the mapped products with the line's total units, per unit only beside a bundle", () => {
    renderWithProviders(
      <ImportPreview
        preview={importPreview(7, [
          importLine(2, { quantity: 2, items: [{ product_code: 'FWN-002', quantity: 1 }] }),
          importLine(3, {
            quantity: 2,
            items: [
              { product_code: 'KP-001', quantity: 3 },
              { product_code: 'TH-002', quantity: 1 },
            ],
          }),
          importLine(4, {
            state: 'invalid',
            quantity: null,
            problem: 'Jumlah bukan angka (baris 4)',
            items: [{ product_code: 'KP-001', quantity: 3 }],
          }),
        ])}
        refreshing={false}
        canMap={false}
      />,
    );
    const [single, bundle, unread] = bodyRows().map(
      (row) => within(row).getAllByRole('cell')[7]?.textContent,
    );
    // Jumlah 2 of a one-product SKU: 2 units, not 'x 1'.
    expect(single).toBe('SiapFWN-002 x 2');
    expect(bundle).toBe('SiapKP-001 x 6 (3 per unit), TH-002 x 2');
    expect(unread).toBe('Tidak validKP-001 x 3 per unitJumlah bukan angka (baris 4)');
  });

  it("'Petakan' puts the focus in the mapping form's Produk field", async () => {
    const { user } = renderWithProviders(
      <ImportPreview
        preview={importPreview(7, [
          importLine(2),
          importLine(3, { state: 'unknown_sku', sku: 'FWN-9', items: [] }),
        ])}
        refreshing={false}
        canMap
      />,
    );
    const petakan = screen.getByRole('button', { name: 'Petakan' });
    await user.click(petakan);
    const panel = screen.getByRole('region', { name: 'Petakan SKU FWN-9' });
    expect(within(panel).getByRole('combobox', { name: 'Produk' })).toHaveFocus();
    expect(petakan).not.toHaveFocus();
  });

  it('shows no status counts when the file changes no status', () => {
    renderWithProviders(
      <ImportPreview
        preview={importPreview(7, [importLine(2), importLine(3, { state: 'existing' })])}
        refreshing={false}
        canMap={false}
      />,
    );
    expect(counts()).not.toContainEqual(expect.stringMatching(/^(Status berubah|Paket sudah)/));
    expect(screen.queryByText(/^Status (berubah|di file)/)).toBeNull();
  });

  it('shows, counts and filters status changes, kept statuses and lines of shipped packages', async () => {
    const { user } = renderWithProviders(
      <ImportPreview
        preview={importPreview(7, [
          importLine(2, {
            state: 'existing',
            status: 'batal',
            status_text: 'Batal',
            status_change: { from: 'perlu_dikirim', to: 'batal', kept: false },
          }),
          importLine(3, {
            state: 'existing',
            status_change: { from: 'dikirim', to: 'perlu_dikirim', kept: true },
          }),
          importLine(4, {
            state: 'already_shipped',
            sku: 'TEH-1',
            status_change: { from: 'dikirim', to: 'perlu_dikirim', kept: true },
            problem: MARKETPLACE_MESSAGES.alreadyShipped,
          }),
          importLine(5, {
            state: 'existing',
            status: 'batal',
            status_text: 'Batal',
            status_change: { from: 'dikirim', to: 'batal', kept: true },
            problem: MARKETPLACE_MESSAGES.cancelledAfterShipping,
          }),
          importLine(6),
        ])}
        refreshing={false}
        canMap={false}
      />,
    );
    expect(counts()).toEqual([
      'Semua 5',
      'Siap 1',
      'Sudah ada 3',
      'SKU belum dipetakan 0',
      'Tidak valid 0',
      'Batal 0',
      'Paket sudah dikirim 1',
      'Status berubah 1',
    ]);
    const [cancelled, kept, shipped, cancelledShipped] = bodyRows() as HTMLElement[];
    // Not a plain 'Sudah ada'.
    expect(cancelled).toHaveTextContent('Sudah ada');
    expect(cancelled).toHaveTextContent('Status berubah: Perlu Dikirim → Batal');
    expect(kept).toHaveTextContent(
      'Status di file: Perlu Dikirim; tetap Dikirim (sudah dicatat Gudang)',
    );
    expect(shipped).toHaveTextContent('Paket sudah dikirim');
    expect(shipped).toHaveTextContent(MARKETPLACE_MESSAGES.alreadyShipped);
    expect(cancelledShipped).toHaveTextContent('Status di file: Batal; tetap Dikirim');
    expect(cancelledShipped).toHaveTextContent(MARKETPLACE_MESSAGES.cancelledAfterShipping);

    await user.click(screen.getByRole('button', { name: /^Status berubah / }));
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '2',
    ]);
    await user.click(screen.getByRole('button', { name: /^Paket sudah dikirim / }));
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '4',
    ]);
  });
});
