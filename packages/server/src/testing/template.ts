// One migrated database per jest run, copied for each test file (createTestDatabase) instead of
// made and migrated there: a new PGlite database takes about 4 s to initialise. The server
// project's globalSetup makes it and its globalTeardown drops it; a test file run without them
// (another jest config) builds its database from the migrations as before. On PGlite the template
// is a data directory (copied by the tests' server processes, testing/server-process.ts) and its
// image (IMAGE_FILE beside it), which a test file's database is loaded from, in memory.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createDatabase, writePgliteImage, type Database } from '../db/client';

/** The run's template: a PGlite directory, or a database on the server of DATABASE_URL. */
const TEMPLATE_ENV = 'GUDANG_TEST_TEMPLATE';

/** The PostgreSQL server of this run (DATABASE_URL), or null: PGlite. */
export function testServerUrl(): string | null {
  const url = process.env.DATABASE_URL;
  return url === undefined || url === '' ? null : url;
}

/** The template made by globalSetup, or null when it did not run. */
export function templateOfRun(): string | null {
  const template = process.env[TEMPLATE_ENV];
  return template === undefined || template === '' ? null : template;
}

/** The URL of database `name` on the server of `serverUrl`. */
export function databaseUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs a database-level statement (CREATE or DROP DATABASE) on the server of `serverUrl`. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The template when it is a PGlite directory (no DATABASE_URL), else null. */
export function pgliteTemplate(): string | null {
  return testServerUrl() === null ? templateOfRun() : null;
}

/** The image of the PGlite template (DatabaseOptions.pgliteImage), beside its directory. */
export const pgliteImageOf = (template: string): string =>
  path.join(path.dirname(template), 'pglite.tar');

/** globalSetup: makes and migrates the template, named per run so that parallel runs do not clash. */
export async function createTemplate(): Promise<void> {
  const serverUrl = testServerUrl();
  let template: string;
  if (serverUrl === null) {
    template = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-template-')), 'pglite');
  } else {
    template = `gudang_tpl_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${template}`);
  }
  const database = await createDatabase({
    databaseUrl: serverUrl === null ? null : databaseUrlOf(serverUrl, template),
    pgliteDir: template,
  });
  let unused: string[] = [];
  try {
    await database.migrate();
    if (serverUrl === null) unused = await templateDatabaseDirs(database);
  } finally {
    // A PostgreSQL template is copied only while nobody is connected to it.
    await database.close();
  }
  // Every test file copies the PGlite directory and removes its copy afterwards: without
  // template0 and template1 (the databases CREATE DATABASE copies, which no test does on PGlite)
  // the copy has 674 files instead of 1,274.
  for (const dir of unused) rmSync(path.join(template, dir), { recursive: true });
  // A test file's database is this image loaded in memory: no copy of the directory to make and
  // remove, no checkpoint written to disk at close (docs/benchmarks.md, "The test suite's
  // databases").
  if (serverUrl === null) await writePgliteImage(template, pgliteImageOf(template));
  // Jest starts its workers after globalSetup: they inherit it.
  process.env[TEMPLATE_ENV] = template;
}

/** The folders of template0 and template1 in a PGlite data directory (base/<oid>). */
async function templateDatabaseDirs(database: Database): Promise<string[]> {
  const { rows } = await database.db.execute<{ oid: number | string }>(
    sql`select oid from pg_database where datistemplate`,
  );
  return rows.map((row) => path.join('base', String(row.oid)));
}

/** globalTeardown: drops the template. */
export async function dropTemplate(): Promise<void> {
  const template = templateOfRun();
  if (template === null) return;
  const serverUrl = testServerUrl();
  if (serverUrl === null) rmSync(path.dirname(template), { recursive: true, force: true });
  else await onServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
