import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { addDaysIso, todayIso } from '../formatters';
import { useDatedListParams } from '../hooks/use-dated-list-params';
import { renderWithProviders, setViewportWidth } from '../testing';
import { DatedList } from './dated-list';
import type { PageAnswer } from './list-table';
import type { ListQuery } from './table-state';

interface Item {
  id: number;
  name: string;
}

const ANSWER: PageAnswer<Item> = {
  data: [{ id: 1, name: 'Kopi' }],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};

/** A page with a dated list; `asked` records the arguments the list's query would be asked with. */
function Page({ prefix, asked }: { prefix?: string; asked: unknown[] }) {
  const params = useDatedListParams({ prefix });
  if (!params.skip) asked.push(params.args);
  const query: ListQuery<PageAnswer<Item>> = {
    currentData: params.skip ? undefined : ANSWER,
    isFetching: false,
    isError: false,
    refetch: () => undefined,
  };
  return (
    <>
      <output aria-label="url">{useLocation().search}</output>
      <DatedList
        title="Daftar Retur"
        searchPlaceholder="Cari retur..."
        params={params}
        query={query}
        columns={[{ key: 'name', header: 'Nama' }]}
        rowKey="id"
        emptyText="Kosong"
      />
    </>
  );
}

const url = () => screen.getByRole('status', { name: 'url' }).textContent;
const today = todayIso();

describe('DatedList and useDatedListParams', () => {
  let restore: (() => void) | undefined;
  beforeEach(() => {
    restore = setViewportWidth(1280);
  });
  afterEach(() => restore?.());

  it('shows a named section: heading, search, dates, the table and its footer', () => {
    const asked: unknown[] = [];
    renderWithProviders(<Page asked={asked} />, {
      route: '/x?search=kopi&page=2&limit=20&startDate=2026-01-01',
    });
    const section = screen.getByRole('region', { name: 'Daftar Retur' });
    expect(within(section).getByRole('heading', { name: 'Daftar Retur' })).toBeInTheDocument();
    expect(within(section).getByRole('searchbox', { name: 'Cari retur...' })).toHaveValue('kopi');
    expect(within(section).getByLabelText('Tanggal Mulai')).toHaveValue('2026-01-01');
    expect(within(section).getByLabelText('Tanggal Akhir')).toHaveValue(addDaysIso(today, 7));
    expect(within(section).getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Daftar Retur' });
    expect(within(table).getByRole('row', { name: 'Kopi' })).toBeInTheDocument();
    expect(within(section).getByText('dari 1 item')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({
      page: 2,
      limit: 20,
      search: 'kopi',
      startDate: '2026-01-01',
      endDate: addDaysIso(today, 7),
    });
  });

  it('does not ask while the range is reversed, and says why', () => {
    const asked: unknown[] = [];
    renderWithProviders(<Page asked={asked} />, {
      route: `/x?startDate=${addDaysIso(today, 30)}`,
    });
    expect(asked).toEqual([]);
    expect(screen.getByText('Tanggal mulai tidak boleh setelah tanggal akhir')).toBeInTheDocument();
    expect(screen.getByText('Kosong')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a prefixed list under its own URL keys, a new range back on its page 1', () => {
    const asked: unknown[] = [];
    renderWithProviders(<Page prefix="adj" asked={asked} />, { route: '/x?adjPage=3&page=2' });
    expect(asked.at(-1)).toMatchObject({ page: 3 });
    fireEvent.change(screen.getByLabelText('Tanggal Mulai'), { target: { value: '2026-01-01' } });
    expect(url()).toBe('?page=2&adjStartDate=2026-01-01');
    expect(asked.at(-1)).toMatchObject({ page: 1, startDate: '2026-01-01' });
  });
});
