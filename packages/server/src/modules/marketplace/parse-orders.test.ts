// Reading an order file's rows: what is a contradiction between rows of one order depends on
// whether the marketplace gives a status per order or per item; ids a spreadsheet program
// rounded are refused.
import { MARKETPLACE_MESSAGES } from '@gudang/api-client/contract';
import { parseOrderFile } from './parse-orders';
import { numberLostDigits } from './values';

const LAZADA_HEADERS = ['Order Number', 'Seller SKU', 'Created at', 'Tracking Code', 'Status'];
const options = { channel: undefined, timeZone: 'Asia/Jakarta', latestDate: '2027-11-28' };

it("takes a Lazada order with one item cancelled as it is: Lazada's status is per item", () => {
  const parsed = parseOrderFile(
    [
      {
        name: 'orders',
        rows: [
          LAZADA_HEADERS,
          ['LZ-1', 'KAOS-01', '2026-11-20 10:00', 'LXAD1', 'ready_to_ship'],
          ['LZ-1', 'TOPI-01', '2026-11-20 10:00', 'LXAD1', 'canceled'],
        ],
      },
    ],
    options,
  );
  expect(parsed.ok && parsed.channel).toBe('lazada');
  if (!parsed.ok) return;
  expect(parsed.lines.map((line) => [line.sku, line.status, line.problem ?? null])).toEqual([
    ['KAOS-01', 'perlu_dikirim', null],
    ['TOPI-01', 'batal', null],
  ]);
});

describe('an order id a spreadsheet program turned into a number (issue 42 m8)', () => {
  const HEADERS = ['Order ID', 'Order Status', 'Seller SKU', 'Quantity', 'Created Time'];
  const row = (id: string, resi = '') => [
    id,
    'To ship',
    'KAOS-01',
    '1',
    '01/08/2026 21:05:10',
    resi,
  ];
  const tiktok = (rows: string[][], lostDigits?: string[]) =>
    parseOrderFile(
      [{ name: 'OrderSKUList', rows: [[...HEADERS, 'Tracking ID'], ...rows], lostDigits }],
      options,
    );

  it('refuses the file when a number cell of the ids lost its last digits', () => {
    expect(tiktok([row('576471112345678901'), row('576471112345678000')], ['2,0'])).toEqual({
      ok: false,
      message: MARKETPLACE_MESSAGES.idLostDigits('Order ID', 3, '576471112345678000'),
    });
  });

  it.each(['5.76471E+17', '5,76471E+17', '5.76E17'])('refuses an id written as %s', (id) => {
    expect(tiktok([row(id)])).toMatchObject({
      ok: false,
      message: MARKETPLACE_MESSAGES.idLostDigits('Order ID', 2, id),
    });
  });

  it('refuses a resi written with an exponent', () => {
    expect(tiktok([row('576471112345678901', '1.23457E+11')])).toMatchObject({
      ok: false,
      message: MARKETPLACE_MESSAGES.idLostDigits('Tracking ID', 2, '1.23457E+11'),
    });
  });

  it('takes the same digits in a text cell, and a lost-digit number in another column', () => {
    const parsed = tiktok([row('576471112345678000')], ['1,3']);
    expect(parsed.ok && parsed.lines.map((line) => line.order_number)).toEqual([
      '576471112345678000',
    ]);
  });
});

it.each([
  [576471112345678000, true],
  [1.5e21, true],
  [2 ** 53, true],
  [1234567890123456, false],
  [999999999999999, false],
  [282110123456789, false],
  [576471112345678.5, false],
])('numberLostDigits(%s) is %s', (value, lost) => {
  expect(numberLostDigits(value)).toBe(lost);
});

it("says a Lazada file uploaded under Shopee is Lazada's, not which Shopee columns it lacks", () => {
  const parsed = parseOrderFile(
    [
      {
        name: 'orders',
        rows: [LAZADA_HEADERS, ['LZ-1', 'KAOS-01', '2026-11-20', 'LX1', 'pending']],
      },
    ],
    { ...options, channel: 'shopee' },
  );
  expect(parsed).toEqual({
    ok: false,
    message:
      "Ini file pesanan Lazada, bukan file pesanan Shopee: pilih channel Lazada atau 'Deteksi otomatis dari kolom', lalu unggah lagi",
  });
});
