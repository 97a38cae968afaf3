// POST /api/remote-builds: a built remote uploaded as a .tar.gz goes live through the same
// deploy as `npm run remote -- deploy`; every refused upload is a 4xx with an Indonesian message
// and switches nothing, stores no version and writes no log entry.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTE_BUILD_LIMITS, REMOTE_BUILD_MESSAGES } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { packEntries } from '../../remote-builds/archive';
import { readHistory, readList, type RemoteStore } from '../../remote-builds/remote-builds';
import { packed, writeRemoteBuild, writeShellBuild } from '../../remote-builds/test-builds';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
  type TestUser,
} from '../../testing/test-app';
import { multipart } from '../marketplace/test-helpers';

let database: TestDatabase;
let app: App;
let store: RemoteStore;
let manager: TestUser;
const tokens = { admin: '', manager: '' };

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'gudang-http-deploy-'));
  // The live shell is the built one (WEB_DIR/shell/dist), as after `npm start`.
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
  manager = await createTestUser(database, 'manager');
  tokens.manager = await login(app, manager.email, manager.password);
  const admin = await createTestUser(database, 'admin');
  tokens.admin = await login(app, admin.email, admin.password);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function upload(archive: Buffer, name = 'orders', token: string | null = tokens.manager) {
  const body = multipart([
    { name: 'name', value: name },
    { name: 'file', value: archive, fileName: 'build.tar.gz' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/remote-builds',
    headers: {
      ...(token === null ? {} : authHeader(token)),
      'content-type': body.contentType,
    },
    payload: body.payload,
  });
}

async function deployLogs(): Promise<{ user_email: string; details: string }[]> {
  const { rows } = await database.db.execute<{ user_email: string; details: string }>(
    sql`select user_email, details from activity_logs where action = 'DEPLOY_REMOTE' order by id`,
  );
  return rows;
}

/** What a refused upload must leave as it was. */
async function state() {
  return {
    list: readList(store),
    history: readHistory(store).length,
    stored: existsSync(path.join(store.dir, 'orders'))
      ? readdirSync(path.join(store.dir, 'orders')).sort()
      : [],
    logs: (await deployLogs()).length,
  };
}

async function expectRefused(
  response: Awaited<ReturnType<typeof upload>>,
  before: Awaited<ReturnType<typeof state>>,
  status: number,
  message: string | RegExp,
) {
  expect(response.statusCode).toBe(status);
  expect((response.json() as { message: string }).message).toMatch(message);
  expect(await state()).toEqual(before);
}

describe('POST /api/remote-builds', () => {
  it('puts a good archive live, the same way as the command line, with who deployed', async () => {
    const response = await upload(packed(writeRemoteBuild('orders', '2.0.0-http')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'orders',
      version: '2.0.0-http',
      entry: '/remotes/orders/2.0.0-http/mf-manifest.json',
      switched: true,
      message: 'orders 2.0.0-http aktif',
    });
    expect(readList(store).remotes).toContainEqual({
      name: 'orders',
      entry: '/remotes/orders/2.0.0-http/mf-manifest.json',
    });
    expect(readHistory(store).at(-1)).toMatchObject({
      action: 'deploy',
      name: 'orders',
      version: '2.0.0-http',
      by: `${manager.name} <${manager.email}>`,
    });
    expect(await deployLogs()).toEqual([
      {
        user_email: manager.email,
        details: 'Deploy orders versi 2.0.0-http lewat unggahan arsip',
      },
    ]);
    // Served from REMOTES_DIR; the unpacked upload is gone.
    const served = await app.inject({ url: '/remotes/orders/2.0.0-http/remoteEntry.js' });
    expect(served.statusCode).toBe(200);
    expect(readdirSync(path.join(store.dir, 'orders'))).toEqual(['2.0.0-http']);
  });

  it('changes nothing for a version already live, and logs nothing', async () => {
    const before = await state();
    const response = await upload(packed(writeRemoteBuild('orders', '2.0.0-http')));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ switched: false });
    expect(await state()).toEqual(before);
  });

  it('refuses a build whose manifest is for another remote', async () => {
    const before = await state();
    const dir = writeRemoteBuild('orders', '2.1.0-wrong', { manifestName: 'finance' });
    await expectRefused(
      await upload(packed(dir)),
      before,
      400,
      "mf-manifest.json adalah untuk remote 'finance', bukan 'orders'",
    );
  });

  it('refuses an archive without a manifest', async () => {
    const before = await state();
    const archive = packEntries([{ name: 'remoteEntry.js', body: Buffer.from('x') }]);
    await expectRefused(
      await upload(archive),
      before,
      400,
      /^mf-manifest\.json tidak ada di arsip/,
    );
  });

  it('refuses an incompatible build (a shared version the live shell does not provide)', async () => {
    const before = await state();
    const dir = writeRemoteBuild('orders', '3.0.0-ui2', { sharedUi: '^2.0.0' });
    await expectRefused(
      await upload(packed(dir)),
      before,
      400,
      /butuh @gudang\/shared-ui \^2\.0\.0 \(shell menyediakan 1\.3\.0\)/,
    );
  });

  it('refuses an entry leaving the folder, an absolute path and a link', async () => {
    const before = await state();
    const outside = path.join(store.dir, 'evil.js');
    for (const [entry, message] of [
      [
        { name: '../evil.js', body: Buffer.from('x') },
        REMOTE_BUILD_MESSAGES.unsafePath('../evil.js'),
      ],
      [
        { name: 'static/../../evil.js', body: Buffer.from('x') },
        REMOTE_BUILD_MESSAGES.unsafePath('static/../../evil.js'),
      ],
      [
        { name: '/tmp/evil.js', body: Buffer.from('x') },
        REMOTE_BUILD_MESSAGES.unsafePath('/tmp/evil.js'),
      ],
      [
        { name: 'remoteEntry.js', type: '2', linkName: '/etc/passwd' },
        REMOTE_BUILD_MESSAGES.link('remoteEntry.js'),
      ],
    ] as const) {
      // A complete build with one hostile entry: refused before anything is checked or copied.
      const good = writeRemoteBuild('orders', '4.0.0-evil');
      const archive = packEntries([
        { name: 'mf-manifest.json', body: readFileSync(path.join(good, 'mf-manifest.json')) },
        entry,
      ]);
      await expectRefused(await upload(archive), before, 400, message);
    }
    expect(existsSync(outside)).toBe(false);
  });

  it('refuses an archive over the size limit (413) and one that unpacks past its limit', async () => {
    const before = await state();
    const big = Buffer.alloc(REMOTE_BUILD_LIMITS.maxBytes + 1, 1);
    await expectRefused(await upload(big), before, 413, REMOTE_BUILD_MESSAGES.tooLarge);
    // A few hundred kB of gzip that unpacks to more than the limit.
    const bomb = packEntries([
      { name: 'zeros.js', body: Buffer.alloc(REMOTE_BUILD_LIMITS.maxUnpackedBytes + 1) },
    ]);
    expect(bomb.length).toBeLessThan(REMOTE_BUILD_LIMITS.maxBytes);
    await expectRefused(await upload(bomb), before, 413, REMOTE_BUILD_MESSAGES.unpackedTooLarge);
  }, 60_000);

  it('refuses what is not a .tar.gz, an unknown name and a missing file', async () => {
    const before = await state();
    await expectRefused(
      await upload(Buffer.from('bukan arsip')),
      before,
      400,
      REMOTE_BUILD_MESSAGES.notTarGz,
    );
    const unknown = await upload(packed(writeRemoteBuild('orders', '5.0.1')), 'gudang');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: REMOTE_BUILD_MESSAGES.unknownName([
        'inventory',
        'orders',
        'finance',
        'admin',
        'shell',
      ]),
    });
    const none = multipart([{ name: 'name', value: 'orders' }]);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/remote-builds',
      headers: { ...authHeader(tokens.manager), 'content-type': none.contentType },
      payload: none.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: REMOTE_BUILD_MESSAGES.fileRequired });
  });

  it('switches nothing when the activity log refuses its entry', async () => {
    const before = await state();
    await database.db.execute(
      sql`alter table activity_logs add constraint deploy_test check (false) not valid`,
    );
    try {
      const response = await upload(packed(writeRemoteBuild('orders', '7.0.0-nolog')));
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await database.db.execute(sql`alter table activity_logs drop constraint deploy_test`);
    }
    expect(await state()).toEqual(before);
  });

  it('is for the manager: admin 403, anonymous 401, nothing switched', async () => {
    const before = await state();
    const archive = packed(writeRemoteBuild('orders', '6.0.0-role'));
    const admin = await upload(archive, 'orders', tokens.admin);
    expect(admin.statusCode).toBe(403);
    const anonymous = await upload(archive, 'orders', null);
    expect(anonymous.statusCode).toBe(401);
    expect(await state()).toEqual(before);
  });
});

it('keeps no unpacked upload behind', () => {
  const leftovers = readdirSync(path.join(store.dir, 'orders')).filter((f) => f.startsWith('.'));
  expect(leftovers).toEqual([]);
  expect(readFileSync(store.listFile, 'utf8')).toContain('2.0.0-http');
});
