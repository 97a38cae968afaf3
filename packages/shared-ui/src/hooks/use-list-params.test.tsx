import { screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithProviders } from '../testing';
import type { Pagination } from '@gudang/api-client';
import { pageArgs, useListParams, usePageClamp } from './use-list-params';

const SORTS = ['date', 'brand', 'brand_desc'] as const;
type Sort = (typeof SORTS)[number];

function Url() {
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="url">{useLocation().search}</output>
      <button onClick={() => void navigate(-1)}>back</button>
      <button onClick={() => void navigate(1)}>forward</button>
    </>
  );
}

function WithDefault() {
  const list = useListParams<Sort>({ sorts: SORTS, defaultSort: 'date' });
  return (
    <>
      <Url />
      <output aria-label="state">{`${list.search}|${list.sort}|${list.page}|${list.limit}`}</output>
      <button onClick={() => list.setSearch('  kopi ')}>search</button>
      <button onClick={() => list.setSort('brand')}>brand</button>
      <button onClick={() => list.setSort('date')}>date</button>
      <button onClick={() => list.setPage(3)}>page 3</button>
      <button onClick={() => list.setPage(2, { replace: true })}>fix page 2</button>
      <button onClick={() => list.setLimit(50)}>limit 50</button>
      <button onClick={() => list.setLimit(10)}>limit 10</button>
    </>
  );
}

function WithoutDefault() {
  const list = useListParams<Exclude<Sort, 'date'>>({ sorts: ['brand', 'brand_desc'] });
  return (
    <>
      <Url />
      <output aria-label="state">{list.sort ?? 'none'}</output>
      <button onClick={() => list.setSort('brand_desc')}>brand_desc</button>
      <button onClick={() => list.setSort(undefined)}>none</button>
    </>
  );
}

const state = () => screen.getByRole('status', { name: 'state' });
const url = () => screen.getByRole('status', { name: 'url' });

describe('useListParams', () => {
  it('reads the URL and falls back to the defaults for missing or unknown values', () => {
    renderWithProviders(<WithDefault />, { route: '/?search=teh&sort=brand&page=2&limit=20' });
    expect(state()).toHaveTextContent('teh|brand|2|20');
  });

  it('ignores an unknown sort, a page below 1 and a page size that is not offered', () => {
    renderWithProviders(<WithDefault />, { route: '/?sort=price&page=0&limit=13' });
    expect(state()).toHaveTextContent('|date|1|10');
  });

  it('asks a page past the highest the API takes as that page (the clamp finds the last)', () => {
    renderWithProviders(<WithDefault />, { route: '/?page=1e9' });
    expect(state()).toHaveTextContent('|date|1000000|10');
  });

  it('writes changes to the URL, leaves defaults out and starts again at page 1', async () => {
    const { user } = renderWithProviders(<WithDefault />, { route: '/?page=4' });
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    expect(url()).toHaveTextContent('?page=3');
    await user.click(screen.getByRole('button', { name: 'search' }));
    expect(url()).toHaveTextContent(/^\?search=kopi$/);
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    await user.click(screen.getByRole('button', { name: 'brand' }));
    expect(url()).toHaveTextContent(/^\?search=kopi&sort=brand$/);
    await user.click(screen.getByRole('button', { name: 'page 3' }));
    await user.click(screen.getByRole('button', { name: 'limit 50' }));
    expect(url()).toHaveTextContent(/^\?search=kopi&sort=brand&limit=50$/);
    await user.click(screen.getByRole('button', { name: 'date' }));
    await user.click(screen.getByRole('button', { name: 'limit 10' }));
    expect(url()).toHaveTextContent(/^\?search=kopi$/);
    expect(state()).toHaveTextContent('kopi|date|1|10');
  });

  it('without a defaultSort, no sort parameter means sort undefined', async () => {
    const { user } = renderWithProviders(<WithoutDefault />, { route: '/?sort=date&page=2' });
    expect(state()).toHaveTextContent('none');
    await user.click(screen.getByRole('button', { name: 'brand_desc' }));
    expect(state()).toHaveTextContent('brand_desc');
    expect(url()).toHaveTextContent(/^\?sort=brand_desc$/);
    await user.click(screen.getByRole('button', { name: 'none' }));
    expect(state()).toHaveTextContent('none');
    expect(url()).toHaveTextContent(/^$/);
  });

  it('adds a history entry per change, so Back and Forward walk through the states', async () => {
    const { user } = renderWithProviders(<WithDefault />, { route: '/' });
    const click = (name: string) => user.click(screen.getByRole('button', { name }));
    await click('search');
    await click('page 3');
    await click('brand');
    await click('limit 50');
    expect(state()).toHaveTextContent('kopi|brand|1|50');
    await click('back');
    expect(state()).toHaveTextContent('kopi|brand|1|10');
    await click('back');
    expect(state()).toHaveTextContent('kopi|date|3|10');
    await click('back');
    expect(state()).toHaveTextContent('kopi|date|1|10');
    await click('back');
    expect(state()).toHaveTextContent('|date|1|10');
    await click('forward');
    await click('forward');
    expect(state()).toHaveTextContent('kopi|date|3|10');
  });

  it('adds no entry when nothing changes, and none for a replaced page', async () => {
    const { user } = renderWithProviders(<WithDefault />, { route: '/' });
    const click = (name: string) => user.click(screen.getByRole('button', { name }));
    await click('search');
    await click('search');
    await click('page 3');
    await click('fix page 2');
    expect(state()).toHaveTextContent('kopi|date|2|10');
    await click('back');
    expect(state()).toHaveTextContent('kopi|date|1|10');
    await click('back');
    expect(state()).toHaveTextContent('|date|1|10');
  });

  it('keeps a second list under its own prefixed keys, with its own page sizes', async () => {
    function Two() {
      const main = useListParams({ sorts: [] });
      const summary = useListParams({ sorts: [], prefix: 'summary', sizes: [5, 10, 20] });
      return (
        <>
          <Url />
          <output aria-label="state">{`${main.page}/${main.limit}|${summary.search}|${summary.page}/${summary.limit}`}</output>
          <button onClick={() => summary.setPage(3)}>summary page 3</button>
          <button onClick={() => summary.setLimit(10)}>summary limit 10</button>
          <button onClick={() => summary.setSearch('AKS')}>summary search</button>
        </>
      );
    }
    const { user } = renderWithProviders(<Two />, { route: '/?page=2&summaryLimit=50' });
    // 50 is not a summary size: its default, the first of its sizes.
    expect(state()).toHaveTextContent('2/10||1/5');
    await user.click(screen.getByRole('button', { name: 'summary page 3' }));
    expect(url()).toHaveTextContent(/^\?page=2&summaryLimit=50&summaryPage=3$/);
    await user.click(screen.getByRole('button', { name: 'summary search' }));
    expect(url()).toHaveTextContent(/^\?page=2&summaryLimit=50&summarySearch=AKS$/);
    await user.click(screen.getByRole('button', { name: 'summary limit 10' }));
    expect(state()).toHaveTextContent('2/10|AKS|1/10');
  });
});

