import {
  OPNAME_MESSAGES,
  OfflineQueue,
  makeStore,
  memoryStore,
  signedIn,
} from '@gudang/api-client';
import { setOfflineQueue } from '@gudang/api-client/testing';
import type {
  OpnameCountInput,
  OpnameLine,
  OpnamePostInput,
  Product,
  Role,
  StockAdjustment,
  StockOpnameInput,
  StockOpnameSession,
} from '@gudang/api-client';
import { addDaysIso, todayIso } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router-dom';
import { StockOpnamePage } from './stock-opname-page';
import { withCountedLine } from './stock-opname-api';

// Typing whole forms with user-event is slow on a busy machine.
jest.setTimeout(20_000);

const line = (
  id: number,
  code: string,
  name: string,
  expected: number,
  counted: number | null = null,
): OpnameLine => ({
  product_id: id,
  product_code: code,
  product_name: name,
  barcode_id: `BC-${code}`,
  category: 'Minuman',
  brand: 'Kapal Api',
  rack: null,
  purchase_price: 1000,
  counted,
  expected,
  difference: counted === null ? null : counted - expected,
  counted_at: counted === null ? null : '2026-11-24T03:00:00.000Z',
});

const fresh = (): StockOpnameSession =>
  withCountedLine(
    {
      id: 3,
      name: 'Opname November',
      scope: { type: 'category', value: 'Minuman', product_codes: null },
      status: 'open',
      started_by: 'Admin Gudang',
      started_at: '2026-11-24T02:00:00.000Z',
      posted_by: null,
      posted_at: null,
      cancelled_by: null,
      cancelled_at: null,
      products: 3,
      counted_products: 0,
      adjustments: 0,
      lines: [
        line(1, 'KOPI', 'Kopi Bubuk', 10),
        line(2, 'TEH', 'Teh Celup', 5),
        line(3, 'GULA', 'Gula Aren', 7),
      ],
      total_difference: 0,
      difference_value: 0,
    },
    line(1, 'KOPI', 'Kopi Bubuk', 10),
  );

const product = (id: number, category: string, brand: string): Product =>
  ({
    id,
    code: `P${id}`,
    name: `Produk ${id}`,
    barcode_id: `B${id}`,
    category,
    brand,
    current_stock: 1,
  }) as Product;

let session = fresh();
const created: StockOpnameInput[] = [];
const counts: OpnameCountInput[] = [];
// The client_id of each count, apart from its body (every count carries one, issue 48).
const clientIds: (string | undefined)[] = [];
const posts: OpnamePostInput[] = [];
let cancels = 0;
const adjustmentQueries: URLSearchParams[] = [];
const adjustment: StockAdjustment = {
  id: 1,
  date: '2026-11-24',
  product_id: 1,
  product_code: 'KOPI',
  product_name: 'Kopi Bubuk',
  category: 'Minuman',
  brand: 'Kapal Api',
  quantity: -2,
  reason: 'Stok opname: Opname Oktober',
  stock_opname_id: 2,
  created_by: 'Manager',
  created_at: '2026-11-24T05:00:00.000Z',
};

/** A session as the server sends it to an admin: no cost on the lines, no value of the difference. */
const withoutCost = (item: StockOpnameSession): StockOpnameSession => {
  const { difference_value: _value, ...rest } = item;
  return { ...rest, lines: item.lines.map(({ purchase_price: _cost, ...other }) => other) };
};

const summary = (item: StockOpnameSession) => {
  const { lines: _lines, total_difference: _t, difference_value: _v, ...rest } = item;
  return rest;
};

