// Node.js's File (msw hands the upload over as one), which jest runs this test in; browser code
// sees no Node.js types (docs/architecture.md, type-checking).
/// <reference types="node" />
import { makeStore, signedIn } from '@gudang/api-client';
import { MODAL_TEXTS } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import { fileNameOf } from './marketplace-api';
import { paged } from './marketplace-fixtures';
import { MarketplaceOrdersPage } from './marketplace-orders-page';

const uploads: { file: string | null; buffer: string | null }[] = [];

const server = setupServer(
  http.get('*/api/marketplace-orders', ({ request }) =>
    HttpResponse.json(paged([], new URL(request.url))),
  ),
  http.post('*/api/marketplace-stock-file', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file');
    const buffer = form.get('buffer');
    uploads.push({
      file: file instanceof NodeFile ? file.name : null,
      buffer: typeof buffer === 'string' ? buffer : null,
    });
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
  uploads.length = 0;
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

  it('uploads the template with the buffer and downloads the filled file under the server’s name', async () => {
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' }));
    const done = await within(dialog).findByRole('status');
    expect(done).toHaveTextContent('File mass_update-gudang.xlsx berhasil diunduh');
    expect(done).toHaveTextContent(
      '3 baris dengan SKU yang tidak terpetakan dibiarkan apa adanya.',
    );
    expect(uploads).toEqual([{ file: 'mass_update.xlsx', buffer: '2' }]);
    expect(downloads).toEqual([{ name: 'mass_update-gudang.xlsx', size: 4 }]);
    // An answer without the rows (an older server): the count alone.
    expect(
      within(done).queryByRole('list', { name: 'Baris yang dibiarkan apa adanya' }),
    ).not.toBeInTheDocument();
  });

  it('names each row it left as it was, with the reason, and counts those the header had no room for', async () => {
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
    await user.click(within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' }));
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

  it('sends no buffer when none is typed, and refuses a negative one', async () => {
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' }));
    expect(uploads).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Stok cadangan'));
    await user.click(within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' }));
    await waitFor(() => expect(uploads).toEqual([{ file: 'mass_update.xlsx', buffer: null }]));
  });

  it('shows the server’s message for a template it does not know', async () => {
    server.use(
      http.post('*/api/marketplace-stock-file', () =>
        HttpResponse.json({ message: 'Format file stok tidak dikenali.' }, { status: 400 }),
      ),
    );
    const { dialog, user } = await openDialog();
    await user.upload(
      within(dialog).getByLabelText('File template stok (xlsx, xls, csv)'),
      template(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Isi Stok dan Unduh' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Format file stok tidak dikenali.',
    );
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
