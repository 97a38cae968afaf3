import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { IncomingGoodsPage } from './incoming-goods-page';

test('IncomingGoodsPage shows its title and the empty state', () => {
  renderWithProviders(<IncomingGoodsPage />);
  expect(screen.getByRole('heading', { name: 'Barang Masuk' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada data barang masuk')).toBeInTheDocument();
});
