/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: node --require loads it */
// Test preload (node --require): SIGUSR2 ends every worker thread of the process at once, as a
// crash of the thread would (durability/database-lost.test.ts kills the PGlite worker with it).
const workerThreads = require('node:worker_threads');
const { syncBuiltinESMExports } = require('node:module');

const started = [];
workerThreads.Worker = class extends workerThreads.Worker {
  constructor(...args) {
    super(...args);
    started.push(this);
  }
};
// Modules that import { Worker } from 'node:worker_threads' see the class above too.
syncBuiltinESMExports();
process.on('SIGUSR2', () => {
  for (const worker of started) void worker.terminate();
});
