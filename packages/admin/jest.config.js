// This package's unit tests from its own folder (`npm test`, `npx jest`), in the monorepo or in a
// checkout of this folder alone with the shared packages installed (docs/adr/0010, addendum).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, read by jest
module.exports = require('@gudang/mf-build/jest-config').webProject(__dirname);
