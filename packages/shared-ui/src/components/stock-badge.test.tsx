import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { StockBadge, stockLevel } from './stock-badge';

describe('stockLevel', () => {
  it('uses the thresholds of the spec', () => {
    expect(stockLevel(-2)).toBe('out');
    expect(stockLevel(0)).toBe('out');
    expect(stockLevel(1)).toBe('low');
    expect(stockLevel(10)).toBe('low');
    expect(stockLevel(11)).toBe('available');
  });
});

describe('StockBadge', () => {
  it.each([
    [0, 'Stok habis', 'red', '#fee2e2'],
    [-3, 'Stok habis', 'red', '#fee2e2'],
    [1, 'Stok: 1', 'amber', '#fef3c7'],
    [10, 'Stok: 10', 'amber', '#fef3c7'],
    [11, 'Stok: 11', 'green', '#dcfce7'],
  ])('stock %i shows %s in %s', (stock, text, tone, background) => {
    renderWithProviders(<StockBadge stock={stock} />);
    const badge = screen.getByText(text);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge).toHaveStyle({ background });
  });

  it('has the detailed wording for low and available stock', () => {
    renderWithProviders(
      <>
        <StockBadge stock={4} variant="detailed" />
        <StockBadge stock={40} variant="detailed" />
        <StockBadge stock={0} variant="detailed" />
      </>,
    );
    expect(screen.getByText('Stok tersisa: 4')).toBeInTheDocument();
    expect(screen.getByText('Stok tersedia: 40')).toBeInTheDocument();
    expect(screen.getByText('Stok habis')).toBeInTheDocument();
  });

  it('shows N/A for an unknown product and Loading... while loading', () => {
    renderWithProviders(
      <>
        <StockBadge stock={undefined} />
        <StockBadge stock={5} loading />
      </>,
    );
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });
});
