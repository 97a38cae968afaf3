// The xlsx read a row at a time (settlement-xlsx.ts) against the order import's whole-file reader
// (readSheets, SheetJS in the spreadsheet worker): the same text for every cell of every known
// fixture and of workbooks with each kind of cell; then what only a streamed reader must get
// right (a prefixed namespace, rows and cells left out, rich and phonetic text, the stop after
// the first rows) and its limits. No database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { readSheets, type SheetLimits, type SheetText } from '../marketplace/service';
import { settlementXlsx, xlsxOfXml, type Sheets } from './settlement-fixtures';
import { eachRow, openXlsx, type RowOptions } from './settlement-xlsx';

const LIMITS: SheetLimits = {
  maxRows: 1_000,
  maxInflatedBytes: 50 * 1024 * 1024,
  maxTextChars: 1_000_000,
  maxPreviewChars: 1_000_000,
};

/** Every sheet streamed to its end, as the whole-file reader answers them; or the failure. */
async function streamed(
  file: Uint8Array,
  limits: SheetLimits = LIMITS,
  extra: Partial<RowOptions> = {},
): Promise<SheetText[] | string> {
  const book = openXlsx(file, limits);
  if (book === null) return 'not streamable';
  if ('ok' in book) return book.reason;
  const sheets: SheetText[] = [];
  const budget = { left: limits.maxTextChars };
  for (const sheet of book.sheets) {
    const rows: string[][] = [];
    const lost: string[] = [];
    const failed = await eachRow(
      book,
      sheet,
      (index, cells, lostColumns) => {
        while (rows.length < index) rows.push([]);
        rows[index] = cells;
        for (const column of lostColumns ?? []) lost.push(`${index},${column}`);
      },
      { limits, budget, ...extra },
    );
    if (failed !== null) return failed.reason;
    sheets.push(
      lost.length === 0 ? { name: sheet.name, rows } : { name: sheet.name, rows, lostDigits: lost },
    );
  }
  return sheets;
}

async function wholeFile(file: Uint8Array): Promise<SheetText[] | string> {
  const read = await readSheets(file);
  return read.ok ? read.sheets : read.reason;
}

const sheetJs = (sheets: { name: string; sheet: XLSX.WorkSheet }[], sst: boolean) => {
  const book = XLSX.utils.book_new();
  for (const { name, sheet } of sheets) XLSX.utils.book_append_sheet(book, sheet, name);
  return new Uint8Array(
    XLSX.write(book, { type: 'buffer', bookType: 'xlsx', bookSST: sst, compression: true }),
  );
};

