import { OfflineQueue, makeStore, memoryStore, signedIn } from '@gudang/api-client';
import { setOfflineQueue } from '@gudang/api-client/testing';
import type { PackedToday, PackingShipInput, PackingView } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AUTO_SEND_KEY, PackingPage } from './packing-page';

// Whole packing rounds through msw: slower than the default 5 s on a busy 2-core machine.
jest.setTimeout(15_000);

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
    skipped_lines: [],
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

/** A second package to pack: resi SPXID002, one Celana. */
const nextOrder = (): PackingView => ({
  order: {
    id: 8,
    channel: 'shopee',
    order_number: '2611240002',
    resi_number: 'SPXID002',
    status: 'perlu_dikirim',
    status_text: 'Perlu Dikirim',
    date: '2026-11-24',
    skipped_lines: [],
  },
  lines: [
    {
      product_code: 'CLN',
      product_name: 'Celana Jeans',
      barcode_id: 'BC-CLN',
      quantity: 1,
      current_stock: 9,
    },
  ],
  shipped: null,
});

let current: PackingView | null = null;
/** Other resis the server knows (lower case), besides SPXID001 (`current`). */
let others: Record<string, PackingView> = {};
let today: PackedToday = { count: 0, data: [] };
const shipped: PackingShipInput[] = [];
/** The client_id of each ship request (apart from its body): every Kirim carries one (issue 48). */
const shipIds: (string | undefined)[] = [];
/** The resi of each ship request, in order. */
const shippedResis: string[] = [];
/** When set, the ship request is refused (409) with this message. */
let shipRefusal: string | null = null;
let todayRequests = 0;

const server = setupServer(
  http.get('*/api/packing', () => {
    todayRequests += 1;
    return HttpResponse.json(today);
  }),
  http.get('*/api/packing/:resi', ({ params }) => {
    const resi = String(params.resi).toLowerCase();
    const found = resi === 'spxid001' ? current : others[resi];
    return found !== null && found !== undefined
      ? HttpResponse.json(found)
      : HttpResponse.json(
          { message: 'Resi tidak ditemukan di Pesanan Marketplace' },
          { status: 404 },
        );
  }),
  http.post('*/api/packing/:resi/ship', async ({ request, params }) => {
    if (shipRefusal !== null) return HttpResponse.json({ message: shipRefusal }, { status: 409 });
    shippedResis.push(String(params.resi));
    const { client_id: clientId, ...body } = (await request.json()) as PackingShipInput;
    shipped.push(body);
    shipIds.push(clientId);
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
beforeEach(() => setOfflineQueue(new OfflineQueue(memoryStore())));
afterEach(() => {
  server.resetHandlers();
  current = null;
  others = {};
  today = { count: 0, data: [] };
  shipped.length = 0;
  shipIds.length = 0;
  shippedResis.length = 0;
  shipRefusal = null;
  todayRequests = 0;
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => server.close());

function renderPage(role: 'admin' | 'manager' = 'admin', id = 1) {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id, email: `${role}@gudang.test`, name: 'Admin Gudang', role },
    }),
  );
  return renderWithProviders(<PackingPage />, { store, route: '/packing' });
}

