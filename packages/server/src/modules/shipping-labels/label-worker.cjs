// The label worker's entry: TypeScript through tsx (the server's runtime), then the worker.
// CommonJS on purpose: a worker thread starts without the parent's loaders.
/* eslint-disable @typescript-eslint/no-require-imports */
require('tsx/cjs/api').register();
require('./label-worker.ts');
