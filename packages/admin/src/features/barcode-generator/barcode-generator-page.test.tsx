import { makeProduct } from '@gudang/api-client/testing';
import { makeStore, signedIn } from '@gudang/api-client';
import type { GenerateBarcodeRequest } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { BarcodeGeneratorPage } from './barcode-generator-page';

const SLOW = { timeout: 3000 };

const kopi = makeProduct({
  id: 1,
  barcode_id: 'BC001',
  code: 'KP-001',
  name: 'Kopi Arabica',
  initial_stock: 10,
  current_stock: 10,
  category: 'Minuman',
  brand: 'Kapal Api',
});

const generated: GenerateBarcodeRequest[] = [];

const server = setupServer(
  http.get('*/api/products', () =>
    HttpResponse.json({
      data: [kopi],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    }),
  ),
  http.post('*/api/barcode/generate', async ({ request }) => {
    const body = (await request.json()) as GenerateBarcodeRequest;
    generated.push(body);
    return HttpResponse.json({
      message: 'Barcode berhasil dibuat',
      data: { code: kopi.code, name: kopi.name, barcode_id: kopi.barcode_id },
    });
  }),
);

// jsdom has no canvas. jsbarcode measures the text under the bars with a 2D context and draws
// the PNG on one: a stand-in context records nothing and measures 10 px per character.
function fakeCanvas() {
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
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback: BlobCallback,
  ) {
    callback(new Blob([`png ${this.width}x${this.height}`], { type: 'image/png' }));
  });
}

function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    last = blob;
    return 'blob:barcode';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (last) files.push({ name: this.download, blob: last });
  });
  return files;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => fakeCanvas());
afterEach(() => {
  server.resetHandlers();
  generated.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage() {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'manager', role: 'manager' },
    }),
  );
  return renderWithProviders(<BarcodeGeneratorPage />, { store, route: '/barcode-generator' });
}

async function pickKopi(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByRole('combobox', { name: 'Pilih Produk' }), 'Kopi');
  await user.click(await screen.findByRole('option', { name: /Kopi Arabica/ }, SLOW));
}

const preview = () => screen.getByRole('region', { name: 'Pratinjau' });
const svgOf = (text: string) => within(preview()).getByRole('img', { name: `Barcode ${text}` });
const size = (svg: Element) => [svg.getAttribute('width'), svg.getAttribute('height')];

