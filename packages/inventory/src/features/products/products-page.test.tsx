import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { ProductsPage } from './products-page';

test('ProductsPage shows its title and the empty state', () => {
  renderWithProviders(<ProductsPage />);
  expect(screen.getByRole('heading', { name: 'Data Produk' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada produk ditemukan')).toBeInTheDocument();
});
