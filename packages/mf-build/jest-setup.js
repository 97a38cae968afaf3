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
