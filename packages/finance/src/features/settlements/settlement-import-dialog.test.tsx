// Node.js's File (msw hands the upload over as one), which jest runs this test in; browser code
// sees no Node.js types (docs/architecture.md, type-checking).
/// <reference types="node" />
import { makeStore, signedIn } from '@gudang/api-client';
import type { MarketplaceStore, SettlementImport } from '@gudang/api-client/contract';
import { MODAL_TEXTS } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import { settlementImport } from './settlement-fixtures';
import { SettlementImportDialog } from './settlement-import-dialog';

const SLOW = { timeout: 5000 };
jest.setTimeout(20_000);

const store = (id: number, overrides: Partial<MarketplaceStore> = {}): MarketplaceStore => ({
  id,
  channel: 'shopee',
  name: 'cbmajwastore',
  buffer: null,
  effective_buffer: 0,
  is_default: true,
  order_count: 3,
  ...overrides,
});

let stores: MarketplaceStore[] = [];
let preview: SettlementImport = settlementImport();
let uploadAnswer: () => Response = () => HttpResponse.json(preview, { status: 201 });
const committed = () =>
  HttpResponse.json({
    message: 'Penghasilan marketplace berhasil diimpor',
    created: 1,
    already: 1,
    matched: 1,
    not_packed: 1,
  });
let commitAnswer: () => Response = committed;
const uploads: { file: string | null; store_id: string | null }[] = [];
const commits: string[] = [];
const previewRequests: string[] = [];

const server = setupServer(
  http.get('*/api/marketplace-stores', () => HttpResponse.json({ data: stores })),
  http.post('*/api/settlement-imports', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file');
    uploads.push({
      file: file instanceof NodeFile ? (file as unknown as File).name : null,
      store_id: typeof form.get('store_id') === 'string' ? String(form.get('store_id')) : null,
    });
    return uploadAnswer();
  }),
  http.get('*/api/settlement-imports/:id', ({ params }) => {
    previewRequests.push(String(params.id));
    return HttpResponse.json(preview);
  }),
  http.post('*/api/settlement-imports/:id/commit', ({ params }) => {
    commits.push(String(params.id));
    return commitAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  stores = [store(3), store(4, { channel: 'tiktok', name: 'TikTok Shop' })];
  preview = settlementImport();
  uploadAnswer = () => HttpResponse.json(preview, { status: 201 });
  commitAnswer = committed;
});
afterEach(() => {
  server.resetHandlers();
  uploads.length = 0;
  commits.length = 0;
  previewRequests.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

// Node's File, not jsdom's: the FormData and fetch under test are Node's (jest-fixed-jsdom).
const xlsx = () =>
  new NodeFile(['PK\u0003\u0004'], 'Income.sudah_dilepas.id.20261101_20261130.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;

function renderDialog() {
  const onClose = jest.fn();
  const reduxStore = makeStore();
  reduxStore.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'Budi Manager', role: 'manager' },
    }),
  );
  const view = renderWithProviders(<SettlementImportDialog onClose={onClose} />, {
    store: reduxStore,
  });
  const dialog = screen.getByRole('dialog', { name: 'Impor Penghasilan Marketplace' });
  return { ...view, dialog, onClose };
}

async function upload() {
  const view = renderDialog();
  await view.user.upload(
    within(view.dialog).getByLabelText(/File penghasilan \(xlsx, xls, csv\)/),
    xlsx(),
  );
  await view.user.click(within(view.dialog).getByRole('button', { name: 'Unggah' }));
  await within(view.dialog).findByRole('table', { name: 'Pesanan di File' }, SLOW);
  return view;
}

const countOf = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByLabelText('Ringkasan')).getByText(label).closest('div')?.textContent;

