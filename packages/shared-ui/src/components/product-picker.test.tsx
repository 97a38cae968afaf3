import { makeProduct } from '@gudang/api-client/testing';
import { PICKER_DEBOUNCE_MS } from '@gudang/api-client';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { renderWithProviders } from '../testing';
import { Modal } from './modal';
import { ProductPicker } from './product-picker';
import type { PickedProduct, ProductPickerProps } from './product-picker';

const product = (id: number, name: string, code: string, stock: number) =>
  makeProduct({
    id,
    barcode_id: `BC${id}`,
    code,
    name,
    initial_stock: stock,
    current_stock: stock,
    category: 'Minuman',
    brand: 'Kapal Api',
  });

const catalogue = [
  product(1, 'Kopi Arabica', 'KP-001', 25),
  product(2, 'Kopi Robusta', 'KP-002', 0),
  product(3, 'Kopi Luwak', 'KP-003', 4),
  product(4, `Kopi${'X'.repeat(150)}`, 'KP-004', 1500),
];

const requests: URL[] = [];
let gate: Promise<void> = Promise.resolve();

const server = setupServer(
  http.get('*/api/products', async ({ request }) => {
    const url = new URL(request.url);
    requests.push(url);
    await gate;
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const data = catalogue.filter((p) => p.name.toLowerCase().includes(search));
    return HttpResponse.json({
      data,
      pagination: {
        page: 1,
        limit: Number(url.searchParams.get('limit')),
        total: data.length,
        totalPages: 1,
      },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  gate = Promise.resolve();
});
afterAll(() => server.close());

function Harness(props: Partial<ProductPickerProps> & { spy: (p: PickedProduct | null) => void }) {
  const { spy, ...rest } = props;
  const [value, setValue] = useState<PickedProduct | null>(null);
  return (
    <ProductPicker
      {...rest}
      value={value}
      onChange={(next) => {
        spy(next);
        setValue(next);
      }}
    />
  );
}

const setup = (props: Partial<ProductPickerProps> = {}) => {
  const spy = jest.fn();
  const result = renderWithProviders(<Harness spy={spy} {...props} />);
  return { spy, ...result };
};

describe('ProductPicker', () => {
  it('asks for 2 characters before it searches', async () => {
    const { user } = setup();
    const input = screen.getByRole('combobox', { name: 'Produk' });
    expect(input).toHaveAttribute('placeholder', 'Pilih produk...');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Ketik minimal 2 karakter untuk mencari produk')).toBeInTheDocument();
    await user.type(input, 'k');
    // Past the debounce: still no search for one character.
    await act(() => new Promise((resolve) => setTimeout(resolve, PICKER_DEBOUNCE_MS + 100)));
    expect(screen.getByText('Ketik minimal 2 karakter untuk mencari produk')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
    // The second character searches: the wait above was long enough to have seen one.
    await user.type(input, 'p');
    await waitFor(() => expect(requests).toHaveLength(1));
  });

  it('takes another placeholder', () => {
    setup({ placeholder: 'Cari dan pilih produk...' });
    expect(screen.getByRole('combobox')).toHaveAttribute('placeholder', 'Cari dan pilih produk...');
  });

  it('shows Mencari produk... and then the products with code and stock, 20 at most', async () => {
    let release: () => void = () => undefined;
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user } = setup();
    await user.type(screen.getByRole('combobox'), 'kopi');
    expect(screen.getByText('Mencari produk...')).toBeInTheDocument();
    // Still shown while the request is under way.
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByText('Mencari produk...')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    release();

    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(4);
    expect(options[0]).toHaveTextContent('Kopi Arabica');
    expect(options[0]).toHaveTextContent('KP-001');
    expect(options[0]).toHaveTextContent('Stok: 25');
    expect(options[1]).toHaveTextContent('Stok habis');
    expect(screen.queryByText('Mencari produk...')).not.toBeInTheDocument();

    // One request, after the debounce, for the whole word.
    expect(requests).toHaveLength(1);
    expect(requests[0]?.searchParams.get('search')).toBe('kopi');
    expect(requests[0]?.searchParams.get('limit')).toBe('20');
  });

  it('wraps a long name beside a whole stock badge in id-ID', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('combobox'), 'kopi');
    const long = (await screen.findAllByRole('option'))[3] as HTMLElement;
    const name = within(long).getByText(/^KopiXXX/);
    expect(name.parentElement).toHaveStyle({ minWidth: '0', overflowWrap: 'anywhere' });
    const badge = within(long).getByText('Stok: 1.500');
    expect(badge).toHaveStyle({ whiteSpace: 'nowrap', flex: 'none' });
  });

  it('reuses cached results for a search it has done before', async () => {
    const { user } = setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'luwak');
    expect(await screen.findByRole('option', { name: /Kopi Luwak/ })).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'luwak');
    expect(await screen.findByRole('option', { name: /Kopi Luwak/ })).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('says so when nothing matches', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('combobox'), 'teh');
    expect(await screen.findByText('Tidak ada produk ditemukan')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('selects a product, shows it, and clears it', async () => {
    const { user, spy } = setup();
    const input = screen.getByRole('combobox');
    await user.type(input, 'kopi');
    await user.click(await screen.findByRole('option', { name: /Kopi Luwak/ }));
    expect(spy).toHaveBeenLastCalledWith(catalogue[2]);
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('Kopi Luwak (KP-003)');

    await user.click(screen.getByRole('button', { name: 'Hapus pilihan' }));
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('lets an out-of-stock product be chosen unless disableOutOfStock is set', async () => {
    const first = setup();
    await first.user.type(screen.getByRole('combobox'), 'robusta');
    const enabled = await screen.findByRole('option', { name: /Kopi Robusta/ });
    expect(enabled).not.toHaveAttribute('aria-disabled');
    await first.user.click(enabled);
    expect(first.spy).toHaveBeenCalledWith(catalogue[1]);
    first.unmount();

    const second = setup({ disableOutOfStock: true });
    await second.user.type(screen.getByRole('combobox'), 'kopi');
    const listbox = await screen.findByRole('listbox');
    const disabled = await within(listbox).findByRole('option', { name: /Kopi Robusta/ });
    expect(disabled).toHaveAttribute('aria-disabled', 'true');
    expect(within(listbox).getByRole('option', { name: /Kopi Arabica/ })).not.toHaveAttribute(
      'aria-disabled',
    );
    await second.user.click(disabled);
    expect(second.spy).not.toHaveBeenCalled();
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('works from the keyboard, skipping disabled options', async () => {
    const { user, spy } = setup({ disableOutOfStock: true, label: 'Nama Produk' });
    const input = screen.getByRole('combobox', { name: 'Nama Produk' });
    await user.type(input, 'kopi');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Kopi Luwak/ }).id,
    );
    await user.keyboard('{Enter}');
    expect(spy).toHaveBeenCalledWith(catalogue[2]);

    await user.clear(input);
    await user.type(input, 'ko');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('ProductPicker in a modal', () => {
  it('closes its list on Escape without closing the modal', async () => {
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <Modal open title="Tambah Barang Keluar" onClose={onClose}>
        <Harness spy={jest.fn()} placeholder="Cari dan pilih produk..." />
      </Modal>,
    );
    const input = screen.getByRole('combobox');
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('takes the focus on opening with its list closed, so one Escape closes the modal', async () => {
    const onClose = jest.fn();
    const { user } = renderWithProviders(
      <Modal open title="Tambah Barang Masuk" onClose={onClose}>
        <Harness spy={jest.fn()} autoFocus placeholder="Cari dan pilih produk..." />
      </Modal>,
    );
    const input = screen.getByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('opens its list when typed into after taking the focus on opening', async () => {
    const { user } = renderWithProviders(
      <Modal open title="Tambah Barang Masuk" onClose={jest.fn()}>
        <Harness spy={jest.fn()} autoFocus placeholder="Cari dan pilih produk..." />
      </Modal>,
    );
    const input = screen.getByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    await user.keyboard('Ko');
    expect(input).toHaveAttribute('aria-expanded', 'true');
  });
});
