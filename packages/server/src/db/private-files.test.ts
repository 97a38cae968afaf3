// PGlite's files are the owner's alone whatever the umask; an old, open directory is tightened.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase } from './client';
import { tightenDataDir } from './private-files';

jest.setTimeout(120_000);

/** Mode (octal text) -> how many files or folders under `root` (root included) have it. */
function modes(root: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const visit = (entry: string) => {
    const stat = statSync(entry);
    const key = `${stat.isDirectory() ? 'folder' : 'file'} ${(stat.mode & 0o777).toString(8)}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return counts;
}

const ownerOnly = (counts: Record<string, number>) =>
  Object.keys(counts).every((key) => key === 'file 600' || key === 'folder 700');

let umask: number;
beforeEach(() => {
  umask = process.umask(0);
});
afterEach(() => {
  process.umask(umask);
});

it('creates the PGlite directory with files 0600 and folders 0700 under a permissive umask', async () => {
  process.umask(0);
  const pgliteDir = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-modes-')), 'pglite');
  const database = await createDatabase({ databaseUrl: null, pgliteDir });
  try {
    await database.migrate();
    // Files PostgreSQL makes while it runs: new tables, WAL, a checkpoint.
    await database.db.execute(sql`create table lots as select generate_series(1, 50000) as n`);
    await database.db.execute(sql`checkpoint`);
  } finally {
    await database.close();
  }
  const counts = modes(pgliteDir);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThan(900);
  expect({ counts, ownerOnly: ownerOnly(counts) }).toEqual({ counts, ownerOnly: true });
});

it('tightens an existing directory that others could read and write, and says how much', async () => {
  const pgliteDir = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-modes-')), 'pglite');
  const first = await createDatabase({ databaseUrl: null, pgliteDir });
  await first.close();
  // As an older version left it: everything open to everybody.
  const open = (entry: string) => {
    const folder = statSync(entry).isDirectory();
    chmodSync(entry, folder ? 0o777 : 0o666);
    if (folder) for (const name of readdirSync(entry)) open(path.join(entry, name));
  };
  open(pgliteDir);
  const opened = await createDatabase({ databaseUrl: null, pgliteDir });
  await opened.close();
  expect(opened.opened?.tightened).toBeGreaterThan(900);
  expect(ownerOnly(modes(pgliteDir))).toBe(true);
});

it('tightens DATA_DIR, its JWT secret, lock and backups, not the remote builds it serves', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gudang-modes-'));
  chmodSync(dataDir, 0o755);
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'x', { mode: 0o644 });
  writeFileSync(path.join(dataDir, 'pglite.lock'), 'x', { mode: 0o666 });
  mkdirSync(path.join(dataDir, 'backups'), { mode: 0o755 });
  writeFileSync(path.join(dataDir, 'backups', 'a.backup.gz'), 'x', { mode: 0o644 });
  mkdirSync(path.join(dataDir, 'remotes'), { mode: 0o755 });
  expect(tightenDataDir(dataDir)).toBe(5);
  expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
  expect(ownerOnly(modes(path.join(dataDir, 'backups')))).toBe(true);
  expect((statSync(path.join(dataDir, 'jwt-secret')).mode & 0o777).toString(8)).toBe('600');
  expect((statSync(path.join(dataDir, 'pglite.lock')).mode & 0o777).toString(8)).toBe('600');
  expect((statSync(path.join(dataDir, 'remotes')).mode & 0o777).toString(8)).toBe('755');
  expect(tightenDataDir(dataDir)).toBe(0);
});
