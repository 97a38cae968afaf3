// Node.js's File (msw hands the upload over as one), which jest runs this test in.
/// <reference types="node" />
import { makeProduct } from '@gudang/api-client/testing';
import { makeStore, signedIn } from '@gudang/api-client';
import type { CommitRackImportInput, Product, ProductInput, RackImport } from '@gudang/api-client';
import { ProductList } from '@gudang/api-client/contract';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { File as NodeFile } from 'node:buffer';
import { ProductsPage } from './products-page';

jest.setTimeout(20_000);

let catalogue: Product[] = [];
const listQueries: URLSearchParams[] = [];
const saved: ProductInput[] = [];
const uploads: string[] = [];
const commits: CommitRackImportInput[] = [];

const preview: RackImport = {
  id: 9,
  file_name: 'rak.xlsx',
  committed: false,
  rows: [
    {
      row: 2,
      product_code: 'KP-001',
      product_name: 'Kopi',
      current_rack: null,
      rack: 'A-01',
      state: 'update',
      problem: null,
    },
    {
      row: 3,
      product_code: 'XX',
      product_name: '',
      current_rack: null,
      rack: 'A-02',
      state: 'unknown_product',
      problem: "Kode Barang 'XX' tidak ditemukan (baris 3)",
    },
  ],
  summary: { total: 2, update: 1, unchanged: 0, unknown_product: 1, invalid: 0 },
};

const server = setupServer(
  http.get('*/api/products', ({ request }) => {
    const query = new URL(request.url).searchParams;
    listQueries.push(query);
    const prefix = (query.get('rack') ?? '').toUpperCase();
    const rows = catalogue.filter((p) => prefix === '' || (p.rack ?? '').startsWith(prefix));
    return HttpResponse.json(
      matchesContract(ProductList, {
        data: rows,
        pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
      }),
    );
  }),
  http.get('*/api/reservations', () =>
    HttpResponse.json({
      data: [],
      pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
    }),
  ),
  http.put('*/api/products/:id', async ({ request, params }) => {
    const body = (await request.json()) as ProductInput;
    saved.push(body);
    const id = Number(params.id);
    catalogue = catalogue.map((p) => (p.id === id ? { ...p, rack: body.rack ?? null } : p));
    return HttpResponse.json({ message: 'ok', data: catalogue.find((p) => p.id === id) });
  }),
  http.post('*/api/product-racks/imports', async ({ request }) => {
    const file = (await request.formData()).get('file');
    uploads.push(file instanceof NodeFile ? file.name : 'none');
    return HttpResponse.json(preview, { status: 201 });
  }),
  http.post('*/api/product-racks/imports/:id/commit', async ({ request }) => {
    commits.push((await request.json()) as CommitRackImportInput);
    return HttpResponse.json({
      message: 'Rak 1 produk berhasil diperbarui',
      updated: 1,
      cleared: 0,
      unchanged: 0,
      skipped: 1,
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  catalogue = [
    makeProduct({ id: 1, code: 'KP-001', barcode_id: 'BC1', name: 'Kopi', rack: 'A-01-2' }),
    makeProduct({ id: 2, code: 'KP-002', barcode_id: 'BC2', name: 'Teh', rack: 'B-03' }),
    makeProduct({ id: 3, code: 'KP-003', barcode_id: 'BC3', name: 'Gula', rack: null }),
  ];
});
afterEach(() => {
  server.resetHandlers();
  listQueries.length = 0;
  saved.length = 0;
  uploads.length = 0;
  commits.length = 0;
});
afterAll(() => server.close());

function renderPage(route = '/products') {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 't',
      user: { id: 1, email: 'manager@gudang.test', name: 'M', role: 'manager' },
    }),
  );
  return renderWithProviders(<ProductsPage />, { store, route });
}