/** The one scan field, whatever it is named at the step (resi, items, next resi). */
const scanField = () =>
  within(screen.getByRole('form', { name: 'Scan resi dan barang' })).getByRole('textbox');

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

    // The field is named for what it expects: the resi first, then the package's items.
    expect(scanField()).toHaveAccessibleName('Scan resi');
    await scan(user, 'spxid001');
    const lines = await screen.findByRole('table', { name: 'Barang dalam paket' });
    expect(within(lines).getByText('Kaos Hitam (KAOS)')).toBeInTheDocument();
    expect(scanField()).toHaveAccessibleName('Scan barcode barang');
    // The normalized status; the marketplace's words are the same, so not said twice.
    const section = screen.getByRole('region', { name: 'Pesanan' });
    expect(within(section).getByText('Perlu Dikirim')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Status di marketplace')).not.toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Kirim' });
    expect(send).toBeDisabled();
    expect(scanField()).toHaveFocus();

    await scan(user, 'BC-KAOS');
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('1');
    // A product not in the order (nor another resi) counts nothing and says so.
    await scan(user, 'BC-LAIN');
    expect(await screen.findByRole('alert')).toHaveTextContent(
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
    // Complete: the next resi (or Kirim) is what comes next.
    expect(scanField()).toHaveAccessibleName('Scan resi berikutnya');

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
    expect(scanField()).toHaveAccessibleName('Scan resi');
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

  it("refuses a typed count above the line's quantity, as a scan would", async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    const kaos = await screen.findByLabelText('Jumlah discan Kaos Hitam');
    await user.clear(kaos);
    await user.type(kaos, '5');
    expect(screen.getByRole('alert')).toHaveTextContent('Jumlah Kaos Hitam sudah lengkap');
    expect(kaos).toHaveValue('2');
  });

  it('comes back to a half-scanned package after another page or a reload, for its user only', async () => {
    current = order();
    const user = userEvent.setup();
    const first = renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    await scan(user, 'BC-KAOS');
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('1');
    first.unmount();

    // Another user of the same tab starts with nothing open.
    const other = renderPage('manager', 2);
    expect(await screen.findByText('Dikirim hari ini: 0 paket')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Barang dalam paket' })).not.toBeInTheDocument();
    other.unmount();

    renderPage();
    const lines = await screen.findByRole('table', { name: 'Barang dalam paket' });
    expect(within(lines).getByText('Kaos Hitam (KAOS)')).toBeInTheDocument();
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('1');
    expect(screen.getByLabelText('Jumlah discan Topi Navy')).toHaveValue('0');
    scanField().focus();
    await scan(user, 'BC-KAOS');
    await scan(user, 'BC-TOPI');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
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
    // Sent: nothing is kept to come back to.
    expect(sessionStorage.length).toBe(0);
  });

  it('a kept package shipped meanwhile opens with the reason, its scans dropped', async () => {
    current = order();
    const user = userEvent.setup();
    const first = renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    await scan(user, 'BC-KAOS');
    first.unmount();

    current = order({ at: '2026-11-24T02:05:00.000Z', by: 'Budi' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Resi ini sudah dikirim pada 24 November 2026 pukul 09[.:]05 oleh Budi$/,
    );
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('0');
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    expect(sessionStorage.length).toBe(0);
  });

  it("says no count of today's packages when their list cannot be read", async () => {
    server.use(http.get('*/api/packing', () => HttpResponse.json({}, { status: 500 })));
    renderPage();
    const section = screen.getByRole('region', { name: 'Dikirim hari ini' });
    expect(await within(section).findByText('Gagal memuat data')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { level: 3 })).toHaveTextContent(
      /^Dikirim hari ini$/,
    );
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
    // The badge's word; the marketplace's own words are shown beside the badge.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Pesanan berstatus Batal tidak dapat dikirim$/,
    );
    const section = screen.getByRole('region', { name: 'Pesanan' });
    expect(within(section).getByText('Batal')).toBeInTheDocument();
    expect(within(section).getByLabelText('Status di marketplace')).toHaveTextContent(
      'Status di marketplace: Dibatalkan Pembeli',
    );
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
  });

  it('shows the package as shipped when another packer sent it first', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    for (const code of ['BC-KAOS', 'BC-KAOS', 'BC-TOPI']) await scan(user, code);
    const section = screen.getByRole('region', { name: 'Pesanan' });
    expect(within(section).getByText('Perlu Dikirim')).toBeInTheDocument();
    // Meanwhile another packer sent it: the server refuses, and now reads it as shipped.
    shipRefusal = 'Resi ini sudah dikirim pada 24 November 2026 pukul 09.05 oleh Budi';
    current = order({ at: '2026-11-24T02:05:00.000Z', by: 'Budi' }, 'dikirim', 'Dikirim');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));

    expect(await within(section).findByText('Dikirim')).toBeInTheDocument();
    expect(within(section).queryByText('Perlu Dikirim')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Resi ini sudah dikirim pada 24 November 2026 pukul 09[.:]05 oleh Budi$/,
    );
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    expect(scanField()).toHaveAccessibleName('Scan resi');
    expect(scanField()).toHaveFocus();
  });

  it("says a cancellation that came in while packing in the badge's word", async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    for (const code of ['BC-KAOS', 'BC-KAOS', 'BC-TOPI']) await scan(user, code);
    shipRefusal = 'Pesanan berstatus Dibatalkan Pembeli tidak dapat dikirim';
    current = order(null, 'batal', 'Dibatalkan Pembeli');
    await user.click(screen.getByRole('button', { name: 'Kirim' }));

    const section = screen.getByRole('region', { name: 'Pesanan' });
    expect(await within(section).findByText('Batal')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Pesanan berstatus Batal tidak dapat dikirim$/,
    );
    expect(shippedResis).toEqual([]);
  });
});