describe('BarcodeGeneratorPage', () => {
  it('shows the six usage tips and nothing to download before a barcode is chosen', () => {
    renderPage();
    const guide = screen.getByRole('region', { name: 'Panduan Penggunaan' });
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pilih produk dari daftar (ketik minimal 2 karakter) atau ketik barcode secara manual.',
      'Pilih ukuran barcode sesuai label: Kecil, Sedang, atau Besar.',
      "Centang 'Tampilkan Teks' agar kode juga tercetak di bawah garis barcode.",
      'Klik Download untuk menyimpan barcode sebagai gambar PNG.',
      'Klik Print untuk mencetak; isi Jumlah Salinan untuk mencetak satu lembar A4 berisi banyak label.',
      'Uji hasil cetak dengan scanner sebelum label ditempel pada barang.',
    ]);
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('draws the chosen product and redraws on every change of text, size and text flag', async () => {
    const { user } = renderPage();
    await pickKopi(user);
    expect(screen.getByLabelText('Barcode')).toHaveValue('BC001');
    expect(within(preview()).getByText('Kopi Arabica')).toBeInTheDocument();
    expect(within(preview()).getByText('Kode: KP-001')).toBeInTheDocument();

    // Sedang: bars 2 px wide, 80 px high, 10 px margins, 20 px text 5 px below the bars.
    const svg = svgOf('BC001');
    const bars = svg.querySelectorAll('rect').length;
    expect(bars).toBeGreaterThan(5);
    const [sedangWidth, sedangHeight] = size(svg);
    expect(sedangHeight).toBe('125px');
    expect(svg.querySelector('text')).toHaveTextContent('BC001');

    await user.selectOptions(screen.getByLabelText('Ukuran'), 'Besar');
    expect(size(svgOf('BC001'))[1]).toBe(`${120 + 20 + 5 + 20}px`);
    expect(Number.parseInt(size(svgOf('BC001'))[0] ?? '', 10)).toBeGreaterThan(
      Number.parseInt(sedangWidth ?? '', 10),
    );

    await user.selectOptions(screen.getByLabelText('Ukuran'), 'Kecil');
    expect(size(svgOf('BC001'))[1]).toBe(`${50 + 20 + 5 + 20}px`);

    await user.click(screen.getByRole('checkbox', { name: 'Tampilkan Teks' }));
    expect(size(svgOf('BC001'))[1]).toBe(`${50 + 20}px`);
    expect(svgOf('BC001').querySelector('text')).toBeNull();

    // Typing another barcode by hand redraws it and lets go of the product.
    await user.type(screen.getByLabelText('Barcode'), '-XYZ');
    expect(svgOf('BC001-XYZ').querySelectorAll('rect').length).toBeGreaterThan(bars);
    expect(within(preview()).queryByText('Kopi Arabica')).not.toBeInTheDocument();
    expect(sedangWidth).not.toBeNull();
  });

  it('refuses text CODE128 cannot encode and disables download and print', async () => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Barcode'), 'Kopi ☕');
    expect(await within(preview()).findByRole('alert')).toHaveTextContent('Gagal membuat barcode');
    expect(within(preview()).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();

    await user.clear(screen.getByLabelText('Barcode'));
    await user.type(screen.getByLabelText('Barcode'), 'KOPI-1');
    expect(svgOf('KOPI-1')).toBeInTheDocument();
    expect(screen.queryByText('Gagal membuat barcode')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('downloads barcode-{code}.png and logs the product', async () => {
    const files = captureDownloads();
    const { user } = renderPage();
    await pickKopi(user);
    await user.click(screen.getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Barcode berhasil diunduh')).toBeInTheDocument();
    expect(files.map((file) => file.name)).toEqual(['barcode-BC001.png']);
    expect(files[0]?.blob.type).toBe('image/png');
    // The PNG is drawn at the Sedang size: 125 px high.
    expect(await files[0]?.blob.text()).toMatch(/^png \d+x125$/);
    await waitFor(() => expect(generated).toEqual([{ product_code: 'KP-001' }]));
  });

  it('does not log a barcode typed by hand', async () => {
    const files = captureDownloads();
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Barcode'), 'MANUAL-7');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Barcode berhasil diunduh')).toBeInTheDocument();
    expect(files.map((file) => file.name)).toEqual(['barcode-MANUAL-7.png']);
    expect(generated).toEqual([]);
  });

  it('prints a sheet of N copies and logs the product', async () => {
    const sheets: { labels: number; drawn: number; onBody: boolean }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Cetak Barcode BC001' });
      sheets.push({
        labels: within(sheet).getAllByTestId('barcode-label').length,
        drawn: [...sheet.querySelectorAll('svg')].filter((svg) => svg.querySelector('rect')).length,
        onBody: sheet.parentElement === document.body,
      });
    });
    const { user } = renderPage();
    await pickKopi(user);
    const copies = screen.getByLabelText('Jumlah Salinan');
    await user.clear(copies);
    await user.type(copies, '12');
    await user.click(screen.getByRole('button', { name: 'Print' }));

    expect(sheets).toEqual([{ labels: 12, drawn: 12, onBody: true }]);
    expect(screen.queryByRole('document')).not.toBeInTheDocument();
    await waitFor(() => expect(generated).toEqual([{ product_code: 'KP-001' }]));
  });

  it.each([
    ['0', 'Jumlah Salinan harus lebih dari 0'],
    ['101', 'Jumlah Salinan maksimal 100'],
    ['2,5', 'Jumlah Salinan harus bilangan bulat lebih dari 0'],
    ['', 'Jumlah Salinan wajib diisi'],
  ])('refuses %j copies', async (typed, message) => {
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Barcode'), 'BC001');
    const copies = screen.getByLabelText('Jumlah Salinan');
    await user.clear(copies);
    if (typed) await user.type(copies, typed);
    expect(copies).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });
});