describe('Impor Penghasilan', () => {
  it('asks for a file first, and before a chosen file is thrown away', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user, dialog, onClose } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    expect(within(dialog).getByText('Pilih file terlebih dahulu')).toBeInTheDocument();
    expect(uploads).toEqual([]);
    await user.upload(within(dialog).getByLabelText(/File penghasilan/), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('uploads the file alone while each marketplace has one store: the file says the channel', async () => {
    const { dialog } = await upload();
    expect(within(dialog).queryByLabelText('Toko')).not.toBeInTheDocument();
    expect(uploads).toEqual([
      { file: 'Income.sudah_dilepas.id.20261101_20261130.xlsx', store_id: null },
    ]);
    // The answer is the preview: it is not fetched a second time.
    expect(previewRequests).toEqual([]);
    expect(
      within(dialog).getByText(
        'Income.sudah_dilepas.id.20261101_20261130.xlsx · Shopee · Toko: cbmajwastore',
      ),
    ).toBeInTheDocument();
  });

  it('sends the store chosen where a marketplace has several', async () => {
    stores = [...stores, store(5, { name: 'Toko Kedua', is_default: false })];
    const { user, dialog } = renderDialog();
    const storeField = await within(dialog).findByRole('combobox', { name: 'Toko' }, SLOW);
    expect(
      within(storeField)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Dari file, atau toko utama channel',
      'Shopee · cbmajwastore',
      'TikTok Shop · TikTok Shop',
      'Shopee · Toko Kedua',
    ]);
    await user.selectOptions(storeField, '5');
    await user.upload(within(dialog).getByLabelText(/File penghasilan/), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    await within(dialog).findByRole('table', { name: 'Pesanan di File' }, SLOW);
    expect(uploads[0]?.store_id).toBe('5');
  });

  it('shows the counts, each order with its breakdown and state, and the rows that cannot be read', async () => {
    const { dialog } = await upload();
    expect(countOf(dialog, 'Pesanan di file')).toBe('Pesanan di file2');
    expect(countOf(dialog, 'Sudah ada')).toBe('Sudah ada1');
    expect(countOf(dialog, 'Cocok dengan pesanan')).toBe('Cocok dengan pesanan1');
    expect(countOf(dialog, 'Tanpa pesanan di Gudang')).toBe('Tanpa pesanan di Gudang1');
    // Matched, never packed in Gudang: money for goods it did not send out, marked.
    expect(countOf(dialog, 'Belum dikemas di Gudang')).toBe('Belum dikemas di Gudang1');
    expect(
      within(dialog).getByText('Belum dikemas di Gudang').closest('[data-warn]'),
    ).not.toBeNull();
    expect(countOf(dialog, 'Baris tidak terbaca')).toBe('Baris tidak terbaca1');

    const table = within(dialog).getByRole('table', { name: 'Pesanan di File' });
    const fresh = within(table).getByRole('row', { name: /2608235DUJYERU/ });
    expect(within(fresh).getByText('Baru')).toBeInTheDocument();
    expect(fresh).toHaveTextContent('Cocok dengan pesanan');
    // The file's column names under each category in the preview.
    expect(fresh).toHaveTextContent(
      'Biaya layanan & programBiaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E), Biaya Layanan Promo XTRA-Rp 13.762',
    );
    expect(within(fresh).getByText('Rp 117.852')).toBeInTheDocument();
    const old = within(table).getByRole('row', { name: /260827FDRXQNA9/ });
    expect(within(old).getByText('Sudah ada')).toBeInTheDocument();
    expect(old).toHaveTextContent('Tanpa pesanan di Gudang');
    expect(within(old).getByText('Rp 39.016')).toBeInTheDocument();

    const problems = within(dialog).getByRole('table', { name: 'Baris yang tidak terbaca' });
    expect(problems).toHaveTextContent('Penghasilan7Total Penghasilan bukan angka');
  });

  it('commits the preview once and shows what was added', async () => {
    const { user, dialog, onClose } = await upload();
    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    const result = await screen.findByRole('dialog', { name: 'Hasil Impor' }, SLOW);
    expect(commits).toEqual(['9']);
    await screen.findByText('Penghasilan marketplace berhasil diimpor', {}, SLOW);
    const facts = within(result).getByLabelText('Hasil Impor');
    expect(facts).toHaveTextContent('Pesanan ditambahkan1');
    expect(facts).toHaveTextContent('Sudah ada (dilewati)1');
    expect(facts).toHaveTextContent('Cocok dengan pesanan1');
    expect(facts).toHaveTextContent('Belum dikemas di Gudang1');
    await user.click(within(result).getByRole('button', { name: 'Selesai' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says a file imported before adds nothing, and a committed preview cannot be imported again', async () => {
    preview = settlementImport({
      counts: {
        orders: 2,
        already: 2,
        matched: 1,
        unmatched: 1,
        not_packed: 0,
        differences: 0,
        problems: 0,
      },
      problems: [],
    });
    let view = await upload();
    expect(
      within(view.dialog).getByText(
        'Semua pesanan di file ini sudah diimpor sebelumnya: tidak ada yang ditambahkan.',
      ),
    ).toBeInTheDocument();
    expect(
      within(view.dialog).queryByRole('table', { name: 'Baris yang tidak terbaca' }),
    ).not.toBeInTheDocument();
    view.unmount();

    preview = settlementImport({ committed: true });
    view = await upload();
    expect(within(view.dialog).getByText('Pratinjau ini sudah diimpor.')).toBeInTheDocument();
    expect(within(view.dialog).getByRole('button', { name: 'Impor' })).toBeDisabled();
  });

  it('does not say a file whose every order is unreadable was imported before', async () => {
    preview = settlementImport({
      counts: {
        orders: 0,
        already: 0,
        matched: 0,
        unmatched: 0,
        not_packed: 0,
        differences: 0,
        problems: 1,
      },
      orders: [],
      problems: [
        {
          sheet: 'Penghasilan',
          row: 4,
          message:
            "Biaya Administrasi (termasuk PPN 11%) bukan angka: '12abc'; pesanan 2608235DUJYERU tidak dihitung",
        },
      ],
    });
    const { dialog } = await upload();
    expect(
      within(dialog).getByRole('table', { name: 'Baris yang tidak terbaca' }),
    ).toHaveTextContent('Biaya Administrasi (termasuk PPN 11%) bukan angka');
    expect(within(dialog).queryByText(/sudah diimpor sebelumnya/)).not.toBeInTheDocument();
  });

  it("shows the server's message for a file it cannot read, and for a commit it refuses", async () => {
    uploadAnswer = () =>
      HttpResponse.json({ message: 'Format file penghasilan tidak dikenali' }, { status: 400 });
    let view = renderDialog();
    await view.user.upload(within(view.dialog).getByLabelText(/File penghasilan/), xlsx());
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Unggah' }));
    expect(await within(view.dialog).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'Format file penghasilan tidak dikenali',
    );
    view.unmount();

    uploadAnswer = () => HttpResponse.json(preview, { status: 201 });
    commitAnswer = () =>
      HttpResponse.json({ message: 'Pratinjau ini sudah diimpor' }, { status: 409 });
    view = await upload();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Impor' }));
    await screen.findByText('Pratinjau ini sudah diimpor', {}, SLOW);
    // The preview is read again to show it as it is now.
    await waitFor(() => expect(previewRequests).toEqual(['9']));
  });
});
