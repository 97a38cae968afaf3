import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { ChoiceFilter } from './choice-filter';

type Status = 'baru' | 'dikirim';

function renderFilter(value: Status | undefined, onChange: (value?: Status) => void) {
  renderWithProviders(
    <ChoiceFilter<Status>
      label="Status"
      placeholder="Semua status"
      values={['baru', 'dikirim']}
      labels={{ baru: 'Baru', dikirim: 'Dikirim' }}
      value={value}
      onChange={onChange}
    />,
  );
  return screen.getByLabelText('Status');
}

describe('ChoiceFilter', () => {
  it('offers every value by its label after the empty choice', () => {
    const select = renderFilter('dikirim', () => undefined);

    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Semua status', 'Baru', 'Dikirim']);
    expect(select).toHaveValue('dikirim');
  });

  it('hands back the chosen value, and undefined for the empty choice', () => {
    const onChange = jest.fn();
    const select = renderFilter(undefined, onChange);

    expect(select).toHaveValue('');
    fireEvent.change(select, { target: { value: 'baru' } });
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['baru'], [undefined]]);
  });
});
