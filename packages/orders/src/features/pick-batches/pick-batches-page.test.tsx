// Node.js's File (msw hands the upload over as one), which jest runs this test in.
/// <reference types="node" />
import { makeStore, pickBatchNumber, signedIn } from '@gudang/api-client';
import type {
  PickBatch,
  PickBatchInput,
  PickBatchLine,
  PickBatchSummary,
  PickInput,
  Role,
} from '@gudang/api-client';
import { PickBatchList, PickBatchResponse } from '@gudang/api-client/contract';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import { useLocation } from 'react-router-dom';
import { PickBatchesPage } from './pick-batches-page';

jest.setTimeout(15_000);

const line = (
  id: number,
  code: string,
  name: string,
  rack: string | null,
  quantity: number,
  extra: Partial<PickBatchLine> = {},
): PickBatchLine => ({
  product_id: id,
  product_code: code,
  product_name: name,
  barcode_id: `BC-${code}`,
  rack,
  quantity,
  picked: 0,
  short: 0,
  current_stock: 50,
  short_orders: [],
  ...extra,
});

const summaryOf = (batch: PickBatch): PickBatchSummary => {
  const { orders: _orders, lines: _lines, ...summary } = batch;
  return summary;
};

function makeBatch(id: number, overrides: Partial<PickBatch> = {}): PickBatch {
  const lines = overrides.lines ?? [
    line(1, 'KAOS', 'Kaos Hitam', 'A-01', 3),
    line(2, 'TOPI', 'Topi Navy', 'A-02', 1, {
      short: 1,
      current_stock: 0,
      short_orders: [{ order_id: 11, order_number: 'SP-11', resi_number: 'RESI11', quantity: 1 }],
    }),
    line(3, 'CLN', 'Celana', null, 2),
  ];
  return {
    id,
    number: pickBatchNumber(id),
    status: 'open',
    channel: 'shopee',
    store_id: null,
    store: null,
    courier: 'SPX Standard',
    startDate: null,
    endDate: null,
    order_count: 2,
    shipped_count: 0,
    units: lines.reduce((sum, row) => sum + row.quantity, 0),
    picked_units: lines.reduce((sum, row) => sum + row.picked, 0),
    short_lines: lines.filter((row) => row.short > 0).length,
    skipped: { marketplace_fulfilled: 1, no_resi: 2 },
    created_by: 'Manager',
    created_at: '2026-11-24T02:00:00.000Z',
    cancelled_by: null,
    cancelled_at: null,
    orders: [
      {
        id: 10,
        position: 1,
        channel: 'shopee',
        store_id: 1,
        store: 'Shopee',
        order_number: 'SP-10',
        resi_number: 'RESI10',
        courier: 'SPX Standard',
        date: '2026-11-24',
        status: 'perlu_dikirim',
        quantity: 4,
        shipped: false,
      },
      {
        id: 11,
        position: 2,
        channel: 'shopee',
        store_id: 1,
        store: 'Shopee',
        order_number: 'SP-11',
        resi_number: 'RESI11',
        courier: 'SPX Standard',
        date: '2026-11-24',
        status: 'perlu_dikirim',
        quantity: 2,
        shipped: false,
      },
    ],
    lines,
    ...overrides,
  };
}

let batches: PickBatch[] = [];
const listQueries: URLSearchParams[] = [];
const availableQueries: URLSearchParams[] = [];
const created: PickBatchInput[] = [];
const picks: PickInput[] = [];
const cancelled: number[] = [];
let createRefusal: { message: string; skipped: PickBatch['skipped'] } | null = null;
const labelUploads: { mode: string; batch_id: string | null; file: string }[] = [];

