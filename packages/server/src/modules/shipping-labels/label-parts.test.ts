// The worker's parts without a worker or a database: the candidate resis of a page's text, the
// ink boxes of a content stream, the largest free rectangle and the layout of a label's lines.
// Every expected box and line is computed by hand from the inputs written here.
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { freeArea } from './free-area';
import { pageInk } from './ink';
import { fitted, labelLayout, lineText, type Measure } from './layout';
import { pageTokens } from './resi-tokens';

describe('pageTokens', () => {
  it('finds a resi in one piece, in pieces on one line, and with a dash', () => {
    const found = pageTokens(
      [
        { str: 'No. Resi:' },
        { str: 'SPXID0123' },
        { str: '45678901', hasEOL: true },
        { str: 'LXAD-2012345678' },
        { str: 'Penerima Budi 12345', hasEOL: true },
      ],
      10_000,
      100,
    );
    expect(found.hasText).toBe(true);
    // Apart: 'SPXID0123' and '45678901' (8 characters with a digit), 'LXAD-2012345678';
    // together per line: 'SPXID012345678901', and 'LXAD-2012345678Penerima' (no resi, no
    // harm: it matches no order). '12345' is too short, 'Penerima' has no digit.
    expect(found.tokens.sort()).toEqual([
      '45678901',
      'lxad-2012345678',
      'lxad-2012345678penerima',
      'spxid0123',
      'spxid012345678901',
    ]);
    // The word after 'Resi', as the page has it.
    expect(found.guess).toBe('SPXID0123');
  });

  it('keeps no word under 8 characters or without a digit, and cuts the text read', () => {
    expect(pageTokens([{ str: 'Penerima Budi Santoso 1234567' }], 10_000, 100).tokens).toEqual([]);
    // Cut at 20 characters: the resi after them is not read.
    const cut = pageTokens([{ str: 'x'.repeat(20) }, { str: 'JX1234567890' }], 20, 100);
    expect(cut.tokens).toEqual([]);
    const none = pageTokens([{ str: '  ' }], 10_000, 100);
    expect([none.hasText, none.guess]).toEqual([false, null]);
  });

  it('guesses a courier pattern when no label names the resi', () => {
    expect(pageTokens([{ str: 'Order 5761234567 JX1234567890' }], 10_000, 100).guess).toBe(
      'JX1234567890',
    );
  });
});

describe('freeArea', () => {
  const options = { cell: 10, edge: 0, gap: 0, minWidth: 20, minHeight: 20 };

  it('is the largest empty rectangle away from the ink', () => {
    // Ink over the top half and the lower left 30 x 50: free is x 30-100, y 0-50.
    expect(
      freeArea(
        100,
        100,
        [
          { x0: 0, y0: 50, x1: 100, y1: 100 },
          { x0: 0, y0: 0, x1: 30, y1: 50 },
        ],
        options,
      ),
    ).toEqual({ x0: 30, y0: 0, x1: 100, y1: 50 });
  });

  it('keeps clear of the edges and around the ink, and finds none below the minimum', () => {
    // Edge 10 and gap 10 around a box at x 40-60 (all heights): x 10-30 or x 70-90 remain,
    // 20 wide, 80 tall; the left one comes first.
    expect(
      freeArea(100, 100, [{ x0: 40, y0: 0, x1: 60, y1: 100 }], { ...options, edge: 10, gap: 10 }),
    ).toEqual({ x0: 10, y0: 10, x1: 30, y1: 90 });
    expect(
      freeArea(100, 100, [{ x0: 40, y0: 0, x1: 60, y1: 100 }], {
        ...options,
        edge: 10,
        gap: 10,
        minWidth: 30,
      }),
    ).toBeNull();
  });
});

