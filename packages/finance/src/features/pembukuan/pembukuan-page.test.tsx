import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { PembukuanPage } from './pembukuan-page';

test('PembukuanPage shows its title and the empty state', () => {
  renderWithProviders(<PembukuanPage />);
  expect(screen.getByRole('heading', { name: 'Pembukuan' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada data pembukuan')).toBeInTheDocument();
});
