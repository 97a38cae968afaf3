// Test helpers: one fresh, migrated database per test file (PGlite, or a throw-away database on the
// server named by DATABASE_URL), and the app built exactly as main.ts builds it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@gudang/api-client/contract';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { createDatabase, type Database } from '../db/client';
import { createUser } from '../modules/auth/service';
import { databaseUrlOf, onServer, pgliteImageOf, templateOfRun, testServerUrl } from './template';

export const TEST_JWT_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface TestDatabase extends Database {
  /** The throw-away PostgreSQL database's URL (a server child process can share it); null on PGlite. */
  url: string | null;
  /** Closes the connection and drops the throw-away database. */
  destroy(): Promise<void>;
}

/**
 * A fresh database with the migrations applied: a copy of the run's template (testing/template.ts),
 * or, without one, made and migrated here. Create one per test file (beforeAll).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const template = templateOfRun();
  if (serverUrl === null) {
    if (template === null) {
      const database = await createDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
      await database.migrate();
      return { ...database, url: null, destroy: () => database.close() };
    }
    const database = await createDatabase({
      databaseUrl: null,
      pgliteDir: 'memory://',
      pgliteImage: pgliteImageOf(template),
    });
    return { ...database, url: null, destroy: () => database.close() };
  }

  const name = `gudang_t_${randomBytes(6).toString('hex')}`;
  await onServer(
    serverUrl,
    `CREATE DATABASE ${name}${template === null ? '' : ` TEMPLATE ${template}`}`,
  );
  const url = databaseUrlOf(serverUrl, name);
  const database = await createDatabase({ databaseUrl: url, pgliteDir: 'memory://' });
  if (template === null) await database.migrate();
  return {
    ...database,
    url,
    destroy: async () => {
      await database.close();
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A fresh database for the surrounding file or describe block: made in its beforeAll, dropped in
 * its afterAll. Read `current` inside tests and hooks only.
 */
export function setupTestDatabase(): { readonly current: TestDatabase } {
  let database: TestDatabase | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });
  return {
    get current() {
      if (database === null) throw new Error('the test database is made in beforeAll');
      return database;
    },
  };
}

/** The environment of a test run; `env` adds or overrides variables. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gudang-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    // No web build unless a test provides one.
    WEB_DIR: path.join(dataDir, 'web'),
    ...env,
  });
}

export interface TestAppOptions extends Omit<BuildAppOptions, 'config' | 'database'> {
  env?: Record<string, string | undefined>;
}

/** buildApp() with the test config, sharing the file's database (not closed with the app). */
export function buildTestApp(database: Database, options: TestAppOptions = {}): Promise<App> {
  const { env, ...rest } = options;
  return buildApp({ config: testConfig(env), database, ...rest });
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  name: string;
  role: Role;
}

let userCounter = 0;

/** Creates a user with a unique email for this test. */
export async function createTestUser(
  database: Database,
  role: Role = 'manager',
): Promise<TestUser> {
  userCounter += 1;
  const input = {
    email: `user${userCounter}-${randomBytes(3).toString('hex')}@test.local`,
    password: `rahasia-${userCounter}`,
    name: `Pengguna ${userCounter}`,
    role,
  };
  const user = await createUser(database.db, input);
  if (user === null) throw new Error('test user not created');
  return { ...input, id: user.id, email: user.email };
}

/** Signs in through the API and returns the bearer token. */
export async function login(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { token: string }).token;
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });
