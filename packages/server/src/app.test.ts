import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { PLUGIN_TIMEOUT_MS, type App } from './app';
import { ConfigError } from './config';
import { NO_USERS_MESSAGE } from './plugins/db';
import { createUser } from './modules/auth/service';
import {
  buildTestApp,
  createTestDatabase,
  setupTestDatabase,
  type TestDatabase,
} from './testing/test-app';

let database: TestDatabase;
let app: App;

/** The reservation settings of a new shop (issue 44): unpaid orders not held, no buffers. */
const RESERVATION_DEFAULTS = {
  reserve_unpaid: false,
  buffer_shopee: 0,
  buffer_tokopedia: 0,
  buffer_tiktok: 0,
  buffer_lazada: 0,
  buffer_bigseller: 0,
  // 'Perlu dicek' of Penghasilan Marketplace (issue 45): 14 days, 2%.
  settlement_check_days: 14,
  settlement_tolerance_percent: 2,
  // 'Dari Marketplace' of Retur (issue 46): a refunded parcel not back after 14 days is a loss.
  return_check_days: 14,
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  app.get('/api/test-boom', { config: { public: true } }, async () => {
    throw new Error('secret internals at /srv/db.ts:42');
  });
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
}

describe('API basics', () => {
  it('waits for the database to open on a slow first start instead of failing at 10 s', () => {
    // Migrations and the demo seed took 16-34 s on a busy 2-core machine: Fastify's default
    // plugin timeout (10 s) then stopped `npm start` with "Plugin did not start in time: 'db'".
    expect(app.initialConfig.pluginTimeout).toBe(PLUGIN_TIMEOUT_MS);
    expect(PLUGIN_TIMEOUT_MS).toBeGreaterThanOrEqual(120_000);
  });

  it('GET /api/health answers without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: database.kind });
  });

  it('GET /api/settings gives the shop time zone without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/settings' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      shopTimezone: 'Asia/Jakarta',
      targetStockDays: 14,
      ...RESERVATION_DEFAULTS,
      disabled_remotes: [],
    });
    const bali = await buildTestApp(database, { env: { SHOP_TIMEZONE: 'Asia/Makassar' } });
    try {
      const other = await bali.inject({ method: 'GET', url: '/api/settings' });
      expect(other.json()).toEqual({
        shopTimezone: 'Asia/Makassar',
        targetStockDays: 14,
        ...RESERVATION_DEFAULTS,
        disabled_remotes: [],
      });
    } finally {
      await bali.close();
    }
  });

  it('answers 404 {message} for an unknown /api path', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({ method, url: '/api/tidak-ada' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Endpoint tidak ditemukan' });
    }
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Format JSON tidak valid' });
  });

  it('answers 500 with a generic message and no internals for an unexpected error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Terjadi kesalahan pada server' });
    expect(response.body).not.toContain('secret');
  });

  it('sends security headers and a CSP that allows scripts only from this origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends HSTS only over HTTPS: X-Forwarded-Proto counts only from a trusted proxy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await buildTestApp(database, { env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const secure = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const insecure = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('serves the camera’s barcode reader (.wasm) itself, without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/vendor/zxing_reader.wasm' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/wasm');
    // WebAssembly's magic number: '\0asm'.
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
  });

  it('serves the OpenAPI document and the docs page without a token', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json() as {
      info: { description: string };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/verify', '/api/health']),
    );
    expect(document.paths['/api/auth/login']?.post?.security).toEqual([]);
    // The text names exactly the routes that need no token: it stays true as routes change.
    expect(document.paths['/api/settings']?.get?.security).toEqual([]);
    expect(document.paths['/api/products']?.get?.security).toBeUndefined();
    expect(document.info.description).toContain(
      'kecuali: GET /api/health, GET /api/settings, POST /api/auth/login, POST /api/setup.',
    );
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-initializer.js');
  });
});

