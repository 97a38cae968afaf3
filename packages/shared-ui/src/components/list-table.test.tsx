import { screen, within } from '@testing-library/react';
import { renderWithProviders, setViewportWidth } from '../testing';
import { ListTable } from './list-table';
import type { PageAnswer } from './list-table';
import type { ListQuery } from './table-state';

interface Item {
  id: number;
  name: string;
}

const COLUMNS = [{ key: 'name', header: 'Nama' }];

const page = (number: number, names: string[], total = 25): PageAnswer<Item> => ({
  data: names.map((name, index) => ({ id: number * 100 + index, name })),
  pagination: { page: number, limit: 10, total, totalPages: Math.ceil(total / 10) },
});

const query = (over: Partial<ListQuery<PageAnswer<Item>>> = {}): ListQuery<PageAnswer<Item>> => ({
  currentData: undefined,
  data: undefined,
  isFetching: false,
  isError: false,
  refetch: jest.fn(),
  ...over,
});

const list = (current = 1) => ({
  page: current,
  limit: 10,
  setPage: jest.fn(),
  setLimit: jest.fn(),
});

function renderList(props: Partial<Parameters<typeof ListTable<Item>>[0]>) {
  return renderWithProviders(
    <ListTable<Item>
      query={query()}
      list={list()}
      columns={COLUMNS}
      rowKey="id"
      label="Daftar"
      emptyText="Kosong"
      {...props}
    />,
  );
}

describe('ListTable', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => {
    restore = setViewportWidth(1280);
  });
  afterEach(() => restore?.());

  it("shows the answer's rows and its pagination in the footer", () => {
    const answer = page(2, ['Kopi', 'Teh']);
    renderList({ query: query({ currentData: answer, data: answer }), list: list(2) });
    const table = screen.getByRole('table', { name: 'Daftar' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Nama', 'Kopi', 'Teh']);
    expect(screen.getByText('dari 25 item')).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveTextContent('Showing 11 to 20 of 25 results');
  });

  it('shows the placeholder while loading, then the failure with its retry', async () => {
    const loading = renderList({ query: query({ isFetching: true }) });
    expect(screen.getByText('Memuat data...')).toBeInTheDocument();
    loading.unmount();

    const failed = query({ isError: true });
    const { user } = renderList({ query: failed, pageSizeLabel: 'Jumlah baris' });
    expect(screen.getByRole('alert')).toHaveTextContent('Gagal memuat data');
    expect(screen.queryByText('Kosong')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Jumlah baris' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the shown page while the next one loads only with keepPrevious', () => {
    const previous = page(1, ['Kopi']);
    const next = query({ isFetching: true, data: previous });
    const plain = renderList({ query: next, list: list(2) });
    expect(screen.getByText('Memuat data...')).toBeInTheDocument();
    plain.unmount();

    const params = list(2);
    renderList({ query: next, list: params, keepPrevious: true });
    expect(screen.getByRole('row', { name: 'Kopi' })).toBeInTheDocument();
    expect(screen.queryByText('Memuat data...')).not.toBeInTheDocument();
    // The kept answer is page 1's: no page clamp from it.
    expect(params.setPage).not.toHaveBeenCalled();
  });

  it('moves a page past the end to the last page (the page clamp of ListFooter)', () => {
    const answer = page(9, [], 25);
    const params = list(9);
    renderList({ query: query({ currentData: answer, data: answer }), list: params });
    expect(params.setPage).toHaveBeenCalledWith(3, { replace: true });
  });

  it('neither loads nor fails while the query is skipped', () => {
    renderList({ query: query({ isFetching: true, isError: true }), skip: true });
    expect(screen.getByText('Kosong')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
