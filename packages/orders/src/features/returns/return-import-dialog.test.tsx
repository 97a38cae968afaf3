// Node.js's File (msw hands the upload over as one), which jest runs this test in.
/// <reference types="node" />
import { makeStore, signedIn } from '@gudang/api-client';
import type { ReturnList } from '@gudang/api-client';
import type { MarketplaceStore, ReturnImport } from '@gudang/api-client/contract';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import { marketplaceStore } from '../marketplace-orders/marketplace-fixtures';
import { previewRow, returnImport } from './marketplace-returns-fixtures';
import { ReturnsPage } from './returns-page';

const SLOW = { timeout: 5000 };
jest.setTimeout(20_000);

// A TikTok Shop file of 3 requests: a new refund-only, a return with its tracking number whose
// order Gudang does not have, one imported before; row 7 cannot be read.
const PREVIEW = returnImport({
  counts: { rows: 3, new: 2, changed: 0, already: 1, matched: 2, unmatched: 1, problems: 1 },
  rows: [
    previewRow(2),
    previewRow(3, {
      type: 'return_refund',
      status: 'diajukan',
      status_text: 'Awaiting buyer shipment',
      refund_amount: 0,
      refunded_at: null,
      return_tracking: 'JX1234567890',
      matched_order_id: null,
    }),
    previewRow(4, { state: 'sudah_ada' }),
  ],
  problems: [{ sheet: 'Sheet1', row: 7, message: 'Return Quantity bukan angka: "dua"' }],
});

let preview: ReturnImport = PREVIEW;
let stores: MarketplaceStore[] = [];
const uploads: { file: File | null; store_id: string | null }[] = [];
const commits: string[] = [];

const emptyPage = { data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } };

const server = setupServer(
  http.post('*/api/return-imports', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file');
    uploads.push({
      file: file instanceof NodeFile ? (file as unknown as File) : null,
      store_id: typeof form.get('store_id') === 'string' ? String(form.get('store_id')) : null,
    });
    return HttpResponse.json(preview, { status: 201 });
  }),
  http.get('*/api/return-imports/:id', () => HttpResponse.json(preview)),
  http.post('*/api/return-imports/:id/commit', ({ params }) => {
    commits.push(String(params.id));
    return HttpResponse.json({
      message: '2 pengembalian baru diimpor, 0 diperbarui',
      created: 2,
      updated: 0,
      already: 1,
      matched: 1,
    });
  }),
  http.get('*/api/marketplace-returns/summary', () => HttpResponse.json({ data: [] })),
  http.get('*/api/marketplace-returns', () => HttpResponse.json(emptyPage)),
  http.get('*/api/marketplace-stores', () => HttpResponse.json({ data: stores })),
  http.get('*/api/settings', () => HttpResponse.json({ return_check_days: 14 })),
  http.get('*/api/returns', () => HttpResponse.json(emptyPage satisfies ReturnList)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  preview = PREVIEW;
  uploads.length = 0;
  commits.length = 0;
});
afterAll(() => server.close());

function renderPage() {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'Manager', role: 'manager' },
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(<ReturnsPage />, { store, route: '/returns?tab=dari-marketplace' });
  return { user };
}

// Node's File, not jsdom's: the FormData and fetch under test are Node's (jest-fixed-jsdom).
const returnFile = () =>
  new NodeFile(['PK\u0003\u0004'], 'return_orders.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Impor File Pengembalian' }));
  return screen.findByRole('dialog', { name: 'Impor File Pengembalian Marketplace' });
}