describe('static files', () => {
  let web: App;
  let webDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(tmpdir(), 'gudang-web-'));
    writeFiles(webDir, {
      'shell/dist/index.html': '<!doctype html><title>Gudang</title><div id="root"></div>',
      'shell/dist/main.0123abcd89.js': 'console.log("shell")',
      'shell/dist/favicon.ico': 'icon',
      'inventory/dist/mf-manifest.json': '{"name":"inventory"}',
      'inventory/dist/remoteEntry.js': 'var inventory;',
      'inventory/dist/__federation_expose_Dashboard.89ab01cdef.js': 'export {}',
    });
    web = await buildTestApp(database, { env: { WEB_DIR: webDir } });
  });

  afterAll(() => web.close());

  it('serves the shell at / with no-cache', async () => {
    const response = await web.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('falls back to index.html for an unknown page so that /products can be reloaded', async () => {
    const response = await web.inject({ method: 'GET', url: '/products?page=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not answer missing files or remote paths with the page', async () => {
    expect((await web.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    expect(
      (await web.inject({ method: 'GET', url: '/remotes/inventory/nope.js' })).statusCode,
    ).toBe(404);
    expect(
      (await web.inject({ method: 'GET', url: '/remotes/orders/mf-manifest.json' })).statusCode,
    ).toBe(404);
  });

  it('caches hashed assets for a year and entry files not at all', async () => {
    const hashed = await web.inject({ method: 'GET', url: '/main.0123abcd89.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const chunk = await web.inject({
      method: 'GET',
      url: '/remotes/inventory/__federation_expose_Dashboard.89ab01cdef.js',
    });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of [
      '/remotes/inventory/mf-manifest.json',
      '/remotes/inventory/remoteEntry.js',
      '/favicon.ico',
    ]) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 503 with a hint when the shell is not built', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });
});

describe('compressed and versioned static files', () => {
  let web: App;

  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'gudang-web-'));
    const remotesDir = mkdtempSync(path.join(tmpdir(), 'gudang-remotes-dir-'));
    const js = 'console.log("shell");'.repeat(50);
    writeFiles(webDir, {
      'shell/dist/index.html': '<!doctype html><div id="root"></div>',
      'shell/dist/main.js': js,
      'inventory/dist/mf-manifest.json': '{"name":"inventory"}',
    });
    writeFileSync(
      path.join(webDir, 'shell/dist/index.html.gz'),
      gzipSync('<!doctype html><div id="root">gz</div>'),
    );
    writeFileSync(path.join(webDir, 'shell/dist/main.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(webDir, 'shell/dist/main.js.gz'), gzipSync(js));
    writeFiles(remotesDir, {
      'inventory/1.4.0-abc1234/mf-manifest.json': '{"name":"inventory","v":1}',
      'inventory/1.4.0-abc1234/remoteEntry.js': 'var inventory;',
    });
    web = await buildTestApp(database, { env: { WEB_DIR: webDir, REMOTES_DIR: remotesDir } });
  });

  afterAll(() => web.close());

  it('sends the brotli or gzip copy the browser accepts, with Content-Encoding and Vary', async () => {
    const br = await web.inject({
      method: 'GET',
      url: '/main.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log("shell")');
    const gz = await web.inject({
      method: 'GET',
      url: '/main.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log("shell")');
    const plain = await web.inject({ method: 'GET', url: '/main.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.body).toContain('console.log("shell")');
  });

  it('sends the compressed page for client routes', async () => {
    const page = await web.inject({
      method: 'GET',
      url: '/products',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('gz</div>');
    expect(page.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('serves versioned remote builds from REMOTES_DIR, cached for a year, and the package build beside them', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await web.inject({
        method: 'GET',
        url: `/remotes/inventory/1.4.0-abc1234/${file}`,
        // No compressed copy of these: the plain file is sent.
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // A retry's new URL for the same files (the shell's retry after a timeout).
    const retry = await web.inject({
      method: 'GET',
      url: '/remotes/inventory/1.4.0-abc1234/_r3/remoteEntry.js',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe('var inventory;');
    expect(retry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unversioned = await web.inject({
      method: 'GET',
      url: '/remotes/inventory/mf-manifest.json',
    });
    expect(unversioned.json()).toEqual({ name: 'inventory' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expect(
      (await web.inject({ method: 'GET', url: '/remotes/inventory/9.9.9/mf-manifest.json' }))
        .statusCode,
    ).toBe(404);
    for (const url of [
      '/remotes/inventory/..%2f..%2fpackage.json',
      '/remotes/inventory/1.4.0-abc1234/..%2f..%2f..%2fetc/passwd',
      '/remotes/inventory/1.4.0-abc1234/_r1/..%2f..%2f..%2fetc/passwd',
      '/remotes/inventory/9.9.9/_r1/remoteEntry.js',
      '/remotes/nope/1.4.0-abc1234/remoteEntry.js',
    ])
      expect([403, 404]).toContain((await web.inject({ method: 'GET', url })).statusCode);
  });
});

describe('the shell, deployed like a remote', () => {
  let web: App;
  let remotesDir: string;

  beforeAll(async () => {
    const webDir = mkdtempSync(path.join(tmpdir(), 'gudang-web-'));
    remotesDir = mkdtempSync(path.join(tmpdir(), 'gudang-remotes-dir-'));
    writeFiles(webDir, {
      'shell/dist/index.html': '<!doctype html><p>dist, never live</p>',
      'shell/dist/main.js': 'dist();',
    });
    writeFiles(remotesDir, {
      'shell.json': '{"version":"1.0.0-a"}',
      'shell/1.0.0-a/index.html': '<!doctype html><script src="/shell/1.0.0-a/main.js"></script>',
      'shell/1.0.0-a/main.js': 'one();',
      'shell/1.1.0-b/index.html': '<!doctype html><script src="/shell/1.1.0-b/main.js"></script>',
      'shell/1.1.0-b/main.js': 'two();',
      'shell/1.1.0-b/sw.js': 'self.worker = 2;',
      'shell/1.1.0-b/manifest.webmanifest': '{"short_name":"Gudang"}',
      'shell/1.1.0-b/icons/gudang-192.png': 'png',
    });
    web = await buildTestApp(database, { env: { WEB_DIR: webDir, REMOTES_DIR: remotesDir } });
  });

  afterAll(() => web.close());

  it('serves the page of the live stored version, switching with shell.json, never from dist', async () => {
    const page = await web.inject({ method: 'GET', url: '/products' });
    expect(page.body).toContain('/shell/1.0.0-a/main.js');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await web.inject({ method: 'GET', url: '/' })).body).toContain('1.0.0-a');
    expect((await web.inject({ method: 'GET', url: '/main.js' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/remotes.json' })).json()).toMatchObject({
      shell: '1.0.0-a',
    });
    writeFileSync(path.join(remotesDir, 'shell.json'), '{"version":"1.1.0-b"}');
    expect((await web.inject({ method: 'GET', url: '/products' })).body).toContain('1.1.0-b');
    // Open tabs learn of it from the list they poll.
    expect((await web.inject({ method: 'GET', url: '/remotes.json' })).json()).toMatchObject({
      shell: '1.1.0-b',
    });
    // Both versions' files stay reachable (an open tab of 1.0.0-a still loads its chunks).
    for (const [url, body] of [
      ['/shell/1.0.0-a/main.js', 'one();'],
      ['/shell/1.1.0-b/main.js', 'two();'],
    ] as const) {
      const response = await web.inject({ method: 'GET', url });
      expect(response.body).toBe(body);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const url of ['/shell/9.9.9/main.js', '/shell/1.0.0-a/..%2f..%2fshell.json'])
      expect([403, 404]).toContain((await web.inject({ method: 'GET', url })).statusCode);
  });
  it("serves the live shell's service worker, manifest and icons at the root, uncached (issue 48)", async () => {
    writeFileSync(path.join(remotesDir, 'shell.json'), '{"version":"1.1.0-b"}');
    const sw = await web.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.body).toBe('self.worker = 2;');
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.json()).toEqual({ short_name: 'Gudang' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await web.inject({ method: 'GET', url: '/icons/gudang-192.png' });
    expect(icon.body).toBe('png');
    expect(icon.headers['content-type']).toBe('image/png');
    // A version without them (a shell built before issue 48) answers 404, and no other path.
    for (const url of ['/icons/..%2fmain.js', '/icons/none.png']) {
      expect((await web.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    writeFileSync(path.join(remotesDir, 'shell.json'), '{"version":"1.0.0-a"}');
    expect((await web.inject({ method: 'GET', url: '/sw.js' })).statusCode).toBe(404);
  });
});

describe('/remotes.json', () => {
  it('lists the four remotes by default, no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      remotes: ['inventory', 'orders', 'finance', 'admin'].map((name) => ({
        name,
        entry: `/remotes/${name}/mf-manifest.json`,
      })),
    });
  });

  it('serves REMOTES_JSON instead and lets the CSP load scripts from its origins', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-remotes-')), 'remotes.json');
    const remotes = {
      remotes: [
        { name: 'inventory', entry: 'https://cdn.example.com/inventory/v2/mf-manifest.json' },
        { name: 'orders', entry: '/remotes/orders/mf-manifest.json' },
      ],
    };
    writeFileSync(file, JSON.stringify(remotes));
    const custom = await buildTestApp(database, { env: { REMOTES_JSON: file } });
    try {
      const response = await custom.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.json()).toEqual(remotes);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://cdn.example.com;");
      expect(csp).toContain("connect-src 'self' https://cdn.example.com;");
    } finally {
      await custom.close();
    }
  });

  it('picks up an edited REMOTES_JSON without a restart and keeps the last good list on a bad edit', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-remotes-')), 'remotes.json');
    const first = {
      remotes: [{ name: 'inventory', entry: '/remotes/inventory/mf-manifest.json' }],
    };
    const moved = {
      remotes: [{ name: 'inventory', entry: 'https://cdn.example.com/inv/v3/mf-manifest.json' }],
    };
    writeFileSync(file, JSON.stringify(first));
    const custom = await buildTestApp(database, { env: { REMOTES_JSON: file } });
    try {
      expect((await custom.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(first);
      writeFileSync(file, JSON.stringify(moved) + '\n');
      const response = await custom.inject({ method: 'GET', url: '/remotes.json' });
      expect(response.json()).toEqual(moved);
      expect(String(response.headers['content-security-policy'])).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://cdn.example.com;",
      );
      writeFileSync(file, '{ broken');
      expect((await custom.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(moved);
    } finally {
      await custom.close();
    }
  });

  it.each([
    ['not json', /cannot be read as JSON/],
    [JSON.stringify({ remotes: 'x' }), /must look like/],
    [JSON.stringify({ remotes: [{ name: 'inventory' }] }), /entry/],
    [JSON.stringify({ remotes: [{ name: 'inventory', entry: 'ftp://x/y' }] }), /http/],
    [
      JSON.stringify({
        remotes: [
          { name: 'a', entry: '/a' },
          { name: 'a', entry: '/b' },
        ],
      }),
      /twice/,
    ],
    // The contract's check (contract/remotes-check.ts), which the shell applies too: a `shell`
    // other than a version is refused, where the server used to ignore it.
    [JSON.stringify({ remotes: [], shell: 5 }), /shell must be/],
  ])('refuses to start with a bad REMOTES_JSON (%s)', async (content, message) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-remotes-')), 'remotes.json');
    writeFileSync(file, content);
    const attempt = buildTestApp(database, { env: { REMOTES_JSON: file } });
    await expect(attempt).rejects.toThrow(ConfigError);
    await expect(buildTestApp(database, { env: { REMOTES_JSON: file } })).rejects.toThrow(message);
  });
});

describe('a shop without accounts', () => {
  const fresh = setupTestDatabase();

  it('says at start how to create the first manager, and stops saying it once one exists', async () => {
    const empty = fresh.current;
    const logged: string[] = [];
    const logger = { level: 'warn', stream: { write: (line: string) => void logged.push(line) } };
    await (await buildTestApp(empty, { logger })).close();
    expect(logged.join('')).toContain('no user account exists yet');
    expect(NO_USERS_MESSAGE).toContain('npm run user -w @gudang/server -- add');

    logged.length = 0;
    await createUser(empty.db, {
      email: 'pemilik@toko.test',
      name: 'Pemilik',
      password: 'rahasia-123',
      role: 'manager',
    });
    await (await buildTestApp(empty, { logger })).close();
    expect(logged.join('')).not.toContain('no user account exists yet');
  }, 30_000);
});
