import { OfflineQueue, makeStore, memoryStore, signedIn } from '@gudang/api-client';
import { setOfflineQueue } from '@gudang/api-client/testing';
import type { Return, ReturnInput, ReturnList, ReturnLookup, Role } from '@gudang/api-client';
import { addDaysIso, todayIso } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router-dom';
import { ReturnsPage } from './returns-page';

// Typing whole forms with user-event is slow on a busy machine.
jest.setTimeout(15_000);

const lookup: ReturnLookup = {
  resi_number: 'SPXID001',
  lines: [
    {
      outgoing_goods_id: 11,
      product_code: 'KAOS',
      product_name: 'Kaos Hitam',
      quantity_shipped: 3,
      quantity_returned: 1,
    },
    {
      outgoing_goods_id: 12,
      product_code: 'TOPI',
      product_name: 'Topi Navy',
      quantity_shipped: 1,
      quantity_returned: 0,
    },
  ],
};

const recorded: Return = {
  id: 5,
  resi_number: 'SPXID001',
  date: '2026-11-20',
  reason: 'Salah ukuran',
  marketplace_order_id: null,
  quantity_good: 2,
  quantity_damaged: 1,
  created_by: 'Admin Gudang',
  created_at: '2026-11-20T03:00:00.000Z',
  lines: [
    {
      id: 1,
      outgoing_goods_id: 11,
      product_id: 1,
      product_code: 'KAOS',
      product_name: 'Kaos Hitam',
      quantity: 2,
      condition: 'good',
      damaged_goods_id: null,
    },
    {
      id: 2,
      outgoing_goods_id: 12,
      product_id: 2,
      product_code: 'TOPI',
      product_name: 'Topi Navy',
      quantity: 1,
      condition: 'damaged',
      damaged_goods_id: 9,
    },
  ],
};

const page = (data: Return[]): ReturnList => ({
  data,
  pagination: { page: 1, limit: 10, total: data.length, totalPages: data.length ? 1 : 0 },
});

let returns: Return[] = [];
const posted: ReturnInput[] = [];
const postedIds: (string | undefined)[] = [];
const listQueries: URLSearchParams[] = [];
const deleted: string[] = [];

