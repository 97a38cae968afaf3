// If the embedded database's worker thread dies, the server does not stay up answering 500 to
// everything: it logs why and exits non-zero, so that its service manager starts it again, and
// the next start on the same data answers as before (nothing acknowledged is lost).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATABASE_LOST_MESSAGE } from '../plugins/db';
import { demoLogin, request, startServer, stopServer } from '../testing/server-process';
import { productBody } from '../testing/fixtures';

jest.setTimeout(120_000);

const PRELOAD = path.join(__dirname, '../testing/stop-worker-threads.cjs');

it('exits non-zero when the PGlite worker thread dies, and starts again on the same data', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gudang-lost-'));
  const env = {
    dataDir,
    databaseUrl: null,
    extra: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${PRELOAD}`.trim() },
  };
  const server = await startServer(env);
  try {
    const token = await demoLogin(server.baseUrl, 'manager');
    const created = await request(server.baseUrl, 'POST', '/api/products', token, {
      ...productBody('LOST-1'),
    });
    expect(created.status).toBe(201);

    server.child.kill('SIGUSR2');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain(DATABASE_LOST_MESSAGE);
  } finally {
    await stopServer(server, 'SIGKILL');
  }

  const again = await startServer(env);
  try {
    const token = await demoLogin(again.baseUrl, 'manager');
    const list = await request(again.baseUrl, 'GET', '/api/products?search=LOST-1', token);
    expect(list.status).toBe(200);
    expect((list.body as { data: { code: string }[] }).data.map((p) => p.code)).toEqual(['LOST-1']);
  } finally {
    await stopServer(again);
  }
});