describe('usePageClamp', () => {
  function Clamped({ pagination }: { pagination: Pagination | undefined }) {
    const list = useListParams({ sorts: [] });
    usePageClamp(list, pagination);
    return (
      <>
        <Url />
        <output aria-label="state">{list.page}</output>
      </>
    );
  }

  it('moves a page past the end to the last page and rewrites the URL without an entry', async () => {
    const { user } = renderWithProviders(
      <Clamped pagination={{ page: 9999, limit: 10, total: 430, totalPages: 43 }} />,
      { route: '/?search=x&page=9999' },
    );
    expect(state()).toHaveTextContent('43');
    expect(url()).toHaveTextContent(/^\?search=x&page=43$/);
    await user.click(screen.getByRole('button', { name: 'back' }));
    // Replaced, not pushed: Back leaves the list's URL rather than returning to page 9999.
    expect(url()).not.toHaveTextContent('page=9999');
  });

  it('goes to page 1 when the list became empty (the last row of page 2 was deleted)', () => {
    renderWithProviders(<Clamped pagination={{ page: 2, limit: 10, total: 0, totalPages: 0 }} />, {
      route: '/?page=2',
    });
    expect(state()).toHaveTextContent('1');
    expect(url()).toHaveTextContent(/^$/);
  });

  it('leaves a page that exists, and ignores an answer for another page or no answer', () => {
    const { rerender } = renderWithProviders(
      <Clamped pagination={{ page: 3, limit: 10, total: 30, totalPages: 3 }} />,
      { route: '/?page=3' },
    );
    expect(state()).toHaveTextContent('3');
    // The answer kept from page 1 while page 5 loads says nothing about page 5.
    rerender(<Clamped pagination={{ page: 1, limit: 10, total: 30, totalPages: 3 }} />);
    expect(state()).toHaveTextContent('3');
    rerender(<Clamped pagination={undefined} />);
    expect(state()).toHaveTextContent('3');
  });
});

describe('pageArgs', () => {
  it('asks for the page and its size, with the search only when one is typed', () => {
    expect(pageArgs({ page: 3, limit: 20, search: '' })).toEqual({ page: 3, limit: 20 });
    expect(pageArgs({ page: 1, limit: 10, search: 'kaos' })).toEqual({
      page: 1,
      limit: 10,
      search: 'kaos',
    });
  });
});
