import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { App } from '../app';
import { readList } from '../remote-builds/remote-builds';
import { writeRemoteBuild, writeShellBuild } from '../remote-builds/test-builds';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../testing/test-app';
import { runUpload } from './remote-upload';

let database: TestDatabase;
let app: App;
let url: string;
let token: string;
const work = mkdtempSync(path.join(tmpdir(), 'gudang-upload-'));
const remotesDir = path.join(work, 'remotes');

beforeAll(async () => {
  writeShellBuild('1.0.0-shell', path.join(work, 'web', 'shell', 'dist'));
  database = await createTestDatabase();
  app = await buildTestApp(database, {
    env: { WEB_DIR: path.join(work, 'web'), REMOTES_DIR: remotesDir },
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  const manager = await createTestUser(database, 'manager');
  token = await login(app, manager.email, manager.password);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

const list = () =>
  readList({
    dir: remotesDir,
    listFile: path.join(remotesDir, 'remotes.json'),
    shellDir: path.join(work, 'web', 'shell', 'dist'),
  });

describe('npm run remote -- upload', () => {
  it('packs a build folder and deploys it on the server', async () => {
    const from = writeRemoteBuild('finance', '1.5.0-up');
    const run = io();
    const code = await runUpload(
      ['upload', 'finance', '--from', from, '--url', url, '--token', token],
      run.io,
      {},
    );
    expect({ code, out: run.out, err: run.err }).toEqual({
      code: 0,
      out: ['finance 1.5.0-up aktif'],
      err: [],
    });
    expect(list().remotes).toContainEqual({
      name: 'finance',
      entry: '/remotes/finance/1.5.0-up/mf-manifest.json',
    });
  });

  it("prints the server's refusal and exits 1; no token is the usage", async () => {
    const from = writeRemoteBuild('finance', '1.6.0-bad', { sharedUi: '^2.0.0' });
    const run = io();
    const code = await runUpload(['upload', 'finance', '--from', from, '--url', url], run.io, {
      GUDANG_TOKEN: token,
    });
    expect(code).toBe(1);
    expect(run.err.join('\n')).toMatch(
      /^400: finance 1\.6\.0-bad ditolak:[\s\S]*butuh @gudang\/shared-ui/,
    );
    const usage = io();
    expect(await runUpload(['upload', 'finance', '--from', from, '--url', url], usage.io, {})).toBe(
      2,
    );
  });

  it("deploys with the team's GUDANG_DEPLOY_TOKEN, its own remote only", async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/remote-tokens',
      headers: authHeader(token),
      payload: { name: 'tim-finance', remote: 'finance' },
    });
    const deployToken = (made.json() as { token: string }).token;
    const env = { GUDANG_DEPLOY_TOKEN: deployToken };
    const own = io();
    const from = writeRemoteBuild('finance', '1.7.0-team');
    expect(await runUpload(['upload', 'finance', '--from', from, '--url', url], own.io, env)).toBe(
      0,
    );
    expect(own.out).toEqual(['finance 1.7.0-team aktif']);
    const other = io();
    const orders = writeRemoteBuild('orders', '1.7.0-team');
    expect(
      await runUpload(['upload', 'orders', '--from', orders, '--url', url], other.io, env),
    ).toBe(1);
    expect(other.err).toEqual(['403: Token deploy ini hanya untuk finance, bukan orders']);
  });
});
