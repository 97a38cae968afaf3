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
});