describe('PackingPage: leaving a package (Kirim otomatis off)', () => {
  /** Opens SPXID001 and scans every unit of it: 2 Kaos, 1 Topi. */
  async function packFirst(user: ReturnType<typeof userEvent.setup>) {
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    for (const code of ['BC-KAOS', 'BC-KAOS', 'BC-TOPI']) await scan(user, code);
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeEnabled();
  }
  const heading = (resi: string) => screen.getByText(new RegExp(`- resi ${resi}$`));

  it('sends a complete package when the next resi is scanned, then opens that resi', async () => {
    current = order();
    others = { spxid002: nextOrder() };
    const user = userEvent.setup();
    renderPage();
    await packFirst(user);
    expect(
      screen.getByText(
        'Paket lengkap: tekan Kirim, atau scan resi berikutnya untuk mengirim paket ini lalu membuka resi itu',
      ),
    ).toBeInTheDocument();

    await scan(user, 'SPXID002');
    expect(await screen.findByText('Paket resi SPXID001 berhasil dikirim')).toBeInTheDocument();
    expect(shippedResis).toEqual(['SPXID001']);
    expect(shipped).toEqual([
      {
        scans: [
          { barcode: 'BC-KAOS', quantity: 2 },
          { barcode: 'BC-TOPI', quantity: 1 },
        ],
      },
    ]);
    expect(await screen.findByLabelText('Jumlah discan Celana Jeans')).toHaveValue('0');
    expect(heading('SPXID002')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(scanField()).toHaveFocus();
    // The next scans count for the new package.
    await scan(user, 'BC-CLN');
    expect(screen.getByLabelText('Jumlah discan Celana Jeans')).toHaveValue('1');
  });

  it('keeps a complete package that cannot be sent, and says why; the next resi stays closed', async () => {
    current = order();
    others = { spxid002: nextOrder() };
    shipRefusal = 'Stok Topi Navy tidak mencukupi. Stok tersedia: 0';
    const user = userEvent.setup();
    renderPage();
    await packFirst(user);
    await scan(user, 'SPXID002');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Paket resi SPXID001 belum dikirim, resi berikutnya belum dibuka. Stok Topi Navy tidak mencukupi. Stok tersedia: 0',
    );
    expect(heading('SPXID001')).toBeInTheDocument();
    expect(screen.queryByText(/- resi SPXID002$/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('2');
    expect(screen.getByLabelText('Jumlah discan Topi Navy')).toHaveValue('1');
    expect(shippedResis).toEqual([]);
  });

  it('keeps a complete package on an extra unit or an unknown code', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await packFirst(user);
    await scan(user, 'BC-TOPI');
    expect(screen.getByRole('alert')).toHaveTextContent('Jumlah Topi Navy sudah lengkap');
    await scan(user, 'ZZZ-999');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Resi tidak ditemukan di Pesanan Marketplace: ZZZ-999',
    );
    expect(heading('SPXID001')).toBeInTheDocument();
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeEnabled();
    expect(shippedResis).toEqual([]);
    // Its own resi scanned again: the packer's 'done', as Kirim.
    await scan(user, 'spxid001');
    expect(await screen.findByText('Paket resi SPXID001 berhasil dikirim')).toBeInTheDocument();
    expect(shippedResis).toEqual(['SPXID001']);
  });

  it('asks before leaving an incomplete package, naming what is missing; Enter stays', async () => {
    current = order();
    others = { spxid002: nextOrder() };
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    await scan(user, 'BC-KAOS');

    await scan(user, 'SPXID002');
    const dialog = await screen.findByRole('dialog', { name: 'Paket belum lengkap' });
    expect(within(dialog).getByText('Paket resi SPXID001 masih kurang:')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kurang 1 Kaos Hitam (KAOS)', 'Kurang 1 Topi Navy (TOPI)']);
    expect(
      within(dialog).getByText(
        '1 barang yang sudah discan tidak dicatat jika paket ini ditinggalkan.',
      ),
    ).toBeInTheDocument();
    const stay = within(dialog).getByRole('button', { name: 'Tetap di paket ini' });
    expect(stay).toHaveFocus();

    // A scan into the dialog (a scanner's characters and Enter) keeps the package.
    await scan(user, 'SPXID002');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(heading('SPXID001')).toBeInTheDocument();
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam')).toHaveValue('1');
    expect(scanField()).toHaveFocus();

    await scan(user, 'SPXID002');
    await user.click(await screen.findByRole('button', { name: 'Tinggalkan, buka resi SPXID002' }));
    expect(await screen.findByLabelText('Jumlah discan Celana Jeans')).toHaveValue('0');
    expect(heading('SPXID002')).toBeInTheDocument();
    expect(shippedResis).toEqual([]);
    expect(scanField()).toHaveFocus();
  });

  it('opens another resi at once when nothing of the open package was scanned', async () => {
    current = order();
    others = { spxid002: nextOrder() };
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    await scan(user, 'SPXID002');
    expect(await screen.findByLabelText('Jumlah discan Celana Jeans')).toHaveValue('0');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Tutup asks before dropping a complete package and can send it instead', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await packFirst(user);
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paket belum dikirim' });
    expect(dialog).toHaveTextContent(
      'Paket resi SPXID001 sudah lengkap, tetapi belum dicatat sebagai Barang Keluar. Jika ditutup sekarang, paket ini tidak tercatat.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Kirim paket ini' }));
    expect(await screen.findByText('Paket resi SPXID001 berhasil dikirim')).toBeInTheDocument();
    expect(shippedResis).toEqual(['SPXID001']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Tutup on a started package names what is missing; leaving it records nothing', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    await scan(user, 'BC-TOPI');
    await user.click(screen.getByRole('button', { name: 'Tutup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paket belum lengkap' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Kurang 2 Kaos Hitam (KAOS)');
    await user.click(within(dialog).getByRole('button', { name: 'Tinggalkan paket ini' }));
    expect(screen.queryByRole('table', { name: 'Barang dalam paket' })).not.toBeInTheDocument();
    expect(shippedResis).toEqual([]);
    expect(scanField()).toHaveFocus();
  });
});

describe('PackingPage: short stock', () => {
  it('warns when a package opens whose stock cannot cover it', async () => {
    const view = order();
    current = {
      ...view,
      lines: view.lines.map((line) =>
        line.product_code === 'KAOS' ? { ...line, current_stock: 1 } : line,
      ),
    };
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent(
      'Stok tidak cukup untuk paket ini, paket belum bisa dikirim:',
    );
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Kaos Hitam (KAOS): dibutuhkan 2, stok 1']);
    expect(screen.getByLabelText('Jumlah discan Kaos Hitam').closest('tr')).toHaveAttribute(
      'data-short',
      'true',
    );
  });

  it('says nothing about stock when it covers the package', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Stok tidak cukup/)).not.toBeInTheDocument();
  });
});

