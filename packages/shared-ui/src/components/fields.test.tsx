import { screen } from '@testing-library/react';
import { useState } from 'react';
import { addDaysIso, formatDate, todayIso } from '../formatters';
import { renderWithProviders } from '../testing';
import { DateField, MoneyField, QuantityField, SelectField, TextField } from './fields';
import type { MoneyFieldProps, QuantityFieldProps } from './fields';

function Quantity(props: Omit<QuantityFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <QuantityField {...props} value={value} onChange={setValue} />;
}

function Money(props: Omit<MoneyFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <MoneyField {...props} value={value} onChange={setValue} />;
}

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

  it('QuantityField is a numeric text input that keeps what was typed', async () => {
    const { user } = renderWithProviders(<Quantity label="Jumlah" max={1_000_000} />);
    const input = screen.getByRole('textbox', { name: 'Jumlah' });
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '1.000');
    expect(input).toHaveValue('1.000');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['2.5', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['2,5', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['12e', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['-1', 'Jumlah harus lebih dari 0'],
    ['0', 'Jumlah harus lebih dari 0'],
    ['1.000.001', 'Jumlah maksimal 1.000.000'],
  ])('QuantityField shows %j with the message, not emptied', async (text, message) => {
    const { user } = renderWithProviders(<Quantity label="Jumlah" max={1_000_000} />);
    const input = screen.getByRole('textbox', { name: 'Jumlah' });
    await user.type(input, text);
    expect(input).toHaveValue(text);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
  });

  it("QuantityField shows the form's own message while the text itself is fine", () => {
    renderWithProviders(
      <QuantityField label="Jumlah" max={10} value="8" onChange={() => undefined} error="Lebih" />,
    );
    expect(screen.getByRole('textbox', { name: 'Jumlah' })).toHaveAccessibleDescription('Lebih');
  });

  it("MoneyField shows 'Rp' and takes id-ID amounts with two decimals", async () => {
    const { user } = renderWithProviders(<Money label="Harga" max={999_999_999_999.99} />);
    const input = screen.getByRole('textbox', { name: 'Harga' });
    expect(screen.getByText('Rp')).toBeInTheDocument();
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await user.type(input, '1.250.000,50');
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.clear(input);
    await user.type(input, '12.5');
    expect(input).toHaveValue('12.5');
    // The dot is the thousands sign: the message says to use the comma.
    expect(input).toHaveAccessibleDescription(
      'Harga: pakai koma untuk desimal, misalnya 12,5 (titik adalah pemisah ribuan)',
    );
  });

  it("DateField is a date input limited to the API's window", () => {
    renderWithProviders(<DateField label="Tanggal" defaultValue="2026-11-21" />);
    const input = screen.getByLabelText('Tanggal');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveValue('2026-11-21');
    expect(input).toHaveAttribute('min', '2000-01-01');
    expect(input).toHaveAttribute('max', addDaysIso(todayIso(), 366));
  });

  it('DateField names a date outside the window', () => {
    const max = formatDate(addDaysIso(todayIso(), 366));
    renderWithProviders(
      <DateField label="Tanggal" value="1999-12-31" onChange={() => undefined} />,
    );
    expect(screen.getByLabelText('Tanggal')).toHaveAccessibleDescription(
      `Tanggal harus antara 1/1/2000 dan ${max}`,
    );
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
