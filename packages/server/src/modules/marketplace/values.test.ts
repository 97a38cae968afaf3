import { parseCsv, writeCsv } from './csv';
import { amountValue, cellValue, dateValue, signedAmountValue, statusValue } from './values';

describe('cell values', () => {
  it.each([
    ['  260801ABCD1234 ', '260801ABCD1234'],
    ['="282110123456789"', '282110123456789'],
    ["'0812000111", '0812000111'],
    ['--', null],
    ['', null],
    ['   ', null],
    ['=1+1', '=1+1'],
  ])('%j reads as %j', (raw, expected) => {
    expect(cellValue(raw)).toBe(expected);
  });
});

describe('amounts', () => {
  it.each([
    ['Rp 15.000', 15000],
    ['15.000,50', 15000.5],
    ['Rp15.000.000', 15000000],
    ['IDR 60.000', 60000],
    ['15000', 15000],
    ['15000.5', 15000.5],
    ['22500.25', 22500.25],
    ['1,5', 1.5],
    ['0', 0],
  ])('%j is %d', (text, expected) => {
    expect(amountValue(text)).toBe(expected);
  });

  it.each(['dua', '-5', '1e3', '15.00.0', '15,000.50', 'Rp', '0x10'])('%j is no amount', (text) => {
    expect(amountValue(text)).toBeNull();
  });
});

describe('signed amounts (quantities)', () => {
  it.each([
    ['-3', -3],
    [' - 1.000', -1000],
    ['0', 0],
    ['12', 12],
  ])('%j is %d', (text, expected) => {
    expect(signedAmountValue(text)).toBe(expected);
  });

  it.each(['-', '--5', '-dua', '5-'])('%j is no amount', (text) => {
    expect(signedAmountValue(text)).toBeNull();
  });
});

describe('dates', () => {
  const zone = 'Asia/Jakarta';
  it.each([
    ['2026-08-01 09:15', '2026-08-01'],
    ['2026-08-01', '2026-08-01'],
    ['01/08/2026 21:05:10', '2026-08-01'],
    ['02-08-2026 08:00', '2026-08-02'],
    ['01 Agu 2026 00:00', '2026-08-01'],
    ['1 August 2026', '2026-08-01'],
    ['31 Des 2026 23:59', '2026-12-31'],
    // A time with its zone becomes the shop's calendar day: 20:30 UTC is 03:30 in Jakarta.
    ['2026-07-31T20:30:00Z', '2026-08-01'],
    ['2026-08-02 07:00:00 +0700', '2026-08-02'],
  ])('%j is %s', (text, expected) => {
    expect(dateValue(text, zone)).toBe(expected);
  });

  it.each(['kemarin', '31/02/2026', '1999-12-31', '2026-13-01', '01 Xyz 2026'])(
    '%j is no date',
    (text) => {
      expect(dateValue(text, zone)).toBeNull();
    },
  );
});

describe('statuses', () => {
  it.each([
    ['Belum Bayar', 'belum_bayar'],
    ['Perlu Dikirim', 'perlu_dikirim'],
    ['To ship', 'perlu_dikirim'],
    ['ready_to_ship', 'perlu_dikirim'],
    ['Sedang Dikirim', 'dikirim'],
    ['Shipped', 'dikirim'],
    ['Selesai', 'selesai'],
    ['Pesanan Selesai', 'selesai'],
    ['Completed', 'selesai'],
    ['Batal', 'batal'],
    ['Dibatalkan Penjual', 'batal'],
    ['Canceled', 'batal'],
    ['Pengembalian Barang/Dana', 'retur'],
    ['Failed delivery', 'lainnya'],
    ['Sesuatu yang lain', 'lainnya'],
  ])('%j is %s', (text, expected) => {
    expect(statusValue(text)).toBe(expected);
  });
});

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, semicolons, CRLF and a BOM, and writes them back', () => {
    const text = '\ufeffa;b;c\r\n"1;2";"say ""hi""";\r\n"line\nbreak";x;y\r\n';
    const parsed = parseCsv(text, 10);
    expect(parsed?.rows).toEqual([
      ['a', 'b', 'c'],
      ['1;2', 'say "hi"', ''],
      ['line\nbreak', 'x', 'y'],
    ]);
    expect(parsed?.style).toEqual({ delimiter: ';', lineEnd: '\r\n', bom: true });
    if (parsed === null) return;
    expect(writeCsv(parsed.rows, parsed.style)).toBe(text);
  });

  it('stops past the row limit', () => {
    expect(parseCsv('a\nb\nc\n', 2)).toBeNull();
    expect(parseCsv('a\nb\n', 2)?.rows).toHaveLength(2);
  });
});