const server = setupServer(
  http.get('*/api/marketplace-stores', () =>
    HttpResponse.json({
      data: [
        {
          id: 1,
          channel: 'shopee',
          name: 'Shopee',
          buffer: null,
          effective_buffer: 0,
          is_default: true,
          order_count: 3,
        },
      ],
    }),
  ),
  http.get('*/api/pick-batches/available', ({ request }) => {
    availableQueries.push(new URL(request.url).searchParams);
    return HttpResponse.json({
      data: {
        orders: 12,
        skipped: { marketplace_fulfilled: 3, no_resi: 4 },
        couriers: [
          { courier: 'SPX Standard', orders: 9 },
          { courier: 'J&T Express', orders: 3 },
        ],
      },
    });
  }),
  http.get('*/api/pick-batches', ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    const status = query.get('status');
    const rows = batches.filter((batch) => status === null || batch.status === status);
    return HttpResponse.json(
      matchesContract(PickBatchList, {
        data: rows.map(summaryOf),
        pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
      }),
    );
  }),
  http.get('*/api/pick-batches/:id', ({ params }) => {
    const batch = batches.find((row) => row.id === Number(params.id));
    if (!batch)
      return HttpResponse.json({ message: 'Daftar ambil tidak ditemukan' }, { status: 404 });
    return HttpResponse.json(matchesContract(PickBatchResponse, { data: batch }));
  }),
  http.post('*/api/pick-batches', async ({ request }) => {
    const body = (await request.json()) as PickBatchInput;
    created.push(body);
    if (createRefusal) return HttpResponse.json(createRefusal, { status: 409 });
    const batch = makeBatch(40);
    batches.push(batch);
    return HttpResponse.json({ message: 'ok', data: batch }, { status: 201 });
  }),
  http.post('*/api/pick-batches/:id/picks', async ({ request, params }) => {
    const body = (await request.json()) as PickInput;
    picks.push(body);
    const batch = batches.find((row) => row.id === Number(params.id)) as PickBatch;
    const target = batch.lines.find(
      (row) => row.barcode_id === body.barcode || row.product_code === body.product_code,
    );
    if (!target)
      return HttpResponse.json(
        { message: 'Barcode tidak ditemukan dalam database' },
        { status: 404 },
      );
    const quantity = body.quantity ?? 1;
    if (target.picked + quantity > target.quantity)
      return HttpResponse.json(
        {
          message: `${target.product_name} sudah diambil semua (${target.quantity} unit): jangan ambil lagi`,
        },
        { status: 409 },
      );
    target.picked += quantity;
    batch.picked_units += quantity;
    return HttpResponse.json({
      message: 'Barang berhasil diambil',
      data: {
        line: target,
        units: batch.units,
        picked_units: batch.picked_units,
        status: batch.status,
      },
    });
  }),
  http.post('*/api/pick-batches/:id/cancel', ({ params }) => {
    const id = Number(params.id);
    cancelled.push(id);
    const batch = batches.find((row) => row.id === id) as PickBatch;
    batch.status = 'cancelled';
    return HttpResponse.json({ message: 'Daftar ambil berhasil dibatalkan', data: batch });
  }),
  http.post('*/api/shipping-labels', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file') as File;
    labelUploads.push({
      mode: String(form.get('mode')),
      batch_id: form.get('batch_id') as string | null,
      file: file.name,
    });
    return new HttpResponse(new Blob(['%PDF-1.7 test']), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="label-isi.pdf"',
        'X-Gudang-Unmatched': '2',
        'X-Gudang-Report-Id': '77',
      },
    });
  }),
  http.get('*/api/shipping-labels/77/report', () =>
    HttpResponse.json({
      id: 77,
      file_name: 'label.pdf',
      mode: 'on_label',
      batch_id: 5,
      pages: 4,
      output_pages: 4,
      matched: 2,
      unmatched: [
        { page: 2, reason: 'unknown_resi', resi: 'SPXID999' },
        { page: 4, reason: 'no_text', resi: null },
      ],
      slipped: [],
      shortened: [],
      missing: [{ position: 3, order_number: '250901ABCD', resi_number: 'SPXID0003' }],
      created_at: '2026-11-24T02:00:00.000Z',
    }),
  ),
);

function Url() {
  const location = useLocation();
  return <output aria-label="url">{`${location.pathname}${location.search}`}</output>;
}

function renderAs(role: Role, route = '/pick-batches') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(
    <>
      <PickBatchesPage />
      <Url />
    </>,
    { store, route },
  );
}