describe('PackingPage: an order imported without some of its lines (issue 42 M5)', () => {
  const incomplete = (): PackingView => {
    const view = order();
    return {
      ...view,
      order: {
        ...view.order,
        skipped_lines: [
          {
            sku: 'SNDL-40',
            variation: null,
            product_name: 'Sandal Jepit',
            quantity: 1,
            problem: "SKU 'SNDL-40' belum dipetakan ke produk",
          },
        ],
      },
    };
  };

  async function scanAll(user: ReturnType<typeof userEvent.setup>) {
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    for (const code of ['BC-KAOS', 'BC-KAOS', 'BC-TOPI']) await scan(user, code);
  }

  it('says what is missing when it opens, and an admin cannot send it, not even by itself', async () => {
    current = incomplete();
    localStorage.setItem(AUTO_SEND_KEY, 'true');
    const user = userEvent.setup();
    renderPage('admin');
    await scanAll(user);
    const warning = screen.getByRole('alert', {
      name: /Pesanan ini tidak lengkap: diimpor tanpa barang berikut/,
    });
    expect(within(warning).getByRole('listitem')).toHaveTextContent(
      "Sandal Jepit (SNDL-40) x1 - SKU 'SNDL-40' belum dipetakan ke produk",
    );
    expect(within(warning).getByText(/minta manager mengonfirmasi/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Kirim tanpa barang ini/ })).toBeNull();
    expect(screen.getByText('Tidak lengkap')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeDisabled();
    expect(shipped).toEqual([]);
  });

  it('a manager sends it after confirming, and the request says so', async () => {
    current = incomplete();
    const user = userEvent.setup();
    renderPage('manager');
    await scanAll(user);
    const send = screen.getByRole('button', { name: 'Kirim' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Kirim tanpa barang ini/ }));
    await user.click(send);
    await waitFor(() => expect(shipped).toHaveLength(1));
    expect(shipped[0]).toMatchObject({ confirm_incomplete: true });
  });
});

