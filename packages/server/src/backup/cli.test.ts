// The backup and restore commands as a shop owner runs them: a backup while the server runs
// (PGlite: written by the running server through its socket; PostgreSQL: read directly), a
// restore into an empty place, a refusal to overwrite one with data, and a server started on it;
// a restore into a data folder that does not exist says so.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { demoLogin, request, runCli, startServer, stopServer } from '../testing/server-process';

jest.setTimeout(180_000);

const databases: TestDatabase[] = [];
const newDataDir = () => mkdtempSync(path.join(tmpdir(), 'gudang-cli-'));

/** A place to run on: a PGlite directory, or a fresh PostgreSQL database when DATABASE_URL is set. */
async function place() {
  const database = await createTestDatabase();
  databases.push(database);
  return { dataDir: newDataDir(), databaseUrl: database.url };
}

afterAll(async () => {
  for (const database of databases) await database.destroy();
});

it('backs up a running server and restores into an empty place, refusing one with data', async () => {
  const source = await place();
  const file = path.join(newDataDir(), 'toko.backup.gz');
  const server = await startServer(source);
  try {
    const token = await demoLogin(server.baseUrl, 'manager');
    const created = await request(server.baseUrl, 'POST', '/api/products', token, {
      barcode_id: 'BACKUP-BC',
      code: 'BACKUP-1',
      name: 'Kaos Cadangan',
      initial_stock: 7,
      category: 'Kaos',
      brand: 'Lokal',
    });
    expect(created.status).toBe(201);

    const backup = await runCli('backup', [file], source);
    expect(backup).toMatchObject({ code: 0 });
    expect(backup.output).toMatch(
      /^Backup written: .*toko\.backup\.gz \(\d+ rows in \d+ tables, Gudang 0\.1\.0, 20\d\d-/,
    );
    // The server kept serving.
    expect(
      (await request(server.baseUrl, 'GET', '/api/products?search=BACKUP', token)).status,
    ).toBe(200);
  } finally {
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  }

  const target = await place();
  const restore = await runCli('restore', [file], target);
  expect(restore.output).toMatch(/^Restored into /);
  expect(restore.code).toBe(0);
  const again = await runCli('restore', [file], target);
  expect(again).toEqual({
    code: 1,
    output:
      'Restore failed: the target database already holds data; restore refuses to overwrite it ' +
      '(use --force to replace everything in it with the backup)\n',
  });
  expect(await runCli('restore', [file, '--force'], target)).toMatchObject({ code: 0 });

  const restored = await startServer(target);
  try {
    const token = await demoLogin(restored.baseUrl, 'manager');
    const found = await request(restored.baseUrl, 'GET', '/api/products?search=BACKUP-1', token);
    expect(found.body).toMatchObject({
      data: [{ code: 'BACKUP-1', name: 'Kaos Cadangan', current_stock: 7 }],
    });
  } finally {
    expect(await stopServer(restored)).toEqual({ code: 0, signal: null });
  }
});

it('explains its usage and a missing file', async () => {
  const where = await place();
  expect(await runCli('backup', [], where)).toEqual({
    code: 1,
    output: 'Usage: npm run backup -w @gudang/server -- <file>\n',
  });
  expect(await runCli('restore', ['/nonexistent/x.gz'], where)).toEqual({
    code: 1,
    output: 'Restore failed: /nonexistent/x.gz does not exist\n',
  });
});

it('names a data folder that does not exist, before reading the file (PGlite)', async () => {
  const missing = path.join(newDataDir(), 'belum-dibuat');
  // Not a backup at all: had the file been read first, that would be the complaint.
  const file = path.join(newDataDir(), 'bukan.backup.gz');
  writeFileSync(file, 'bukan cadangan');
  expect(await runCli('restore', [file], { dataDir: missing, databaseUrl: null })).toEqual({
    code: 1,
    output:
      `Restore failed: the data folder ${missing} (DATA_DIR) does not exist; create it first ` +
      `(mkdir -p ${missing}) or set DATA_DIR to the server's data folder\n`,
  });
});
