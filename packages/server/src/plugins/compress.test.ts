import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { App } from '../app';
import { buildTestApp, createTestDatabase, type TestDatabase } from '../testing/test-app';
import { acceptedEncoding, COMPRESS_MIN_BYTES } from './compress';

let database: TestDatabase;
let app: App;

// A report-like answer: 300 rows, about 40 KB of JSON.
const big = {
  rows: Array.from({ length: 300 }, (_, i) => ({
    code: `BRG${String(i).padStart(5, '0')}`,
    name: `Kopi Gayo ${i}`,
    stock_at_start: i * 7,
  })),
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  app.get('/api/test-big', { config: { public: true } }, async () => big);
  app.get('/api/test-stream', { config: { public: true } }, async (_request, reply) =>
    reply.type('application/json').send(Readable.from([JSON.stringify(big)])),
  );
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed API answers', () => {
  it('sends a large answer with brotli when accepted, decoding to the same JSON', async () => {
    const plain = await get('/api/test-big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.json()).toEqual(big);

    const br = await get('/api/test-big', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('falls back to gzip, and honours q=0', async () => {
    for (const header of ['gzip', 'br;q=0, gzip;q=0.8', '*']) {
      const gz = await get('/api/test-big', header);
      expect({ header, encoding: gz.headers['content-encoding'] }).toEqual({
        header,
        encoding: 'gzip',
      });
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(big);
    }
    const none = await get('/api/test-big', 'br;q=0, gzip;q=0, identity');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(big);
  });

  it('leaves small answers and streams as they are', async () => {
    const small = await get('/api/health', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/i);
    expect(small.json()).toMatchObject({ status: 'ok' });

    const stream = await get('/api/test-stream', 'br, gzip');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(big);
  });

  it('leaves a small error answer as it is', async () => {
    const denied = await get('/api/products?limit=100', 'br');
    expect(denied.statusCode).toBe(401);
    expect(denied.headers['content-encoding']).toBeUndefined();
  });
});

describe('acceptedEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['GZIP, BR', 'br'],
    ['br;q=0', null],
    ['br;q=0.0, gzip; q=0.5', 'gzip'],
    ['*;q=0.1', 'gzip'],
  ])('%s -> %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