describe('pageInk', () => {
  it('boxes fills, strokes by their segments, images and forms, under the current matrix', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([100, 100]);
    const image = doc.context.register(
      doc.context.stream(new Uint8Array(4), {
        Type: 'XObject',
        Subtype: 'Image',
        Width: 2,
        Height: 2,
        ColorSpace: 'DeviceGray',
        BitsPerComponent: 8,
      }),
    );
    const form = doc.context.register(
      doc.context.stream('0 g 0 0 4 4 re f', {
        Type: 'XObject',
        Subtype: 'Form',
        BBox: [0, 0, 4, 4],
        Matrix: [1, 0, 0, 1, 70, 10],
      }),
    );
    // The resource names pdf-lib gives them (a tag and a unique suffix).
    const imageName = page.node.newXObject('Im', image).asString();
    const formName = page.node.newXObject('Fm', form).asString();
    page.node.set(
      PDFName.of('Contents'),
      doc.context.register(
        doc.context.stream(
          [
            // A white background: no ink.
            '1 g 0 0 100 100 re f',
            // A black frame, stroked 1 wide: its four sides.
            '0 G 1 w 10 10 80 80 re S',
            // A black square, filled.
            '0 g 20 20 10 10 re f',
            // The image on 30 x 20 at (50, 60); a square scaled by 2 inside q/Q.
            `q 30 0 0 20 50 60 cm ${imageName} Do Q`,
            'q 2 0 0 2 0 0 cm 5 5 5 5 re f Q',
            // The form: its matrix moves its 4 x 4 square to (70, 10).
            `${formName} Do`,
            // Text and a string holding operators: no ink here (pdf.js boxes the text).
            'BT /F1 12 Tf 10 90 Td (1 0 0 1 0 0 cm 0 0 9 9 re f) Tj ET',
          ].join('\n'),
        ),
      ),
    );
    const resources = page.node.Resources();
    const boxes = pageInk(
      doc.context,
      page.node,
      resources instanceof PDFDict ? resources : undefined,
      10_000,
    );
    expect(boxes).toEqual([
      { x0: 9.5, y0: 9.5, x1: 90.5, y1: 10.5 },
      { x0: 89.5, y0: 9.5, x1: 90.5, y1: 90.5 },
      { x0: 9.5, y0: 89.5, x1: 90.5, y1: 90.5 },
      { x0: 9.5, y0: 9.5, x1: 10.5, y1: 90.5 },
      { x0: 20, y0: 20, x1: 30, y1: 30 },
      { x0: 50, y0: 60, x1: 80, y1: 80 },
      { x0: 10, y0: 10, x1: 20, y1: 20 },
      { x0: 70, y0: 10, x1: 74, y1: 14 },
    ]);
    // Beyond its budget of operators a page has no known ink.
    expect(pageInk(doc.context, page.node, undefined, 3)).toBeNull();
  });
});

describe('the label layout', () => {
  // Every character 0.5 of the size wide.
  const measure: Measure = (text, size) => text.length * size * 0.5;
  const lines = [
    {
      code: 'KAOS-HITAM-M',
      name: 'Kaos Hitam M',
      variation: 'Hitam,M',
      quantity: 2,
      rack: 'A-03-2',
    },
    { code: 'TOPI-01', name: 'Topi', variation: null, quantity: 1, rack: null },
  ];
  const contents = { resi: 'R1', orderNumber: 'O1', lines };

  it('writes a line as quantity, rak, code, name and variation', () => {
    expect(lines.map(lineText)).toEqual([
      '2x [A-03-2] KAOS-HITAM-M Kaos Hitam M (Hitam,M)',
      '1x TOPI-01 Topi',
    ]);
  });

  it('cuts a text to its width with an ellipsis', () => {
    // 10 pt: 5 pt a character; 40 pt hold 'abcdefg' and the ellipsis (8 characters).
    expect(fitted('abcdefghij', 40, 10, false, measure)).toBe('abcdefg\u2026');
    expect(fitted('abc', 40, 10, false, measure)).toBe('abc');
  });

  it('uses the largest size where the summary and every line fit, top down', () => {
    // 3 lines at 10 pt need 3 x 12 - 2 = 34 pt of height.
    const layout = labelLayout({ x0: 0, y0: 0, x1: 400, y1: 34 }, contents, measure);
    expect(layout?.left).toBe(0);
    expect(layout?.ops.map((op) => [op.text, op.size, op.y])).toEqual([
      ['Isi paket: 2 produk, 3 pcs', 10, 26],
      ['2x [A-03-2] KAOS-HITAM-M Kaos Hitam M (Hitam,M)', 10, 14],
      ['1x TOPI-01 Topi', 10, 2],
    ]);
  });

  it('drops the summary, then counts the lines left, when the room is short', () => {
    // 16 pt hold 2 lines at 7 pt (2 x 8.4 - 1.4 = 15.4), 3 at no size (6 pt: 20.4).
    const two = labelLayout({ x0: 0, y0: 0, x1: 400, y1: 16 }, contents, measure);
    expect(two?.ops.map((op) => op.text)).toEqual([
      '2x [A-03-2] KAOS-HITAM-M Kaos Hitam M (Hitam,M)',
      '1x TOPI-01 Topi',
    ]);
    const three = {
      ...contents,
      lines: [...lines, { ...lines[1], code: 'TOPI-02' } as (typeof lines)[number]],
    };
    const cut = labelLayout({ x0: 0, y0: 0, x1: 400, y1: 16 }, three, measure);
    expect(cut?.ops.map((op) => op.text)).toEqual([
      '2x [A-03-2] KAOS-HITAM-M Kaos Hitam M (Hitam,M)',
      'dan 2 produk lagi',
    ]);
    expect(cut?.left).toBe(2);
    // Room for one line only: nothing is written (a slip instead).
    expect(labelLayout({ x0: 0, y0: 0, x1: 400, y1: 8 }, three, measure)).toBeNull();
  });
});
