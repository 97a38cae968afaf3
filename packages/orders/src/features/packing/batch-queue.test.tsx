import { makeStore, signedIn } from '@gudang/api-client';
import type { PackedToday, PackingView, PickBatch } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { PackingPage } from './packing-page';

jest.setTimeout(15_000);

const order = (id: number, position: number, shipped: boolean) => ({
  id,
  position,
  channel: 'shopee' as const,
  store_id: 1,
  store: 'Shopee',
  order_number: `SP-${id}`,
  resi_number: `RESI${id}`,
  courier: 'SPX',
  date: '2026-11-24',
  status: 'perlu_dikirim' as const,
  quantity: 1,
  shipped,
});

let batch: PickBatch;
const looked: string[] = [];
let today: PackedToday = { count: 0, data: [] };

const view = (resi: string): PackingView => ({
  order: {
    id: 11,
    channel: 'shopee',
    order_number: 'SP-11',
    resi_number: resi,
    status: 'perlu_dikirim',
    status_text: 'Perlu Dikirim',
    date: '2026-11-24',
    skipped_lines: [],
  },
  lines: [
    {
      product_code: 'KAOS',
      product_name: 'Kaos Hitam',
      barcode_id: 'BC-KAOS',
      quantity: 1,
      current_stock: 4,
    },
  ],
  shipped: null,
});

const server = setupServer(
  http.get('*/api/packing', () => HttpResponse.json(today)),
  http.get('*/api/packing/:resi', ({ params }) => {
    looked.push(String(params.resi));
    return HttpResponse.json(view(String(params.resi)));
  }),
  http.get('*/api/pick-batches/:id', () => HttpResponse.json({ data: batch })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  batch = {
    id: 5,
    number: 'DA-000005',
    status: 'picked',
    channel: null,
    store_id: null,
    store: null,
    courier: null,
    startDate: null,
    endDate: null,
    order_count: 3,
    shipped_count: 1,
    units: 3,
    picked_units: 3,
    short_lines: 0,
    skipped: { marketplace_fulfilled: 0, no_resi: 0 },
    created_by: 'Admin',
    created_at: '2026-11-24T02:00:00.000Z',
    cancelled_by: null,
    cancelled_at: null,
    // Label order: SP-10 shipped already, SP-11 next.
    orders: [order(10, 1, true), order(11, 2, false), order(12, 3, false)],
    lines: [],
  };
});
afterEach(() => {
  server.resetHandlers();
  looked.length = 0;
  today = { count: 0, data: [] };
});
afterAll(() => server.close());

function renderAt(route: string) {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'admin@gudang.test', name: 'Admin', role: 'admin' },
    }),
  );
  return renderWithProviders(<PackingPage />, { store, route });
}

describe('Scan Kirim from a Daftar Ambil', () => {
  it("names the batch's next resi in label order and opens it", async () => {
    const { user } = renderAt('/packing?batch=5');
    const box = await screen.findByRole('region', { name: 'Daftar Ambil DA-000005' });
    expect(box).toHaveTextContent('1 dari 3 pesanan terkirim');
    expect(box).toHaveTextContent('Berikutnya (label 2): resi RESI11, pesanan SP-11');
    await user.click(within(box).getByRole('button', { name: 'Buka Resi Berikutnya' }));
    await waitFor(() => expect(looked).toEqual(['RESI11']));
    expect(await screen.findByText('Kaos Hitam (KAOS)')).toBeInTheDocument();
  });

  it('opens the next resi of a fresh read: never one another packer shipped since', async () => {
    const { user } = renderAt('/packing?batch=5');
    const box = await screen.findByRole('region', { name: 'Daftar Ambil DA-000005' });
    expect(box).toHaveTextContent('Berikutnya (label 2): resi RESI11, pesanan SP-11');
    // Another packer ships SP-11 meanwhile.
    batch = { ...batch, orders: batch.orders.map((row) => ({ ...row, shipped: row.id !== 12 })) };
    await user.click(within(box).getByRole('button', { name: 'Buka Resi Berikutnya' }));
    await waitFor(() => expect(looked).toEqual(['RESI12']));
    expect(box).toHaveTextContent('2 dari 3 pesanan terkirim');
    expect(box).toHaveTextContent('Berikutnya (label 3): resi RESI12, pesanan SP-12');
  });

  it('skips an order cancelled since the batch was made, and says when only such are left', async () => {
    batch = {
      ...batch,
      orders: [
        order(10, 1, true),
        { ...order(11, 2, false), status: 'batal' },
        order(12, 3, false),
      ],
    };
    const first = renderAt('/packing?batch=5');
    const box = await screen.findByRole('region', { name: 'Daftar Ambil DA-000005' });
    expect(box).toHaveTextContent('Berikutnya (label 3): resi RESI12, pesanan SP-12');
    first.unmount();

    batch = { ...batch, orders: batch.orders.map((row) => ({ ...row, shipped: row.id !== 11 })) };
    renderAt('/packing?batch=5');
    const again = await screen.findByRole('region', { name: 'Daftar Ambil DA-000005' });
    expect(again).toHaveTextContent(
      'Tidak ada lagi pesanan yang dapat dikirim: 1 pesanan lain berstatus Batal, Retur atau Belum Bayar',
    );
    expect(within(again).queryByRole('button', { name: 'Buka Resi Berikutnya' })).toBeNull();
  });

  it('says when every order of the batch is shipped', async () => {
    batch = { ...batch, orders: batch.orders.map((row) => ({ ...row, shipped: true })) };
    renderAt('/packing?batch=5');
    const box = await screen.findByRole('region', { name: 'Daftar Ambil DA-000005' });
    expect(box).toHaveTextContent('3 dari 3 pesanan terkirim');
    expect(box).toHaveTextContent('Semua pesanan daftar ambil ini sudah terkirim');
  });

  it('shows no batch without ?batch', async () => {
    renderAt('/packing');
    await screen.findByLabelText('Scan resi');
    expect(screen.queryByText(/Daftar Ambil/)).toBeNull();
  });
});
