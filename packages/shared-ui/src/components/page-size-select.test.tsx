import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { PageSizeSelect } from './page-size-select';

describe('PageSizeSelect', () => {
  it('offers 10, 20 and 50 by default and shows the total', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(
      <PageSizeSelect value={10} total={57} onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Jumlah item per halaman' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '20', '50']);
    expect(select).toHaveValue('10');
    expect(screen.getByText('dari 57 item')).toBeInTheDocument();
    await user.selectOptions(select, '50');
    expect(onChange).toHaveBeenCalledWith(50);
  });

  it('takes other options, such as the order summary sizes', () => {
    renderWithProviders(
      <PageSizeSelect value={5} options={[5, 10, 20, 50]} total={3} onChange={jest.fn()} />,
    );
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      '5',
      '10',
      '20',
      '50',
    ]);
    expect(screen.getByText('dari 3 item')).toBeInTheDocument();
  });
});
