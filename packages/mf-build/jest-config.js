/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads this with require() */
// The jest setup of the browser packages (api-client, shared-ui, the shell and the remotes): used
// by the root's jest projects and by each package's own jest.config.js, so that a remote's unit
// tests run from its own folder, also in a team's checkout of that folder alone with the shared
// packages installed from packed files (docs/adr/0010, addendum). Each package that uses it
// installs the tools it names (jest, jest-fixed-jsdom, @swc/jest, @testing-library/jest-dom).
const path = require('node:path');

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
// msw 2.13+ dependencies ship ESM only. The shared workspace packages are TypeScript
// source, also when installed into node_modules from a packed file.
const transformed = [
  '@gudang',
  'rettime',
  'until-async',
  '@open-draft',
  'set-cookie-parser',
  '@inquirer',
  'fast-wrap-ansi',
  'fast-string-width',
  'fast-string-truncated-width',
];

/** What every project shares, node ones included: the TypeScript transform. */
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${transformed.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

/**
 * The project of the browser package in `dir` (tests under its src/): jest-fixed-jsdom, so that
 * msw sees Node's fetch, and jest-setup.js.
 * @param {string} dir the package's folder
 * @param {string} [name] its display name (the folder's name)
 */
function webProject(dir, name = path.basename(dir)) {
  return {
    ...common,
    displayName: name,
    rootDir: dir,
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: [''] },
    roots: ['<rootDir>/src'],
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.js')],
  };
}

module.exports = { common, webProject };
