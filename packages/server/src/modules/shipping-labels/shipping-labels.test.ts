// Label dengan isi paket (issue 47): label PDFs made in the layouts of Shopee (SPX, J&T), TikTok
// Shop and Lazada, a page without text, an unknown resi and a page with two orders' resis,
// through POST /api/shipping-labels in both modes and in a pick batch's order; the answer read
// back with pdf.js. The orders, their lines (a bundle, a combo, an unmapped SKU) and the racks are
// written here, so every expected line is known by hand.
import {
  SHIPPING_LABEL_MESSAGES,
  SHIPPING_LABEL_REPORT_HEADER,
  SHIPPING_LABEL_UNMATCHED_HEADER,
  type ShippingLabelReport,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { setupTestServer } from '../../testing/fixtures';
import { seedCatalog, upload } from '../marketplace/test-helpers';
import { labelPdf, type PageSpec } from './fixtures/label-pdfs';
import { pageShapes, pageTexts } from './fixtures/read-back';

const server = setupTestServer();
// A worker thread reads each file (its first start loads pdf.js and pdf-lib), and pdf.js reads
// the answers back: seconds each on a busy machine.
jest.setTimeout(60_000);

interface LineSpec {
  sku: string;
  name: string;
  quantity: number;
  variation?: string;
}

async function insertOrder(
  channel: string,
  orderNumber: string,
  resi: string,
  lines: readonly LineSpec[],
  shipped = false,
): Promise<number> {
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    total, shipped_at)
    values (${channel}, ${orderNumber}, ${resi}, 'perlu_dikirim', 'Perlu Dikirim', '2026-11-20', 0,
            ${shipped ? sql`now()` : null})
    returning id`);
  const id = Number(rows[0]?.id);
  for (const line of lines)
    await server.database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity)
      values (${id}, ${line.sku}, ${line.variation ?? ''}, ${line.name}, ${line.quantity})`);
  return id;
}

const ORDERS = {
  spx: { channel: 'shopee', number: '261120AAAAAA01', resi: 'SPXID012345678901' },
  jnt: { channel: 'shopee', number: '261120AAAAAA02', resi: 'JX1234567890' },
  tiktok: { channel: 'tiktok', number: '576123456789012345', resi: 'JX2234567890' },
  lazada: { channel: 'lazada', number: '812345678901234', resi: 'LXAD-2012345678' },
} as const;

const ids: Record<keyof typeof ORDERS, number> = { spx: 0, jnt: 0, tiktok: 0, lazada: 0 };

beforeAll(async () => {
  await seedCatalog(server);
  // KAOS-PUTIH-L has no rak: its lines come after those with one.
  await server.database.db.execute(sql`
    update products set rack = case code when 'KAOS-HITAM-M' then 'A-03-2' when 'TOPI-01' then 'B-01-1' end
     where code in ('KAOS-HITAM-M', 'TOPI-01')`);
  ids.spx = await insertOrder('shopee', ORDERS.spx.number, ORDERS.spx.resi, [
    { sku: 'TOPI-01', name: 'Topi', quantity: 1 },
    { sku: 'KAOS-HITAM-M', name: 'Kaos', quantity: 2, variation: 'Hitam,M' },
  ]);
  // A bundle of 3 (PKT-KAOS-3, twice) and a SKU no mapping knows.
  ids.jnt = await insertOrder('shopee', ORDERS.jnt.number, ORDERS.jnt.resi, [
    { sku: 'PKT-KAOS-3', name: 'Paket Kaos isi 3', quantity: 2 },
    { sku: 'SKU-BARU', name: 'Gantungan Kunci', quantity: 1 },
  ]);
  // A combo (a kaos and a topi) and a product without rak.
  ids.tiktok = await insertOrder('tiktok', ORDERS.tiktok.number, ORDERS.tiktok.resi, [
    { sku: 'COMBO-KAOS-TOPI', name: 'Combo', quantity: 1 },
    { sku: 'KAOS-PUTIH-L', name: 'Kaos Putih', quantity: 1 },
  ]);
  ids.lazada = await insertOrder('lazada', ORDERS.lazada.number, ORDERS.lazada.resi, [
    { sku: 'kaos-putih-l', name: 'Kaos Putih', quantity: 4 },
  ]);
  // An older order of the same resi, already shipped: the one still to pack is the label's.
  await insertOrder(
    'shopee',
    '251120OLD00001',
    ORDERS.spx.resi,
    [{ sku: 'KAOS-PUTIH-L', name: 'Lama', quantity: 9 }],
    true,
  );
});

