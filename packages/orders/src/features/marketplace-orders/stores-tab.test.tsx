import type { Role, SettingsInput, SettingsResponse } from '@gudang/api-client';
import type {
  MarketplaceStore,
  MarketplaceStoreInput,
  MarketplaceStoreUpdate,
} from '@gudang/api-client/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { marketplaceStore, paged, skuMapping } from './marketplace-fixtures';
import { renderMarketplaceAs } from './render-page';

const SLOW = { timeout: 5000 };
jest.setTimeout(15_000);

const initialSettings: SettingsResponse = {
  shopTimezone: 'Asia/Jakarta',
  targetStockDays: 14,
  reserve_unpaid: false,
  buffer_shopee: 2,
  buffer_tiktok: 0,
  buffer_lazada: 1,
  buffer_tokopedia: 0,
  buffer_bigseller: 0,
};

const initialStores = (): MarketplaceStore[] => [
  marketplaceStore(1, { name: 'Shopee', is_default: true, effective_buffer: 2, order_count: 12 }),
  marketplaceStore(5, { name: 'Toko Kedua', buffer: 4, effective_buffer: 4 }),
  marketplaceStore(2, {
    channel: 'lazada',
    name: 'Lazada',
    is_default: true,
    effective_buffer: 1,
    order_count: 3,
  }),
];

let settings = initialSettings;
let stores = initialStores();
let storeRequests = 0;
const created: MarketplaceStoreInput[] = [];
const updated: { id: string; body: MarketplaceStoreUpdate }[] = [];
const deleted: string[] = [];
const savedSettings: SettingsInput[] = [];

// The effective buffer as the server works it out: the store's own, else its channel's default.
const withBuffers = (store: MarketplaceStore): MarketplaceStore => ({
  ...store,
  effective_buffer: store.buffer ?? settings[`buffer_${store.channel}`],
});

