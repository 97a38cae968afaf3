import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { DashboardPage } from './dashboard-page';

test('DashboardPage shows its title and the empty state', () => {
  renderWithProviders(<DashboardPage />);
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada barang stok habis')).toBeInTheDocument();
});