const server = setupServer(
  http.get('*/api/returns/lookup/:resi', ({ params }) =>
    String(params.resi).toLowerCase() === 'spxid001'
      ? HttpResponse.json(lookup)
      : HttpResponse.json(
          { message: 'Tidak ada Barang Keluar dengan nomor resi ini' },
          { status: 404 },
        ),
  ),
  http.get('*/api/returns', ({ request }) => {
    listQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json(page(returns));
  }),
  http.post('*/api/returns', async ({ request }) => {
    const { client_id: clientId, ...body } = (await request.json()) as ReturnInput;
    posted.push(body);
    postedIds.push(clientId);
    returns = [recorded];
    return HttpResponse.json(
      { message: 'Retur berhasil disimpan', data: recorded },
      { status: 201 },
    );
  }),
  http.delete('*/api/returns/:id', ({ params }) => {
    deleted.push(String(params.id));
    returns = [];
    return HttpResponse.json({ message: 'Retur berhasil dihapus' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => setOfflineQueue(new OfflineQueue(memoryStore())));
afterEach(() => {
  server.resetHandlers();
  returns = [];
  posted.length = 0;
  postedIds.length = 0;
  listQueries.length = 0;
  deleted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function Url() {
  const location = useLocation();
  return <output data-testid="url">{location.search}</output>;
}

function renderAs(role: Role, route = '/returns') {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: `${role}@gudang.test`, name: 'Admin Gudang', role },
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ReturnsPage />
      <Url />
    </>,
    { store, route },
  );
  return { user };
}

const scanField = () => screen.getByLabelText('Scan resi');

/** The browser's connection as navigator.onLine and its events say. */
function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('ReturnsPage offline (issue 48)', () => {
  it('keeps Simpan of an opened package offline, records it online once, and lists a refusal', async () => {
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('spxid001{Enter}');
    await screen.findByRole('table', { name: 'Barang Keluar resi ini' });
    setOnline(false);
    await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '2');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Salah ukuran');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    expect(
      await screen.findByText('Offline: 1 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    // Nothing recorded on the phone: no request, the list still empty.
    expect(posted).toEqual([]);
    expect(screen.getByText('Tidak ada data retur')).toBeInTheDocument();

    // The same package again, the second time refused by the server (returned meanwhile).
    await user.click(scanField());
    await user.keyboard('spxid001{Enter}');
    await screen.findByRole('table', { name: 'Barang Keluar resi ini' });
    await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '2');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Lagi');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    expect(
      await screen.findByText('Offline: 2 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();

    server.use(
      http.post('*/api/returns', async ({ request }) => {
        const { client_id: clientId, ...body } = (await request.json()) as ReturnInput;
        if (posted.length > 0)
          return HttpResponse.json(
            { message: 'Jumlah retur Kaos Hitam melebihi sisa yang dikirim (0)' },
            { status: 409 },
          );
        posted.push(body);
        postedIds.push(clientId);
        returns = [recorded];
        return HttpResponse.json(
          { message: 'Retur berhasil disimpan', data: recorded },
          { status: 201 },
        );
      }),
    );
    setOnline(true);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      resi_number: 'SPXID001',
      date: todayIso(),
      reason: 'Salah ukuran',
      lines: [{ outgoing_goods_id: 11, quantity: 2, condition: 'good' }],
    });
    expect(postedIds).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    const refused = await screen.findByRole('region', {
      name: 'Scan tersimpan yang ditolak server',
    });
    expect(refused).toHaveTextContent(
      'SPXID001: Jumlah retur Kaos Hitam melebihi sisa yang dikirim (0)',
    );
    // The recorded return shows in the list once the server has it.
    const list = await screen.findByRole('table', { name: 'Daftar Retur' });
    expect(await within(list).findByText('SPXID001')).toBeInTheDocument();
  });
});

describe('ReturnsPage offline, a resi never opened (issue 48)', () => {
  it('scans the barcodes of a package offline and sends them for the server to match', async () => {
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    // No network: the records cannot be read.
    server.use(http.get('*/api/returns/lookup/:resi', () => HttpResponse.error()));
    setOnline(false);
    await user.click(scanField());
    await user.keyboard('spxid009{Enter}');
    const pkg = await screen.findByRole('region', { name: 'Retur offline' });
    expect(pkg).toHaveTextContent(
      'Resi spxid009 (offline: Barang Keluar dicek server saat online)',
    );
    // The field now takes the items; the resi again is not one; any letter case is one barcode.
    const itemField = screen.getByLabelText('Scan barcode barang');
    await user.type(itemField, 'KAOS-HTM{Enter}');
    await user.type(itemField, 'kaos-htm{Enter}');
    await user.type(itemField, 'spxid009{Enter}');
    await user.type(itemField, 'TOPI-NVY{Enter}');
    const items = within(pkg).getByRole('list', { name: 'Barang yang discan offline' });
    expect(items).toHaveTextContent('KAOS-HTM: 2');
    expect(items).toHaveTextContent('TOPI-NVY: 1');
    expect(items).not.toHaveTextContent('spxid009');
    await user.selectOptions(within(pkg).getByLabelText('Kondisi TOPI-NVY'), 'Rusak');
    // The reason is asked before anything is kept.
    await user.click(within(pkg).getByRole('button', { name: 'Simpan Retur' }));
    expect(await within(pkg).findByText('Alasan Retur wajib diisi')).toBeInTheDocument();
    await user.type(within(pkg).getByLabelText(/Alasan Retur/), 'Paket kembali');
    await user.click(within(pkg).getByRole('button', { name: 'Simpan Retur' }));
    expect(
      await screen.findByText('Offline: 1 scan tersimpan di perangkat ini'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Retur offline' })).toBeNull();
    expect(screen.getByLabelText('Scan resi')).toBeInTheDocument();
    expect(posted).toEqual([]);

    setOnline(true);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      resi_number: 'spxid009',
      date: todayIso(),
      reason: 'Paket kembali',
      lines: [
        { barcode: 'KAOS-HTM', quantity: 2, condition: 'good' },
        { barcode: 'TOPI-NVY', quantity: 1, condition: 'damaged' },
      ],
    });
    expect(postedIds).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });
});

describe('ReturnsPage', () => {
  it('records a return of a scanned resi: good back to stock, damaged apart', async () => {
    const { user } = renderAs('admin');
    expect(await screen.findByText('Tidak ada data retur')).toBeInTheDocument();
    expect(scanField()).toHaveFocus();
    // A scanner types the resi and Enter into the focused field.
    await user.keyboard('spxid001{Enter}');
    const lines = await screen.findByRole('table', { name: 'Barang Keluar resi ini' });
    const kaos = within(lines).getByText('Kaos Hitam').closest('tr') as HTMLElement;
    expect(within(kaos).getByText('3')).toBeInTheDocument();
    expect(within(kaos).getByText('/ 2', { exact: false })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '2');
    await user.type(screen.getByLabelText('Jumlah retur Topi Navy'), '1');
    await user.selectOptions(screen.getByLabelText('Kondisi Topi Navy'), 'Rusak');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Salah ukuran');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));

    await waitFor(() =>
      expect(posted).toEqual([
        {
          resi_number: 'SPXID001',
          date: todayIso(),
          reason: 'Salah ukuran',
          lines: [
            { outgoing_goods_id: 11, quantity: 2, condition: 'good' },
            { outgoing_goods_id: 12, quantity: 1, condition: 'damaged' },
          ],
        },
      ]),
    );
    expect(await screen.findByText('Retur berhasil disimpan')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Barang Keluar resi ini' })).toBeNull();
    const list = await screen.findByRole('table', { name: 'Daftar Retur' });
    expect(await within(list).findByText('SPXID001')).toBeInTheDocument();
    const line = within(list).getByText(
      (_text, element) =>
        element?.tagName === 'LI' && element.textContent === 'Topi Navy (TOPI) x1, Rusak',
    );
    // On a phone the line wraps between words, never inside '(RMT-003)' or 'x12'.
    expect(getComputedStyle(within(line).getByText('(TOPI)')).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(within(line).getByText('x1')).whiteSpace).toBe('nowrap');
    expect(scanField()).toHaveFocus();
  });

  it('says so when no Barang Keluar has the resi', async () => {
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('NOPE{Enter}');
    // The field is empty again for the next scan; the message names the resi scanned.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tidak ada Barang Keluar dengan nomor resi ini: NOPE',
    );
    expect(screen.getByRole('textbox', { name: 'Scan resi' })).toHaveValue('');
    expect(screen.queryByRole('table', { name: 'Barang Keluar resi ini' })).toBeNull();
  });

  it('refuses more than shipped minus returned, no quantity at all, and an empty reason', async () => {
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('SPXID001{Enter}');
    await screen.findByRole('table', { name: 'Barang Keluar resi ini' });

    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    expect(screen.getByText('Isi jumlah retur minimal satu barang')).toBeInTheDocument();
    expect(screen.getByText('Alasan Retur wajib diisi')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '3');
    expect(screen.getByText('Maksimal 2')).toBeInTheDocument();
    // Letters or a minus say what the field takes, naming it (not just 'Jumlah').
    for (const typed of ['-1', 'dua']) {
      await user.clear(screen.getByLabelText('Jumlah retur Kaos Hitam'));
      await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), typed);
      expect(screen.getByText(/^Jumlah Retur harus/)).toBeInTheDocument();
    }
    await user.clear(screen.getByLabelText('Jumlah retur Kaos Hitam'));
    await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '3');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Rusak di jalan');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    expect(posted).toHaveLength(0);
  });

  it("shows the server's refusal and keeps the form", async () => {
    server.use(
      http.post('*/api/returns', () =>
        HttpResponse.json(
          {
            message: 'Jumlah retur Kaos Hitam melebihi yang dikirim. Sisa yang dapat diretur: 0',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('SPXID001{Enter}');
    await screen.findByRole('table', { name: 'Barang Keluar resi ini' });
    await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '1');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Salah warna');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Jumlah retur Kaos Hitam melebihi yang dikirim. Sisa yang dapat diretur: 0',
    );
    expect(screen.getByRole('table', { name: 'Barang Keluar resi ini' })).toBeInTheDocument();
  });

  it('reads the package and the list again after a refused save, keeping what still fits', async () => {
    // SPXQA00001 is open on two devices; the other one saves 1 Kaos (Baik) and 1 Sunscreen
    // (Rusak) first, then this one's 2 Kaos is refused.
    const kaos = { product_code: 'KAOS', product_name: 'Kaos', quantity_shipped: 2 };
    const sunscreen = { product_code: 'SUN', product_name: 'Sunscreen', quantity_shipped: 1 };
    let returned = { kaos: 0, sunscreen: 0 };
    const otherDevice: Return = {
      ...recorded,
      id: 8,
      resi_number: 'SPXQA00001',
      reason: 'Dari perangkat lain',
      quantity_good: 1,
      quantity_damaged: 1,
      lines: [
        {
          id: 3,
          outgoing_goods_id: 21,
          product_id: 1,
          product_code: 'KAOS',
          product_name: 'Kaos',
          quantity: 1,
          condition: 'good',
          damaged_goods_id: null,
        },
        {
          id: 4,
          outgoing_goods_id: 22,
          product_id: 3,
          product_code: 'SUN',
          product_name: 'Sunscreen',
          quantity: 1,
          condition: 'damaged',
          damaged_goods_id: 10,
        },
      ],
    };
    server.use(
      http.get('*/api/returns/lookup/:resi', () =>
        HttpResponse.json({
          resi_number: 'SPXQA00001',
          lines: [
            { ...kaos, outgoing_goods_id: 21, quantity_returned: returned.kaos },
            { ...sunscreen, outgoing_goods_id: 22, quantity_returned: returned.sunscreen },
          ],
        } satisfies ReturnLookup),
      ),
      http.post('*/api/returns', async ({ request }) => {
        const { client_id: _clientId, ...body } = (await request.json()) as ReturnInput;
        const kaosLeft = kaos.quantity_shipped - returned.kaos;
        const kaosAsked = body.lines
          .filter((line) => line.outgoing_goods_id === 21)
          .reduce((sum, line) => sum + line.quantity, 0);
        if (kaosAsked > kaosLeft || body.lines.some((line) => line.outgoing_goods_id === 22))
          return HttpResponse.json(
            {
              message: `Jumlah retur Kaos melebihi yang dikirim. Sisa yang dapat diretur: ${kaosLeft}`,
            },
            { status: 400 },
          );
        posted.push(body);
        return HttpResponse.json(
          { message: 'Retur berhasil disimpan', data: recorded },
          { status: 201 },
        );
      }),
    );
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('SPXQA00001{Enter}');
    const lines = await screen.findByRole('table', { name: 'Barang Keluar resi ini' });
    const returnedOf = (name: string) =>
      within(within(lines).getByText(name).closest('tr') as HTMLElement).getAllByRole('cell')[3];
    expect(returnedOf('Kaos')).toHaveTextContent(/^0$/);
    await user.type(screen.getByLabelText('Jumlah retur Kaos'), '2');
    await user.type(screen.getByLabelText('Jumlah retur Sunscreen'), '1');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Salah kirim');

    // The other device's return is recorded meanwhile.
    returned = { kaos: 1, sunscreen: 1 };
    returns = [otherDevice];
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Jumlah retur Kaos melebihi yang dikirim. Sisa yang dapat diretur: 1',
    );
    // The package as it is now: what was returned, and what is left to return.
    await waitFor(() => expect(returnedOf('Kaos')).toHaveTextContent(/^1$/));
    expect(returnedOf('Sunscreen')).toHaveTextContent(/^1$/);
    expect(screen.queryByLabelText('Jumlah retur Sunscreen')).toBeNull();
    const list = screen.getByRole('table', { name: 'Daftar Retur' });
    expect(await within(list).findByText('Dari perangkat lain')).toBeInTheDocument();
    expect(within(list).getByText('SPXQA00001')).toBeInTheDocument();
    // The refusal stays, and so does what was typed where it can still be corrected.
    expect(screen.getByRole('alert')).toHaveTextContent('Sisa yang dapat diretur: 1');
    expect(screen.getByLabelText('Jumlah retur Kaos')).toHaveValue('2');
    expect(screen.getByText('Maksimal 1')).toBeInTheDocument();
    expect(screen.getByLabelText(/Alasan Retur/)).toHaveValue('Salah kirim');

    await user.clear(screen.getByLabelText('Jumlah retur Kaos'));
    await user.type(screen.getByLabelText('Jumlah retur Kaos'), '1');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          resi_number: 'SPXQA00001',
          date: todayIso(),
          reason: 'Salah kirim',
          lines: [{ outgoing_goods_id: 21, quantity: 1, condition: 'good' }],
        },
      ]),
    );
  });

  it('says once that another device returned the whole package when a save is refused for it', async () => {
    let returned = 0;
    server.use(
      http.get('*/api/returns/lookup/:resi', () =>
        HttpResponse.json({
          resi_number: 'SPXQA00002',
          lines: [
            {
              outgoing_goods_id: 31,
              product_code: 'KAOS',
              product_name: 'Kaos',
              quantity_shipped: 2,
              quantity_returned: returned,
            },
          ],
        } satisfies ReturnLookup),
      ),
      http.post('*/api/returns', () =>
        HttpResponse.json(
          { message: 'Jumlah retur Kaos melebihi yang dikirim. Sisa yang dapat diretur: 0' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('SPXQA00002{Enter}');
    await user.type(await screen.findByLabelText('Jumlah retur Kaos'), '2');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Salah kirim');
    returned = 2;
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    await waitFor(() => expect(screen.queryByLabelText('Jumlah retur Kaos')).toBeNull());
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Retur ini tidak disimpan: barang resi ini baru saja diretur dari perangkat lain (lihat Daftar Retur)',
    ]);
    expect(screen.getByText('Semua barang resi ini sudah diretur')).toBeInTheDocument();
  });

  it('lists 7 days either side by default and keeps search, dates and size in the URL', async () => {
    returns = [recorded];
    const today = todayIso();
    const { user } = renderAs('admin');
    await screen.findByText('Salah ukuran');
    expect(listQueries[0]?.get('startDate')).toBe(addDaysIso(today, -7));
    expect(listQueries[0]?.get('endDate')).toBe(addDaysIso(today, 7));
    expect(screen.getByTestId('url')).toHaveTextContent(/^$/);

    await user.type(screen.getByPlaceholderText('Cari resi, barang atau alasan...'), 'SPX');
    await waitFor(() => expect(screen.getByTestId('url')).toHaveTextContent('search=SPX'));
    const start = screen.getByLabelText('Tanggal Mulai');
    await user.clear(start);
    await user.type(start, addDaysIso(today, -30));
    await waitFor(() =>
      expect(screen.getByTestId('url')).toHaveTextContent(`startDate=${addDaysIso(today, -30)}`),
    );
    await waitFor(() => expect(listQueries.at(-1)?.get('search')).toBe('SPX'));
    expect(listQueries.at(-1)?.get('startDate')).toBe(addDaysIso(today, -30));
  });

  it('lets a manager delete a return after confirming', async () => {
    returns = [recorded];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAs('manager');
    const list = await screen.findByRole('table', { name: 'Daftar Retur' });
    await within(list).findByText('Salah ukuran');
    await user.click(within(list).getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus data ini?');
    expect(deleted).toHaveLength(0);
    confirm.mockReturnValue(true);
    await user.click(within(list).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Retur berhasil dihapus')).toBeInTheDocument();
    expect(deleted).toEqual(['5']);
  });

  describe('one record in both conditions (Pisah kondisi)', () => {
    // Three units of one Barang Keluar record, none returned before.
    const threeKaos: ReturnLookup = {
      resi_number: 'SPXID003',
      lines: [
        {
          outgoing_goods_id: 31,
          product_code: 'KAOS',
          product_name: 'Kaos Hitam',
          quantity_shipped: 3,
          quantity_returned: 0,
        },
        {
          outgoing_goods_id: 32,
          product_code: 'TOPI',
          product_name: 'Topi Navy',
          quantity_shipped: 1,
          quantity_returned: 0,
        },
      ],
    };
    beforeEach(() => {
      server.use(http.get('*/api/returns/lookup/:resi', () => HttpResponse.json(threeKaos)));
    });

    async function openKaos(user: ReturnType<typeof userEvent.setup>) {
      await screen.findByText('Tidak ada data retur');
      await user.keyboard('SPXID003{Enter}');
      await screen.findByRole('table', { name: 'Barang Keluar resi ini' });
    }

    it('saves 2 good + 1 damaged of one record as two lines of it', async () => {
      const { user } = renderAs('admin');
      await openKaos(user);
      // A single unit cannot be in two conditions.
      expect(screen.queryByRole('button', { name: 'Pisah kondisi Topi Navy' })).toBeNull();
      await user.type(screen.getByLabelText('Jumlah retur Kaos Hitam'), '2');
      await user.click(screen.getByRole('button', { name: 'Pisah kondisi Kaos Hitam' }));
      // What was typed stays, in its condition; the limit is over both.
      expect(screen.getByLabelText('Jumlah baik Kaos Hitam')).toHaveValue('2');
      expect(screen.getByLabelText('Jumlah rusak Kaos Hitam')).toHaveValue('');
      expect(screen.getByText('maks 3')).toBeInTheDocument();
      expect(screen.queryByLabelText('Kondisi Kaos Hitam')).toBeNull();
      await user.type(screen.getByLabelText('Jumlah rusak Kaos Hitam'), '1');
      await user.type(screen.getByLabelText(/Alasan Retur/), 'Sobek satu');
      await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
      await waitFor(() =>
        expect(posted).toEqual([
          {
            resi_number: 'SPXID003',
            date: todayIso(),
            reason: 'Sobek satu',
            lines: [
              { outgoing_goods_id: 31, quantity: 2, condition: 'good' },
              { outgoing_goods_id: 31, quantity: 1, condition: 'damaged' },
            ],
          },
        ]),
      );
    });

    it('refuses more than is left over both conditions', async () => {
      const { user } = renderAs('admin');
      await openKaos(user);
      await user.click(screen.getByRole('button', { name: 'Pisah kondisi Kaos Hitam' }));
      await user.type(screen.getByLabelText('Jumlah baik Kaos Hitam'), '2');
      await user.type(screen.getByLabelText('Jumlah rusak Kaos Hitam'), '2');
      expect(screen.getByText('Maksimal 3')).toBeInTheDocument();
      await user.clear(screen.getByLabelText('Jumlah rusak Kaos Hitam'));
      await user.type(screen.getByLabelText('Jumlah rusak Kaos Hitam'), 'x');
      expect(screen.getByText(/^Jumlah Rusak harus/)).toBeInTheDocument();
      await user.type(screen.getByLabelText(/Alasan Retur/), 'Sobek');
      await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
      expect(posted).toHaveLength(0);
    });

    it("goes back to one condition with 'Satu kondisi', keeping the units typed", async () => {
      const { user } = renderAs('admin');
      await openKaos(user);
      await user.click(screen.getByRole('button', { name: 'Pisah kondisi Kaos Hitam' }));
      await user.type(screen.getByLabelText('Jumlah rusak Kaos Hitam'), '2');
      await user.click(screen.getByRole('button', { name: 'Satu kondisi Kaos Hitam' }));
      expect(screen.getByLabelText('Jumlah retur Kaos Hitam')).toHaveValue('2');
      expect(screen.getByLabelText('Kondisi Kaos Hitam')).toHaveValue('damaged');
      expect(screen.queryByLabelText('Jumlah baik Kaos Hitam')).toBeNull();
    });
  });

  it("opens the original package from a return file's tracking number and says so", async () => {
    server.use(
      http.get('*/api/returns/lookup/:resi', ({ params }) =>
        String(params.resi) === 'JX1234567890'
          ? HttpResponse.json({ ...lookup, return_tracking: 'JX1234567890' })
          : HttpResponse.json({ message: 'Tidak ada' }, { status: 404 }),
      ),
    );
    const { user } = renderAs('admin');
    await screen.findByText('Tidak ada data retur');
    await user.keyboard('JX1234567890{Enter}');
    expect(await screen.findByRole('heading', { name: 'Resi SPXID001' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Resi retur JX1234567890 dari file pengembalian marketplace: paket asli resi SPXID001',
    );
    await user.type(screen.getByLabelText('Jumlah retur Topi Navy'), '1');
    await user.type(screen.getByLabelText(/Alasan Retur/), 'Gagal kirim');
    await user.click(screen.getByRole('button', { name: 'Simpan Retur' }));
    // Saved under the original resi, which the board matches to the request.
    await waitFor(() => expect(posted[0]?.resi_number).toBe('SPXID001'));
  });

  it('gives an admin a disabled delete with the manager-only reason', async () => {
    returns = [recorded];
    renderAs('admin');
    const list = await screen.findByRole('table', { name: 'Daftar Retur' });
    await within(list).findByText('Salah ukuran');
    expect(
      within(list).getByRole('button', { name: 'Hanya manager yang dapat menghapus data' }),
    ).toBeDisabled();
  });
});