describe('the same cells as the whole-file reader', () => {
  const fixtures = path.join(__dirname, '../marketplace/fixtures');
  it.each(readdirSync(fixtures).filter((name) => name.endsWith('.xlsx')))(
    "reads the order import's fixture %s",
    async (name) => {
      const file = new Uint8Array(readFileSync(path.join(fixtures, name)));
      const expected = await wholeFile(file);
      expect(typeof expected).not.toBe('string');
      expect(await streamed(file)).toEqual(expected);
    },
    30_000,
  );

  // Strings (shared or written in the cell), entities, a line break, Excel's _x000D_ escape, a
  // long id whose digits a spreadsheet lost (and one written as text), 1e21, a decimal, booleans,
  // a formula's stored number and text (never evaluated), an error, blanks and a sheet name with &.
  const cells = () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      [
        'a & b <c> "d"',
        'x\ny',
        Number('282110123456789012'),
        '282110123456789012',
        1.5,
        true,
        false,
      ],
      [-0.25, 'Ünïcödé ✓', '_x000D_', 1e21, Number('12345678901234567890'), '', 'akhir'],
    ]);
    sheet.H1 = { t: 'n', v: 3, f: '1+2' };
    sheet.I1 = { t: 's', v: 'TOPI', f: 'HYPERLINK("http://contoh.invalid","TOPI")' };
    sheet.J1 = { t: 'e', v: 7 };
    sheet['!ref'] = 'A1:J2';
    return sheet;
  };
  it.each([
    ['shared strings', true],
    ['strings in the cells', false],
  ])('reads every kind of cell with %s', async (_label, sst) => {
    const file = sheetJs(
      [
        { name: 'Pesanan & Biaya', sheet: cells() },
        { name: 'dua', sheet: XLSX.utils.aoa_to_sheet([[1], [], [], ['x']]) },
      ],
      sst,
    );
    const expected = await wholeFile(file);
    expect(expected).toMatchObject([
      {
        name: 'Pesanan & Biaya',
        rows: [
          [
            'a & b <c> "d"',
            'x\ny',
            '282110123456789020',
            '282110123456789012',
            '1.5',
            'TRUE',
            'FALSE',
            '3',
            'TOPI',
          ],
          [
            '-0.25',
            'Ünïcödé ✓',
            '\r',
            '1000000000000000000000',
            '12345678901234567000',
            '',
            'akhir',
          ],
        ],
        lostDigits: ['0,2', '1,3', '1,4'],
      },
      { name: 'dua', rows: [['1'], [], [], ['x']] },
    ]);
    expect(await streamed(file)).toEqual(expected);
  });

  it('reads back what settlementXlsx writes, text and numbers alike', async () => {
    const sheets: Sheets = [
      { name: 'Summary', rows: [['Username (Penjual)', 'toko.satu'], [], ['Total', '-1250.5']] },
      {
        name: 'Penghasilan',
        rows: [
          ['No.', 'No. Pesanan'],
          ['1', '2608235DUJYERU'],
          ['2', '007'],
        ],
      },
    ];
    expect(await streamed(settlementXlsx(sheets))).toEqual(sheets);
  });
});

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

describe('what a streamed reader must get right', () => {
  it('reads elements with a namespace prefix', async () => {
    const xml =
      '<?xml version="1.0"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>No. Pesanan</x:t></x:is></x:c><x:c r="B1"><x:v>42</x:v></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    expect(await streamed(xlsxOfXml([{ name: 'S', xml }]))).toEqual([
      { name: 'S', rows: [['No. Pesanan', '42']] },
    ]);
  });

  it('keeps rows and cells that the file leaves out in their places', async () => {
    const xml =
      `${SHEET_HEAD}<sheetData>` +
      '<row r="2"><c r="C2"><v>1</v></c></row>' +
      '<row r="5" spans="1:3"><c r="A5" t="inlineStr"><is><t>a</t></is></c><c><v>2</v></c><c r="AA5"><v>3</v></c></row>' +
      '<row r="6"/>' +
      '</sheetData></worksheet>';
    const rows = [[], ['', '', '1'], [], [], ['a', '2', ...Array<string>(24).fill(''), '3']];
    expect(await streamed(xlsxOfXml([{ name: 'S', xml }]))).toEqual([{ name: 'S', rows }]);
  });

  it('joins rich text runs and leaves phonetic runs out, shared or in the cell', async () => {
    const sharedStrings =
      '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
      '<si><r><rPr><b/><color rgb="FFFF0000"/></rPr><t>Biaya </t></r><r><t xml:space="preserve">Layanan</t></r><rPh sb="0" eb="1"><t>ひ</t></rPh></si>' +
      '<si><t/></si><si><t>&#x41;&amp;_x0042_</t></si></sst>';
    const xml =
      `${SHEET_HEAD}<sheetData><row r="1">` +
      '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
      '<c r="D1" t="inlineStr"><is><r><t>Kode</t></r><rPh><t>こ</t></rPh><r><t>-01</t></r></is></c>' +
      '<c r="E1" t="s"><v>99</v></c></row></sheetData></worksheet>';
    expect(await streamed(xlsxOfXml([{ name: 'S', xml }], { sharedStrings }))).toEqual([
      { name: 'S', rows: [['Biaya Layanan', '', 'A&B', 'Kode-01']] },
    ]);
  });

  it('turns half of a surrogate pair into U+FFFD', async () => {
    const xml = `${SHEET_HEAD}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a&#xD800;b_xDC00_c</t></is></c></row></sheetData></worksheet>`;
    expect(await streamed(xlsxOfXml([{ name: 'S', xml }]))).toEqual([
      { name: 'S', rows: [['a\ufffdb\ufffdc']] },
    ]);
  });

  it('stops after the first rows it was asked for', async () => {
    const file = settlementXlsx([
      { name: 'S', rows: Array.from({ length: 50 }, (_v, i) => [String(i + 1)]) },
    ]);
    const sheets = await streamed(file, LIMITS, { stopAfter: 20 });
    expect(sheets).toEqual([
      { name: 'S', rows: Array.from({ length: 20 }, (_v, i) => [String(i + 1)]) },
    ]);
  });

  it('leaves a zip that is no workbook of this shape to the whole-file reader', async () => {
    const notWorkbook = new Uint8Array(Buffer.from('504b0304' + '00'.repeat(60), 'hex'));
    expect(await streamed(notWorkbook)).toBe('not_spreadsheet');
    // A zip with a readable directory but no workbook part (an ods, an xlsb).
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a']]), 'S');
    const ods = new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'ods' }));
    expect(await streamed(ods)).toBe('not streamable');
  });
});

