import { screen } from '@testing-library/react';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { BarcodeGeneratorPage } from './barcode-generator-page';

test('BarcodeGeneratorPage shows its title', () => {
  renderWithProviders(<BarcodeGeneratorPage />);
  expect(screen.getByRole('heading', { name: 'Generator Barcode' })).toBeInTheDocument();
});