describe('Impor File Pengembalian', () => {
  beforeEach(() => {
    stores = [
      marketplaceStore(1, { name: 'Shopee', is_default: true }),
      marketplaceStore(2, { channel: 'tiktok', name: 'TikTok Shop', is_default: true }),
    ];
  });

  it('uploads a file, shows the preview with its counts, problems and Sudah ada, then imports it', async () => {
    const { user } = renderPage();
    const dialog = await openDialog(user);
    // One store per marketplace: nothing to choose.
    expect(within(dialog).queryByLabelText('Toko')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(within(dialog).getByText('Pilih file terlebih dahulu')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    await user.upload(within(dialog).getByLabelText(/File pengembalian/), returnFile());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    const rows = await within(dialog).findByRole('table', { name: 'Pengembalian di File' });
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.file?.name).toBe('return_orders.xlsx');
    expect(uploads[0]?.store_id).toBeNull();
    expect(
      within(dialog).getByText(
        'return_orders.xlsx · TikTok Shop: Pengembalian · Toko: TikTok Shop',
      ),
    ).toBeInTheDocument();

    const counts = within(dialog).getByLabelText('Ringkasan');
    const countText = (label: string) =>
      within(counts).getByText(label).parentElement?.textContent ?? '';
    expect(countText('Pengembalian di file')).toBe('Pengembalian di file3');
    expect(countText('Baru')).toBe('Baru2');
    expect(countText('Sudah ada')).toBe('Sudah ada1');
    expect(countText('Tanpa pesanan di Gudang')).toBe('Tanpa pesanan di Gudang1');
    expect(countText('Baris tidak terbaca')).toBe('Baris tidak terbaca1');

    const tracked = within(rows).getByText('JX1234567890').closest('tr') as HTMLElement;
    expect(within(tracked).getByText('Pengembalian Barang & Dana')).toBeInTheDocument();
    expect(within(tracked).getByText('Tanpa pesanan di Gudang')).toBeInTheDocument();
    const known = within(rows).getByText('578000114').closest('tr') as HTMLElement;
    expect(within(known).getByText('Sudah ada')).toBeInTheDocument();
    // The rows that cannot be read, with their row number and why.
    const problems = within(dialog).getByRole('table', { name: 'Baris yang tidak terbaca' });
    const problem = within(problems).getByText('Return Quantity bukan angka: "dua"');
    expect(within(problem.closest('tr') as HTMLElement).getByText('7')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    const result = await screen.findByRole('dialog', { name: 'Hasil Impor' }, SLOW);
    expect(commits).toEqual(['9']);
    expect(screen.getByText('2 pengembalian baru diimpor, 0 diperbarui')).toBeInTheDocument();
    expect(within(result).getByText('Pengembalian baru').nextSibling?.textContent).toBe('2');
    expect(within(result).getByText('Sudah ada (dilewati)').nextSibling?.textContent).toBe('1');
    await user.click(within(result).getByRole('button', { name: 'Selesai' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("sends the store chosen where the shop has several on one marketplace ('Toko')", async () => {
    stores = [
      marketplaceStore(1, { name: 'Shopee', is_default: true }),
      marketplaceStore(2, { channel: 'tiktok', name: 'TikTok Shop', is_default: true }),
      marketplaceStore(5, { channel: 'tiktok', name: 'Toko Kedua' }),
      // BigSeller publishes no return file: not offered.
      marketplaceStore(8, { channel: 'bigseller', name: 'BigSeller' }),
    ];
    const { user } = renderPage();
    const dialog = await openDialog(user);
    const storeSelect = await within(dialog).findByLabelText('Toko');
    expect(
      within(storeSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Toko utama channel file',
      'Shopee · Shopee',
      'TikTok Shop · TikTok Shop',
      'TikTok Shop · Toko Kedua',
    ]);
    await user.selectOptions(storeSelect, 'TikTok Shop · Toko Kedua');
    await user.upload(within(dialog).getByLabelText(/File pengembalian/), returnFile());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    await within(dialog).findByRole('table', { name: 'Pengembalian di File' });
    expect(uploads.map((upload) => upload.store_id)).toEqual(['5']);
  });

  it("says why a file is refused and stays on the file's step", async () => {
    server.use(
      http.post('*/api/return-imports', () =>
        HttpResponse.json(
          {
            message:
              'Format file tidak dikenali sebagai file pengembalian, pengiriman gagal, atau pembatalan. Kolom yang dicari: Return Order ID',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(/File pengembalian/), returnFile());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Format file tidak dikenali sebagai file pengembalian',
    );
    expect(within(dialog).getByRole('button', { name: 'Unggah' })).toBeEnabled();
  });

  it('does not say a file whose every request is unreadable was imported before', async () => {
    preview = returnImport({
      counts: { rows: 0, new: 0, changed: 0, already: 0, matched: 0, unmatched: 0, problems: 1 },
      rows: [],
      problems: [{ sheet: 'Sheet1', row: 2, message: 'Return Quantity bukan angka: "dua"' }],
    });
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(/File pengembalian/), returnFile());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(
      await within(dialog).findByRole('table', { name: 'Baris yang tidak terbaca' }),
    ).toHaveTextContent('Return Quantity bukan angka');
    expect(within(dialog).queryByText(/sudah diimpor sebelumnya/)).not.toBeInTheDocument();
  });

  it('says so when every request was imported before', async () => {
    preview = returnImport({
      counts: { rows: 1, new: 0, changed: 0, already: 1, matched: 1, unmatched: 0, problems: 0 },
      rows: [previewRow(2, { state: 'sudah_ada' })],
    });
    const { user } = renderPage();
    const dialog = await openDialog(user);
    await user.upload(within(dialog).getByLabelText(/File pengembalian/), returnFile());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(
      await within(dialog).findByText(
        'Semua pengembalian di file ini sudah diimpor sebelumnya: tidak ada yang ditambahkan.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('table', { name: 'Baris yang tidak terbaca' })).toBeNull(),
    );
  });
});