/** The lines each order's label must carry, in this order (rak, then code; none last). */
const EXPECTED = {
  spx: [
    '2x [A-03-2] KAOS-HITAM-M Kaos Hitam M (Hitam,M)',
    '1x [B-01-1] TOPI-01 Topi Baseball Navy',
  ],
  jnt: ['6x [A-03-2] KAOS-HITAM-M Kaos Hitam M', '1x SKU-BARU Gantungan Kunci'],
  tiktok: [
    '1x [A-03-2] KAOS-HITAM-M Kaos Hitam M',
    '1x [B-01-1] TOPI-01 Topi Baseball Navy',
    '1x KAOS-PUTIH-L Kaos Putih L',
  ],
  lazada: ['4x KAOS-PUTIH-L Kaos Putih L'],
};
const SUMMARY = {
  spx: 'Isi paket: 2 produk, 3 pcs',
  jnt: 'Isi paket: 2 produk, 7 pcs',
  tiktok: 'Isi paket: 3 produk, 3 pcs',
  lazada: 'Isi paket: 1 produk, 4 pcs',
};

const UNKNOWN_RESI = 'SPXID099999999999';

const PAGES: PageSpec[] = [
  { layout: 'shopee-spx', resi: ORDERS.spx.resi, orderNumber: ORDERS.spx.number },
  { layout: 'shopee-jnt', resi: ORDERS.jnt.resi, orderNumber: ORDERS.jnt.number },
  {
    layout: 'tiktok',
    resi: ORDERS.tiktok.resi,
    orderNumber: ORDERS.tiktok.number,
    products: [{ name: 'Combo Kaos + Topi', sku: 'COMBO-KAOS-TOPI', quantity: 1 }],
  },
  { layout: 'lazada', resi: ORDERS.lazada.resi, orderNumber: ORDERS.lazada.number },
  { layout: 'picture-only' },
  { layout: 'shopee-spx', resi: UNKNOWN_RESI, orderNumber: '261120ZZZZZZ99' },
  {
    layout: 'two-labels',
    labels: [
      { layout: 'shopee-spx', resi: ORDERS.spx.resi, orderNumber: ORDERS.spx.number },
      { layout: 'shopee-jnt', resi: ORDERS.jnt.resi, orderNumber: ORDERS.jnt.number },
    ],
  },
];

const EXPECTED_UNMATCHED = [
  { page: 5, reason: 'no_text', resi: null },
  { page: 6, reason: 'unknown_resi', resi: UNKNOWN_RESI },
  { page: 7, reason: 'several_orders', resi: `${ORDERS.spx.resi}, ${ORDERS.jnt.resi}` },
];

let input: Uint8Array;
let inputTexts: string[][];

beforeAll(async () => {
  input = await labelPdf(PAGES);
  inputTexts = await pageTexts(input);
}, 60_000);

async function post(
  fields: Record<string, string>,
  token = server.actors.managerToken,
  file = input,
) {
  return upload(
    server,
    '/api/shipping-labels',
    token,
    { name: 'label shopee.pdf', data: Buffer.from(file) },
    fields,
  );
}

async function reportOf(response: {
  headers: Record<string, unknown>;
}): Promise<ShippingLabelReport> {
  const id = String(response.headers[SHIPPING_LABEL_REPORT_HEADER.toLowerCase()]);
  const answer = await server.call(
    'GET',
    `/api/shipping-labels/${id}/report`,
    server.actors.adminToken,
  );
  expect(answer.statusCode).toBe(200);
  return answer.json<ShippingLabelReport>();
}

/** Every text item of `original` is still on `page`: the label is as it was. */
function keeps(page: readonly string[], original: readonly string[]) {
  for (const item of original) expect(page).toContain(item);
}

