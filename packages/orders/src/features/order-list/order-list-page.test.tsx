import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { OrderListPage } from './order-list-page';

test('OrderListPage shows its title and the empty state', () => {
  renderWithProviders(<OrderListPage />);
  expect(screen.getByRole('heading', { name: 'List Order Barang' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada data order')).toBeInTheDocument();
});
