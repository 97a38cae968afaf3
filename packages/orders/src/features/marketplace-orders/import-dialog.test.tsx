// Node.js's File (msw hands the upload over as one), which jest runs this test in; browser code
// sees no Node.js types (docs/architecture.md, type-checking).
/// <reference types="node" />
import type {
  CommitImportInput,
  ImportLine,
  MarketplaceImport,
  SkuMappingInput,
} from '@gudang/api-client';
import type { MarketplaceStore } from '@gudang/api-client/contract';
import { MODAL_TEXTS } from '@gudang/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import {
  importLine,
  importPreview,
  kopi,
  marketplaceStore,
  paged,
  summaryOf,
  teh,
} from './marketplace-fixtures';
import { renderMarketplaceAs } from './render-page';

const SLOW = { timeout: 5000 };
// Typing into the product pickers waits out their debounce: more than jest's default 5 s on a
// busy machine.
jest.setTimeout(15_000);

let preview: MarketplaceImport = importPreview(7, [importLine(2)]);
const uploads: { file: File | null; channel: string | null; store_id: string | null }[] = [];
// The shop's stores: one on Shopee besides its default store.
let stores: MarketplaceStore[] = [
  marketplaceStore(1, { name: 'Shopee', is_default: true, order_count: 12 }),
  marketplaceStore(5, { name: 'Toko Kedua' }),
  marketplaceStore(2, { channel: 'tiktok', name: 'TikTok Shop', is_default: true }),
];
const storeRequests: (string | null)[] = [];
const previewRequests: string[] = [];
const mappings: SkuMappingInput[] = [];
const commits: CommitImportInput[] = [];
let orderRequests = 0;