describe('POST /api/shipping-labels', () => {
  it("writes each matched label's contents in its free area; the other pages stay as they were", async () => {
    const response = await post({ mode: 'on_label' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('label shopee-isi.pdf');
    expect(response.headers[SHIPPING_LABEL_UNMATCHED_HEADER.toLowerCase()]).toBe('3');
    const output = new Uint8Array(response.rawPayload);
    const texts = await pageTexts(output);
    // No label lacked room: the same pages, in the same order.
    expect(texts).toHaveLength(PAGES.length);
    const labels = ['spx', 'jnt', 'tiktok', 'lazada'] as const;
    labels.forEach((key, index) => {
      const page = texts[index] ?? [];
      keeps(page, inputTexts[index] ?? []);
      // The label's own text, then the summary and the lines, in this order.
      expect(page.slice((inputTexts[index] ?? []).length)).toEqual([
        SUMMARY[key],
        ...EXPECTED[key],
      ]);
    });
    // The page without text, the unknown resi and the page of two orders: unchanged.
    expect(texts.slice(4)).toEqual(inputTexts.slice(4));
    // The page sizes and Lazada's turn are kept.
    expect(await pageShapes(output)).toEqual(await pageShapes(input));

    const report = await reportOf(response);
    expect(report).toMatchObject({
      file_name: 'label shopee.pdf',
      mode: 'on_label',
      batch_id: null,
      pages: 7,
      output_pages: 7,
      matched: 4,
      unmatched: EXPECTED_UNMATCHED,
      slipped: [],
      shortened: [],
      missing: [],
    });
  });

  it("puts each matched label's contents on a slip page right after it", async () => {
    const response = await post({ mode: 'slip' }, server.actors.adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers[SHIPPING_LABEL_UNMATCHED_HEADER.toLowerCase()]).toBe('3');
    const output = new Uint8Array(response.rawPayload);
    const texts = await pageTexts(output);
    // One slip more per matched label (4).
    expect(texts).toHaveLength(PAGES.length + 4);
    const labels = ['spx', 'jnt', 'tiktok', 'lazada'] as const;
    labels.forEach((key, index) => {
      // The label untouched, then its slip.
      expect(texts[index * 2]).toEqual(inputTexts[index]);
      const slip = texts[index * 2 + 1] ?? [];
      expect(slip.slice(0, 4)).toEqual([
        'Isi Paket',
        `Resi: ${ORDERS[key].resi}`,
        `No. Pesanan: ${ORDERS[key].number}`,
        SUMMARY[key],
      ]);
    });
    // Per product: quantity and code, its rak beside them, its name and variation under them.
    expect(texts[1]?.slice(4)).toEqual([
      '2x KAOS-HITAM-M',
      'Rak A-03-2',
      'Kaos Hitam M (Hitam,M)',
      '1x TOPI-01',
      'Rak B-01-1',
      'Topi Baseball Navy',
    ]);
    expect(texts[3]?.slice(4)).toEqual([
      '6x KAOS-HITAM-M',
      'Rak A-03-2',
      'Kaos Hitam M',
      '1x SKU-BARU',
      'Gantungan Kunci',
    ]);
    expect(texts[7]?.slice(4)).toEqual(['4x KAOS-PUTIH-L', 'Kaos Putih L']);
    expect(texts.slice(8)).toEqual(inputTexts.slice(4));
    // A slip is the label's size as it is seen (Lazada's turned label: upright 100 x 150 mm).
    const shapes = await pageShapes(output);
    expect(shapes[7]).toEqual({ width: 283, height: 425, rotation: 0 });

    const report = await reportOf(response);
    expect(report).toMatchObject({
      mode: 'slip',
      pages: 7,
      output_pages: 11,
      matched: 4,
      unmatched: EXPECTED_UNMATCHED,
    });
  });

  it("follows a pick batch's label order, the pages outside it after, in the file's order", async () => {
    const { rows } = await server.database.db.execute<{ id: number }>(sql`
      insert into pick_batches (order_limit, created_by_name) values (100, 'Uji') returning id`);
    const batchId = Number(rows[0]?.id);
    await server.database.db.execute(sql`
      insert into pick_batch_orders (batch_id, order_id, position)
      values (${batchId}, ${ids.lazada}, 1), (${batchId}, ${ids.jnt}, 2), (${batchId}, ${ids.spx}, 3)`);
    // An order of the batch without a label in the file: the report names it (QA walk L).
    const unlabelled = await insertOrder('shopee', '250901NOLABEL1', 'SPXID0099999999', [
      { sku: 'TOPI-01', name: 'Topi', quantity: 1 },
    ]);
    await server.database.db.execute(sql`
      insert into pick_batch_orders (batch_id, order_id, position)
      values (${batchId}, ${unlabelled}, 4)`);
    const response = await post({ mode: 'slip', batch_id: String(batchId) });
    expect(response.statusCode).toBe(200);
    const texts = await pageTexts(new Uint8Array(response.rawPayload));
    const resiOf = (page: readonly string[] | undefined) =>
      (page ?? []).find((item) => item.startsWith('Resi: '));
    // Lazada, J&T, SPX (the batch), then TikTok (not in it) and the three unmatched pages.
    expect(texts.map(resiOf)).toEqual([
      undefined,
      `Resi: ${ORDERS.lazada.resi}`,
      undefined,
      `Resi: ${ORDERS.jnt.resi}`,
      undefined,
      `Resi: ${ORDERS.spx.resi}`,
      undefined,
      `Resi: ${ORDERS.tiktok.resi}`,
      undefined,
      undefined,
      undefined,
    ]);
    expect(texts[0]).toEqual(inputTexts[3]);
    expect(texts[6]).toEqual(inputTexts[2]);
    expect(texts.slice(8)).toEqual(inputTexts.slice(4));
    expect(await reportOf(response)).toMatchObject({
      batch_id: batchId,
      missing: [{ position: 4, order_number: '250901NOLABEL1', resi_number: 'SPXID0099999999' }],
    });
  });

  it('says so when a batch is not there, or the fields are wrong', async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ mode: 'slip', batch_id: '999999' }, 404, SHIPPING_LABEL_MESSAGES.batchNotFound],
      [{ mode: 'slip', batch_id: 'abc' }, 400, 'Daftar Ambil tidak valid'],
      [{}, 400, SHIPPING_LABEL_MESSAGES.modeRequired],
      [{ mode: 'besar' }, 400, 'Mode harus salah satu dari: on_label, slip'],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post(fields);
      expect([response.statusCode, response.json<{ message: string }>().message]).toEqual([
        status,
        message,
      ]);
    }
    const report = await server.call(
      'GET',
      '/api/shipping-labels/999999/report',
      server.actors.managerToken,
    );
    expect(report.statusCode).toBe(404);
    expect(report.json<{ message: string }>().message).toBe(SHIPPING_LABEL_MESSAGES.reportNotFound);
  });

  it('cuts a long order short with "dan N produk lagi" where the label has little room', async () => {
    const many = Array.from({ length: 30 }, (_v, i) => ({
      sku: `SKU-${String(i).padStart(2, '0')}`,
      name: `Barang ${i}`,
      quantity: 1,
    }));
    await insertOrder('shopee', '261120MANY0001', 'SPXID055555555555', many);
    const file = await labelPdf([
      { layout: 'shopee-spx', resi: 'SPXID055555555555', orderNumber: '261120MANY0001' },
    ]);
    const original = (await pageTexts(file))[0] ?? [];
    const response = await post({ mode: 'on_label' }, server.actors.managerToken, file);
    expect(response.statusCode).toBe(200);
    const page = (await pageTexts(new Uint8Array(response.rawPayload)))[0] ?? [];
    const added = page.slice(original.length);
    // As many lines as fit, then the rest counted: every one of the 30 products accounted for.
    const last = added[added.length - 1] ?? '';
    const shown = added.filter((item) => item.startsWith('1x SKU-')).length;
    expect(shown).toBeGreaterThan(3);
    expect(last).toBe(`dan ${30 - shown} produk lagi`);
    expect(added.filter((item) => item.startsWith('1x SKU-'))).toEqual(
      many.slice(0, shown).map((line) => `1x ${line.sku} ${line.name}`),
    );
    expect((await reportOf(response)).shortened).toEqual([1]);

    // On a slip: as many products as the page holds (two lines each), then the rest counted.
    const slipped = await post({ mode: 'slip' }, server.actors.managerToken, file);
    const slip = (await pageTexts(new Uint8Array(slipped.rawPayload)))[1] ?? [];
    const codes = slip.filter((item) => item.startsWith('1x SKU-'));
    expect(codes.length).toBeGreaterThan(3);
    expect(codes).toEqual(many.slice(0, codes.length).map((line) => `1x ${line.sku}`));
    expect(slip[slip.length - 1]).toBe(`dan ${30 - codes.length} produk lagi`);
    expect((await reportOf(slipped)).shortened).toEqual([1]);
  });
});