const downloads: string[] = [];
const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  batches = [makeBatch(5), makeBatch(6, { status: 'packed' })];
  // jsbarcode measures the text under the bars on a canvas, which jsdom does not draw.
  const context = new Proxy(
    { measureText: (text: string) => ({ width: text.length * 10 }) },
    {
      get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined),
      set: () => true,
    },
  );
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  URL.createObjectURL = jest.fn(() => 'blob:test/1');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  server.resetHandlers();
  listQueries.length = 0;
  availableQueries.length = 0;
  created.length = 0;
  picks.length = 0;
  cancelled.length = 0;
  labelUploads.length = 0;
  downloads.length = 0;
  createRefusal = null;
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const urlText = () => screen.getByLabelText('url').textContent;

describe('Daftar Ambil', () => {
  it('lists the batches with their status in the URL', async () => {
    const { user } = renderAs('admin');
    const table = await screen.findByRole('table', { name: 'Daftar Ambil' });
    expect(await within(table).findByText('DA-000005')).toBeInTheDocument();
    expect(within(table).getByText('DA-000006')).toBeInTheDocument();
    // 'Shopee · SPX Standard': what the batch was made of; 0 of 2 orders, 0 of 6 units.
    const row = within(table).getByText('DA-000005').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Terbuka');
    expect(row).toHaveTextContent('Shopee · SPX Standard');
    expect(row).toHaveTextContent('0 / 6');

    await user.selectOptions(screen.getByLabelText('Status'), 'packed');
    await waitFor(() => expect(urlText()).toBe('/pick-batches?status=packed'));
    await waitFor(() => expect(within(table).queryByText('DA-000005')).toBeNull());
    expect(listQueries.at(-1)?.get('status')).toBe('packed');
  });

  it('builds a batch from the filters, 100 orders by default, and opens it', async () => {
    const { user } = renderAs('manager');
    await user.click(await screen.findByRole('button', { name: 'Buat Daftar Ambil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat Daftar Ambil' });
    expect(
      await within(dialog).findByText('12 pesanan siap diambil dengan filter ini'),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Tidak ikut: 3 dikirim oleh marketplace, 4 belum ada resi'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Jumlah Pesanan Maksimal')).toHaveValue('100');

    await user.selectOptions(within(dialog).getByLabelText('Marketplace'), 'shopee');
    await user.selectOptions(within(dialog).getByLabelText('Kurir'), 'J&T Express');
    await waitFor(() => expect(availableQueries.at(-1)?.get('courier')).toBe('J&T Express'));
    expect(availableQueries.at(-1)?.get('channel')).toBe('shopee');
    const limit = within(dialog).getByLabelText('Jumlah Pesanan Maksimal');
    await user.clear(limit);
    await user.type(limit, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Buat' }));

    await waitFor(() =>
      expect(created).toEqual([{ channel: 'shopee', courier: 'J&T Express', limit: 50 }]),
    );
    await waitFor(() => expect(urlText()).toBe('/pick-batches?batch=40'));
    expect(await screen.findByText('Daftar ambil DA-000040 dibuat: 2 pesanan')).toBeInTheDocument();
  });

  it('says why no batch was made, with the orders left out', async () => {
    createRefusal = {
      message: 'Tidak ada pesanan Perlu Dikirim yang dapat diambil dengan filter ini',
      skipped: { marketplace_fulfilled: 5, no_resi: 1 },
    };
    const { user } = renderAs('admin');
    await user.click(await screen.findByRole('button', { name: 'Buat Daftar Ambil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat Daftar Ambil' });
    await user.click(within(dialog).getByRole('button', { name: 'Buat' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Tidak ada pesanan Perlu Dikirim yang dapat diambil dengan filter ini',
    );
    expect(alert).toHaveTextContent('Tidak ikut: 5 dikirim oleh marketplace, 1 belum ada resi');
    expect(created).toEqual([{ limit: 100 }]);
  });

  it('shows the pick list by rack with the short products and their orders', async () => {
    renderAs('admin', '/pick-batches?batch=5');
    const table = await screen.findByRole('table', { name: 'Daftar Barang' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The server's order (rack, then code; no rack last), kept.
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'KAOS',
      'TOPI',
      'CLN',
    ]);
    expect(rows[1]).toHaveTextContent('Kurang 1 · Pesanan: SP-11 (1)');
    expect(rows[2]?.querySelectorAll('td')[1]?.textContent).toBe('-');
    expect(
      screen.getByText('1 produk stoknya kurang: pesanannya disebut di barisnya'),
    ).toBeVisible();
    expect(screen.getByText('0 dari 6 unit diambil')).toBeInTheDocument();
  });

  it('names an order cancelled since the batch was made and says to put its units back', async () => {
    const batch = makeBatch(5);
    batches = [
      {
        ...batch,
        orders: batch.orders.map((order) =>
          order.id === 11 ? { ...order, status: 'batal' as const } : order,
        ),
      },
    ];
    renderAs('admin', '/pick-batches?batch=5');
    const orders = await screen.findByRole('table', { name: 'Daftar Pesanan' });
    const row = within(orders).getByRole('row', { name: /SP-11/ });
    expect(row).toHaveTextContent('Batal');
    expect(row).toHaveAttribute('data-dropped', 'true');
    expect(within(orders).getByRole('row', { name: /SP-10/ })).not.toHaveTextContent('Batal');
    expect(
      screen.getByText(
        '1 pesanan tidak dapat dikirim lagi (lihat kolom Terkirim): kembalikan barangnya ke rak',
      ),
    ).toBeVisible();
  });

  it('ticks a unit per scan, refuses too many with its name, and shows the progress', async () => {
    const { user } = renderAs('admin', '/pick-batches?batch=5');
    const field = await screen.findByLabelText('Scan Barcode Produk');
    await user.type(field, 'BC-TOPI{Enter}');
    expect(await screen.findByText('Topi Navy: 1 / 1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1 dari 6 unit diambil')).toBeInTheDocument());
    await user.type(field, 'BC-TOPI{Enter}');
    // The product's own refusal, without the scanned code tacked on after it.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Topi Navy sudah diambil semua \(1 unit\): jangan ambil lagi$/,
    );
    // An unknown barcode is named.
    await user.type(field, 'BC-ENTAH{Enter}');
    expect(
      await screen.findByText('Barcode tidak ditemukan dalam database: BC-ENTAH'),
    ).toBeInTheDocument();
    expect(picks).toEqual([
      { barcode: 'BC-TOPI' },
      { barcode: 'BC-TOPI' },
      { barcode: 'BC-ENTAH' },
    ]);

    // The checkbox takes what is left of a line.
    await user.click(screen.getByRole('checkbox', { name: 'Ambil Kaos Hitam' }));
    await waitFor(() => expect(picks.at(-1)).toEqual({ product_code: 'KAOS', quantity: 3 }));
    await waitFor(() => expect(screen.getByText('4 dari 6 unit diambil')).toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: 'Ambil Kaos Hitam' })).toBeChecked();
  });

  it('prints the list on A4 with Dicetak pada, the number as a barcode and the orders', async () => {
    const printed: { rows: string[]; text: string; barcode: string | null }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Daftar Ambil DA-000005' });
      printed.push({
        rows: within(sheet)
          .getAllByRole('row')
          .map((row) => row.textContent ?? ''),
        text: sheet.textContent ?? '',
        barcode: sheet.querySelector('svg[data-barcode]')?.getAttribute('data-barcode') ?? null,
      });
    });
    const { user } = renderAs('admin', '/pick-batches?batch=5');
    await user.click(await screen.findByRole('button', { name: 'Cetak A4' }));
    expect(printed).toHaveLength(1);
    const [sheet] = printed;
    expect(sheet?.barcode).toBe('DA-000005');
    expect(sheet?.text).toMatch(/Dicetak pada: /);
    expect(sheet?.rows.slice(0, 5)).toEqual([
      'AmbilRakKodeNama BarangJumlah',
      'A-01KAOSKaos Hitam3',
      'A-02TOPITopi NavyKurang 1 · Pesanan: SP-11 (1)1',
      '-CLNCelana2',
      'Total: 6 unit, 3 produk6',
    ]);
    expect(sheet?.rows).toContain('1SP-10RESI10SPX Standard4');
    expect(sheet?.rows).toContain('2SP-11RESI11SPX Standard2');
    // Gone again after the dialog closed.
    expect(screen.queryByRole('document', { name: 'Daftar Ambil DA-000005' })).toBeNull();
  });

  it('prints the list on a label of its own: number, barcode, rack and units per line', async () => {
    const printed: { rows: string[]; barcode: string | null }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Daftar Ambil DA-000005 (label)' });
      printed.push({
        rows: within(sheet)
          .getAllByRole('row')
          .map((row) => row.textContent ?? ''),
        barcode: sheet.querySelector('svg[data-barcode]')?.getAttribute('data-barcode') ?? null,
      });
    });
    const { user } = renderAs('admin', '/pick-batches?batch=5');
    await user.click(await screen.findByRole('button', { name: 'Cetak Label 100 x 150' }));
    expect(printed).toEqual([
      {
        barcode: 'DA-000005',
        rows: [
          'RakNama BarangJml',
          'A-01KAOS Kaos Hitam3',
          'A-02TOPI Topi NavyKurang 11',
          '-CLN Celana2',
        ],
      },
    ]);
  });

  it("opens Scan Kirim with the batch on 'Mulai Kemas'", async () => {
    const { user } = renderAs('admin', '/pick-batches?batch=5');
    await user.click(await screen.findByRole('button', { name: 'Mulai Kemas' }));
    await waitFor(() => expect(urlText()).toBe('/packing?batch=5'));
  });

  it('cancels a batch after asking', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('admin', '/pick-batches?batch=5');
    await user.click(await screen.findByRole('button', { name: 'Batalkan Daftar Ambil' }));
    expect(confirm).toHaveBeenCalledWith(
      'Batalkan daftar ambil DA-000005? Pesanannya dapat diambil lagi di daftar ambil lain.',
    );
    await waitFor(() => expect(cancelled).toEqual([5]));
    expect(await screen.findByText('Dibatalkan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Batalkan Daftar Ambil' })).toBeNull();
  });

  it('uploads a label file for the batch, downloads the answer and lists the unmatched pages', async () => {
    const { user } = renderAs('admin', '/pick-batches?batch=5');
    const section = await screen.findByRole('region', { name: 'Label dengan Isi Paket' });
    await user.click(within(section).getByRole('button', { name: 'Buat Label' }));
    expect(within(section).getByText('Pilih file label (PDF)')).toBeInTheDocument();
    await user.upload(
      within(section).getByLabelText('File Label (PDF)'),
      new NodeFile(['%PDF'], 'label.pdf', { type: 'application/pdf' }) as unknown as File,
    );
    // The contract's words for the two places (issue 47: "in the label's free area or on a
    // slip page right after it").
    const place = within(section).getByLabelText('Letak Isi Paket');
    expect(
      within(place)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Di ruang kosong label', 'Halaman terpisah setelah label']);
    expect(place).toHaveValue('on_label');
    await user.selectOptions(place, 'slip');
    await user.click(within(section).getByRole('button', { name: 'Buat Label' }));
    const result = await within(section).findByRole('status');
    expect(labelUploads).toEqual([{ mode: 'slip', batch_id: '5', file: 'label.pdf' }]);
    expect(downloads).toEqual(['label-isi.pdf']);
    expect(result).toHaveTextContent('Label dengan isi paket diunduh: label-isi.pdf');
    expect(result).toHaveTextContent(
      '2 halaman tidak cocok dengan pesanan dan dibiarkan apa adanya:',
    );
    expect(result).toHaveTextContent(
      'Halaman 2 (SPXID999): Resi tidak ditemukan di pesanan marketplace yang sudah diimpor',
    );
    expect(result).toHaveTextContent('Halaman 4: Halaman tanpa teks');
    // The batch's order that no page is the label of.
    const missing = within(result).getByRole('list', {
      name: '1 pesanan di daftar ambil ini tidak ada labelnya di file, jangan dikirim tanpa label:',
    });
    expect(within(missing).getByRole('listitem')).toHaveTextContent(
      'No. 3: 250901ABCD (resi SPXID0003)',
    );
  });

  it('refuses a label file over 20 MB before sending it', async () => {
    const { user } = renderAs('manager', '/pick-batches?batch=5');
    const section = await screen.findByRole('region', { name: 'Label dengan Isi Paket' });
    const big = new NodeFile(['%PDF'], 'besar.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(within(section).getByLabelText('File Label (PDF)'), big as unknown as File);
    await user.click(within(section).getByRole('button', { name: 'Buat Label' }));
    expect(within(section).getByText('Ukuran file maksimal 20 MB')).toBeInTheDocument();
    expect(labelUploads).toEqual([]);
  });
});
