import { makeStore, signedIn } from '@gudang/api-client';
import type { PackedToday, PackingShipInput, PackingView } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AUTO_SEND_KEY, PackingPage } from './packing-page';

const order = (
  shipped: PackingView['shipped'] = null,
  status = 'perlu_dikirim',
  statusText = 'Perlu Dikirim',
): PackingView => ({
  order: {
    id: 7,
    channel: 'shopee',
    order_number: '2611240001',
    resi_number: 'SPXID001',
    status: status as PackingView['order']['status'],
    status_text: statusText,
    date: '2026-11-24',
  },
  lines: [
    {
      product_code: 'KAOS',
      product_name: 'Kaos Hitam',
      barcode_id: 'BC-KAOS',
      quantity: 2,
      current_stock: 40,
    },
    {
      product_code: 'TOPI',
      product_name: 'Topi Navy',
      barcode_id: 'BC-TOPI',
      quantity: 1,
      current_stock: 5,
    },
  ],
  shipped,
});

let current: PackingView | null = null;
let today: PackedToday = { count: 0, data: [] };
const shipped: PackingShipInput[] = [];
let todayRequests = 0;

const server = setupServer(
  http.get('*/api/packing', () => {
    todayRequests += 1;
    return HttpResponse.json(today);
  }),
  http.get('*/api/packing/:resi', ({ params }) =>
    current !== null && String(params.resi).toLowerCase() === 'spxid001'
      ? HttpResponse.json(current)
      : HttpResponse.json(
          { message: 'Resi tidak ditemukan di Pesanan Marketplace' },
          { status: 404 },
        ),
  ),
  http.post('*/api/packing/:resi/ship', async ({ request }) => {
    shipped.push((await request.json()) as PackingShipInput);
    today = {
      count: 1,
      data: [
        {
          id: 7,
          channel: 'shopee',
          order_number: '2611240001',
          resi_number: 'SPXID001',
          shipped_at: '2026-11-24T09:15:00.000Z',
          shipped_by: 'Admin Gudang',
          quantity: 3,
        },
      ],
    };
    return HttpResponse.json({ outgoing: [] }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  current = null;
  today = { count: 0, data: [] };
  shipped.length = 0;
  todayRequests = 0;
  localStorage.clear();
});
afterAll(() => server.close());

function renderPage() {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'admin@gudang.test', name: 'Admin Gudang', role: 'admin' },
    }),
  );
  return renderWithProviders(<PackingPage />, { store, route: '/packing' });
}

const scanField = () => screen.getByLabelText('Scan resi');

/** What a USB scanner does: the code's characters, then Enter, into the focused field. */
async function scan(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.keyboard(`${code}{Enter}`);
}

describe('PackingPage', () => {
  it('packs an order by keyboard scans and sends it; focus returns to Scan resi', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Dikirim hari ini: 0 paket')).toBeInTheDocument();
    expect(scanField()).toHaveFocus();

    await scan(user, 'spxid001');
    const lines = await screen.findByRole('table', { name: 'Barang dalam paket' });
    expect(within(lines).getByText('Kaos Hitam (KAOS)')).toBeInTheDocument();
    // The normalized status; the marketplace's words are the same, so not said twice.
    const section = screen.getByRole('region', { name: 'Pesanan' });
    expect(within(section).getByText('Perlu Dikirim')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Status di marketplace')).not.toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Kirim' });
    expect(send).toBeDisabled();
    expect(scanField()).toHaveFocus();

    await scan(user, 'BC-KAOS');
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('1');
    // A product not in the order counts nothing and says so.
    await scan(user, 'BC-LAIN');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Barcode BC-LAIN tidak ada dalam pesanan ini',
    );
    await scan(user, 'bc-kaos');
    const kaosRow = screen.getByLabelText('Jumlah discan Kaos Hitam').closest('tr');
    expect(kaosRow).toHaveAttribute('data-complete', 'true');
    // One too many: refused, still 2.
    await scan(user, 'BC-KAOS');
    expect(screen.getByRole('alert')).toHaveTextContent('Jumlah Kaos Hitam sudah lengkap');
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('2');
    await scan(user, 'BC-TOPI');
    expect(send).toBeEnabled();

    await user.click(send);
    await waitFor(() =>
      expect(shipped).toEqual([
        {
          scans: [
            { barcode: 'BC-KAOS', quantity: 2 },
            { barcode: 'BC-TOPI', quantity: 1 },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Paket resi SPXID001 berhasil dikirim')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Barang dalam paket' })).not.toBeInTheDocument();
    expect(scanField()).toHaveFocus();
    expect(await screen.findByText('Dikirim hari ini: 1 paket')).toBeInTheDocument();
    expect(todayRequests).toBe(2);
    const list = screen.getByRole('table', { name: 'Paket yang dikirim hari ini' });
    expect(within(list).getByText('SPXID001')).toBeInTheDocument();
  });

  it('takes a typed number for a line and sends by itself when set to', async () => {
    current = order();
    localStorage.setItem(AUTO_SEND_KEY, 'true');
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByLabelText('Kirim otomatis saat barang terakhir discan')).toBeChecked();
    await scan(user, 'SPXID001');
    const kaos = await screen.findByLabelText('Jumlah discan Kaos Hitam');
    await user.clear(kaos);
    await user.type(kaos, '2{Enter}');
    expect(scanField()).toHaveFocus();
    await scan(user, 'BC-TOPI');
    await waitFor(() => expect(shipped).toHaveLength(1));
    expect(shipped[0]?.scans).toEqual([
      { barcode: 'BC-KAOS', quantity: 2 },
      { barcode: 'BC-TOPI', quantity: 1 },
    ]);
  });

  it('says a resi already shipped, when and by whom, and offers no Kirim', async () => {
    current = order({ at: '2026-11-24T02:05:00.000Z', by: 'Budi' });
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Resi ini sudah dikirim pada 24 November 2026 pukul 09[.:]05 oleh Budi$/,
    );
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    // The next scan is a resi again.
    await scan(user, 'TIDAK-ADA');
    expect(
      await screen.findByText('Resi tidak ditemukan di Pesanan Marketplace: TIDAK-ADA'),
    ).toBeVisible();
  });

  it('offers to record an unknown resi in Barang Keluar by hand', async () => {
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'JNT 99/X');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Resi tidak ditemukan di Pesanan Marketplace');
    expect(
      within(alert).getByRole('link', { name: 'Catat di Barang Keluar secara manual' }),
    ).toHaveAttribute('href', '/outgoing-goods?resi=JNT%2099%2FX');
  });

  it('refuses a cancelled order with its status', async () => {
    current = order(null, 'batal', 'Dibatalkan Pembeli');
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    // The marketplace's own words, as the server's refusal says them.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pesanan berstatus Dibatalkan Pembeli tidak dapat dikirim',
    );
    const section = screen.getByRole('region', { name: 'Pesanan' });
    expect(within(section).getByText('Batal')).toBeInTheDocument();
    expect(within(section).getByLabelText('Status di marketplace')).toHaveTextContent(
      'Status di marketplace: Dibatalkan Pembeli',
    );
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
  });
});
