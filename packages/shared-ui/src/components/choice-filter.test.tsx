import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { ChoiceFilter } from './choice-filter';

const VALUES = ['baru', 'dikirim'] as const;
const LABELS = { baru: 'Baru', dikirim: 'Dikirim' };

describe('ChoiceFilter', () => {
  it('offers every value by its label after the empty choice', () => {
    renderWithProviders(
      <ChoiceFilter
        label="Status"
        placeholder="Semua status"
        values={VALUES}
        labels={LABELS}
        value="dikirim"
        onChange={() => undefined}
      />,
    );

    const select = screen.getByLabelText('Status');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Semua status', 'Baru', 'Dikirim']);
    expect(select).toHaveValue('dikirim');
  });

  it('hands back the chosen value, and undefined for the empty choice', () => {
    const onChange = jest.fn();
    renderWithProviders(
      <ChoiceFilter
        label="Status"
        placeholder="Semua status"
        values={VALUES}
        labels={LABELS}
        value={undefined}
        onChange={onChange}
      />,
    );

    const select = screen.getByLabelText('Status');
    expect(select).toHaveValue('');
    fireEvent.change(select, { target: { value: 'baru' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['baru'], [undefined]]);
  });
});