const server = setupServer(
  http.get('*/api/marketplace-orders', ({ request }) => {
    orderRequests += 1;
    return HttpResponse.json(paged([], new URL(request.url)));
  }),
  http.post('*/api/marketplace-imports', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file');
    uploads.push({
      file: file instanceof NodeFile ? (file as unknown as File) : null,
      channel: typeof form.get('channel') === 'string' ? String(form.get('channel')) : null,
      store_id: typeof form.get('store_id') === 'string' ? String(form.get('store_id')) : null,
    });
    return HttpResponse.json(preview, { status: 201 });
  }),
  http.get('*/api/marketplace-stores', ({ request }) => {
    const channel = new URL(request.url).searchParams.get('channel');
    storeRequests.push(channel);
    return HttpResponse.json({
      data: stores.filter((store) => channel === null || store.channel === channel),
    });
  }),
  http.get('*/api/marketplace-imports/:id', ({ params }) => {
    previewRequests.push(String(params.id));
    return HttpResponse.json(preview);
  }),
  http.post('*/api/marketplace-imports/:id/commit', async ({ request }) => {
    const body = (await request.json()) as CommitImportInput;
    commits.push(body);
    return HttpResponse.json({
      created_orders: 3,
      updated_orders: 1,
      created_lines: 4,
      skipped: { cancelled: 1, invalid: body.skip_problems ? 1 : 0, unknown_sku: 0 },
    });
  }),
  http.put('*/api/sku-mappings', async ({ request }) => {
    const body = (await request.json()) as SkuMappingInput;
    mappings.push(body);
    // The server now maps the SKU: the preview's unknown lines become ready.
    const lines = preview.lines.map((line): ImportLine =>
      line.state === 'unknown_sku' && line.sku === body.sku
        ? { ...line, state: 'ready', problem: null, items: body.items }
        : line,
    );
    preview = { ...preview, lines, summary: summaryOf(lines) };
    return HttpResponse.json({
      message: 'Pemetaan SKU berhasil disimpan',
      data: {
        id: 1,
        channel: body.channel ?? null,
        sku: body.sku,
        variation: body.variation ?? null,
        items: [],
      },
    });
  }),
  http.get('*/api/products', ({ request }) => {
    const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
    const data = [kopi, teh].filter((product) =>
      `${product.code} ${product.name}`.toLowerCase().includes(search),
    );
    return HttpResponse.json({
      data,
      pagination: { page: 1, limit: 20, total: data.length, totalPages: 1 },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  uploads.length = 0;
  storeRequests.length = 0;
  stores = [
    marketplaceStore(1, { name: 'Shopee', is_default: true, order_count: 12 }),
    marketplaceStore(5, { name: 'Toko Kedua' }),
    marketplaceStore(2, { channel: 'tiktok', name: 'TikTok Shop', is_default: true }),
  ];
  previewRequests.length = 0;
  mappings.length = 0;
  commits.length = 0;
  orderRequests = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

// Node's File, not jsdom's: the FormData and fetch under test are Node's (jest-fixed-jsdom), and
// Node's FormData takes only its own Blobs, as a browser's takes its own.
const xlsx = () =>
  new NodeFile(['PK\u0003\u0004'], 'Order.all.20261124.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }) as unknown as File;

async function openPreview(lines: ImportLine[], channel?: string) {
  preview = importPreview(7, lines);
  const view = renderMarketplaceAs('manager');
  const { user } = view;
  await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
  const dialog = screen.getByRole('dialog', { name: 'Impor Pesanan Marketplace' });
  await user.upload(within(dialog).getByLabelText('File pesanan (xlsx, xls, csv)'), xlsx());
  if (channel) await user.selectOptions(within(dialog).getByLabelText('Channel'), channel);
  await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
  await within(dialog).findByRole('table', { name: 'Baris File' }, SLOW);
  return { ...view, dialog };
}

const countButton = (dialog: HTMLElement, label: string) =>
  within(within(dialog).getByRole('group', { name: 'Ringkasan' })).getByRole('button', {
    name: new RegExp(`^${label} `),
  });
const bodyRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Baris File' }))
    .getAllByRole('row')
    .slice(1);

describe('Impor Pesanan', () => {
  it('closes at once when untouched, and asks before a chosen file is thrown away', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderMarketplaceAs('manager');
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
      return screen.getByRole('dialog', { name: 'Impor Pesanan Marketplace' });
    };
    await user.click(within(await open()).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    const dialog = await open();
    await user.upload(within(dialog).getByLabelText('File pesanan (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(dialog).toBeInTheDocument();
    confirm.mockReturnValue(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploads).toHaveLength(0);
  });

  it('uploads the file as the multipart field `file` with the chosen channel', async () => {
    const { dialog } = await openPreview([importLine(2)], 'tiktok');
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.file?.name).toBe('Order.all.20261124.xlsx');
    expect(uploads[0]?.channel).toBe('tiktok');
    expect(within(dialog).getByText(/Order\.all\.20261124\.xlsx · Shopee · 1 baris/)).toBeVisible();
    // The answer is the preview: it is not fetched a second time.
    expect(previewRequests).toEqual([]);
  });

  it('sends no channel when the headers should decide', async () => {
    await openPreview([importLine(2)]);
    expect(uploads[0]?.channel).toBeNull();
    // The detected channel's default store takes the orders.
    expect(uploads[0]?.store_id).toBeNull();
  });

  it('sends the store chosen among the channel’s stores, its default store first', async () => {
    const { user } = renderMarketplaceAs('manager');
    await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
    const dialog = screen.getByRole('dialog', { name: 'Impor Pesanan Marketplace' });
    // Detected from the file: which store is said, since Shopee has two.
    expect(
      await within(dialog).findByText(
        'Pesanan masuk ke toko utama channel yang terdeteksi. Pilih channel untuk memilih toko lain.',
        {},
        SLOW,
      ),
    ).toBeVisible();
    expect(within(dialog).queryByLabelText('Toko')).not.toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Channel'), 'shopee');
    const storeField = await within(dialog).findByRole('combobox', { name: 'Toko' }, SLOW);
    expect(storeRequests.at(-1)).toBe('shopee');
    expect(
      within(storeField)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Shopee', 'Toko Kedua']);
    expect(storeField).toHaveValue('1');
    await user.selectOptions(storeField, 'Toko Kedua');
    await user.upload(within(dialog).getByLabelText('File pesanan (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    await within(dialog).findByRole('table', { name: 'Baris File' }, SLOW);
    expect(uploads).toEqual([expect.objectContaining({ channel: 'shopee', store_id: '5' })]);
    expect(within(dialog).getByText(/Shopee · Toko: Toko Kedua · 1 baris/)).toBeVisible();
  });

  it('names the store where the channel has one, and sends that one', async () => {
    const { user } = renderMarketplaceAs('manager');
    await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
    const dialog = screen.getByRole('dialog', { name: 'Impor Pesanan Marketplace' });
    await user.selectOptions(within(dialog).getByLabelText('Channel'), 'tiktok');
    expect(await within(dialog).findByText('Toko: TikTok Shop', {}, SLOW)).toBeVisible();
    expect(within(dialog).queryByLabelText('Toko')).not.toBeInTheDocument();
    await user.upload(within(dialog).getByLabelText('File pesanan (xlsx, xls, csv)'), xlsx());
    await user.click(within(dialog).getByRole('button', { name: 'Unggah' }));
    await within(dialog).findByRole('table', { name: 'Baris File' }, SLOW);
    expect(uploads).toEqual([expect.objectContaining({ channel: 'tiktok', store_id: '2' })]);
  });

  it('asks for a file before uploading', async () => {
    const { user } = renderMarketplaceAs('manager');
    await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
    // The first field takes the focus on opening (issue 42 m12).
    expect(screen.getByLabelText('File pesanan (xlsx, xls, csv)')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Unggah' }));
    expect(screen.getByText('Pilih file terlebih dahulu')).toBeVisible();
    expect(uploads).toHaveLength(0);
  });

  it('shows an unknown format with the headers that were looked for', async () => {
    server.use(
      http.post('*/api/marketplace-imports', () =>
        HttpResponse.json(
          {
            message: 'Format file tidak dikenali. Kolom yang dicari: ...',
            expected: [
              { channel: 'shopee', headers: ['No. Pesanan', 'Status Pesanan', 'Jumlah'] },
              { channel: 'lazada', headers: ['Order Number', 'Seller SKU'] },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderMarketplaceAs('manager');
    await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
    await user.upload(screen.getByLabelText('File pesanan (xlsx, xls, csv)'), xlsx());
    await user.click(screen.getByRole('button', { name: 'Unggah' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Format file tidak dikenali');
    // Said once, as the list (QA walk L: the message's sentence repeated it above the list).
    expect(alert).not.toHaveTextContent('Kolom yang dicari: ...');
    const expected = within(alert).getByRole('list', { name: 'Kolom yang dicari' });
    expect(
      within(expected)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shopee: No. Pesanan, Status Pesanan, Jumlah', 'Lazada: Order Number, Seller SKU']);
  });

  it('keeps the chosen file after a refusal, so that Unggah can try again', async () => {
    server.use(
      http.post(
        '*/api/marketplace-imports',
        () => HttpResponse.json({ message: 'Ukuran file maksimal 10 MB' }, { status: 400 }),
        { once: true },
      ),
    );
    const { user } = renderMarketplaceAs('manager');
    await user.click(screen.getByRole('button', { name: 'Impor Pesanan' }));
    const input = screen.getByLabelText<HTMLInputElement>('File pesanan (xlsx, xls, csv)');
    await user.upload(input, xlsx());
    await user.click(screen.getByRole('button', { name: 'Unggah' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ukuran file maksimal 10 MB');
    expect(input.files?.[0]?.name).toBe('Order.all.20261124.xlsx');
    await user.click(screen.getByRole('button', { name: 'Unggah' }));
    expect(await screen.findByRole('table', { name: 'Baris File' })).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
  });

  it('counts the lines per state and filters by state', async () => {
    const { dialog, user } = await openPreview([
      importLine(2),
      importLine(3, { state: 'existing' }),
      importLine(4, { state: 'unknown_sku', sku: 'MISTERI', items: [] }),
      importLine(5, {
        state: 'invalid',
        quantity: null,
        problem: 'Jumlah bukan angka (baris 5)',
        items: [],
      }),
      importLine(6, { state: 'cancelled', status: 'batal', status_text: 'Batal' }),
      importLine(7),
    ]);
    const counts = within(within(dialog).getByRole('group', { name: 'Ringkasan' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(counts).toEqual([
      'Semua 6',
      'Siap 2',
      'Sudah ada 1',
      'SKU belum dipetakan 1',
      'Tidak valid 1',
      'Batal 1',
    ]);
    expect(bodyRows(dialog)).toHaveLength(6);
    const invalid = bodyRows(dialog)[3] as HTMLElement;
    expect(invalid).toHaveTextContent('Jumlah bukan angka (baris 5)');
    expect(invalid).toHaveAttribute('data-highlighted', 'true');

    await user.click(countButton(dialog, 'Tidak valid'));
    expect(countButton(dialog, 'Tidak valid')).toHaveAttribute('aria-pressed', 'true');
    expect(bodyRows(dialog)).toHaveLength(1);
    await user.click(countButton(dialog, 'SKU belum dipetakan'));
    expect(bodyRows(dialog).map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(
      ['4'],
    );
    expect(
      within(bodyRows(dialog)[0] as HTMLElement).getByRole('button', { name: 'Petakan' }),
    ).toBeVisible();
  });

  it('renders 5,000 lines a page of 50 at a time', async () => {
    const lines = Array.from({ length: 5000 }, (_, index) =>
      importLine(index + 2, index % 10 === 0 ? { state: 'unknown_sku', items: [] } : {}),
    );
    const { dialog, user } = await openPreview(lines);
    expect(countButton(dialog, 'Semua')).toHaveTextContent('Semua 5.000');
    expect(bodyRows(dialog)).toHaveLength(50);
    expect(within(dialog).getByText(/Showing/)).toHaveTextContent(
      'Showing 1 to 50 of 5.000 results',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(within(bodyRows(dialog)[0] as HTMLElement).getAllByRole('cell')[0]).toHaveTextContent(
      '52',
    );
    await user.click(countButton(dialog, 'SKU belum dipetakan'));
    expect(within(dialog).getByText(/Showing/)).toHaveTextContent('Showing 1 to 50 of 500 results');
  });

  it('maps an unknown SKU in the preview (a combo), saves it and shows the refreshed preview', async () => {
    const { dialog, user } = await openPreview([
      importLine(2),
      importLine(3, { state: 'unknown_sku', sku: 'COMBO-KT', variation: 'Hitam', items: [] }),
      importLine(4, { state: 'unknown_sku', sku: 'COMBO-KT', variation: 'Hitam', items: [] }),
    ]);
    expect(within(dialog).getByRole('button', { name: 'Impor' })).toBeDisabled();
    expect(
      within(dialog).getByText(/2 baris bermasalah: petakan SKU-nya atau centang lewati/),
    ).toBeVisible();

    await user.click(
      within(bodyRows(dialog)[1] as HTMLElement).getByRole('button', { name: 'Petakan' }),
    );
    const panel = within(dialog).getByRole('region', { name: 'Petakan SKU COMBO-KT' });
    expect(within(panel).getByLabelText('SKU')).toHaveValue('COMBO-KT');
    expect(within(panel).getByLabelText('SKU')).toHaveAttribute('readonly');
    // Every channel and every variation: the file has COMBO-KT in one variation only.
    expect(within(panel).getByLabelText('Variasi')).toHaveValue('');
    expect(within(panel).getByLabelText('Channel')).toHaveValue('');
    expect(
      within(panel).getByRole('option', { name: 'Semua channel', selected: true }),
    ).toBeVisible();

    await user.type(within(panel).getByRole('combobox', { name: 'Produk' }), 'kopi');
    await user.click(await screen.findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.click(within(panel).getByRole('button', { name: 'Tambah Produk' }));
    await user.type(within(panel).getByRole('combobox', { name: 'Produk 2' }), 'teh');
    await user.click(await screen.findByRole('option', { name: /Teh Melati/ }, SLOW));
    const second = within(panel).getByLabelText('Jumlah per unit 2');
    await user.clear(second);
    await user.type(second, '2');
    await user.click(within(panel).getByRole('button', { name: 'Simpan' }));

    await waitFor(() => expect(previewRequests).toEqual(['7']));
    expect(mappings).toEqual([
      {
        channel: null,
        sku: 'COMBO-KT',
        variation: null,
        items: [
          { product_code: 'KP-001', quantity: 1 },
          { product_code: 'TH-002', quantity: 2 },
        ],
      },
    ]);
    await waitFor(() => expect(countButton(dialog, 'Siap')).toHaveTextContent('Siap 3'));
    expect(countButton(dialog, 'SKU belum dipetakan')).toHaveTextContent('SKU belum dipetakan 0');
    expect(within(dialog).queryByRole('region', { name: /Petakan SKU/ })).not.toBeInTheDocument();
    expect(bodyRows(dialog)[1]).toHaveTextContent('KP-001 x 1, TH-002 x 2');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Impor' })).toBeEnabled(),
    );
  });

  it('keeps the variation of a SKU the file holds in several variations, and saves that one', async () => {
    const { dialog, user } = await openPreview([
      importLine(2, { state: 'unknown_sku', sku: 'FPR-001', variation: 'Hitam,L', items: [] }),
      importLine(3, { state: 'unknown_sku', sku: 'fpr-001', variation: 'Hitam,M', items: [] }),
    ]);
    await user.click(
      within(bodyRows(dialog)[1] as HTMLElement).getByRole('button', { name: 'Petakan' }),
    );
    const panel = within(dialog).getByRole('region', { name: 'Petakan SKU fpr-001' });
    expect(within(panel).getByLabelText('Variasi')).toHaveValue('Hitam,M');
    expect(within(panel).getByLabelText('Channel')).toHaveValue('');
    await user.type(within(panel).getByRole('combobox', { name: 'Produk' }), 'kopi');
    await user.click(await screen.findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.click(within(panel).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(mappings).toEqual([
        {
          channel: null,
          sku: 'fpr-001',
          variation: 'Hitam,M',
          items: [{ product_code: 'KP-001', quantity: 1 }],
        },
      ]),
    );
  });

  it('refuses a mapping without a product or with the same product twice', async () => {
    const { dialog, user } = await openPreview([
      importLine(2, { state: 'unknown_sku', sku: 'X-1', items: [] }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Petakan' }));
    const panel = within(dialog).getByRole('region', { name: 'Petakan SKU X-1' });
    await user.click(within(panel).getByRole('button', { name: 'Simpan' }));
    expect(within(panel).getByText('Pilih produk terlebih dahulu')).toBeVisible();
    await user.type(within(panel).getByRole('combobox', { name: 'Produk' }), 'kopi');
    await user.click(await screen.findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.click(within(panel).getByRole('button', { name: 'Tambah Produk' }));
    await user.type(within(panel).getByRole('combobox', { name: 'Produk 2' }), 'kopi');
    await user.click(await screen.findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.click(within(panel).getByRole('button', { name: 'Simpan' }));
    expect(within(panel).getByText("Kode Barang 'KP-001' disebut lebih dari sekali")).toBeVisible();
    expect(mappings).toEqual([]);
  });

  it('commits a clean preview and shows the result counts; the list is fetched again', async () => {
    const { dialog, user } = await openPreview([
      importLine(2),
      importLine(3, { state: 'cancelled', status: 'batal' }),
    ]);
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    const before = orderRequests;
    // 'Impor' is reached by scrolling down the preview (a phone).
    const backdrop = screen.getByTestId('modal-backdrop');
    backdrop.scrollTop = 400;
    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    const result = await screen.findByRole('dialog', { name: 'Hasil Impor' });
    expect(commits).toEqual([{}]);
    // The result opens at its top, its title in view, and is read out by its title.
    expect(backdrop.scrollTop).toBe(0);
    expect(result).toHaveFocus();
    expect(
      within(result)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`),
    ).toEqual([
      'Pesanan baru: 3',
      'Pesanan diperbarui: 1',
      'Baris baru: 4',
      'Dilewati (batal): 1',
      'Dilewati (tidak valid): 0',
      'Dilewati (SKU belum dipetakan): 0',
    ]);
    expect(screen.getByText('Pesanan berhasil diimpor')).toBeInTheDocument();
    await waitFor(() => expect(orderRequests).toBeGreaterThan(before));
    await user.click(within(result).getByRole('button', { name: 'Selesai' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('commits with skip_problems once the manager chooses to leave the problem lines out', async () => {
    const { dialog, user } = await openPreview([
      importLine(2),
      importLine(3, { state: 'invalid', problem: 'Jumlah bukan angka (baris 3)', items: [] }),
    ]);
    const impor = within(dialog).getByRole('button', { name: 'Impor' });
    expect(impor).toBeDisabled();
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: 'Lewati baris bermasalah (SKU belum dipetakan dan tidak valid)',
      }),
    );
    expect(impor).toBeEnabled();
    await user.click(impor);
    await screen.findByRole('dialog', { name: 'Hasil Impor' });
    expect(commits).toEqual([{ skip_problems: true }]);
  });

  it('shows the server’s refusal of a commit and the preview as it is now', async () => {
    server.use(
      http.post('*/api/marketplace-imports/:id/commit', () =>
        HttpResponse.json(
          { message: 'Pratinjau ini sudah diimpor', problems: [] },
          { status: 409 },
        ),
      ),
    );
    const { dialog, user } = await openPreview([importLine(2)]);
    await user.click(within(dialog).getByRole('button', { name: 'Impor' }));
    expect(await screen.findByText('Pratinjau ini sudah diimpor')).toBeInTheDocument();
    await waitFor(() => expect(previewRequests).toEqual(['7']));
    expect(screen.getByRole('dialog', { name: 'Impor Pesanan Marketplace' })).toBeVisible();
  });
});
