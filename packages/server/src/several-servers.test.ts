// Several app servers on one PostgreSQL (docs/adr/0007-scale.md, addendum of 2026-11-29): two
// real servers, each with its own DATA_DIR, see each other's deploys and rollbacks of the remote
// builds (kept in the database, told by NOTIFY), and their daily backups write one a day.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backupIfDue } from './backup/schedule';
import { createDatabase, type Database } from './db/client';
import { REMOTES_CHANNEL } from './remote-builds/shared';
import { packed, writeRemoteBuild, writeShellBuild } from './remote-builds/test-builds';
import {
  demoLogin,
  runCli,
  startServer,
  stopServer,
  type ServerProcess,
} from './testing/server-process';
import { createTestDatabase, type TestDatabase } from './testing/test-app';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const newDir = (what: string) => mkdtempSync(path.join(tmpdir(), `gudang-several-${what}-`));

/** Polls `read` until `done` holds of its value; fails after `limitMs` naming the last value. */
async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  limitMs = 20_000,
): Promise<T> {
  const until = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still not there: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const entryOf = (version: string) => `/remotes/orders/${version}/mf-manifest.json`;

async function liveOrders(server: ServerProcess): Promise<string | null> {
  const response = await fetch(`${server.baseUrl}/remotes.json`);
  const list = (await response.json()) as { remotes: { name: string; entry: string }[] };
  return list.remotes.find((remote) => remote.name === 'orders')?.entry ?? null;
}

onPostgres('two app servers on one PostgreSQL (needs DATABASE_URL)', () => {
  let database: TestDatabase;
  const web = newDir('web');
  const dataDirs = [newDir('a'), newDir('b')];
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    // Both serve the same built shell (WEB_DIR/shell/dist), registered at start as `npm start` does.
    writeShellBuild('1.0.0-shell', path.join(web, 'shell', 'dist'));
    database = await createTestDatabase();
    const env = (dataDir: string) => ({
      dataDir,
      databaseUrl: database.url,
      extra: { WEB_DIR: web },
    });
    first = await startServer(env(dataDirs[0] ?? ''));
    second = await startServer(env(dataDirs[1] ?? ''));
  }, 180_000);

  afterAll(async () => {
    for (const server of [first, second])
      if (server !== undefined) await stopServer(server, 'SIGTERM');
    await database?.destroy();
  });

  async function deploy(server: ServerProcess, token: string, version: string) {
    const form = new FormData();
    form.set('name', 'orders');
    form.set(
      'file',
      new Blob([new Uint8Array(packed(writeRemoteBuild('orders', version)))]),
      'build.tar.gz',
    );
    const response = await fetch(`${server.baseUrl}/api/remote-builds`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { switched?: boolean } };
  }

  it('a deploy through the first is served by the second; a rollback through the second by the first', async () => {
    const token = await demoLogin(first.baseUrl, 'manager');
    expect(await deploy(first, token, '1.0.0-a')).toMatchObject({
      status: 200,
      body: { switched: true },
    });
    // The second server's list and the new version's files, with no restart.
    await eventually(
      () => liveOrders(second),
      (entry) => entry === entryOf('1.0.0-a'),
    );
    const chunk = await fetch(`${second.baseUrl}/remotes/orders/1.0.0-a/static/page.100a.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toBe('/* orders 1.0.0-a page */');
    const manifest = await fetch(`${second.baseUrl}${entryOf('1.0.0-a')}`);
    expect(manifest.status).toBe(200);

    expect(await deploy(first, token, '1.0.0-b')).toMatchObject({ status: 200 });
    await eventually(
      () => liveOrders(second),
      (entry) => entry === entryOf('1.0.0-b'),
    );

    // The command line beside the second server (its DATA_DIR, the same database).
    const rolled = await runCli('remote', ['rollback', 'orders', '--by', 'tim-orders'], {
      dataDir: dataDirs[1] ?? '',
      databaseUrl: database.url,
      extra: { WEB_DIR: web },
    });
    expect(rolled).toMatchObject({ code: 0 });
    await eventually(
      () => liveOrders(first),
      (entry) => entry === entryOf('1.0.0-a'),
    );
    // mark-bad through the second holds on the first: a deploy of that version there is refused.
    const marked = await runCli('remote', ['mark-bad', 'orders', '1.0.0-b'], {
      dataDir: dataDirs[1] ?? '',
      databaseUrl: database.url,
      extra: { WEB_DIR: web },
    });
    expect(marked).toMatchObject({ code: 0 });
    const again = await deploy(first, token, '1.0.0-b');
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toMatch(/ditandai buruk/);
    expect(await liveOrders(first)).toBe(entryOf('1.0.0-a'));
  }, 120_000);

  it('a server whose listening connection was cut catches up with what it missed meanwhile', async () => {
    const token = await demoLogin(first.baseUrl, 'manager');
    // Cut every LISTEN connection on this database (both servers'), then deploy at once: the
    // NOTIFY goes out while nobody listens, so only the copy made when listening starts again
    // brings the second server the new version.
    const admin = new pg.Client({ connectionString: database.url ?? '' });
    await admin.connect();
    try {
      const cut = await admin.query<{ cut: boolean }>(
        `select pg_terminate_backend(pid) as cut from pg_stat_activity
          where datname = current_database() and query = $1 and pid <> pg_backend_pid()`,
        [`LISTEN ${REMOTES_CHANNEL}`],
      );
      expect(cut.rows.length).toBe(2);
    } finally {
      await admin.end();
    }
    expect(await deploy(first, token, '1.0.0-c')).toMatchObject({ status: 200 });
    await eventually(
      () => liveOrders(second),
      (entry) => entry === entryOf('1.0.0-c'),
    );
    // And it listens again: the next deploy reaches it by NOTIFY as before.
    expect(await deploy(first, token, '1.0.0-d')).toMatchObject({ status: 200 });
    await eventually(
      () => liveOrders(second),
      (entry) => entry === entryOf('1.0.0-d'),
    );
  }, 120_000);
});

onPostgres('daily backups of several servers (needs DATABASE_URL)', () => {
  let database: TestDatabase;
  const servers: Database[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    // Two servers' own connections to the one database.
    for (let i = 0; i < 2; i++)
      servers.push(await createDatabase({ databaseUrl: database.url, pgliteDir: 'memory://' }));
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.close();
    await database?.destroy();
  });

  it('writes one backup a day among them, whichever server comes first', async () => {
    const [a, b] = servers as [Database, Database];
    const dirs = [newDir('backups-a'), newDir('backups-b')] as const;
    const files = () => dirs.flatMap((dir) => readdirSync(dir));
    expect(await backupIfDue(a, dirs[0], 3, new Date('2030-01-02T01:00:00Z'))).not.toBeNull();
    // The second server's folder is empty, so it is due by its own folder; the day is taken.
    expect(await backupIfDue(b, dirs[1], 3, new Date('2030-01-02T02:00:00Z'))).toBeNull();
    // Both at once on the next day: one of them.
    const next = new Date('2030-01-03T01:00:00Z');
    const both = await Promise.all([
      backupIfDue(a, dirs[0], 3, next),
      backupIfDue(b, dirs[1], 3, next),
    ]);
    expect(both.filter((file) => file !== null)).toHaveLength(1);
    expect(files()).toHaveLength(2);
  }, 60_000);
});
