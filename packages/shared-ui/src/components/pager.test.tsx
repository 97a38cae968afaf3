import { screen, within } from '@testing-library/react';
import { renderWithProviders, setViewportWidth } from '../testing';
import { Pager, pageWindow } from './pager';

describe('pageWindow', () => {
  it('keeps at most 5 pages around the current one, inside the range', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('Pager', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('renders nothing when there is only one page', () => {
    renderWithProviders(
      <Pager page={1} totalPages={1} total={7} limit={10} onPageChange={jest.fn()} />,
    );
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it('on wide screens shows the range and at most 5 numbered pages', async () => {
    restore = setViewportWidth(1280);
    const onPageChange = jest.fn();
    const { user } = renderWithProviders(
      <Pager page={6} totalPages={12} total={115} limit={10} onPageChange={onPageChange} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('Showing 51 to 60 of 115 results');
    const numbers = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t !== '');
    expect(numbers).toEqual(['4', '5', '6', '7', '8']);
    expect(screen.getByRole('button', { name: '6' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '8' }));
    expect(onPageChange).toHaveBeenLastCalledWith(8);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(7);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(5);
  });

  it('shows the last, partial range correctly', () => {
    renderWithProviders(
      <Pager page={3} totalPages={3} total={25} limit={10} onPageChange={jest.fn()} />,
    );
    expect(screen.getByRole('navigation')).toHaveTextContent('Showing 21 to 25 of 25 results');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('on phones shows only Previous and Next', async () => {
    restore = setViewportWidth(375);
    const onPageChange = jest.fn();
    const { user } = renderWithProviders(
      <Pager page={1} totalPages={4} total={40} limit={10} onPageChange={onPageChange} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Previous', 'Next']);
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
