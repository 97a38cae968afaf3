import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { ActivityLogsPage } from './activity-logs-page';

test('ActivityLogsPage shows its title and the empty state', () => {
  renderWithProviders(<ActivityLogsPage />);
  expect(screen.getByRole('heading', { name: 'Log Aktivitas' })).toBeInTheDocument();
  expect(screen.getByText('Tidak ada log aktivitas ditemukan')).toBeInTheDocument();
});
