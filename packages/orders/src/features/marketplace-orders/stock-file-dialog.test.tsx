// Node.js's File (msw hands the upload over as one), which jest runs this test in; browser code
// sees no Node.js types (docs/architecture.md, type-checking).
/// <reference types="node" />
import { makeStore, signedIn } from '@gudang/api-client';
import type { MarketplaceStore, StockFilePreview } from '@gudang/api-client/contract';
import { MODAL_TEXTS } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import { fileNameOf } from './marketplace-api';
import { marketplaceStore, paged, stockFilePreview } from './marketplace-fixtures';
import { MarketplaceOrdersPage } from './marketplace-orders-page';

type Sent = { file: string | null; store_id: string | null; buffer: string | null };
const uploads: Sent[] = [];
const previews: Sent[] = [];

async function sentOf(request: Request): Promise<Sent> {
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : null;
  };
  const file = form.get('file');
  return {
    file: file instanceof NodeFile ? file.name : null,
    store_id: field('store_id'),
    buffer: field('buffer'),
  };
}

const utama = marketplaceStore(1, { name: 'Shopee', is_default: true, effective_buffer: 2 });
const kedua = marketplaceStore(5, { name: 'Toko Kedua', buffer: 4, effective_buffer: 4 });
let stores: MarketplaceStore[] = [utama, kedua];

// The preview as the server makes it: the store asked for (else the default), its buffer unless
// one is given, and the numbers of two rows spelled out.
function previewOf(sent: Sent): StockFilePreview {
  const store = stores.find((candidate) => String(candidate.id) === sent.store_id) ?? utama;
  const buffer = sent.buffer === null ? store.effective_buffer : Number(sent.buffer);
  return stockFilePreview({
    store_id: store.id,
    store: store.name,
    buffer,
    rows: [
      {
        row: 4,
        sku: 'KOPI-1',
        variation: null,
        quantity: 7 - buffer,
        explanation: `Stok 10 - dipesan 3 - cadangan ${buffer} = ${7 - buffer}`,
      },
      {
        row: 5,
        sku: 'PAKET-3',
        variation: 'Isi 3',
        quantity: 2,
        explanation: 'KP-001: (stok 10 - dipesan 3) / 3 = 2; 2 - cadangan 0 = 2',
      },
    ],
    unchanged: [{ row: 6, sku: 'MISTERI', variation: null, reason: 'unmapped' }],
  });
}

const server = setupServer(
  http.get('*/api/marketplace-orders', ({ request }) =>
    HttpResponse.json(paged([], new URL(request.url))),
  ),
  http.get('*/api/marketplace-stores', ({ request }) => {
    const channel = new URL(request.url).searchParams.get('channel');
    return HttpResponse.json({ data: stores.filter((store) => store.channel === channel) });
  }),
  http.post('*/api/marketplace-stock-file/preview', async ({ request }) => {
    const sent = await sentOf(request);
    previews.push(sent);
    return HttpResponse.json(previewOf(sent));
  }),
  http.post('*/api/marketplace-stock-file', async ({ request }) => {
    uploads.push(await sentOf(request));
    return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
      headers: {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition':
          'attachment; filename="mass_update-gudang.xlsx"; filename*=UTF-8\'\'mass_update-gudang.xlsx',
        'X-Gudang-Unmapped': '3',
        'Access-Control-Expose-Headers': 'Content-Disposition, X-Gudang-Unmapped',
      },
    });
  }),
);

const SLOW = { timeout: 5000 };
jest.setTimeout(15_000);

const downloads: { name: string; size: number }[] = [];
const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push({ name: this.download, size: blobs.get(this.href)?.size ?? -1 });
  });
});
afterEach(() => {
  server.resetHandlers();
  stores = [utama, kedua];
  uploads.length = 0;
  previews.length = 0;
  downloads.length = 0;
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

// Node's File: the FormData and fetch under test are Node's (jest-fixed-jsdom).
const template = () =>
  new NodeFile(['PK'], 'mass_update.xlsx', { type: 'application/octet-stream' }) as unknown as File;

async function openDialog() {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'manager', role: 'manager' },
    }),
  );
  const view = renderWithProviders(<MarketplaceOrdersPage />, { store });
  await view.user.click(screen.getByRole('button', { name: 'Perbarui Stok Marketplace' }));
  return { ...view, dialog: screen.getByRole('dialog', { name: 'Perbarui Stok Marketplace' }) };
}

