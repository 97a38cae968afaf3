import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { DateField, NumberField, SelectField, TextField } from './fields';

describe('fields', () => {
  it('TextField links its label to the input and marks it required', async () => {
    const { user } = renderWithProviders(<TextField label="Nama Barang" name="name" required />);
    const input = screen.getByRole('textbox', { name: 'Nama Barang' });
    expect(screen.getByLabelText('Nama Barang')).toBe(input);
    expect(input).toBeRequired();
    expect(screen.getByText('Nama Barang')).toHaveAttribute('data-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, 'Kopi');
    expect(input).toHaveValue('Kopi');
  });

  it('shows an inline error with a red border and aria-invalid', () => {
    renderWithProviders(
      <TextField label="Nomor Resi" error="Nomor resi ini sudah digunakan sebelumnya!" />,
    );
    const input = screen.getByRole('textbox', { name: 'Nomor Resi' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Nomor resi ini sudah digunakan sebelumnya!');
    expect(screen.getByText('Nomor resi ini sudah digunakan sebelumnya!')).toBeVisible();
    expect(input).toHaveStyle({ borderColor: '#dc2626' });
  });

  it('shows a hint when there is no error', () => {
    renderWithProviders(<TextField label="Bank" hint="Opsional" />);
    expect(screen.getByRole('textbox', { name: 'Bank' })).toHaveAccessibleDescription('Opsional');
  });

  it('NumberField is a number input', async () => {
    const { user } = renderWithProviders(<NumberField label="Jumlah" min={1} />);
    const input = screen.getByRole('spinbutton', { name: 'Jumlah' });
    await user.type(input, '12');
    expect(input).toHaveValue(12);
    expect(input).toHaveAttribute('min', '1');
  });

  it('DateField is a date input', () => {
    renderWithProviders(<DateField label="Tanggal" defaultValue="2026-11-21" />);
    const input = screen.getByLabelText('Tanggal');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('2026-11-21');
  });

  it('SelectField offers its options after a placeholder and reports errors', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(
      <SelectField
        label="Ukuran"
        placeholder="Pilih ukuran"
        options={[
          { value: 'kecil', label: 'Kecil' },
          { value: 'sedang', label: 'Sedang' },
        ]}
        error="Ukuran wajib diisi"
        onChange={(event) => onChange(event.target.value)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Ukuran' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Pilih ukuran',
      'Kecil',
      'Sedang',
    ]);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Ukuran wajib diisi');
    await user.selectOptions(select, 'Sedang');
    expect(onChange).toHaveBeenCalledWith('sedang');
  });
});
