import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { useOrderListParams } from './order-list-params';

function Probe() {
  const { detail, summary, comparing, setComparing } = useOrderListParams();
  return (
    <>
      <output aria-label="url">{useLocation().search}</output>
      <output aria-label="comparing">{String(comparing)}</output>
      {/* A search written just before the click, not yet rendered: the click must keep it, and
          the search must not take 'compare' back out (the lost 'Tampilkan Perbandingan'). */}
      <button
        onClick={() => {
          detail.setSearch('RMT-001');
          setComparing(true);
          summary.setPage(2);
        }}
      >
        search then compare
      </button>
    </>
  );
}

describe('useOrderListParams', () => {
  it('keeps comparison mode and a search written before the page has rendered it', async () => {
    const { user } = renderWithProviders(<Probe />, { route: '/order-list?page=3' });
    await user.click(screen.getByRole('button', { name: 'search then compare' }));
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent(
      /^\?search=RMT-001&compare=1&summaryPage=2$/,
    );
    expect(screen.getByRole('status', { name: 'comparing' })).toHaveTextContent('true');
  });
});
