import { CSV_BOM, csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes every value, numbers and empty values too', () => {
    expect(csvCell('Kopi')).toBe('"Kopi"');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(undefined)).toBe('""');
  });

  it('doubles inner quotes and keeps commas and line breaks inside the quotes', () => {
    expect(csvCell('Kopi "Spesial", 1kg')).toBe('"Kopi ""Spesial"", 1kg"');
    expect(csvCell('baris 1\nbaris 2')).toBe('"baris 1\nbaris 2"');
    expect(csvCell('"')).toBe('""""');
  });

  it.each([
    ['=HYPERLINK("http://evil.test","klik")', `"'=HYPERLINK(""http://evil.test"",""klik"")"`],
    ['+62 812', `"'+62 812"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\r=1+1', `"'\r=1+1"`],
    // Text that looks like a negative number is still text a user typed.
    ['-5', `"'-5"`],
  ])('prefixes the formula-like cell %j with an apostrophe', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes a negative number as a number, which a spreadsheet sums', () => {
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell(-0.5)).toBe('"-0.5"');
  });

  it('leaves formula characters alone when they are not at the start', () => {
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(' =1')).toBe('" =1"');
    expect(csvCell("'=1")).toBe(`"'=1"`);
  });
});

describe('toCsv', () => {
  it('starts with the UTF-8 BOM and ends every line with CRLF', () => {
    const csv = toCsv(
      ['Kode', 'Nama Barang'],
      [
        ['KP-001', 'Kopi Gayo'],
        ['=X', 'Teh "Tubruk"'],
      ],
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe(
      '"Kode","Nama Barang"\r\n"KP-001","Kopi Gayo"\r\n"\'=X","Teh ""Tubruk"""\r\n',
    );
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['A'], [])).toBe(`${CSV_BOM}"A"\r\n`);
  });

  it('keeps non-ASCII text as it is', () => {
    expect(toCsv(['Nama'], [['Kue Lapis 日本 ✓']])).toBe(
      `${CSV_BOM}"Nama"\r\n"Kue Lapis 日本 ✓"\r\n`,
    );
  });
});
