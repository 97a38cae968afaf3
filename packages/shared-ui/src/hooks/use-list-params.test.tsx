import { screen } from '@testing-library/react';
import { useLocation, useNavigate } from 'react-router-dom';
import { renderWithProviders } from '../testing';
import { useListParams } from './use-list-params';

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
});