describe('limits', () => {
  const rowsXml = (count: number) =>
    `${SHEET_HEAD}<sheetData>${Array.from({ length: count }, (_v, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('')}</sheetData></worksheet>`;

  it('refuses a sheet past the row limit, also one that jumps there in one row', async () => {
    expect(await streamed(xlsxOfXml([{ name: 'S', xml: rowsXml(1_000) }]))).toEqual([
      expect.objectContaining({ name: 'S' }),
    ]);
    expect(await streamed(xlsxOfXml([{ name: 'S', xml: rowsXml(1_001) }]))).toBe('too_many_rows');
    const far = `${SHEET_HEAD}<sheetData><row r="1001"><c r="A1001"><v>1</v></c></row></sheetData></worksheet>`;
    expect(await streamed(xlsxOfXml([{ name: 'S', xml: far }]))).toBe('too_many_rows');
  });

  it('refuses a zip declaring more than the limit, and a sheet inflating past what it declares', async () => {
    const small = rowsXml(10);
    expect(
      await streamed(
        xlsxOfXml([{ name: 'S', xml: small }], { declaredSize: LIMITS.maxInflatedBytes + 1 }),
      ),
    ).toBe('inflates');
    // 5 MB of blanks in a sheet whose zip says it holds 1,000 bytes.
    const blanks = `${SHEET_HEAD}<sheetData>${' '.repeat(5 * 1024 * 1024)}</sheetData></worksheet>`;
    expect(await streamed(xlsxOfXml([{ name: 'S', xml: blanks }], { declaredSize: 1_000 }))).toBe(
      'inflates',
    );
  });

  it('refuses cells past the text budget, a shared string counted at every use', async () => {
    const sharedStrings = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${'x'.repeat(30_000)}</t></si></sst>`;
    const xml = `${SHEET_HEAD}<sheetData>${Array.from({ length: 40 }, (_v, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>0</v></c></row>`).join('')}</sheetData></worksheet>`;
    expect(await streamed(xlsxOfXml([{ name: 'S', xml }], { sharedStrings }))).toBe(
      'too_much_text',
    );
  });

  it('refuses shared strings holding more text than the budget, whichever cells use them', async () => {
    const sharedStrings = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${Array.from({ length: 11 }, (_v, i) => `<si><t>${String(i).repeat(100_000)}</t></si>`).join('')}</sst>`;
    const xml = `${SHEET_HEAD}<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>`;
    expect(await streamed(xlsxOfXml([{ name: 'S', xml }], { sharedStrings }))).toBe(
      'too_much_text',
    );
  });

  it('refuses a row that never ends', async () => {
    const endless = `${SHEET_HEAD}<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${'y'.repeat(9 * 1024 * 1024)}`;
    expect(
      await streamed(xlsxOfXml([{ name: 'S', xml: endless }]), {
        ...LIMITS,
        maxTextChars: 100_000_000,
      }),
    ).toBe('too_much_text');
  });
});