const table = () => screen.getByRole('table', { name: 'Data Produk' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

describe('Rak on Data Produk', () => {
  it('shows the Rak column, filters by prefix and sorts by rack', async () => {
    const { user } = renderPage();
    await within(await screen.findByRole('table', { name: 'Data Produk' })).findByText('Kopi');
    expect(within(table()).getByRole('columnheader', { name: 'Rak' })).toBeInTheDocument();
    expect(within(rowOf('Kopi')).getByText('A-01-2')).toBeInTheDocument();
    expect(within(rowOf('Gula')).getByText('-')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter Rak' }), 'a-{Enter}');
    await waitFor(() => expect(listQueries.at(-1)?.get('rack')).toBe('a-'));
    await waitFor(() => expect(within(table()).queryByText('Teh')).toBeNull());
    expect(within(table()).getByText('Kopi')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Urutkan' }), 'rack');
    await waitFor(() => expect(listQueries.at(-1)?.get('sort')).toBe('rack'));
    expect(listQueries.at(-1)?.get('rack')).toBe('a-');
  });

  it('refuses a rack filter the server would refuse, without asking it', async () => {
    const { user } = renderPage();
    await within(await screen.findByRole('table', { name: 'Data Produk' })).findByText('Kopi');
    const before = listQueries.length;
    await user.type(screen.getByRole('searchbox', { name: 'Filter Rak' }), 'A 1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter)',
    );
    expect(listQueries.slice(before).some((query) => query.get('rack') !== null)).toBe(false);
  });

  it('edits the Rak in the product form, in capitals; an empty Rak clears it', async () => {
    const { user } = renderPage();
    await within(await screen.findByRole('table', { name: 'Data Produk' })).findByText('Gula');
    await user.click(within(rowOf('Gula')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    const rack = within(dialog).getByLabelText('Rak');
    expect(rack).toHaveValue('');
    await user.type(rack, 'c 1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      within(dialog).getByText(
        'Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter)',
      ),
    ).toBeVisible();
    expect(saved).toEqual([]);
    await user.clear(rack);
    await user.type(rack, 'c-07/1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(saved.map((body) => body.rack)).toEqual(['C-07/1']));
    expect(await within(rowOf('Gula')).findByText('C-07/1')).toBeInTheDocument();

    await user.click(within(rowOf('Kopi')).getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(within(again).getByLabelText('Rak')).toHaveValue('A-01-2');
    await user.clear(within(again).getByLabelText('Rak'));
    await user.click(within(again).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(saved.map((body) => body.rack)).toEqual(['C-07/1', null]));
  });

  it("imports racks from a file: preview, then 'Impor' once the problem rows are skipped", async () => {
    const { user } = renderPage();
    await within(await screen.findByRole('table', { name: 'Data Produk' })).findByText('Kopi');
    await user.click(screen.getByRole('button', { name: 'Impor Rak' }));
    const dialog = screen.getByRole('dialog', { name: 'Impor Rak' });
    await user.upload(
      within(dialog).getByLabelText('File Rak'),
      new NodeFile(['Kode Barang,Rak'], 'rak.xlsx') as unknown as File,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Pratinjau' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'rak.xlsx: 2 baris: 1 diubah, 0 tetap, 1 kode tidak ditemukan, 0 tidak valid',
    );
    expect(uploads).toEqual(['rak.xlsx']);
    const rows = within(within(dialog).getByRole('table', { name: 'Pratinjau impor rak' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[1]).toHaveTextContent("Kode Barang 'XX' tidak ditemukan (baris 3)");
    const commit = within(dialog).getByRole('button', { name: 'Impor' });
    expect(commit).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Lewati baris bermasalah'));
    await user.click(commit);
    await waitFor(() => expect(commits).toEqual([{ skip_problems: true }]));
    expect(await screen.findByText('Rak 1 produk berhasil diperbarui')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Impor Rak' })).toBeNull();
  });

  it('names the rack on the stock card', async () => {
    server.use(
      http.get('*/api/products/:id/ledger', ({ request }) => {
        const query = new URL(request.url).searchParams;
        return HttpResponse.json({
          data: {
            product: catalogue[0],
            startDate: query.get('startDate'),
            endDate: query.get('endDate'),
            opening_balance: 0,
            entries: [],
            total_incoming: 0,
            total_outgoing: 0,
            total_returned: 0,
            total_adjusted: 0,
            closing_balance: 0,
          },
        });
      }),
    );
    const { user } = renderPage();
    await within(await screen.findByRole('table', { name: 'Data Produk' })).findByText('Kopi');
    await user.click(within(rowOf('Kopi')).getByRole('button', { name: 'Kartu Stok' }));
    const card = screen.getByRole('dialog', { name: 'Kartu Stok' });
    expect(within(card).getByText('Kode KP-001 · Barcode BC1 · Rak A-01-2')).toBeInTheDocument();
  });
});
