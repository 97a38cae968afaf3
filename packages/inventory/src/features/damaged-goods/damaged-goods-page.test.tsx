import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { DamagedGoodsPage } from './damaged-goods-page';

test('DamagedGoodsPage shows its title and the empty state', () => {
  renderWithProviders(<DamagedGoodsPage />);
  expect(screen.getByRole('heading', { name: 'Barang Rusak' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada data barang rusak')).toBeInTheDocument();
});
