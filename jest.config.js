// One jest run over every package (projects). Browser packages use jest-fixed-jsdom so that
// msw sees Node's fetch; the server runs in node.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// msw 2.13+ dependencies ship ESM only (STACK.md).
const esmDeps = [
  'rettime',
  'until-async',
  '@open-draft',
  'set-cookie-parser',
  '@inquirer',
  'fast-wrap-ansi',
  'fast-string-width',
  'fast-string-truncated-width',
];
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmDeps.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
const web = (name) => ({
  ...common,
  displayName: name,
  testEnvironment: 'jest-fixed-jsdom',
  testEnvironmentOptions: { customExportConditions: [''] },
  roots: [`<rootDir>/packages/${name}/src`],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.web.ts'],
});

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
    ...['api-client', 'shared-ui', 'shell', 'inventory', 'orders', 'finance', 'admin'].map(web),
  ],
};
