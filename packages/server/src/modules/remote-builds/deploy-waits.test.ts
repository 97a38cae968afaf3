// POST /api/remote-builds while another deploy holds REMOTES_DIR/.deploy.lock (micro-frontend
// audit N6: the wait used Atomics.wait on the event loop and froze every request for up to 5 s),
// and the deploy of a version marked bad over HTTP (audit N8).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../../app';
import {
  LOCK_FILE,
  deployLockEvents,
  setBad,
  readList,
  type RemoteStore,
} from '../../remote-builds/remote-builds';
import { packed, writeRemoteBuild, writeShellBuild } from '../../remote-builds/test-builds';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../../testing/test-app';
import { multipart } from '../marketplace/test-helpers';

let database: TestDatabase;
let app: App;
let store: RemoteStore;
let token = '';

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'gudang-deploy-waits-'));
  writeShellBuild('1.0.0-shell', path.join(work, 'web', 'shell', 'dist'));
  const remotesDir = path.join(work, 'remotes');
  store = {
    dir: remotesDir,
    listFile: path.join(remotesDir, 'remotes.json'),
    shellDir: path.join(work, 'web', 'shell', 'dist'),
  };
  database = await createTestDatabase();
  app = await buildTestApp(database, {
    env: { WEB_DIR: path.join(work, 'web'), REMOTES_DIR: remotesDir },
  });
  const manager = await createTestUser(database, 'manager');
  token = await login(app, manager.email, manager.password);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function upload(archive: Buffer, name: string, fields: Record<string, string> = {}) {
  const body = multipart([
    { name: 'name', value: name },
    ...Object.entries(fields).map(([field, value]) => ({ name: field, value })),
    { name: 'file', value: archive, fileName: 'build.tar.gz' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/remote-builds',
    headers: { ...authHeader(token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const entryOf = (name: string) => readList(store).remotes.find((r) => r.name === name)?.entry;

describe('an HTTP deploy waiting for the lock (audit N6)', () => {
  it('lets the server answer other requests while it waits, then deploys once the lock is free', async () => {
    // Another deploy holds the lock: a file naming a live process (this one).
    mkdirSync(store.dir, { recursive: true });
    const lock = path.join(store.dir, LOCK_FILE);
    writeFileSync(lock, `${process.pid} held-by-test`);
    const order: string[] = [];
    const waiting = once(deployLockEvents, 'wait');
    const deploy = upload(packed(writeRemoteBuild('orders', '1.0.0-waits')), 'orders').then(
      (response) => {
        order.push('deploy');
        return response;
      },
    );
    await waiting; // the deploy found the lock held and waits for it
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    // Answered while the deploy still waits: the lock is still held and nothing has switched.
    expect(order).toEqual(['health']);
    expect(existsSync(lock)).toBe(true);
    expect(entryOf('orders')).toBeUndefined();

    rmSync(lock);
    const response = await deploy;
    expect(response.statusCode).toBe(200);
    expect(order).toEqual(['health', 'deploy']);
    expect(entryOf('orders')).toBe('/remotes/orders/1.0.0-waits/mf-manifest.json');
  });
});

describe('an HTTP deploy of a version marked bad (audit N8)', () => {
  it('is refused saying so, and goes live with force=1', async () => {
    const bad = writeRemoteBuild('finance', '1.1.0-bad');
    expect((await upload(packed(bad), 'finance')).statusCode).toBe(200);
    expect(
      (await upload(packed(writeRemoteBuild('finance', '1.1.0-fix')), 'finance')).statusCode,
    ).toBe(200);
    setBad(store, 'finance', '1.1.0-bad', true, { by: 'test' });

    const refused = await upload(packed(bad), 'finance');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(
      /finance 1\.1\.0-bad ditandai buruk \(mark-bad\).*force=1/,
    );
    expect(entryOf('finance')).toContain('1.1.0-fix');

    const forced = await upload(packed(bad), 'finance', { force: '1' });
    expect(forced.statusCode).toBe(200);
    expect(entryOf('finance')).toContain('1.1.0-bad');
  });
});