describe('Perbarui Stok Marketplace', () => {
  it('closes at once when untouched, and asks before a chosen file is thrown away', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const first = await openDialog();
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Selesai' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();
    first.unmount();

    const { dialog, user } = await openDialog();
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Selesai' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(dialog).toBeInTheDocument();
    confirm.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows each row’s number and how it was made before the download, then downloads the same', async () => {
    const { dialog, user } = await openDialog();
    const download = within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' });
    expect(download).toBeDisabled();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    const rows = await within(dialog).findByRole('table', { name: 'Stok yang akan ditulis' });
    // The file's channel decides the store: its default store, with its buffer.
    expect(previews).toEqual([{ file: 'mass_update.xlsx', store_id: null, buffer: null }]);
    expect(
      within(dialog).getByText('Channel: Shopee · Toko: Shopee · Stok cadangan: 2'),
    ).toBeVisible();
    expect(
      within(rows)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['4', 'KOPI-1', '5', 'Stok 10 - dipesan 3 - cadangan 2 = 5'],
      ['5', 'PAKET-3Isi 3', '2', 'KP-001: (stok 10 - dipesan 3) / 3 = 2; 2 - cadangan 0 = 2'],
    ]);
    // So few rows are in the dialog itself, not in a small box of their own that cuts rows off
    // with no sign of more (QA walk at 1366x768).
    const boxes: string[] = [];
    for (let box = rows.parentElement; box && box !== dialog; box = box.parentElement) {
      boxes.push(getComputedStyle(box).overflowY);
    }
    expect(boxes.filter((overflow) => overflow === 'auto' || overflow === 'scroll')).toEqual([]);
    // The rows the file leaves as they are, named before the download too.
    const list = within(dialog).getByRole('list', { name: 'Baris yang dibiarkan apa adanya' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Baris 6: MISTERI: SKU belum dipetakan ke produk',
    );
    expect(uploads).toEqual([]);

    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('File mass_update-gudang.xlsx berhasil diunduh');
    expect(done).toHaveTextContent(
      '3 baris dengan SKU yang tidak terpetakan dibiarkan apa adanya.',
    );
    expect(uploads).toEqual([{ file: 'mass_update.xlsx', store_id: '1', buffer: null }]);
    expect(downloads).toEqual([{ name: 'mass_update-gudang.xlsx', size: 4 }]);
  });

  it('previews and fills the file of the store chosen, with that store’s id', async () => {
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    const storeField = await within(dialog).findByRole('combobox', { name: 'Toko' }, SLOW);
    // The channel's default store first, chosen.
    expect(
      within(storeField).getByRole('option', { name: 'Shopee', selected: true }),
    ).toBeVisible();
    expect(within(dialog).getByLabelText('Stok cadangan')).toHaveAccessibleDescription(
      'Kosongkan untuk memakai cadangan toko (2)',
    );
    await user.selectOptions(storeField, 'Toko Kedua');
    expect(
      await within(dialog).findByText(
        'Channel: Shopee · Toko: Toko Kedua · Stok cadangan: 4',
        {},
        SLOW,
      ),
    ).toBeVisible();
    expect(previews.at(-1)).toEqual({ file: 'mass_update.xlsx', store_id: '5', buffer: null });
    expect(within(dialog).getByText('Stok 10 - dipesan 3 - cadangan 4 = 3')).toBeVisible();
    expect(within(dialog).getByLabelText('Stok cadangan')).toHaveAccessibleDescription(
      'Kosongkan untuk memakai cadangan toko (4)',
    );

    const download = within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await within(dialog).findByRole('status');
    expect(uploads).toEqual([{ file: 'mass_update.xlsx', store_id: '5', buffer: null }]);
  });

  it('shows no store to choose where the channel has one, and previews a typed buffer', async () => {
    stores = [utama];
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    await within(dialog).findByText('Stok 10 - dipesan 3 - cadangan 2 = 5', {}, SLOW);
    expect(within(dialog).queryByRole('combobox', { name: 'Toko' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '1');
    expect(
      await within(dialog).findByText('Stok 10 - dipesan 3 - cadangan 1 = 6', {}, SLOW),
    ).toBeVisible();
    expect(previews.at(-1)).toEqual({ file: 'mass_update.xlsx', store_id: null, buffer: '1' });
    const download = within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await within(dialog).findByRole('status');
    expect(uploads).toEqual([{ file: 'mass_update.xlsx', store_id: '1', buffer: '1' }]);
  });

  it('neither previews nor fills with a negative buffer', async () => {
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    await within(dialog).findByRole('table', { name: 'Stok yang akan ditulis' }, SLOW);
    const asked = previews.length;
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '-1');
    expect(
      within(dialog).getByText('Stok cadangan harus bilangan bulat 0 atau lebih'),
    ).toBeVisible();
    const download = within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' });
    // Past the debounce: still no preview with it, and no download.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(previews).toHaveLength(asked);
    expect(download).toBeDisabled();
    expect(uploads).toEqual([]);
  });

  it('names each row the filled file left as it was, with the reason, and counts those the header had no room for', async () => {
    const unchanged = [
      { row: 10, sku: 'SEPATU-01', variation: 'Biru,41', reason: 'variation_unmapped' },
      { row: 11, sku: 'BDL-TT', variation: null, reason: 'other_channel' },
      { row: 12, sku: 'KAOS-É', variation: null, reason: 'unmapped' },
      // Not a row this client knows: left out.
      { row: 13, sku: 'X', variation: null, reason: 'something_new' },
    ];
    server.use(
      http.post('*/api/marketplace-stock-file', () => {
        return new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
          headers: {
            'Content-Disposition': 'attachment; filename="mass_update-gudang.xlsx"',
            'X-Gudang-Unmapped': '5',
            // As the server writes it: ASCII only, 'É' escaped as \u00c9.
            'X-Gudang-Unchanged': JSON.stringify(unchanged).replace('É', '\\u00c9'),
          },
        });
      }),
    );
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    const download = within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' });
    await waitFor(() => expect(download).toBeEnabled(), SLOW);
    await user.click(download);
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent(
      '5 baris dengan SKU yang tidak terpetakan dibiarkan apa adanya.',
    );
    const list = within(done).getByRole('list', { name: 'Baris yang dibiarkan apa adanya' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Baris 10: SEPATU-01 (Biru,41): SKU dipetakan untuk variasi lain saja',
      'Baris 11: BDL-TT: SKU dipetakan untuk channel lain saja',
      'Baris 12: KAOS-É: SKU belum dipetakan ke produk',
      'dan 2 baris lainnya',
    ]);
    expect(done).toHaveTextContent(
      'Petakan SKU-nya di Pemetaan SKU, lalu isi file stok sekali lagi.',
    );
  });

  it('shows the server’s message for a template it does not know, and offers no download', async () => {
    server.use(
      http.post('*/api/marketplace-stock-file/preview', () =>
        HttpResponse.json({ message: 'Format file stok tidak dikenali.' }, { status: 400 }),
      ),
    );
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    expect(await within(dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Format file stok tidak dikenali.',
    );
    expect(within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' })).toBeDisabled();
    expect(uploads).toEqual([]);
    expect(downloads).toEqual([]);
  });
});

describe('fileNameOf', () => {
  it('reads filename* first, then filename, else keeps the fallback', () => {
    expect(
      fileNameOf('attachment; filename="a.xlsx"; filename*=UTF-8\'\'stok%20baru-gudang.xlsx', 'x'),
    ).toBe('stok baru-gudang.xlsx');
    expect(fileNameOf('attachment; filename="stok-gudang.csv"', 'x')).toBe('stok-gudang.csv');
    expect(fileNameOf('attachment; filename=stok-gudang.xls', 'x')).toBe('stok-gudang.xls');
    expect(fileNameOf(null, 'asli.xlsx')).toBe('asli.xlsx');
    expect(fileNameOf('attachment', 'asli.xlsx')).toBe('asli.xlsx');
  });
});
