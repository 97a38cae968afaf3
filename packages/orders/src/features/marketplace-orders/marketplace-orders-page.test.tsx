import type { MarketplaceOrder, Role } from '@gudang/api-client';
import { addDaysIso, todayIso } from '@gudang/shared-ui';
import { setViewportWidth } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { marketplaceOrder, paged, skuMapping } from './marketplace-fixtures';
import { renderMarketplaceAs } from './render-page';

const today = todayIso();

let orders: MarketplaceOrder[] = [];
const orderRequests: URL[] = [];
const deleted: string[] = [];

const server = setupServer(
  http.get('*/api/marketplace-orders', ({ request }) => {
    const url = new URL(request.url);
    orderRequests.push(url);
    return HttpResponse.json(paged(orders, url));
  }),
  http.get('*/api/marketplace-orders/:id', ({ params }) => {
    const found = orders.find(({ id }) => String(id) === params.id);
    return found
      ? HttpResponse.json({ data: found })
      : HttpResponse.json({ message: 'Pesanan tidak ditemukan' }, { status: 404 });
  }),
  http.delete('*/api/marketplace-orders/:id', ({ params }) => {
    deleted.push(String(params.id));
    orders = orders.filter(({ id }) => String(id) !== params.id);
    return HttpResponse.json({ message: 'Pesanan berhasil dihapus' });
  }),
  http.get('*/api/sku-mappings', ({ request }) =>
    HttpResponse.json(paged([skuMapping(1)], new URL(request.url))),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  orders = [];
  orderRequests.length = 0;
  deleted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const renderAs = (role: Role, route = '/marketplace-orders') => renderMarketplaceAs(role, route);

const table = () => screen.getByRole('table', { name: 'Daftar Pesanan Marketplace' });
const url = () => screen.getByRole('status', { name: 'url' }).textContent ?? '';
const lastQuery = () => Object.fromEntries(orderRequests.at(-1)?.searchParams ?? []);

describe('MarketplaceOrdersPage: the orders', () => {
  it('asks for the default window, 7 days before to 7 days after the shop’s today', async () => {
    renderAs('manager');
    await waitFor(() => expect(orderRequests).toHaveLength(1));
    expect(lastQuery()).toEqual({
      page: '1',
      limit: '10',
      startDate: addDaysIso(today, -7),
      endDate: addDaysIso(today, 7),
    });
    expect(url()).toBe('');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('lists channel, order number, resi, status badge with the marketplace words, date, items and total', async () => {
    orders = [
      marketplaceOrder(1, { status: 'dikirim', status_text: 'Sedang Dikirim' }),
      marketplaceOrder(2, { channel: 'tiktok', resi_number: null }),
    ];
    renderAs('manager');
    const list = table();
    await within(list).findByText('SPXID01');
    expect(
      within(list)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      // The manager's selection for 'Catat sebagai Barang Keluar' comes first.
      'Pilih',
      'Channel',
      'No. Pesanan',
      'Resi',
      'Status',
      'Tanggal',
      'Jumlah Barang',
      'Total',
      'Aksi',
    ]);
    const [first, second] = within(list).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two rows expected');
    const texts = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 8)
        .map((cell) => cell.textContent);
    expect(texts(first)).toEqual([
      'Shopee',
      '25112400001',
      'SPXID01',
      'Dikirim',
      '24/11/2026',
      '3',
      'Rp 45.000,00',
    ]);
    expect(within(first).getByText('Dikirim')).toHaveAttribute('title', 'Sedang Dikirim');
    expect(texts(second).slice(0, 3)).toEqual(['TikTok Shop', '25112400002', '-']);
    // The marketplace's words equal the badge: no tooltip repeating them.
    expect(within(second).getByText('Perlu Dikirim')).not.toHaveAttribute('title');
  });

  it('shows the store under the channel where it is not the channel’s own default store', async () => {
    orders = [
      marketplaceOrder(1, { store_id: 5, store: 'Toko Kedua' }),
      marketplaceOrder(2, { channel: 'lazada' }),
    ];
    renderAs('admin');
    const list = table();
    await within(list).findByText('SPXID01');
    const [first, second] = within(list).getAllByRole('row').slice(1);
    if (!first || !second) throw new Error('two rows expected');
    // No column of its own: the list keeps its width at 1366 px.
    expect(within(list).getAllByRole('columnheader')).toHaveLength(8);
    expect(within(first).getAllByRole('cell')[0]).toHaveTextContent(/^ShopeeToko Kedua$/);
    expect(within(second).getAllByRole('cell')[0]).toHaveTextContent(/^Lazada$/);
  });

  it('keeps order numbers and resi whole (cut with the full text on hover) and counts in id-ID', async () => {
    const base = marketplaceOrder(1);
    const [line] = base.lines;
    if (!line) throw new Error('a line expected');
    orders = [
      marketplaceOrder(1, {
        order_number: '2611240000123456789',
        resi_number: 'SPXID054576090290',
        lines: [{ ...line, quantity: 1200 }],
      }),
    ];
    renderAs('manager');
    const list = table();
    const resi = await within(list).findByText('SPXID054576090290');
    expect(resi).toHaveAttribute('data-code');
    expect(resi).toHaveAttribute('title', 'SPXID054576090290');
    expect(within(list).getByText('2611240000123456789')).toHaveAttribute('data-code');
    expect(within(list).getByText('1.200')).toBeInTheDocument();
  });

  it('keeps search, channel, status, dates, page size and page in the URL and sends them', async () => {
    orders = Array.from({ length: 25 }, (_, index) => marketplaceOrder(index + 1));
    const { user } = renderAs('manager');
    await within(table()).findByText('SPXID01');

    await user.type(screen.getByRole('searchbox'), 'SPXID07{Enter}');
    await waitFor(() => expect(lastQuery().search).toBe('SPXID07'));
    await user.selectOptions(screen.getByLabelText('Channel'), 'lazada');
    await waitFor(() => expect(lastQuery().channel).toBe('lazada'));
    await user.selectOptions(screen.getByLabelText('Status'), 'selesai');
    await waitFor(() => expect(lastQuery().status).toBe('selesai'));
    const start = screen.getByLabelText('Tanggal Mulai');
    await user.clear(start);
    await user.type(start, '2026-11-01');
    await waitFor(() => expect(lastQuery().startDate).toBe('2026-11-01'));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Jumlah item per halaman' }),
      '20',
    );
    await waitFor(() => expect(lastQuery().limit).toBe('20'));

    const params = new URLSearchParams(url());
    expect(Object.fromEntries(params)).toEqual({
      search: 'SPXID07',
      channel: 'lazada',
      status: 'selesai',
      startDate: '2026-11-01',
      limit: '20',
    });
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(url()))).toEqual({
        search: 'SPXID07',
        limit: '20',
      }),
    );
  });

  it('opens with the filters of a shared link and pages on', async () => {
    orders = Array.from({ length: 25 }, (_, index) => marketplaceOrder(index + 1));
    const { user } = renderAs(
      'admin',
      '/marketplace-orders?channel=shopee&status=perlu_dikirim&startDate=2026-11-01&endDate=2026-11-30&limit=20',
    );
    await within(table()).findByText('SPXID01');
    expect(lastQuery()).toEqual({
      page: '1',
      limit: '20',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      channel: 'shopee',
      status: 'perlu_dikirim',
    });
    expect(screen.getByLabelText('Channel')).toHaveValue('shopee');
    expect(screen.getByLabelText('Status')).toHaveValue('perlu_dikirim');
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    expect(new URLSearchParams(url()).get('page')).toBe('2');
  });

  it('goes from a page past the last one to the last page', async () => {
    orders = Array.from({ length: 12 }, (_, index) => marketplaceOrder(index + 1));
    renderAs('manager', '/marketplace-orders?page=5');
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    expect(await within(table()).findByText('SPXID011')).toBeInTheDocument();
    expect(new URLSearchParams(url()).get('page')).toBe('2');
  });

  it('bounds each date by the other, as the other marketplace lists do', async () => {
    renderAs('manager', '/marketplace-orders?startDate=2026-11-10&endDate=2026-11-20');
    await waitFor(() => expect(orderRequests).toHaveLength(1));
    expect(screen.getByLabelText('Tanggal Mulai')).toHaveAttribute('max', '2026-11-20');
    expect(screen.getByLabelText('Tanggal Akhir')).toHaveAttribute('min', '2026-11-10');
  });

  it('does not ask with an end date before the start date and says why', async () => {
    renderAs('manager', '/marketplace-orders?startDate=2026-11-20&endDate=2026-11-10');
    expect(
      await screen.findByText('Tanggal mulai tidak boleh setelah tanggal akhir'),
    ).toBeInTheDocument();
    expect(orderRequests).toHaveLength(0);
  });

  it('shows an order’s lines with the products they map to', async () => {
    orders = [marketplaceOrder(1)];
    const { user } = renderAs('admin');
    await within(table()).findByText('SPXID01');
    await user.click(within(table()).getByRole('button', { name: 'Detail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesanan 25112400001' });
    const lines = within(dialog).getByRole('table', { name: 'Barang Pesanan' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('KP-001 Kopi Arabica x 1');
    expect(rows[1]).toHaveTextContent('Isi 3');
    expect(rows[1]).toHaveTextContent('Belum dipetakan');
    await user.click(within(dialog).getAllByRole('button', { name: 'Tutup' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks an order imported without a line, names it in the detail, and offers no tick', async () => {
    orders = [
      marketplaceOrder(1, {
        skipped_lines: [
          {
            sku: 'SNDL-40',
            variation: null,
            product_name: 'Sandal Jepit',
            quantity: 1,
            problem: "SKU 'SNDL-40' belum dipetakan ke produk",
          },
        ],
      }),
    ];
    const { user } = renderAs('manager');
    const row = (await within(table()).findByText('SPXID01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Tidak lengkap')).toHaveAttribute(
      'title',
      'Diimpor tanpa 1 barang: Sandal Jepit (SNDL-40) x1',
    );
    const tick = within(row).getByRole('checkbox', { name: 'Pilih pesanan 25112400001' });
    expect(tick).toBeDisabled();
    expect(tick).toHaveAttribute('title', expect.stringMatching(/tidak lengkap/) as string);
    await user.click(within(row).getByRole('button', { name: 'Detail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pesanan 25112400001' });
    const skipped = within(dialog).getByRole('table', { name: 'Barang yang dilewati saat impor' });
    expect(skipped).toHaveTextContent('SNDL-40');
    expect(skipped).toHaveTextContent("SKU 'SNDL-40' belum dipetakan ke produk");
  });

  it('lets the manager delete an order after confirming', async () => {
    orders = [marketplaceOrder(4)];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager');
    await within(table()).findByText('SPXID04');
    await user.click(within(table()).getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus data ini?');
    expect(await screen.findByText('Pesanan berhasil dihapus')).toBeInTheDocument();
    expect(deleted).toEqual(['4']);
    expect(await within(table()).findByText('Tidak ada pesanan marketplace')).toBeInTheDocument();
  });

  it('shows the admin the list without import, stock file or delete', async () => {
    orders = [marketplaceOrder(1)];
    renderAs('admin');
    await within(table()).findByText('SPXID01');
    expect(screen.queryByRole('button', { name: 'Impor Pesanan' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Perbarui Stok Marketplace' }),
    ).not.toBeInTheDocument();
    expect(
      within(table()).getByRole('button', { name: 'Hanya manager yang dapat menghapus data' }),
    ).toBeDisabled();
  });

  it('shows the manager import and stock file', async () => {
    renderAs('manager');
    expect(screen.getByRole('button', { name: 'Impor Pesanan' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Perbarui Stok Marketplace' })).toBeEnabled();
    await within(table()).findByText('Tidak ada pesanan marketplace');
  });

  it('becomes one card per order on a phone', async () => {
    const restore = setViewportWidth(375);
    try {
      orders = [marketplaceOrder(1)];
      renderAs('manager');
      const cards = await screen.findByRole('list', { name: 'Daftar Pesanan Marketplace' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(1);
      expect(within(cards).getByText('SPXID01')).toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('MarketplaceOrdersPage: the tabs', () => {
  it('switches to Pemetaan SKU through the URL, which keeps the tab', async () => {
    const { user } = renderAs('manager');
    await within(table()).findByText('Tidak ada pesanan marketplace');
    await user.click(screen.getByRole('tab', { name: 'Pemetaan SKU' }));
    expect(screen.getByRole('tab', { name: 'Pemetaan SKU' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('table', { name: 'Pemetaan SKU' })).toBeInTheDocument();
    expect(new URLSearchParams(url()).get('tab')).toBe('pemetaan-sku');
    await user.click(screen.getByRole('tab', { name: 'Pesanan' }));
    expect(await screen.findByRole('table', { name: 'Daftar Pesanan Marketplace' })).toBeVisible();
    expect(url()).toBe('');
  });
});

describe('MarketplaceOrdersPage: Catat sebagai Barang Keluar', () => {
  it('ships the selected orders and reports each refused one with its reason', async () => {
    orders = [marketplaceOrder(1), marketplaceOrder(2), marketplaceOrder(3)];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/marketplace-orders/ship', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          shipped: [1],
          refused: [{ id: 3, message: 'Stok Kopi Arabica tidak mencukupi. Stok tersedia: 0' }],
        });
      }),
    );
    const { user } = renderAs('manager');
    const button = await screen.findByRole('button', { name: 'Catat sebagai Barang Keluar' });
    expect(button).toBeDisabled();
    await user.click(await screen.findByRole('checkbox', { name: 'Pilih pesanan 25112400001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Pilih pesanan 25112400003' }));
    await user.click(screen.getByRole('button', { name: 'Catat sebagai Barang Keluar (2)' }));
    const result = await screen.findByRole('status', {
      name: 'Hasil Catat sebagai Barang Keluar',
    });
    expect(confirm).toHaveBeenCalledWith(
      'Catat 2 pesanan sebagai Barang Keluar? Stok barangnya dikurangi tanpa scan.',
    );
    expect(sent).toEqual([{ ids: [1, 3] }]);
    expect(result).toHaveTextContent('1 pesanan dicatat sebagai Barang Keluar');
    expect(result).toHaveTextContent(
      'Pesanan 25112400003: Stok Kopi Arabica tidak mencukupi. Stok tersedia: 0',
    );
    // The selection is cleared for the next round.
    expect(screen.getByRole('checkbox', { name: 'Pilih pesanan 25112400001' })).not.toBeChecked();
  });

  it('asks first, sends nothing when declined, and offers no unshippable order', async () => {
    orders = [
      marketplaceOrder(1),
      marketplaceOrder(2, { status: 'batal', status_text: 'Batal' }),
      marketplaceOrder(3, { status: 'belum_bayar', status_text: 'Belum Bayar' }),
      marketplaceOrder(4, { resi_number: null }),
      // Shipped by Gudang already (Scan Kirim): the file may still say Perlu Dikirim.
      marketplaceOrder(5, { shipped: true }),
    ];
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/marketplace-orders/ship', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ shipped: [1], refused: [] });
      }),
    );
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAs('manager');
    const first = await screen.findByRole('checkbox', { name: 'Pilih pesanan 25112400001' });
    for (const id of [2, 3, 4, 5])
      expect(
        screen.getByRole('checkbox', { name: `Pilih pesanan 2511240000${id}` }),
      ).toBeDisabled();
    await user.click(first);
    await user.click(screen.getByRole('button', { name: 'Catat sebagai Barang Keluar (1)' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
    expect(first).toBeChecked();
  });

  it('is not offered to the admin', async () => {
    orders = [marketplaceOrder(1)];
    renderAs('admin');
    await within(
      await screen.findByRole('table', { name: 'Daftar Pesanan Marketplace' }),
    ).findByText('25112400001');
    expect(
      screen.queryByRole('button', { name: /Catat sebagai Barang Keluar/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