/** The browser's connection as navigator.onLine and its events say. */
function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('PackingPage offline (issue 48)', () => {
  afterEach(() => jest.restoreAllMocks());

  it("captures a package's scans offline and queues Kirim; the server decides online, a refusal shown with the resi", async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Dikirim hari ini: 0 paket')).toBeInTheDocument();
    setOnline(false);
    expect(screen.getByText('Offline: 0 scan tersimpan di perangkat ini')).toBeInTheDocument();

    // A resi scanned offline: its order cannot be read; the scans are kept as they come.
    await user.click(scanField());
    await scan(user, 'SPXID001');
    const section = await screen.findByRole('region', { name: 'Paket offline' });
    for (const code of ['BC-KAOS', 'BC-KAOS', 'BC-TOPI']) await scan(user, code);
    const lines = within(section).getByRole('list', { name: 'Barang yang discan offline' });
    expect(lines).toHaveTextContent('bc-kaos: 2');
    await user.click(within(section).getByRole('button', { name: 'Kirim' }));
    expect(
      await screen.findByText('Offline: 1 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    // Nothing shipped on the phone: no request, no package in today's list.
    expect(shipped).toEqual([]);
    expect(screen.getByText('Dikirim hari ini: 0 paket')).toBeInTheDocument();
    // The same resi again: it waits on this phone, so it is not packed (and queued) twice.
    await scan(user, 'spxid001');
    expect(
      await screen.findByText(
        'Paket resi spxid001 sudah tersimpan di perangkat ini dan menunggu dikirim ke server: jangan dikemas lagi',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Paket offline' })).not.toBeInTheDocument();

    // A second package, already shipped by another packer meanwhile: refused when it arrives.
    await scan(user, 'SPXID002');
    await scan(user, 'BC-CLN');
    await user.click(
      within(await screen.findByRole('region', { name: 'Paket offline' })).getByRole('button', {
        name: 'Kirim',
      }),
    );
    expect(
      await screen.findByText('Offline: 2 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();

    server.use(
      http.post('*/api/packing/SPXID002/ship', () =>
        HttpResponse.json(
          { message: 'Resi SPXID002 sudah dikirim pada 24/11/2026 09:00 oleh Budi' },
          { status: 409 },
        ),
      ),
    );
    setOnline(true);
    await waitFor(() =>
      expect(shipped).toEqual([
        {
          scans: [
            { barcode: 'bc-kaos', quantity: 2 },
            { barcode: 'bc-topi', quantity: 1 },
          ],
        },
      ]),
    );
    expect(shipIds).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    const refused = await screen.findByRole('region', {
      name: 'Scan tersimpan yang ditolak server',
    });
    expect(refused).toHaveTextContent(
      'SPXID002: Resi SPXID002 sudah dikirim pada 24/11/2026 09:00 oleh Budi',
    );
    // The shipped package shows in today's list once the server has it.
    expect(await screen.findByText('Dikirim hari ini: 1 paket')).toBeInTheDocument();
  });

  it("ends the 'waiting on this phone' warning once the kept package reached the server", async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Dikirim hari ini: 0 paket');
    setOnline(false);
    await user.click(scanField());
    await scan(user, 'SPXID001');
    await scan(user, 'BC-KAOS');
    await user.click(
      within(await screen.findByRole('region', { name: 'Paket offline' })).getByRole('button', {
        name: 'Kirim',
      }),
    );
    await screen.findByText('Offline: 1 scan tersimpan di perangkat ini');
    await scan(user, 'SPXID001');
    const warning =
      'Paket resi SPXID001 sudah tersimpan di perangkat ini dan menunggu dikirim ke server: jangan dikemas lagi';
    expect(await screen.findByText(warning)).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(shipped).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(warning)).toBeNull());
  });

  it('a looked-up package whose Kirim gets no answer is kept with the same client_id', async () => {
    current = order();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Dikirim hari ini: 0 paket');
    await scan(user, 'SPXID001');
    await screen.findByRole('table', { name: 'Barang dalam paket' });
    for (const code of ['BC-KAOS', 'BC-KAOS', 'BC-TOPI', 'BC-CLN']) await scan(user, code);
    const tried: (string | undefined)[] = [];
    server.use(
      http.post('*/api/packing/:resi/ship', async ({ request }) => {
        if (tried.length >= 2) return undefined;
        tried.push(((await request.json()) as PackingShipInput).client_id);
        return HttpResponse.error();
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(
      await screen.findByText('Offline: 1 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(shipIds).toHaveLength(1));
    expect(tried).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/), tried[0]]);
    expect(shipIds).toEqual([tried[0]]);
  });
});
