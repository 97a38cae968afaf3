// A remote's declared pages at deploy (issue 49, "Its own pages"; docs/adr/0027): checked against
// the contract's page rules, the deploy refused with the page named and nothing switched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../../app';
import { readList, type RemoteStore } from '../../remote-builds/remote-builds';
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
  const work = mkdtempSync(path.join(tmpdir(), 'gudang-declared-pages-'));
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

function upload(archive: Buffer, name: string) {
  const body = multipart([
    { name: 'name', value: name },
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

/** A page of the stand-in build (it exposes 'Page'). */
const page = (over: Record<string, unknown> = {}) => ({
  path: '/settlement-checks',
  label: 'Cek Penghasilan',
  icon: 'settlements',
  roles: ['manager'],
  order: 155,
  module: 'Page',
  ...over,
});

async function deploy(name: string, version: string, pages: unknown) {
  const response = await upload(packed(writeRemoteBuild(name, version, { pages })), name);
  return { status: response.statusCode, message: response.json<{ message: string }>().message };
}

describe('POST /api/remote-builds with declared pages', () => {
  it('puts a build live whose pages the contract knows, for roles its rules let in', async () => {
    const done = await deploy('finance', '2.0.0-pages', [page()]);
    expect(done).toEqual({ status: 200, message: 'finance 2.0.0-pages aktif' });
    expect(entryOf('finance')).toBe('/remotes/finance/2.0.0-pages/mf-manifest.json');
  });

  it('refuses an unknown page, naming it; nothing switches', async () => {
    const refused = await deploy('finance', '2.0.1-unknown', [
      page(),
      page({ path: '/laporan-rahasia', label: 'Rahasia' }),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(
      "Halaman '/laporan-rahasia' tidak dikenal: tidak ada di aturan halaman kontrak (PAGE_RULES)",
    );
    expect(entryOf('finance')).toBe('/remotes/finance/2.0.0-pages/mf-manifest.json');
  });

  it('refuses a role the server rules refuse: a remote cannot widen a page', async () => {
    const refused = await deploy('finance', '2.0.2-admin', [page({ roles: ['admin', 'manager'] })]);
    expect(refused.status).toBe(400);
    expect(refused.message).toContain(
      "Halaman '/settlement-checks': peran 'admin' ditolak aturan server (hanya manager)",
    );
    expect(entryOf('finance')).toBe('/remotes/finance/2.0.0-pages/mf-manifest.json');
  });

  it('refuses a module the build does not expose and a page another live remote declares', async () => {
    const module = await deploy('finance', '2.0.3-module', [page({ module: 'Nope' })]);
    expect(module.status).toBe(400);
    expect(module.message).toContain(
      "Halaman '/settlement-checks': modul 'Nope' tidak diekspos oleh finance",
    );
    const taken = await deploy('orders', '2.0.0-taken', [page()]);
    expect(taken.status).toBe(400);
    expect(taken.message).toContain(
      "Halaman '/settlement-checks' sudah dideklarasikan oleh finance",
    );
    expect(entryOf('orders')).toBeUndefined();
  });

  it('accepts a build that declares no pages (every build before pages.json)', async () => {
    expect((await deploy('orders', '2.0.1-none', undefined)).status).toBe(200);
  });
});
