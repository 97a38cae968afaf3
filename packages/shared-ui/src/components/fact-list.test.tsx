import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { FactList } from './fact-list';

describe('FactList', () => {
  it('shows each label over its value, in order', () => {
    renderWithProviders(
      <FactList
        min="130px"
        facts={[
          ['Toko', 'Toko A'],
          ['Resi', <strong key="resi">JX123</strong>],
        ]}
      />,
    );

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const values = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Toko', 'Resi']);
    expect(values).toEqual(['Toko A', 'JX123']);
  });
});
