import { screen } from '@testing-library/react';
import { renderWithProviders, setViewportWidth } from '../testing';
import { ListFooter } from './list-footer';

describe('ListFooter', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  const list = (page: number, limit: number) => ({
    page,
    limit,
    setPage: jest.fn(),
    setLimit: jest.fn(),
  });

  it('shows the page size and pager of the pagination and passes changes on', async () => {
    restore = setViewportWidth(1280);
    const params = list(2, 10);
    const { user } = renderWithProviders(
      <ListFooter list={params} pagination={{ page: 2, limit: 10, total: 35, totalPages: 4 }} />,
    );
    const size = screen.getByRole('combobox', { name: 'Jumlah item per halaman' });
    expect(size).toHaveValue('10');
    expect(screen.getByText('dari 35 item')).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveTextContent('Showing 11 to 20 of 35 results');
    await user.selectOptions(size, '20');
    expect(params.setLimit).toHaveBeenCalledWith(20);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(params.setPage).toHaveBeenCalledWith(3);
  });

  it('counts nothing while there is no answer', () => {
    renderWithProviders(<ListFooter list={list(1, 20)} pagination={undefined} />);
    expect(screen.getByText('dari 0 item')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('moves a page past the end to the last page, and never counts past the total', () => {
    restore = setViewportWidth(1280);
    const params = list(9999, 10);
    renderWithProviders(
      <ListFooter
        list={params}
        pagination={{ page: 9999, limit: 10, total: 1430, totalPages: 143 }}
      />,
    );
    expect(params.setPage).toHaveBeenCalledWith(143, { replace: true });
    expect(screen.getByText('dari 1.430 item')).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toHaveTextContent(
      'Showing 1.421 to 1.430 of 1.430 results',
    );
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('offers the list own page sizes', () => {
    renderWithProviders(
      <ListFooter
        list={{ ...list(1, 5), sizes: [5, 10] }}
        pagination={{ page: 1, limit: 5, total: 3, totalPages: 1 }}
      />,
    );
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['5', '10']);
  });

  it('names its page size select after the list when given a label', () => {
    renderWithProviders(
      <ListFooter
        list={list(1, 10)}
        pagination={{ page: 1, limit: 10, total: 3, totalPages: 1 }}
        pageSizeLabel="Jumlah order per halaman"
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Jumlah order per halaman' })).toHaveValue('10');
    expect(screen.queryByRole('combobox', { name: 'Jumlah item per halaman' })).toBeNull();
  });
});
