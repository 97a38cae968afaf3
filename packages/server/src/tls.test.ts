// TLS_CERT and TLS_KEY: the server answers HTTPS itself (a phone's camera needs a secure page).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, parseEnv } from './config';
import { buildTestApp, createTestDatabase, type TestDatabase } from './testing/test-app';

const dir = mkdtempSync(path.join(tmpdir(), 'gudang-tls-'));
const cert = path.join(dir, 'cert.pem');
const key = path.join(dir, 'key.pem');

beforeAll(() => {
  // A self-signed certificate for the test, as the README's steps make one for the shop.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=gudang.local',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
});

test('TLS_CERT and TLS_KEY come together and name files that exist', () => {
  expect(parseEnv({ TLS_CERT: cert, TLS_KEY: key }, dir).tls).toEqual({ cert, key });
  expect(parseEnv({}, dir).tls).toBeNull();
  expect(() => parseEnv({ TLS_CERT: cert }, dir)).toThrow(ConfigError);
  expect(() => parseEnv({ TLS_CERT: cert, TLS_KEY: path.join(dir, 'none.pem') }, dir)).toThrow(
    'TLS_KEY file not found',
  );
  writeFileSync(path.join(dir, 'relative.pem'), 'x');
  expect(parseEnv({ TLS_CERT: 'relative.pem', TLS_KEY: key }, dir).tls?.cert).toBe(
    path.join(dir, 'relative.pem'),
  );
});

describe('an app with TLS_CERT and TLS_KEY', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database.destroy();
  });

  it('answers over HTTPS', async () => {
    const app = await buildTestApp(database, { env: { TLS_CERT: cert, TLS_KEY: key } });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const status = await new Promise<number | undefined>((resolve, reject) => {
        https
          .get(
            { host: '127.0.0.1', port, path: '/api/health', rejectUnauthorized: false },
            (res) => {
              res.resume();
              resolve(res.statusCode);
            },
          )
          .on('error', reject);
      });
      expect(status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