const server = setupServer(
  http.get('*/api/marketplace-orders', ({ request }) =>
    HttpResponse.json(paged([], new URL(request.url))),
  ),
  http.get('*/api/sku-mappings', ({ request }) =>
    HttpResponse.json(paged([skuMapping(1)], new URL(request.url))),
  ),
  http.get('*/api/settings', () => HttpResponse.json(settings)),
  http.put('*/api/settings', async ({ request }) => {
    const body = (await request.json()) as SettingsInput;
    savedSettings.push(body);
    settings = { ...settings, ...body };
    return HttpResponse.json(settings);
  }),
  http.get('*/api/marketplace-stores', () => {
    storeRequests += 1;
    return HttpResponse.json({ data: stores.map(withBuffers) });
  }),
  http.post('*/api/marketplace-stores', async ({ request }) => {
    const body = (await request.json()) as MarketplaceStoreInput;
    created.push(body);
    const store = withBuffers(
      marketplaceStore(9, { channel: body.channel, name: body.name, buffer: body.buffer ?? null }),
    );
    stores = [...stores, store];
    return HttpResponse.json({ message: 'Toko berhasil disimpan', data: store }, { status: 201 });
  }),
  http.put('*/api/marketplace-stores/:id', async ({ params, request }) => {
    const body = (await request.json()) as MarketplaceStoreUpdate;
    updated.push({ id: String(params.id), body });
    stores = stores.map((store) =>
      String(store.id) === params.id ? withBuffers({ ...store, ...body }) : store,
    );
    const store = stores.find(({ id }) => String(id) === params.id);
    return HttpResponse.json({ message: 'Toko berhasil disimpan', data: store });
  }),
  http.delete('*/api/marketplace-stores/:id', ({ params }) => {
    deleted.push(String(params.id));
    stores = stores.filter(({ id }) => String(id) !== params.id);
    return HttpResponse.json({ message: 'Toko berhasil dihapus' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  settings = initialSettings;
  stores = initialStores();
  storeRequests = 0;
  created.length = 0;
  updated.length = 0;
  deleted.length = 0;
  savedSettings.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const renderAs = (role: Role, route = '/marketplace-orders?tab=toko') =>
  renderMarketplaceAs(role, route);

const storeTable = () => screen.getByRole('table', { name: 'Daftar Toko Marketplace' });
const settingsCard = () => screen.getByRole('region', { name: 'Dipesan dan Stok Cadangan' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const storeRows = () => within(storeTable()).getAllByRole('row').slice(1);

describe('Toko & Cadangan', () => {
  it('lists the stores with their buffers and order counts, and the shop’s settings', async () => {
    renderAs('manager');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    expect(
      within(storeTable())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Channel', 'Nama Toko', 'Stok Cadangan', 'Pesanan', 'Aksi']);
    expect(storeRows().map((row) => cellsOf(row).slice(0, 4))).toEqual([
      ['Shopee', 'Shopee Utama', 'Bawaan channel (2)', '12'],
      ['Shopee', 'Toko Kedua', '4', '0'],
      ['Lazada', 'Lazada Utama', 'Bawaan channel (1)', '3'],
    ]);
    const card = settingsCard();
    expect(
      await within(card).findByRole('switch', { name: 'Pesanan belum dibayar ikut dipesan' }),
    ).not.toBeChecked();
    expect(within(card).getByLabelText('Stok cadangan Shopee')).toHaveValue('2');
    expect(within(card).getByLabelText('Stok cadangan Lazada')).toHaveValue('1');
  });

  it('adds a store to a channel with its own buffer', async () => {
    const { user } = renderAs('manager');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Tambah Toko' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Toko Marketplace' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByText('Nama Toko wajib diisi')).toBeVisible();
    expect(created).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Channel'), 'lazada');
    // Empty: the channel's default buffer, named in the hint.
    expect(within(dialog).getByLabelText('Stok cadangan')).toHaveAccessibleDescription(
      'Kosongkan untuk memakai cadangan bawaan channel (1)',
    );
    await user.type(within(dialog).getByLabelText('Nama Toko'), 'Lazada Grosir');
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(created).toEqual([{ channel: 'lazada', name: 'Lazada Grosir', buffer: 3 }]),
    );
    expect(await screen.findByText('Toko berhasil disimpan')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is read again.
    expect(await within(storeTable()).findByText('Lazada Grosir', {}, SLOW)).toBeVisible();
  });

  it('saves a store’s buffer, and empties it back to the channel’s default', async () => {
    const { user } = renderAs('manager');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Edit toko Shopee' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Toko Marketplace' });
    expect(within(dialog).getByLabelText('Channel')).toBeDisabled();
    expect(within(dialog).getByLabelText('Nama Toko')).toHaveValue('Shopee');
    expect(within(dialog).getByLabelText('Stok cadangan')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Stok cadangan'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(updated).toEqual([{ id: '1', body: { name: 'Shopee', buffer: 5 } }]),
    );
    await waitFor(() => expect(cellsOf(storeRows()[0] as HTMLElement)[2]).toBe('5'));

    await user.click(screen.getByRole('button', { name: 'Edit toko Toko Kedua' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Toko Marketplace' });
    await user.clear(within(dialog).getByLabelText('Stok cadangan'));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(updated.at(-1)).toEqual({ id: '5', body: { name: 'Toko Kedua', buffer: null } }),
    );
    await waitFor(() =>
      expect(cellsOf(storeRows()[1] as HTMLElement)[2]).toBe('Bawaan channel (2)'),
    );
  });

  it('deletes a store without orders after confirming, and not one with orders', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    expect(
      screen.getByRole('button', {
        name: 'Toko ini punya 12 pesanan dan tidak dapat dihapus',
      }),
    ).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Hapus toko Toko Kedua' }));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() => expect(deleted).toEqual(['5']));
    expect(await screen.findByText('Toko berhasil dihapus')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(storeTable()).queryByText('Toko Kedua')).not.toBeInTheDocument(),
    );
  });

  it('shows the server’s refusal of a delete (orders came in meanwhile)', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    server.use(
      http.delete('*/api/marketplace-stores/:id', () =>
        HttpResponse.json(
          { message: 'Toko ini punya 2 pesanan dan tidak dapat dihapus' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderAs('manager');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    await user.click(screen.getByRole('button', { name: 'Hapus toko Toko Kedua' }));
    expect(
      await screen.findByText('Toko ini punya 2 pesanan dan tidak dapat dihapus'),
    ).toBeInTheDocument();
  });

  it('saves the unpaid switch and the channels’ default buffers; the stores’ buffers follow', async () => {
    const { user } = renderAs('manager');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    const card = settingsCard();
    const before = storeRequests;
    await user.click(
      await within(card).findByRole('switch', { name: 'Pesanan belum dibayar ikut dipesan' }),
    );
    const shopee = within(card).getByLabelText('Stok cadangan Shopee');
    await user.clear(shopee);
    await user.click(within(card).getByRole('button', { name: 'Simpan' }));
    expect(within(card).getByText('Stok cadangan Shopee wajib diisi')).toBeVisible();
    expect(savedSettings).toEqual([]);
    await user.type(shopee, '3');
    await user.click(within(card).getByRole('button', { name: 'Simpan' }));
    await waitFor(() =>
      expect(savedSettings).toEqual([
        {
          reserve_unpaid: true,
          buffer_shopee: 3,
          buffer_tiktok: 0,
          buffer_lazada: 1,
          buffer_tokopedia: 0,
          buffer_bigseller: 0,
        },
      ]),
    );
    expect(await screen.findByText('Pengaturan berhasil disimpan')).toBeInTheDocument();
    await waitFor(() => expect(storeRequests).toBeGreaterThan(before));
    await waitFor(() =>
      expect(cellsOf(storeRows()[0] as HTMLElement)[2]).toBe('Bawaan channel (3)'),
    );
  });

  it('lets the admin read the stores and settings, and change nothing', async () => {
    renderAs('admin');
    await within(storeTable()).findByText('Toko Kedua', {}, SLOW);
    expect(screen.getByRole('tab', { name: 'Toko & Cadangan' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      within(storeTable())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Channel', 'Nama Toko', 'Stok Cadangan', 'Pesanan']);
    expect(screen.queryByRole('button', { name: 'Tambah Toko' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit toko/ })).not.toBeInTheDocument();
    const card = settingsCard();
    expect(
      within(card).getByText('Hanya manager yang dapat mengubah toko dan stok cadangan.'),
    ).toBeVisible();
    expect(
      await within(card).findByRole('switch', { name: 'Pesanan belum dibayar ikut dipesan' }),
    ).toBeDisabled();
    expect(within(card).getByLabelText('Stok cadangan Shopee')).toHaveAttribute('readonly');
    expect(within(card).queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });

  it('is reached with the arrow keys from Pemetaan SKU, and kept in the URL', async () => {
    const { user } = renderAs('manager', '/marketplace-orders?tab=pemetaan-sku');
    await screen.findByRole('table', { name: 'Pemetaan SKU' });
    screen.getByRole('tab', { name: 'Pemetaan SKU' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Toko & Cadangan' })).toHaveFocus();
    expect(
      new URLSearchParams(screen.getByRole('status', { name: 'url' }).textContent ?? '').get('tab'),
    ).toBe('toko');
    expect(await screen.findByRole('table', { name: 'Daftar Toko Marketplace' })).toBeVisible();
    // Round at the end: the first tab again.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pesanan' })).toHaveFocus();
  });
});
