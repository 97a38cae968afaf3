import { makeProduct } from '@gudang/api-client/testing';
// The shared camera button beside the fields where a barcode or resi is typed: Barang
// Masuk's Nomor Resi, Barang Rusak's Barcode and the product form's Barcode ID. The camera is a
// stub (getUserMedia and a BarcodeDetector that reads a given code); each field must take the code
// as a USB scanner types it, Enter included, and go on to the next field without saving.
import { CAMERA_TEXTS } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DamagedGoodsForm } from './damaged-goods/damaged-goods-form';
import { ProductFormModal } from './products/product-form-modal';
import { IncomingGoodsForm } from './stock-movements/incoming-goods-form';

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

const posted: string[] = [];
let productLists = 0;
const server = setupServer(
  http.get('*/api/products/all', () => {
    productLists += 1;
    return HttpResponse.json({ data: [kopi] });
  }),
  http.get('*/api/products', () =>
    HttpResponse.json({
      data: [kopi],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    }),
  ),
  http.get('*/api/incoming-goods/check-resi/:resi', () =>
    HttpResponse.json({ isDuplicate: false, duplicates: [] }),
  ),
  http.post('*/api/*', ({ request }) => {
    posted.push(new URL(request.url).pathname);
    return HttpResponse.json({}, { status: 500 });
  }),
);

/** What the stubbed camera reads: nothing on the first frame, then this code. */
let code = '';
const stopped: string[] = [];

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  posted.length = 0;
  stopped.length = 0;
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: {
      getUserMedia: jest.fn(() =>
        Promise.resolve({ getTracks: () => [{ stop: () => stopped.push('video') }] }),
      ),
    },
    configurable: true,
  });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const detect = jest
    .fn()
    .mockResolvedValueOnce([])
    .mockImplementation(() => Promise.resolve([{ rawValue: code }]));
  (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = Object.assign(
    class {
      detect = detect;
    },
    { getSupportedFormats: () => Promise.resolve(['code_128', 'ean_13', 'qr_code']) },
  );
});
afterEach(() => {
  server.resetHandlers();
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

test('Barang Masuk: the camera types the resi and Enter, and Jumlah comes next', async () => {
  code = 'SPXID0042';
  const { user } = renderWithProviders(<IncomingGoodsForm record={null} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
  await user.click(within(dialog).getByRole('button', { name: CAMERA_TEXTS.openResi }));
  await waitFor(() => expect(within(dialog).getByLabelText(/Nomor Resi/)).toHaveValue('SPXID0042'));
  await waitFor(() => expect(within(dialog).getByLabelText(/Jumlah/)).toHaveFocus());
  expect(stopped).toEqual(['video']);
  // Enter went on to Jumlah: nothing was saved, no field was marked missing yet.
  expect(posted).toEqual([]);
  expect(within(dialog).queryByText('Wajib diisi')).not.toBeInTheDocument();
});

test('Barang Rusak: the camera types the barcode, the product fills in, Jumlah Rusak comes next', async () => {
  code = 'BC001';
  const { user } = renderWithProviders(<DamagedGoodsForm record={null} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Rusak' });
  // The product list is in before the scan, as on the page.
  await waitFor(() => expect(productLists).toBeGreaterThan(0));
  await user.click(within(dialog).getByRole('button', { name: CAMERA_TEXTS.open }));
  await waitFor(() =>
    expect(within(dialog).getByLabelText(/Barcode \(Scan Required\)/)).toHaveValue('BC001'),
  );
  expect(await within(dialog).findByText('Produk ditemukan: Kopi Arabica')).toBeInTheDocument();
  expect(within(dialog).getByLabelText(/Kode Barang/)).toHaveValue('KP-001');
  await waitFor(() => expect(within(dialog).getByLabelText(/Jumlah Rusak/)).toHaveFocus());
  expect(posted).toEqual([]);
  expect(within(dialog).queryByText('Wajib diisi')).not.toBeInTheDocument();
});

test('Barang Rusak: an unknown scanned barcode stays in its field, nothing is saved', async () => {
  code = 'NOPE-1';
  const { user } = renderWithProviders(<DamagedGoodsForm record={null} onClose={jest.fn()} />);
  const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Rusak' });
  await user.click(within(dialog).getByRole('button', { name: CAMERA_TEXTS.open }));
  const field = within(dialog).getByLabelText(/Barcode \(Scan Required\)/);
  await waitFor(() => expect(field).toHaveValue('NOPE-1'));
  expect(
    await within(dialog).findByText('Barcode tidak ditemukan dalam database'),
  ).toBeInTheDocument();
  await waitFor(() => expect(field).toHaveFocus());
  expect(posted).toEqual([]);
});

test('product form: the camera types the Barcode ID and Enter, Kode comes next, nothing saved', async () => {
  code = '8991234567890';
  const onSubmit = jest.fn(() => Promise.resolve(true));
  const { user } = renderWithProviders(
    <ProductFormModal open product={null} saving={false} onClose={jest.fn()} onSubmit={onSubmit} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
  await user.click(within(dialog).getByRole('button', { name: CAMERA_TEXTS.open }));
  await waitFor(() => expect(within(dialog).getByLabelText(/Barcode ID/)).toHaveValue(code));
  await waitFor(() => expect(within(dialog).getByLabelText(/^Kode/)).toHaveFocus());
  expect(onSubmit).not.toHaveBeenCalled();
  expect(within(dialog).queryByText('Wajib diisi')).not.toBeInTheDocument();
});
