/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: jest loads this untransformed from node_modules */
/* global window -- jest-fixed-jsdom's page */
// After jest's environment is set up, in every browser package's tests (jest-config.js).
require('@testing-library/jest-dom');

// jest-fixed-jsdom gives Node's fetch and Request, which cannot parse relative URLs such as
// '/api/x'. Resolve them against the page location the way a browser does.
const NodeRequest = globalThis.Request;
class RelativeRequest extends NodeRequest {
  constructor(input, init) {
    super(
      typeof input === 'string' ? new URL(input, window.location.href).toString() : input,
      init,
    );
  }
}
globalThis.Request = RelativeRequest;

// findBy/waitFor give up after 4 s, not testing-library's 1 s: on a loaded 2-core machine (CI
// beside other work) a page's first render with its requests took over 1 s, and the shell's
// sign-in tests failed a different few each run. A passing wait ends as soon as it passes, so
// this costs nothing; jest's own limit per test is 15 s (jest.config.js).
require('@testing-library/dom').configure({ asyncUtilTimeout: 4000 });
