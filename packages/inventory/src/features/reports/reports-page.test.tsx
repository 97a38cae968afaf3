import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { ReportsPage } from './reports-page';

test('ReportsPage shows its title and the empty state', () => {
  renderWithProviders(<ReportsPage />);
  expect(screen.getByRole('heading', { name: 'Laporan' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada data untuk periode yang dipilih')).toBeInTheDocument();
});
