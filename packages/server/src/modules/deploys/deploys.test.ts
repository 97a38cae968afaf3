// The deploy panel's API (issue 49): deploy tokens deploy and roll back their own remote only and
// are kept hashed; browsers' failure reports are counted per version, bounded, without users.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ERROR_LIMITS, DEPLOY_MESSAGES } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { App } from '../../app';
import { setBad, readHistory, readList, type RemoteStore } from '../../remote-builds/remote-builds';
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
const sessions = { admin: '', manager: '' };

beforeAll(async () => {
  const work = mkdtempSync(path.join(tmpdir(), 'gudang-deploy-tokens-'));
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
  sessions.manager = await login(app, manager.email, manager.password);
  const admin = await createTestUser(database, 'admin');
  sessions.admin = await login(app, admin.email, admin.password);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

function deploy(name: string, version: string, bearer: string) {
  const body = multipart([
    { name: 'name', value: name },
    { name: 'file', value: packed(writeRemoteBuild(name, version)), fileName: 'build.tar.gz' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/remote-builds',
    headers: { ...authHeader(bearer), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function makeToken(name: string, remote: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/remote-tokens',
    headers: authHeader(sessions.manager),
    payload: { name, remote },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; name: string; remote: string; token: string };
}

const live = (name: string) => readList(store).remotes.find((remote) => remote.name === name);

describe('deploy tokens', () => {
  it('deploy their own remote, and not another (403), naming the token in the history', async () => {
    const token = await makeToken('tim-orders', 'orders');
    expect(token.token).toMatch(/^gdt_[0-9a-f]{64}$/);

    const own = await deploy('orders', '3.0.0-token', token.token);
    expect(own.statusCode).toBe(200);
    expect(live('orders')?.entry).toBe('/remotes/orders/3.0.0-token/mf-manifest.json');
    expect(readHistory(store).at(-1)).toMatchObject({
      action: 'deploy',
      name: 'orders',
      version: '3.0.0-token',
      by: `token deploy 'tim-orders' (#${token.id})`,
    });

    const before = readList(store);
    const other = await deploy('finance', '3.0.0-token', token.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({
      message: DEPLOY_MESSAGES.tokenOtherRemote('orders', 'finance'),
    });
    expect(readList(store)).toEqual(before);

    const { rows } = await database.db.execute<{ details: string; user_name: string }>(
      sql`select details, user_name from activity_logs where action = 'DEPLOY_REMOTE' order by id`,
    );
    expect(rows.at(-1)?.details).toBe(
      "Deploy orders versi 3.0.0-token lewat unggahan arsip (token deploy 'tim-orders')",
    );
  });

  it('roll back their own remote only; a manager session still deploys and rolls back', async () => {
    const token = await makeToken('tim-finance', 'finance');
    expect((await deploy('finance', '1.0.0-a', sessions.manager)).statusCode).toBe(200);
    expect((await deploy('finance', '1.0.0-b', token.token)).statusCode).toBe(200);

    const rollback = (name: string, bearer: string) =>
      app.inject({
        method: 'POST',
        url: `/api/remote-builds/${name}/rollback`,
        headers: authHeader(bearer),
        payload: {},
      });
    const refused = await rollback('orders', token.token);
    expect(refused.statusCode).toBe(403);
    const back = await rollback('finance', token.token);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({
      message: DEPLOY_MESSAGES.rolledBack('finance', '1.0.0-b', '1.0.0-a'),
    });
    expect(live('finance')?.entry).toBe('/remotes/finance/1.0.0-a/mf-manifest.json');
    expect(readHistory(store).at(-1)).toMatchObject({
      action: 'rollback',
      by: `token deploy 'tim-finance' (#${token.id})`,
    });
    // The admin's session: the manager's route.
    expect((await rollback('finance', sessions.admin)).statusCode).toBe(403);
  });

  it('answer 401 once revoked, and unknown or malformed ones too', async () => {
    const token = await makeToken('sementara', 'admin');
    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/remote-tokens/${token.id}`,
      headers: authHeader(sessions.manager),
    });
    expect(revoke.statusCode).toBe(200);
    const after = await deploy('admin', '9.0.0-revoked', token.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: DEPLOY_MESSAGES.tokenRevokedUse });
    expect(live('admin')).toBeUndefined();

    const unknown = await deploy('admin', '9.0.0-x', `gdt_${'0'.repeat(64)}`);
    expect(unknown.statusCode).toBe(401);
    expect((await deploy('admin', '9.0.0-x', 'gdt_short')).statusCode).toBe(401);
    // Revoked twice: nothing to revoke.
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/remote-tokens/${token.id}`,
      headers: authHeader(sessions.manager),
    });
    expect(again.statusCode).toBe(404);
  });

  it('are kept as sha256 only and listed without their value', async () => {
    const token = await makeToken('tim-inventory', 'inventory');
    const { rows } = await database.db.execute<Record<string, unknown>>(
      sql`select * from remote_tokens where id = ${token.id}`,
    );
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(token.token);
    expect(stored).not.toContain(token.token.slice(4));
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.token_hash).toBe(createHash('sha256').update(token.token).digest('hex'));

    const list = await app.inject({
      method: 'GET',
      url: '/api/remote-tokens',
      headers: authHeader(sessions.manager),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.token);
    expect((list.json() as { data: { id: number; remote: string }[] }).data).toContainEqual(
      expect.objectContaining({ id: token.id, name: 'tim-inventory', remote: 'inventory' }),
    );
  });

  it('are the manager’s: the admin gets 403 on every token route, and bad input 400', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/remote-tokens' },
      {
        method: 'POST' as const,
        url: '/api/remote-tokens',
        payload: { name: 'x', remote: 'orders' },
      },
      { method: 'DELETE' as const, url: '/api/remote-tokens/1' },
      { method: 'GET' as const, url: '/api/client-errors/summary' },
      { method: 'GET' as const, url: '/api/remote-builds' },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: authHeader(sessions.admin) });
      expect([call.url, response.statusCode]).toEqual([call.url, 403]);
    }
    const bad = await app.inject({
      method: 'POST',
      url: '/api/remote-tokens',
      headers: authHeader(sessions.manager),
      payload: { name: 'x', remote: 'gudang' },
    });
    expect(bad.statusCode).toBe(400);
    // A deploy token opens no other route.
    const token = await makeToken('tim-admin', 'admin');
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/remote-tokens',
      headers: authHeader(token.token),
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('the panel', () => {
  it('lists live versions and history, and undoes a mark-bad', async () => {
    expect((await deploy('inventory', '5.0.0-a', sessions.manager)).statusCode).toBe(200);
    setBad(store, 'inventory', '5.0.0-a', true, { by: 'tes' });
    const listing = async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/remote-builds',
        headers: authHeader(sessions.manager),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json() as {
        data: {
          name: string;
          live: string | null;
          versions: { version: string; bad: boolean }[];
          history: { action: string }[];
        }[];
      };
      return body.data.find((remote) => remote.name === 'inventory');
    };
    const marked = await listing();
    expect(marked?.live).toBe('5.0.0-a');
    expect(marked?.versions).toContainEqual(
      expect.objectContaining({ version: '5.0.0-a', bad: true }),
    );
    expect(marked?.history[0]?.action).toBe('mark-bad');

    const unmark = await app.inject({
      method: 'POST',
      url: '/api/remote-builds/inventory/versions/5.0.0-a/unmark-bad',
      headers: authHeader(sessions.manager),
    });
    expect(unmark.statusCode).toBe(200);
    expect(unmark.json()).toEqual({ message: DEPLOY_MESSAGES.unmarked('inventory', '5.0.0-a') });
    expect((await listing())?.versions).toContainEqual(
      expect.objectContaining({ version: '5.0.0-a', bad: false }),
    );
    const twice = await app.inject({
      method: 'POST',
      url: '/api/remote-builds/inventory/versions/5.0.0-a/unmark-bad',
      headers: authHeader(sessions.manager),
    });
    expect(twice.statusCode).toBe(400);
    expect((twice.json() as { message: string }).message).toMatch(/tidak ditandai buruk/);
  });
});

describe('POST /api/client-errors', () => {
  const report = (body: Record<string, string>, bearer = sessions.admin) =>
    app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: authHeader(bearer),
      payload: body,
    });
  const summary = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/client-errors/summary',
      headers: authHeader(sessions.manager),
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: Record<string, unknown>[] }).data;
  };

  it('counts reports per remote, version and kind, cut short and without the user', async () => {
    const long = `Gagal memuat ${'x'.repeat(1000)}`;
    const failure = {
      remote: 'orders',
      version: '3.0.0-token',
      page: '/packing',
      kind: 'load',
      message: long,
    };
    expect((await report(failure)).statusCode).toBe(202);
    expect((await report(failure, sessions.manager)).statusCode).toBe(202);
    expect((await report({ ...failure, kind: 'render', message: 'TypeError: x' })).statusCode).toBe(
      202,
    );

    const rows = await summary();
    expect(rows).toContainEqual(
      expect.objectContaining({ remote: 'orders', version: '3.0.0-token', kind: 'load', count: 2 }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        remote: 'orders',
        version: '3.0.0-token',
        kind: 'render',
        count: 1,
      }),
    );
    const load = rows.find((row) => row.kind === 'load');
    expect(String(load?.last_message)).toHaveLength(CLIENT_ERROR_LIMITS.messageLength);
    const { rows: columns } = await database.db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'client_errors'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/user|email|ip/)]),
    );
  });

  it('refuses bad input with an Indonesian message and stores nothing', async () => {
    const before = await summary();
    const bad = await report({
      remote: 'orders',
      version: '1',
      page: '/x',
      kind: 'explode',
      message: '',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toMatch(/harus|wajib|tidak/);
    const noVersion = await report({
      remote: 'orders',
      version: '',
      page: '/x',
      kind: 'load',
      message: '',
    });
    expect(noVersion.statusCode).toBe(400);
    expect((noVersion.json() as { message: string }).message).toMatch(/Versi/);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { remote: 'orders', version: '1', page: '/x', kind: 'load', message: '' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await summary()).toEqual(before);
  });

  it('keeps at most CLIENT_ERROR_LIMITS.maxRows rows, still counting the ones it has', async () => {
    await database.db.execute(sql`
      insert into client_errors (remote, version, kind, page, last_message)
      select 'admin', 'flood-' || n, 'load', '/x', ''
        from generate_series(1, ${CLIENT_ERROR_LIMITS.maxRows}) as n
      on conflict do nothing`);
    const count = async () =>
      Number(
        (
          await database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from client_errors`,
          )
        ).rows[0]?.n,
      );
    const full = await count();
    expect(full).toBeGreaterThanOrEqual(CLIENT_ERROR_LIMITS.maxRows);
    const fresh = await report({
      remote: 'admin',
      version: 'new-one',
      page: '/x',
      kind: 'chunk',
      message: 'x',
    });
    expect(fresh.statusCode).toBe(202);
    expect(await count()).toBe(full);
    const known = await report({
      remote: 'admin',
      version: 'flood-1',
      page: '/y',
      kind: 'load',
      message: 'y',
    });
    expect(known.statusCode).toBe(202);
    expect(await summary()).toContainEqual(
      expect.objectContaining({ version: 'flood-1', count: 2, page: '/y' }),
    );
  });
});
