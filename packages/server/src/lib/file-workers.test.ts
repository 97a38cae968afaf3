// The file workers' pool: a few files at a time, and one clean thread kept for the next file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { fileWorkers } from './file-workers';

const entry = path.join(mkdtempSync(path.join(tmpdir(), 'gudang-file-workers-')), 'echo.cjs');
writeFileSync(
  entry,
  "require('node:worker_threads').parentPort.on('message', (m) => require('node:worker_threads').parentPort.postMessage(m));\n",
);

it('lets `parallel` files in at once; the next waits for one to end', async () => {
  const workers = fileWorkers(entry, { heapMb: 64, parallel: 2 });
  const first = await workers.slot();
  const second = await workers.slot();
  let thirdIn = false;
  const third = workers.slot().then((release) => {
    thirdIn = true;
    return release;
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(thirdIn).toBe(false);
  first();
  (await third)();
  expect(thirdIn).toBe(true);
  second();
});

it('keeps one thread that finished cleanly for the next file, and ends any other', async () => {
  const workers = fileWorkers(entry, { heapMb: 64, parallel: 2 });
  const a = workers.take();
  const b = workers.take();
  expect(b).not.toBe(a);
  a.postMessage('ping');
  expect(await once(a, 'message')).toEqual(['ping']);
  workers.giveBack(a);
  const bEnded = once(b, 'exit');
  workers.giveBack(b); // one is kept already: b is ended
  await bEnded;
  const next = workers.take();
  expect(next).toBe(a);
  next.postMessage('again');
  expect(await once(next, 'message')).toEqual(['again']);
  // A kept thread that dies while it waits is not handed out again.
  workers.giveBack(next);
  await next.terminate();
  const fresh = workers.take();
  expect(fresh).not.toBe(next);
  await fresh.terminate();
});
