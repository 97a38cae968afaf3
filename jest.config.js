/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads this with require() */
// One jest run over every package (projects). Browser packages use the setup of
// @gudang/mf-build (jest-config.js: jest-fixed-jsdom, so that msw sees Node's fetch), the same
// one their own jest.config.js uses; the server runs in node.
const path = require('node:path');
const { common, webProject } = require('./packages/mf-build/jest-config');

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/packages/server/src'],
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
