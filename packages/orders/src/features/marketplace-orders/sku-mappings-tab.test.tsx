import { makeStore, signedIn } from '@gudang/api-client';
import type { Role, SkuMapping, SkuMappingInput } from '@gudang/api-client';
import { MODAL_TEXTS } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { kopi, paged, skuMapping, teh } from './marketplace-fixtures';
import { MarketplaceOrdersPage } from './marketplace-orders-page';

const SLOW = { timeout: 5000 };
jest.setTimeout(15_000);

let mappings: SkuMapping[] = [];
const requests: URL[] = [];
const saved: SkuMappingInput[] = [];
const deleted: string[] = [];

const server = setupServer(
  http.get('*/api/sku-mappings', ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    const search = url.searchParams.get('search')?.toLowerCase() ?? '';
    return HttpResponse.json(
      paged(
        mappings.filter((mapping) => mapping.sku.toLowerCase().includes(search)),
        url,
      ),
    );
  }),
  http.put('*/api/sku-mappings', async ({ request }) => {
    const body = (await request.json()) as SkuMappingInput;
    saved.push(body);
    return HttpResponse.json({
      message: 'Pemetaan SKU berhasil disimpan',
      data: skuMapping(9, { sku: body.sku }),
    });
  }),
  http.delete('*/api/sku-mappings/:id', ({ params }) => {
    deleted.push(String(params.id));
    return HttpResponse.json({ message: 'Pemetaan SKU berhasil dihapus' });
  }),
  http.get('*/api/products', () =>
    HttpResponse.json({
      data: [kopi, teh],
      pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mappings = [];
  requests.length = 0;
  saved.length = 0;
  deleted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderAs(role: Role) {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(<MarketplaceOrdersPage />, {
    store,
    route: '/marketplace-orders?tab=pemetaan-sku',
  });
}

const table = () => screen.getByRole('table', { name: 'Pemetaan SKU' });

describe('Pemetaan SKU', () => {
  it('closes the mapping form at once when untouched, and asks before typed data goes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAs('manager');
    await within(table()).findByText('Belum ada pemetaan SKU');
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Tambah Pemetaan' }));
      return screen.getByRole('dialog', { name: 'Tambah Pemetaan SKU' });
    };
    await user.click(within(await open()).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    const dialog = await open();
    await user.type(within(dialog).getByLabelText('SKU'), 'PAKET-3');
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(dialog).toBeInTheDocument();
    confirm.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('lists the mappings: channel or all, SKU, variation or all, products with quantities', async () => {
    mappings = [
      skuMapping(1, {
        channel: 'shopee',
        sku: 'PAKET-3',
        variation: 'Isi 3',
        items: [{ product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 3 }],
      }),
      skuMapping(2, {
        sku: 'COMBO',
        items: [
          { product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 1 },
          { product_code: 'TH-002', product_name: 'Teh Melati', quantity: 1 },
        ],
      }),
    ];
    renderAs('manager');
    await within(table()).findByText('PAKET-3');
    const [first, second] = within(table()).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((cell) => cell.textContent);
    expect(cells(first)).toEqual(['Shopee', 'PAKET-3', 'Isi 3', 'KP-001 Kopi Arabica x 3']);
    expect(cells(second)).toEqual([
      'Semua channel',
      'COMBO',
      'Semua variasi',
      'KP-001 Kopi Arabica x 1TH-002 Teh Melati x 1',
    ]);
  });

  it('searches and pages through the URL', async () => {
    mappings = Array.from({ length: 12 }, (_, index) => skuMapping(index + 1));
    const { user } = renderAs('manager');
    await within(table()).findByText('SKU-1');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('page')).toBe('2'));
    await user.type(
      screen.getByRole('searchbox', { name: 'Cari SKU, variasi atau produk...' }),
      'SKU-12{Enter}',
    );
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('search')).toBe('SKU-12'));
    expect(requests.at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('adds a bundle: one product, 3 per unit, for every channel', async () => {
    const { user } = renderAs('manager');
    await within(table()).findByText('Belum ada pemetaan SKU');
    await user.click(screen.getByRole('button', { name: 'Tambah Pemetaan' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Pemetaan SKU' });
    await user.type(within(dialog).getByLabelText('SKU'), 'PAKET-3');
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'kopi');
    await user.click(await screen.findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    const quantity = within(dialog).getByLabelText('Jumlah per unit');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pemetaan SKU berhasil disimpan')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        channel: null,
        sku: 'PAKET-3',
        variation: null,
        items: [{ product_code: 'KP-001', quantity: 3 }],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the form where the typing starts: the SKU of a new mapping, the product of one edited', async () => {
    mappings = [skuMapping(5, { channel: 'lazada', sku: 'KT-1', variation: 'Merah' })];
    const { user } = renderAs('manager');
    await within(table()).findByText('KT-1');
    await user.click(screen.getByRole('button', { name: 'Tambah Pemetaan' }));
    const adding = screen.getByRole('dialog', { name: 'Tambah Pemetaan SKU' });
    expect(within(adding).getByLabelText('SKU')).toHaveFocus();
    await user.click(within(adding).getByRole('button', { name: 'Batal' }));

    await user.click(within(table()).getByRole('button', { name: 'Edit' }));
    const editing = screen.getByRole('dialog', { name: 'Edit Pemetaan SKU' });
    const product = within(editing).getByRole('combobox', { name: 'Produk' });
    expect(product).toHaveFocus();
    // Focused by the opening, not by the user: the list stays closed until typing.
    expect(product).toHaveAttribute('aria-expanded', 'false');
  });

  it('edits the products of a mapping; its channel, SKU and variation stay', async () => {
    mappings = [skuMapping(5, { channel: 'lazada', sku: 'KT-1', variation: 'Merah' })];
    const { user } = renderAs('manager');
    await within(table()).findByText('KT-1');
    await user.click(within(table()).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Pemetaan SKU' });
    expect(within(dialog).getByLabelText('Channel')).toBeDisabled();
    expect(within(dialog).getByLabelText('SKU')).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('combobox', { name: 'Produk' })).toHaveValue(
      'Kopi Arabica (KP-001)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Tambah Produk' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk 2' }), 'teh');
    await user.click(await screen.findByRole('option', { name: /Teh Melati/ }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(saved).toEqual([
        {
          channel: 'lazada',
          sku: 'KT-1',
          variation: 'Merah',
          items: [
            { product_code: 'KP-001', quantity: 1 },
            { product_code: 'TH-002', quantity: 1 },
          ],
        },
      ]),
    );
  });

  it('deletes a mapping after confirming', async () => {
    mappings = [skuMapping(5)];
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager');
    await within(table()).findByText('SKU-5');
    await user.click(within(table()).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Pemetaan SKU berhasil dihapus')).toBeInTheDocument();
    expect(deleted).toEqual(['5']);
  });

  it('shows the admin the mappings without add, edit or delete', async () => {
    mappings = [skuMapping(5)];
    renderAs('admin');
    await within(table()).findByText('SKU-5');
    expect(screen.queryByRole('button', { name: 'Tambah Pemetaan' })).not.toBeInTheDocument();
    expect(
      within(table()).getByRole('button', { name: 'Hanya manager yang dapat mengedit data' }),
    ).toBeDisabled();
    expect(
      within(table()).getByRole('button', { name: 'Hanya manager yang dapat menghapus data' }),
    ).toBeDisabled();
  });
});
