import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { OutgoingGoodsPage } from './outgoing-goods-page';

test('OutgoingGoodsPage shows its title and the empty state', () => {
  renderWithProviders(<OutgoingGoodsPage />);
  expect(screen.getByRole('heading', { name: 'Barang Keluar' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada data barang keluar')).toBeInTheDocument();
});
