import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { PembukuanPage } from './pembukuan-page';

test('PembukuanPage shows its title and says that the feature is coming', () => {
  renderWithProviders(<PembukuanPage />);
  expect(screen.getByRole('heading', { name: 'Pembukuan' })).toBeInTheDocument();
  expect(screen.getByRole('status', { name: 'Fitur ini sedang disiapkan' })).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  expect(screen.queryByText(/^Tidak ada/)).not.toBeInTheDocument();
});
