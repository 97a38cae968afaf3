import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status named Memuat... without a label', () => {
    renderWithProviders(<Spinner />);
    expect(screen.getByRole('status', { name: 'Memuat...' })).toBeInTheDocument();
  });

  it('shows its label', () => {
    renderWithProviders(<Spinner label="Memproses barcode..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Memproses barcode...');
  });
});
