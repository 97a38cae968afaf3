// Reading an order file's rows: what is a contradiction between rows of one order depends on
// whether the marketplace gives a status per order or per item.
import { parseOrderFile } from './parse-orders';

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
