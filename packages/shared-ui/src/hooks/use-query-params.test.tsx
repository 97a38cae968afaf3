import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '../testing';
import { useListParams } from './use-list-params';
import { useQueryParams } from './use-query-params';

function Url() {
  const location = useLocation();
  return <output aria-label="url">{`${location.pathname}${location.search}`}</output>;
}

const url = () => screen.getByRole('status', { name: 'url' });

describe('useQueryParams', () => {
  it('writes and removes keys, and keeps an empty value (a cleared date)', async () => {
    function Page() {
      const [params, write] = useQueryParams();
      return (
        <>
          <Url />
          <output aria-label="compare">{params.get('compare') ?? '-'}</output>
          <button onClick={() => write({ compare: 1, page: null })}>on</button>
          <button onClick={() => write({ startDate: '' })}>clear date</button>
        </>
      );
    }
    const { user } = renderWithProviders(<Page />, { route: '/list?page=3' });
    await user.click(screen.getByRole('button', { name: 'on' }));
    expect(url()).toHaveTextContent(/^\/list\?compare=1$/);
    expect(screen.getByRole('status', { name: 'compare' })).toHaveTextContent('1');
    await user.click(screen.getByRole('button', { name: 'clear date' }));
    expect(url()).toHaveTextContent(/^\/list\?compare=1&startDate=$/);
  });

  // Two writes before the router has rendered the first (a debounced search that lands just
  // after a click): each builds on the URL as it is, so neither change is lost.
  it('builds on the URL as it is now, not on the query of the last render', async () => {
    function Page() {
      const [, write] = useQueryParams();
      const list = useListParams({ sorts: [] });
      return (
        <>
          <Url />
          <button
            onClick={() => {
              list.setSearch('kopi');
              write({ compare: 1 });
              list.setPage(2);
            }}
          >
            both
          </button>
        </>
      );
    }
    const { user } = renderWithProviders(<Page />, { route: '/list?limit=20' });
    await user.click(screen.getByRole('button', { name: 'both' }));
    expect(url()).toHaveTextContent(/^\/list\?limit=20&search=kopi&compare=1&page=2$/);
  });

  it('a late write of a page the user has left does not take them back', async () => {
    const late: { write?: () => void } = {};
    function Page() {
      const [, write] = useQueryParams();
      useEffect(() => {
        late.write = () => write({ search: 'kopi' });
      });
      return <Link to="/other">other</Link>;
    }
    const { user } = renderWithProviders(
      <>
        <Url />
        <Routes>
          <Route path="/list" element={<Page />} />
          <Route path="/other" element={<p>other page</p>} />
        </Routes>
      </>,
      { route: '/list' },
    );
    const writeFromList = late.write;
    await user.click(screen.getByRole('link', { name: 'other' }));
    expect(await screen.findByText('other page')).toBeVisible();
    await act(async () => writeFromList?.());
    expect(url()).toHaveTextContent(/^\/other$/);
  });
});