const server = setupServer(
  http.get('*/api/stock-opname', () =>
    HttpResponse.json({
      data: [summary(session)],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    }),
  ),
  http.get('*/api/stock-opname/:id', () => HttpResponse.json({ data: session })),
  http.post('*/api/stock-opname', async ({ request }) => {
    created.push((await request.json()) as StockOpnameInput);
    return HttpResponse.json(
      { message: 'Sesi stok opname berhasil dibuat', data: session },
      { status: 201 },
    );
  }),
  http.post('*/api/stock-opname/:id/counts', async ({ request }) => {
    const { client_id: clientId, ...body } = (await request.json()) as OpnameCountInput;
    counts.push(body);
    clientIds.push(clientId);
    const target = session.lines.find(
      (item) => item.barcode_id === body.barcode || item.product_code === body.product_code,
    );
    if (!target)
      return HttpResponse.json(
        { message: 'Barcode tidak ditemukan dalam database' },
        { status: 404 },
      );
    if (body.seen !== undefined && body.seen !== target.counted)
      return HttpResponse.json(
        { message: OPNAME_MESSAGES.countChanged(target.product_name, target.counted) },
        { status: 409 },
      );
    const countedNow = body.set ?? (target.counted ?? 0) + (body.add ?? 0);
    const next = line(
      target.product_id,
      target.product_code,
      target.product_name,
      target.expected,
      countedNow,
    );
    session = withCountedLine(session, next);
    return HttpResponse.json({ data: next });
  }),
  http.post('*/api/stock-opname/:id/post', async ({ request }) => {
    posts.push((await request.json()) as OpnamePostInput);
    session = {
      ...session,
      status: 'posted',
      posted_by: 'Manager',
      posted_at: '2026-11-24T06:00:00.000Z',
    };
    return HttpResponse.json({ message: 'Stok opname berhasil diposting', data: session });
  }),
  http.post('*/api/stock-opname/:id/cancel', () => {
    cancels += 1;
    session = { ...session, status: 'cancelled' };
    return HttpResponse.json({ message: 'Sesi stok opname berhasil dibatalkan', data: session });
  }),
  http.get('*/api/stock-adjustments', ({ request }) => {
    adjustmentQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json({
      data: [adjustment],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
  }),
  http.get('*/api/products/all', () =>
    HttpResponse.json({
      data: [product(1, 'Minuman', 'Kapal Api'), product(2, 'Makanan', 'Indofood')],
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => setOfflineQueue(new OfflineQueue(memoryStore())));
afterEach(() => {
  server.resetHandlers();
  session = fresh();
  created.length = 0;
  counts.length = 0;
  clientIds.length = 0;
  posts.length = 0;
  cancels = 0;
  adjustmentQueries.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function Url() {
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}

function renderAs(role: Role, route = '/stock-opname') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 't', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <StockOpnamePage />
      <Url />
    </>,
    { store, route },
  );
  return { user };
}

const scanField = () => screen.getByLabelText('Scan barcode');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The browser's connection as navigator.onLine and its events say. */
function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('StockOpnamePage offline (issue 48)', () => {
  it('keeps scans while offline, says how many at once, sends them in order online, and lists a refusal', async () => {
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await screen.findByText('0 dari 3 produk dihitung', { exact: false });
    setOnline(false);
    expect(screen.getByText('Offline: 0 scan tersimpan di perangkat ini')).toHaveAttribute(
      'role',
      'status',
    );
    await user.click(scanField());
    await user.keyboard('BC-KOPI{Enter}');
    await user.keyboard('BC-TEH{Enter}');
    await user.keyboard('BC-KOPI{Enter}');
    expect(
      await screen.findByText('Offline: 3 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    expect(counts).toEqual([]);

    // The session was posted meanwhile for the tea only (the server re-validates each scan).
    server.use(
      http.post('*/api/stock-opname/:id/counts', async ({ request }) => {
        const { client_id: clientId, ...body } = (await request.json()) as OpnameCountInput;
        clientIds.push(clientId);
        counts.push(body);
        if (body.barcode === 'BC-TEH')
          return HttpResponse.json(
            { message: OPNAME_MESSAGES.readOnly('diposting') },
            { status: 409 },
          );
        return HttpResponse.json({ data: line(1, 'KOPI', 'Kopi Bubuk', 10, counts.length) });
      }),
    );
    setOnline(true);
    await waitFor(() => expect(counts).toHaveLength(3));
    expect(counts.map((item) => item.barcode)).toEqual(['BC-KOPI', 'BC-TEH', 'BC-KOPI']);
    expect(new Set(clientIds).size).toBe(3);
    const refused = await screen.findByRole('region', {
      name: 'Scan tersimpan yang ditolak server',
    });
    expect(refused).toHaveTextContent(`BC-TEH: ${OPNAME_MESSAGES.readOnly('diposting')}`);
    await waitFor(() => expect(screen.queryByText(/scan tersimpan di perangkat/)).toBeNull());
    await user.click(within(refused).getByRole('button', { name: /Hapus dari daftar/ }));
    expect(screen.queryByRole('region', { name: 'Scan tersimpan yang ditolak server' })).toBeNull();
  });

  it('a count that got no answer is kept with its own client_id and sent again with it', async () => {
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await screen.findByText('0 dari 3 produk dihitung', { exact: false });
    // The page's send and the queue's first resend get no answer (the Wi-Fi dropped).
    const sent: (string | undefined)[] = [];
    server.use(
      http.post('*/api/stock-opname/:id/counts', async ({ request }) => {
        if (sent.length >= 2) return undefined;
        sent.push(((await request.json()) as OpnameCountInput).client_id);
        return HttpResponse.error();
      }),
    );
    await user.click(scanField());
    await user.keyboard('BC-KOPI{Enter}');
    expect(
      await screen.findByText('Offline: 1 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    setOnline(true);
    await waitFor(() => expect(counts).toEqual([{ barcode: 'BC-KOPI', add: 1 }]));
    expect(sent).toEqual([expect.stringMatching(UUID), sent[0]]);
    expect(clientIds).toEqual([sent[0]]);
    await waitFor(() => expect(screen.getByLabelText('Jumlah fisik Kopi Bubuk')).toHaveValue('1'));
  });

  it('started without a network: the session cannot be read, the scans go on into the queue', async () => {
    jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    server.use(http.get('*/api/stock-opname/:id', () => HttpResponse.error()));
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await user.click(await screen.findByLabelText('Scan barcode'));
    await user.keyboard('BC-KOPI{Enter}');
    await user.keyboard('BC-KOPI{Enter}');
    expect(
      await screen.findByText('Offline: 2 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    expect(counts).toEqual([]);
    server.resetHandlers();
    setOnline(true);
    await waitFor(() => expect(counts).toHaveLength(2));
    expect(new Set(clientIds).size).toBe(2);
  });
});

describe('StockOpnamePage', () => {
  it('lists sessions and Penyesuaian Stok (7 days either side), and starts a session by category', async () => {
    const { user } = renderAs('admin');
    const sessions = await screen.findByRole('table', { name: 'Sesi Stok Opname' });
    expect(await within(sessions).findByText('Opname November')).toBeInTheDocument();
    expect(within(sessions).getByText('Kategori: Minuman')).toBeInTheDocument();
    const adjustments = screen.getByRole('table', { name: 'Penyesuaian Stok' });
    expect(await within(adjustments).findByText('Stok opname: Opname Oktober')).toBeInTheDocument();
    expect(within(adjustments).getByText('-2')).toBeInTheDocument();
    const today = todayIso();
    expect(adjustmentQueries[0]?.get('startDate')).toBe(addDaysIso(today, -7));
    expect(adjustmentQueries[0]?.get('endDate')).toBe(addDaysIso(today, 7));

    await user.click(screen.getByRole('button', { name: 'Sesi Baru' }));
    const dialog = screen.getByRole('dialog', { name: 'Sesi Stok Opname Baru' });
    // The first field takes the focus on opening (issue 42 m12).
    expect(within(dialog).getByLabelText(/Nama Sesi/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Mulai Sesi' }));
    expect(within(dialog).getByText('Nama Sesi wajib diisi')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nama Sesi/), 'Opname November');
    await user.selectOptions(within(dialog).getByLabelText('Cakupan'), 'Kategori');
    await user.click(within(dialog).getByRole('button', { name: 'Mulai Sesi' }));
    expect(
      within(dialog).getByText('Kategori atau Merk wajib diisi untuk cakupan ini'),
    ).toBeInTheDocument();
    const category = within(dialog).getByLabelText(/^Kategori/);
    await within(category).findByRole('option', { name: 'Minuman' });
    await user.selectOptions(category, 'Minuman');
    await user.click(within(dialog).getByRole('button', { name: 'Mulai Sesi' }));

    await waitFor(() =>
      expect(created).toEqual([
        { name: 'Opname November', scope: { type: 'category', value: 'Minuman' } },
      ]),
    );
    // The new session opens, its id in the URL.
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('sesi=3'));
    expect(await screen.findByLabelText('Scan barcode')).toBeInTheDocument();
  });

  it('counts +1 per scan with the focus kept in the scan field, and a typed number', async () => {
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await screen.findByText('0 dari 3 produk dihitung', { exact: false });
    await waitFor(() => expect(scanField()).toHaveFocus());

    await user.keyboard('BC-KOPI{Enter}');
    await user.keyboard('BC-KOPI{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Jumlah fisik Kopi Bubuk')).toHaveValue('2'));
    expect(counts).toEqual([
      { barcode: 'BC-KOPI', add: 1 },
      { barcode: 'BC-KOPI', add: 1 },
    ]);
    expect(clientIds).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(clientIds[0]).not.toBe(clientIds[1]);
    expect(await screen.findByText('Kopi Bubuk: 2')).toHaveAttribute('role', 'status');
    expect(scanField()).toHaveFocus();

    await user.keyboard('BC-NOPE{Enter}');
    // The field is cleared for the next scan, so the message names what was scanned.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Barcode tidak ditemukan dalam database: BC-NOPE$/,
    );

    const teh = screen.getByLabelText('Jumlah fisik Teh Celup');
    await user.type(teh, '4{Enter}');
    await waitFor(() => expect(counts.at(-1)).toEqual({ product_code: 'TEH', set: 4, seen: null }));
    expect(scanField()).toHaveFocus();
    await user.type(screen.getByLabelText('Jumlah fisik Gula Aren'), '1,5');
    await user.tab();
    expect(
      await screen.findByText('Jumlah Fisik harus bilangan bulat', { exact: false }),
    ).toBeInTheDocument();
    expect(counts).toHaveLength(4);
  });

  it('refuses a typed count another phone changed meanwhile, saying so and showing the other count (issue 42 m5)', async () => {
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    const teh = await screen.findByLabelText('Jumlah fisik Teh Celup');
    await user.click(teh);
    await user.keyboard('5');
    // Meanwhile the other phone typed 60 for Teh Celup.
    session = withCountedLine(session, line(2, 'TEH', 'Teh Celup', 5, 60));
    await user.keyboard('4{Enter}');
    await waitFor(() =>
      expect(counts.at(-1)).toEqual({ product_code: 'TEH', set: 54, seen: null }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Hitungan Teh Celup baru saja diubah di perangkat lain menjadi 60. Jumlah Anda belum disimpan: periksa lalu ketik lagi.',
    );
    // The other phone's count is shown, not lost; typing again over it is then accepted.
    await waitFor(() => expect(screen.getByLabelText('Jumlah fisik Teh Celup')).toHaveValue('60'));
    await user.clear(screen.getByLabelText('Jumlah fisik Teh Celup'));
    await user.type(screen.getByLabelText('Jumlah fisik Teh Celup'), '54{Enter}');
    await waitFor(() => expect(counts.at(-1)).toEqual({ product_code: 'TEH', set: 54, seen: 60 }));
    await waitFor(() => expect(screen.getByLabelText('Jumlah fisik Teh Celup')).toHaveValue('54'));
  });

  it('shows the session closed at once when a scan is refused because another user posted it', async () => {
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await screen.findByText('0 dari 3 produk dihitung', { exact: false });
    await waitFor(() => expect(scanField()).toHaveFocus());
    // The manager posts on another device.
    session = {
      ...session,
      status: 'posted',
      posted_by: 'Manager',
      posted_at: '2026-11-24T06:00:00.000Z',
    };
    server.use(
      http.post('*/api/stock-opname/:id/counts', () =>
        HttpResponse.json({ message: OPNAME_MESSAGES.readOnly('diposting') }, { status: 409 }),
      ),
    );
    await user.keyboard('BC-KOPI{Enter}');
    // Read again: shown as the poster sees it, without the scan field that only gets refusals.
    expect(await screen.findByText(/^Diposting oleh Manager/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Scan barcode')).toBeNull();
  });

  it('keeps the rows in place while counting: a counted product does not jump to the top', async () => {
    // The server lists the counted products first (Teh Celup); the counting table keeps the
    // products by name, so the row typed in stays where it was.
    const counted = withCountedLine(session, line(2, 'TEH', 'Teh Celup', 5, 4));
    session = {
      ...counted,
      lines: [...counted.lines].sort(
        (a, b) => Number(a.counted === null) - Number(b.counted === null),
      ),
    };
    renderAs('admin', '/stock-opname?sesi=3');
    const table = await screen.findByRole('table', { name: 'Produk dalam sesi' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.children[2]?.textContent);
    expect(names).toEqual(['Gula Aren', 'Kopi Bubuk', 'Teh Celup']);
    // Its search is a search box like every other list's.
    const search = screen.getByRole('searchbox', { name: 'Cari barang dalam sesi...' });
    // In a search row as theirs, not alone in the page's column, where its 240 px flex basis
    // made it a 240 px tall box (QA walk).
    const searchRow = search.parentElement?.parentElement as HTMLElement;
    expect(getComputedStyle(searchRow).display).toBe('flex');
    expect(getComputedStyle(searchRow).flexDirection).not.toBe('column');
    await userEvent.type(search, 'teh');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('reviews counted, expected, difference and value; a manager posts with uncounted as 0', async () => {
    session = withCountedLine(session, line(1, 'KOPI', 'Kopi Bubuk', 10, 8));
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager', '/stock-opname?sesi=3');
    await user.click(await screen.findByRole('button', { name: 'Tinjauan' }));
    const review = screen.getByRole('table', { name: 'Produk yang sudah dihitung' });
    const kopi = within(review).getByText('Kopi Bubuk').closest('tr') as HTMLElement;
    expect(within(kopi).getByText('8')).toBeInTheDocument();
    expect(within(kopi).getByText('10')).toBeInTheDocument();
    expect(within(kopi).getByText('-2')).toBeInTheDocument();
    expect(within(kopi).getByText(/Rp\s?-2\.000|-Rp\s?2\.000/)).toBeInTheDocument();
    expect(within(review).getByRole('columnheader', { name: 'Nilai Selisih' })).toBeInTheDocument();
    expect(screen.getByText('Total Nilai Selisih:')).toBeInTheDocument();
    // The cost per unit the value uses; frozen once posted (issue 42 m4).
    expect(within(review).getByRole('columnheader', { name: 'Harga Beli' })).toBeInTheDocument();
    expect(within(kopi).getByText(/Rp\s?1\.000,00/)).toBeInTheDocument();
    expect(
      screen.getByText('Nilai selisih memakai harga beli saat ini; tetap setelah diposting.'),
    ).toBeInTheDocument();
    const uncounted = screen.getByRole('table', { name: 'Produk yang belum dihitung' });
    expect(within(uncounted).getByText('Teh Celup')).toBeInTheDocument();
    expect(screen.getByText('Belum dihitung: 2 produk')).toBeInTheDocument();

    await user.click(screen.getByLabelText('Hitung produk yang belum dihitung sebagai 0'));
    await user.click(screen.getByRole('button', { name: 'Posting' }));
    expect(confirm).toHaveBeenCalledWith(
      'Apakah Anda yakin ingin memposting stok opname ini? Selisih akan ditulis sebagai penyesuaian stok.',
    );
    await waitFor(() => expect(posts).toEqual([{ zero_uncounted: true }]));
    expect(await screen.findByText('Stok opname berhasil diposting')).toBeInTheDocument();
    // Posted: read-only, no scan field, the result printable.
    expect(
      await screen.findByText('Sesi ini sudah ditutup dan hanya dapat dilihat.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Scan barcode')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Posting' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cetak Hasil' })).toBeInTheDocument();
    expect(
      screen.getByText('Nilai selisih memakai harga beli saat posting dan tidak berubah lagi.'),
    ).toBeInTheDocument();
  });

  it('does nothing when Posting or Batalkan is not confirmed; Batalkan when confirmed', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAs('manager', '/stock-opname?sesi=3');
    await user.click(await screen.findByRole('button', { name: 'Tinjauan' }));
    await user.click(screen.getByRole('button', { name: 'Posting' }));
    await user.click(screen.getByRole('button', { name: 'Batalkan' }));
    expect(posts).toHaveLength(0);
    expect(cancels).toBe(0);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Batalkan' }));
    expect(confirm).toHaveBeenLastCalledWith(
      'Apakah Anda yakin ingin membatalkan sesi stok opname ini?',
    );
    expect(await screen.findByText('Sesi stok opname berhasil dibatalkan')).toBeInTheDocument();
    expect(cancels).toBe(1);
  });

  it('shows the session posted at once when Posting is refused because another manager posted it', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager', '/stock-opname?sesi=3');
    await user.click(await screen.findByRole('button', { name: 'Tinjauan' }));
    // Another manager posts on their device first.
    session = {
      ...session,
      status: 'posted',
      posted_by: 'Manajer Lain',
      posted_at: '2026-11-24T06:00:00.000Z',
    };
    server.use(
      http.post('*/api/stock-opname/:id/post', () =>
        HttpResponse.json({ message: OPNAME_MESSAGES.readOnly('diposting') }, { status: 409 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Posting' }));
    expect(await screen.findByText(OPNAME_MESSAGES.readOnly('diposting'))).toBeInTheDocument();
    // Read again: posted by the other manager, read-only, no Posting or Batalkan left to press.
    expect(await screen.findByText(/^Diposting oleh Manajer Lain/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Posting' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Batalkan' })).toBeNull();
  });

  it('gives an admin Posting and Batalkan disabled, with the reason', async () => {
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await user.click(await screen.findByRole('button', { name: 'Tinjauan' }));
    expect(screen.getByRole('button', { name: 'Posting' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Batalkan' })).toBeDisabled();
    expect(screen.getByText('Hanya manager yang dapat memposting stok opname')).toBeInTheDocument();
  });

  it('shows an admin no cost: no Nilai Selisih column nor total, on screen or on paper', async () => {
    session = withoutCost({
      ...withCountedLine(session, line(1, 'KOPI', 'Kopi Bubuk', 10, 8)),
      status: 'posted',
      posted_by: 'Manager',
      posted_at: '2026-11-24T06:00:00.000Z',
    });
    const printed: string[][] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Hasil Stok Opname' });
      printed.push(
        within(sheet)
          .getAllByRole('row')
          .map((row) => row.textContent ?? ''),
      );
    });
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    const review = await screen.findByRole('table', { name: 'Produk yang sudah dihitung' });
    expect(
      within(review)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Kode', 'Nama Barang', 'Dihitung', 'Stok Sistem', 'Selisih']);
    const kopi = within(review).getByText('Kopi Bubuk').closest('tr') as HTMLElement;
    expect(within(kopi).getByText('-2')).toBeInTheDocument();
    expect(screen.getByText('Total Selisih:')).toBeInTheDocument();
    expect(screen.queryByText(/Nilai Selisih|Rp/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cetak Hasil' }));
    expect(printed).toHaveLength(1);
    const [rows = []] = printed;
    expect(rows[0]).toBe('KodeNama BarangDihitungStok SistemSelisih');
    expect(rows[1]).toBe('KOPIKopi Bubuk810-2');
    expect(rows.join('')).not.toMatch(/Nilai|Rp/);
  });

  it('prints a blind count sheet: the products, an empty Jumlah Fisik, no system stock', async () => {
    session = withCountedLine(session, line(1, 'KOPI', 'Kopi Bubuk', 10, 8));
    const seen: string[][] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Lembar Hitung Stok Opname' });
      seen.push(
        within(sheet)
          .getAllByRole('row')
          .map((row) => row.textContent ?? ''),
      );
    });
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    await user.click(await screen.findByRole('button', { name: 'Cetak Lembar Hitung' }));
    expect(seen).toHaveLength(1);
    const [rows = []] = seen;
    expect(rows[0]).toBe('NoRakKodeNama BarangBarcodeKategoriMerkJumlah Fisik');
    // In shelf order (issue 47): by rack, none here, then by name; counted or not.
    expect(rows[1]).toBe('1-GULAGula ArenBC-GULAMinumanKapal Api');
    expect(rows).toHaveLength(4);
    expect(screen.queryByRole('document', { name: 'Lembar Hitung Stok Opname' })).toBeNull();
  });

  it("starts a session for the racks of a prefix ('Rak')", async () => {
    const { user } = renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Sesi Baru' }));
    const dialog = screen.getByRole('dialog', { name: 'Sesi Stok Opname Baru' });
    await user.type(within(dialog).getByLabelText(/Nama Sesi/), 'Lorong A');
    await user.selectOptions(within(dialog).getByLabelText('Cakupan'), 'Rak');
    await user.click(within(dialog).getByRole('button', { name: 'Mulai Sesi' }));
    expect(within(dialog).getByText('Awalan Rak wajib diisi untuk cakupan ini')).toBeVisible();
    const prefix = within(dialog).getByLabelText(/Awalan Rak/);
    await user.type(prefix, 'A 1');
    expect(
      within(dialog).getByText(
        'Awalan Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter)',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Mulai Sesi' }));
    expect(created).toEqual([]);
    await user.clear(prefix);
    await user.type(prefix, 'a-');
    await user.click(within(dialog).getByRole('button', { name: 'Mulai Sesi' }));
    await waitFor(() =>
      expect(created).toEqual([{ name: 'Lorong A', scope: { type: 'rack', value: 'a-' } }]),
    );
  });

  it('shows the rack of each line and prints the count sheet in rack order', async () => {
    session = {
      ...session,
      lines: [
        { ...line(1, 'KOPI', 'Kopi Bubuk', 10), rack: 'B-01' },
        { ...line(2, 'TEH', 'Teh Celup', 5), rack: null },
        { ...line(3, 'GULA', 'Gula Aren', 7), rack: 'A-02' },
      ],
    };
    const seen: string[][] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Lembar Hitung Stok Opname' });
      seen.push(
        within(sheet)
          .getAllByRole('row')
          .map((row) => row.textContent ?? ''),
      );
    });
    const { user } = renderAs('admin', '/stock-opname?sesi=3');
    const kopi = (await screen.findByText('Kopi Bubuk')).closest('tr') as HTMLElement;
    expect(kopi.children[0]?.textContent).toBe('B-01');
    await user.click(screen.getByRole('button', { name: 'Cetak Lembar Hitung' }));
    expect(seen[0]?.slice(1)).toEqual([
      '1A-02GULAGula ArenBC-GULAMinumanKapal Api',
      '2B-01KOPIKopi BubukBC-KOPIMinumanKapal Api',
      '3-TEHTeh CelupBC-TEHMinumanKapal Api',
    ]);
  });
});
