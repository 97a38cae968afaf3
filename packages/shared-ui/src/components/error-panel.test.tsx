import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { ErrorPanel } from './error-panel';

describe('ErrorPanel', () => {
  it('shows the message and retries with Coba lagi', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithProviders(
      <ErrorPanel title="Halaman gagal dimuat" message="Periksa koneksi Anda." onRetry={onRetry} />,
    );
    const panel = screen.getByRole('alert');
    expect(panel).toHaveTextContent('Halaman gagal dimuat');
    expect(panel).toHaveTextContent('Periksa koneksi Anda.');
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('has no retry button without onRetry', () => {
    renderWithProviders(<ErrorPanel message="Gagal memuat laporan" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Gagal memuat laporan');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
