import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { OrderListPage } from './order-list-page';

test('OrderListPage shows its title and says that the feature is coming', () => {
  renderWithProviders(<OrderListPage />);
  expect(screen.getByRole('heading', { name: 'List Order Barang' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Fitur ini sedang disiapkan' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText(/^Tidak ada/)).not.toBeInTheDocument();
});
