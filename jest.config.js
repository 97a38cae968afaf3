/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads this with require() */
// One jest run over every package (projects). Browser packages use the setup of
// @gudang/mf-build (jest-config.js: jest-fixed-jsdom, so that msw sees Node's fetch), the same
// one their own jest.config.js uses; the server runs in node.
const path = require('node:path');
const { common, webProject } = require('./packages/mf-build/jest-config');

// Server test files whose behaviour does not differ by database engine. `npm test` runs them on
// PGlite; CI's second pass on PostgreSQL (SERVER_TESTS=engine-specific, .ci/run) leaves them
// out. A file not listed runs on both: anything with SQL functions, locking, concurrency,
// transactions, migrations, packing, stock or imports stays off this list.
const ENGINE_INDEPENDENT = [
  // No database at all.
  'config',
  'lib/dates',
  'lib/file-workers',
  'lib/fresh-shared-result',
  'lib/hourly',
  'lib/log-text',
  'lib/password',
  'lib/write-batches',
  'modules/auth/sessions',
  'modules/dashboard/period',
  'modules/marketplace/values',
  'modules/settlements/parse-settlements',
  'modules/settlements/settlement-columns',
  'modules/settlements/settlement-values',
  'plugins/validation',
  'remote-builds/archive',
  'remote-builds/remote-builds',
  // PGlite whatever DATABASE_URL says: its directory, lock, housekeeping and worker thread.
  'db/private-files',
  'lib/housekeeping',
  'durability/database-lost',
  // Processes killed and stopped, backups written and restored: the same app code on either
  // engine, and the slowest files (server processes, whole-database copies). Run once.
  'durability/crash',
  'durability/shutdown',
  'backup/backup',
  'backup/cli',
  // Refused before the database (validation, parsing limits, permissions, HTTP plugins); what an
  // accepted request writes is tested on both engines by its module's own file.
  'validation/hostile-input',
  'modules/marketplace/hostile-files',
  'modules/product-racks/hostile-racks',
  'modules/marketplace-returns/return-files',
  'modules/shipping-labels/hostile-labels',
  'permissions/role-walk',
  'plugins/auth',
  'plugins/body-timeout',
  'plugins/compress',
  'plugins/rate-limit',
  'tls',
  'app',
  // Sign-in, tokens and uploaded builds: plain rows, no SQL function or lock.
  'modules/auth/auth',
  'modules/remote-builds/remote-builds',
  'cli/remote-upload',
].map((file) => `/packages/server/src/${file}\\.test\\.ts$`);

module.exports = {
  // One worker a core (jest's default leaves one core to itself, which idles): on 2 cores, 10 server
  // files took 203 s with 2 workers against 441 s with 1 (PGlite), 34 s against 46 s (PostgreSQL).
  maxWorkers: '100%',
  // A test that types into a page with user-event, or starts a server, took 5-8 s while the other
  // worker ran a build on 2 cores: 5 s (jest's default) failed tests that were only slow.
  testTimeout: 15_000,
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/server/src'],
      testPathIgnorePatterns: [
        '/node_modules/',
        ...(process.env.SERVER_TESTS === 'engine-specific' ? ENGINE_INDEPENDENT : []),
      ],
      // One migrated template database per run, copied for each test file.
      globalSetup: '<rootDir>/packages/server/src/testing/global-setup.ts',
      globalTeardown: '<rootDir>/packages/server/src/testing/global-teardown.ts',
    },
    {
      ...common,
      displayName: 'repo',
      testEnvironment: 'node',
      roots: ['<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
    },
    // The build helper (@gudang/mf-build: webpack + Module Federation, public-surface fingerprint).
    {
      ...common,
      displayName: 'mf-build',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/mf-build'],
    },
    ...['api-client', 'shared-ui', 'shell', 'inventory', 'orders', 'finance', 'admin'].map((name) =>
      webProject(path.join(__dirname, 'packages', name)),
    ),
  ],
};
