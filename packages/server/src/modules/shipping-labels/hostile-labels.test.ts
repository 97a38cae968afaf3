// Hostile label files: not a PDF, a broken one, an encrypted one, 5,000 pages, pictures only, a
// content stream that inflates to 400 MB, a page of 100 MB of pixels, more than 20 MB, broken
// uploads. Each gets a clear Indonesian 4xx and keeps no report, or (the picture with a resi) is
// answered without the picture ever being decoded; the server answers the next file as before.
import {
  MESSAGES,
  SHIPPING_LABEL_MAX_BYTES,
  SHIPPING_LABEL_MAX_PAGES,
  SHIPPING_LABEL_MESSAGES,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { setupTestServer } from '../../testing/fixtures';
import { authHeader } from '../../testing/test-app';
import { mb, measuredBy } from '../../testing/measured';
import { multipart, upload } from '../marketplace/test-helpers';
import {
  contentBombPdf,
  encryptedPdf,
  hugePicturePdf,
  labelPdf,
  plainPages,
} from './fixtures/label-pdfs';

const server = setupTestServer();
// A worker thread reads each file (its first start loads pdf.js and pdf-lib), and pdf.js reads
// the answers back: seconds each on a busy machine.
jest.setTimeout(60_000);

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

/** Prints the answer's time and the server's memory (read, never asserted). */
const measured = measuredBy('hostile label');

const post = (data: Buffer | Uint8Array, fields: Record<string, string> = { mode: 'on_label' }) =>
  upload(
    server,
    '/api/shipping-labels',
    server.actors.managerToken,
    { name: 'label.pdf', data: Buffer.from(data) },
    fields,
  );

async function reports(): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from shipping_label_reports`,
  );
  return Number(rows[0]?.n);
}

const messageOf = (response: { json: <T>() => T }) => response.json<{ message: string }>().message;

describe('hostile label files', () => {
  it.each([
    ['a picture', async () => PNG, SHIPPING_LABEL_MESSAGES.notPdf],
    [
      'text',
      async () => Buffer.from('No. Resi: SPXID012345678901\n'),
      SHIPPING_LABEL_MESSAGES.notPdf,
    ],
    [
      'a PDF header and garbage',
      async () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10_000, 0x7a)]),
      SHIPPING_LABEL_MESSAGES.broken,
    ],
    ['an encrypted PDF', encryptedPdf, SHIPPING_LABEL_MESSAGES.encrypted],
    [
      'a spreadsheet named .pdf',
      async () => Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(2_000, 0)]),
      SHIPPING_LABEL_MESSAGES.notPdf,
    ],
    ['a PDF header alone', async () => Buffer.from('%PDF-1.7\n'), SHIPPING_LABEL_MESSAGES.broken],
    [
      'a label cut in half (a download broken off)',
      async () => {
        const whole = await labelPdf([
          { layout: 'shopee-spx', resi: 'SPXID0HOST00002', orderNumber: 'X3' },
          { layout: 'tiktok', resi: 'JX0HOST0000003', orderNumber: 'X4' },
        ]);
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      SHIPPING_LABEL_MESSAGES.broken,
    ],
    [
      '1,001 pages (one past the limit)',
      () => plainPages(SHIPPING_LABEL_MAX_PAGES + 1),
      SHIPPING_LABEL_MESSAGES.tooManyPages,
    ],
    ['5,000 pages', () => plainPages(5000), SHIPPING_LABEL_MESSAGES.tooManyPages],
    [
      'pictures only (a scan)',
      () => labelPdf([{ layout: 'picture-only' }, { layout: 'picture-only' }]),
      SHIPPING_LABEL_MESSAGES.imageOnly,
    ],
    ['a content stream of 400 MB', () => contentBombPdf(400), SHIPPING_LABEL_MESSAGES.tooHeavy],
    [
      'a page of 100 MB of pixels and no text',
      () => hugePicturePdf(100, false),
      SHIPPING_LABEL_MESSAGES.imageOnly,
    ],
  ])('%s: a clear message, no report', async (label, make, message) => {
    const file = await make();
    const before = await reports();
    const response = await measured(label, () => post(file));
    expect([response.statusCode, messageOf(response)]).toEqual([400, message]);
    expect(await reports()).toBe(before);
  });

  it('answers a page of 100 MB of pixels with a resi without decoding the picture', async () => {
    const file = await hugePicturePdf(100);
    const response = await measured('a page of 100 MB of pixels', () => post(file));
    expect(response.statusCode).toBe(200);
    // Its resi is no order's: the page is kept as it was and counted.
    expect(response.headers['x-gudang-unmatched']).toBe('1');
  });

  it('refuses a file over 20 MB before reading it, keeping no report', async () => {
    const before = await reports();
    const response = await measured('over 20 MB', () =>
      post(Buffer.alloc(SHIPPING_LABEL_MAX_BYTES + 1, 0x25)),
    );
    expect([response.statusCode, messageOf(response)]).toEqual([
      413,
      SHIPPING_LABEL_MESSAGES.tooLarge,
    ]);
    expect(await reports()).toBe(before);
  });

  it('reads a label file of almost 20 MB (a stream of 19 MB in it) as its one label', async () => {
    // 19 MB of random bytes (no compression shrinks them) in a stream no page draws.
    const doc = await PDFDocument.load(
      await labelPdf([{ layout: 'shopee-spx', resi: 'SPXID0HOST00005', orderNumber: 'X5' }]),
    );
    const padding = Buffer.alloc(19 * 1024 * 1024);
    for (let i = 0; i < padding.length; i += 4) padding.writeUInt32LE((i * 2654435761) >>> 0, i);
    doc.context.register(doc.context.stream(padding, {}));
    const file = await doc.save();
    expect(file.length).toBeLessThan(SHIPPING_LABEL_MAX_BYTES);
    expect(file.length).toBeGreaterThan(19 * 1024 * 1024);
    const response = await measured(`almost 20 MB (${mb(file.length)} MB)`, () =>
      post(file, { mode: 'slip' }),
    );
    expect(response.statusCode).toBe(200);
    // Its resi is no order's: kept as it was and counted.
    expect(response.headers['x-gudang-unmatched']).toBe('1');
  });

  it('refuses uploads without a file, with two files or with the file under another name', async () => {
    const label = Buffer.from(
      await labelPdf([{ layout: 'shopee-spx', resi: 'SPXID0HOST00001', orderNumber: 'X1' }]),
    );
    const send = (parts: Parameters<typeof multipart>[0]) => {
      const body = multipart(parts);
      return server.app.inject({
        method: 'POST',
        url: '/api/shipping-labels',
        headers: { ...authHeader(server.actors.managerToken), 'content-type': body.contentType },
        payload: body.payload,
      });
    };
    const cases: [Parameters<typeof multipart>[0], string][] = [
      [[{ name: 'mode', value: 'slip' }], SHIPPING_LABEL_MESSAGES.fileRequired],
      [
        [
          { name: 'mode', value: 'slip' },
          { name: 'file', value: label, fileName: 'a.pdf' },
          { name: 'file', value: label, fileName: 'b.pdf' },
        ],
        SHIPPING_LABEL_MESSAGES.badUpload,
      ],
      [
        [
          { name: 'mode', value: 'slip' },
          { name: 'label', value: label, fileName: 'a.pdf' },
        ],
        SHIPPING_LABEL_MESSAGES.badUpload,
      ],
      [
        [
          { name: 'mode', value: 'slip' },
          { name: 'file', value: Buffer.alloc(0), fileName: 'a.pdf' },
        ],
        MESSAGES.fileEmpty,
      ],
    ];
    for (const [parts, message] of cases) {
      const response = await send(parts);
      expect([response.statusCode, messageOf(response)]).toEqual([400, message]);
    }
    const json = await server.call('POST', '/api/shipping-labels', server.actors.managerToken, {
      mode: 'slip',
    });
    expect([json.statusCode, messageOf(json)]).toEqual([400, SHIPPING_LABEL_MESSAGES.fileRequired]);
  });

  it('answers the next label file as before', async () => {
    const file = await labelPdf([
      { layout: 'shopee-jnt', resi: 'JX0000000001', orderNumber: 'X2' },
    ]);
    const response = await post(file, { mode: 'slip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect((await server.call('GET', '/api/health', null)).statusCode).toBe(200);
  });
});
