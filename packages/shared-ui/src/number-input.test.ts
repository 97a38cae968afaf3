import {
  formatIntegerInput,
  formatMoneyInput,
  integerInputMessage,
  moneyInputMessage,
  parseIntegerInput,
  parseMoneyInput,
  readIntegerInput,
  readMoneyInput,
  readRequiredIntegerInput,
} from './number-input';

const JUMLAH = { label: 'Jumlah', min: 1, max: 1_000_000 };
const STOK_AWAL = { label: 'Stok Awal', min: 0, max: 1_000_000_000 };
const HARGA = { label: 'Harga', min: 0, max: 999_999_999_999.99 };

describe('parseIntegerInput', () => {
  it.each([
    ['1000', 1000],
    ['1.000', 1000],
    ['12.345.678', 12_345_678],
    ['0', 0],
    ['007', 7],
    ['  25 ', 25],
    ['1.000.000', 1_000_000],
  ])('reads %j as %d', (text, value) => {
    expect(parseIntegerInput(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['2.5', 'format'],
    ['2,5', 'format'],
    ['12e', 'format'],
    ['1e3', 'format'],
    ['0x10', 'format'],
    ['+3', 'format'],
    ['1 000', 'format'],
    ['1.00', 'format'],
    ['1.0000', 'format'],
    ['1000.000', 'format'],
    ['.500', 'format'],
    ['1.', 'format'],
    ['١٢', 'format'],
    ['-1', 'belowMin'],
    ['- 5', 'belowMin'],
    ['', 'empty'],
    ['   ', 'empty'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseIntegerInput(text)).toEqual({ ok: false, problem });
  });

  it('applies the bounds', () => {
    expect(parseIntegerInput('0', { min: 1 })).toEqual({ ok: false, problem: 'belowMin' });
    expect(parseIntegerInput('1', { min: 1 })).toEqual({ ok: true, value: 1 });
    expect(parseIntegerInput('1.000.000', { max: 1_000_000 })).toEqual({ ok: true, value: 1e6 });
    expect(parseIntegerInput('1.000.001', { max: 1_000_000 })).toEqual({
      ok: false,
      problem: 'aboveMax',
    });
    // Past exact doubles: refused as too large, never rounded to a different number.
    expect(parseIntegerInput('99999999999999999999')).toEqual({ ok: false, problem: 'aboveMax' });
  });
});

describe('parseMoneyInput', () => {
  it.each([
    ['1250000', 1_250_000],
    ['1.250.000', 1_250_000],
    ['1.250.000,50', 1_250_000.5],
    ['1.250.000,5', 1_250_000.5],
    ['0,05', 0.05],
    ['12,99', 12.99],
    ['Rp 15.000', 15_000],
    ['Rp15.000,25', 15_000.25],
    ['999.999.999.999,99', 999_999_999_999.99],
  ])('reads %j as %d', (text, value) => {
    expect(parseMoneyInput(text, HARGA)).toEqual({ ok: true, value });
  });

  it.each([
    ['12.5', 'decimalPoint'],
    ['1500.75', 'decimalPoint'],
    ['12.3456', 'format'],
    ['1,234', 'format'],
    ['1.250.000.50', 'format'],
    [',50', 'format'],
    ['12e3', 'format'],
    ['-100', 'belowMin'],
    ['', 'empty'],
    ['Rp ', 'empty'],
    ['1.000.000.000.000', 'aboveMax'],
  ])('refuses %j (%s)', (text, problem) => {
    expect(parseMoneyInput(text, HARGA)).toEqual({ ok: false, problem });
  });
});

describe('messages', () => {
  it('names the field and gives the reason', () => {
    expect(integerInputMessage('format', JUMLAH)).toBe('Jumlah harus bilangan bulat lebih dari 0');
    expect(integerInputMessage('empty', JUMLAH)).toBe('Jumlah harus lebih dari 0');
    expect(integerInputMessage('belowMin', JUMLAH)).toBe('Jumlah harus lebih dari 0');
    expect(integerInputMessage('aboveMax', JUMLAH)).toBe('Jumlah maksimal 1.000.000');
    expect(integerInputMessage('format', STOK_AWAL)).toBe(
      'Stok Awal harus bilangan bulat 0 atau lebih',
    );
    expect(integerInputMessage('belowMin', STOK_AWAL)).toBe(
      'Stok Awal harus bilangan bulat 0 atau lebih',
    );
    expect(integerInputMessage('empty', STOK_AWAL)).toBe('Wajib diisi');
    expect(integerInputMessage('belowMin', { label: 'Isi', min: 5 })).toBe('Isi minimal 5');
    expect(moneyInputMessage('format', HARGA)).toMatch(/^Harga harus berupa angka/);
    expect(moneyInputMessage('empty', HARGA)).toBe('Wajib diisi');
  });

  it('readIntegerInput and readMoneyInput give the value or the message', () => {
    expect(readIntegerInput('1.000', JUMLAH)).toEqual({ value: 1000 });
    expect(readIntegerInput('2,5', JUMLAH)).toEqual({
      error: 'Jumlah harus bilangan bulat lebih dari 0',
    });
    expect(readMoneyInput('1.250.000,50', HARGA)).toEqual({ value: 1_250_000.5 });
  });

  it('readRequiredIntegerInput asks for an empty value whatever the bounds, else reads it', () => {
    expect(readRequiredIntegerInput('', STOK_AWAL)).toEqual({ error: 'Stok Awal wajib diisi' });
    expect(readRequiredIntegerInput('  ', JUMLAH)).toEqual({ error: 'Jumlah wajib diisi' });
    expect(readRequiredIntegerInput('1.000', JUMLAH)).toEqual({ value: 1000 });
    expect(readRequiredIntegerInput('0', JUMLAH)).toEqual(readIntegerInput('0', JUMLAH));
  });

  it("says that the comma is the decimal sign when '12.5' is typed", () => {
    expect(readMoneyInput('12.5', HARGA)).toEqual({
      error: 'Harga: pakai koma untuk desimal, misalnya 12,5 (titik adalah pemisah ribuan)',
    });
    // Too many decimals keeps the general message.
    expect(readMoneyInput('0,001', HARGA).error).toMatch(/^Harga harus berupa angka/);
  });
});

describe('formatting for the fields', () => {
  it('writes id-ID separators that parse back to the same number', () => {
    expect(formatIntegerInput(1_250_000)).toBe('1.250.000');
    expect(formatMoneyInput(1_250_000.5)).toBe('1.250.000,50');
    expect(formatMoneyInput(1_250_000)).toBe('1.250.000');
    for (const value of [0, 7, 999, 1000, 12_345_678]) {
      expect(parseIntegerInput(formatIntegerInput(value))).toEqual({ ok: true, value });
    }
    for (const value of [0.05, 12.99, 1_250_000.5, 999_999_999_999.99]) {
      expect(parseMoneyInput(formatMoneyInput(value), HARGA)).toEqual({ ok: true, value });
    }
  });
});
