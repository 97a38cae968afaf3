import { WriteBatches } from './write-batches';

/** A database error as node-postgres and PGlite report one: it carries the SQLSTATE. */
const databaseError = (code: string) => Object.assign(new Error(`database ${code}`), { code });

/**
 * A writer whose batches the test answers, recording every call. Write 0 is written alone and
 * holds the one batch in flight until `open()`: the writes after it wait and gather.
 */
function recorder() {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const calls: string[] = [];
  const pending: {
    items: number[];
    answer: (outs: number[]) => void;
    fail: (e: unknown) => void;
  }[] = [];
  const writeMany = (items: number[]) =>
    new Promise<number[]>((answer, fail) => {
      calls.push(`many ${items.join(',')}`);
      pending.push({ items, answer, fail });
    });
  const writeOne = (item: number) => {
    calls.push(`one ${item}`);
    if (item === 0) return gate.then(() => 0);
    return item === 13 ? Promise.reject(new Error('13 refused')) : Promise.resolve(item * 10);
  };
  return { calls, pending, writeMany, writeOne, open };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteBatches', () => {
  it('writes a lone write at once, alone; those arriving meanwhile go together in order', async () => {
    const w = recorder();
    const batches = new WriteBatches(w.writeMany, w.writeOne, { maxBatch: 64, maxInFlight: 1 });
    const first = batches.write(0);
    const later = [2, 3, 4].map((item) => batches.write(item));
    await flush();
    expect(w.calls).toEqual(['one 0']); // 0 is being written alone, 2-4 wait
    w.open();
    expect(await first).toBe(0);
    await flush();
    expect(w.calls).toEqual(['one 0', 'many 2,3,4']);
    w.pending[0]?.answer([20, 30, 40]);
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(batches.stats).toEqual({ batches: 1, largest: 3, writtenAlone: 0 });
  });

  it('takes at most maxBatch writes in one batch', async () => {
    const w = recorder();
    const batches = new WriteBatches(w.writeMany, w.writeOne, { maxBatch: 2, maxInFlight: 1 });
    const all = [0, 5, 6, 7, 8, 9].map((item) => batches.write(item));
    w.open();
    await flush();
    expect(w.calls).toEqual(['one 0', 'many 5,6']);
    w.pending[0]?.answer([50, 60]);
    await flush();
    expect(w.calls).toEqual(['one 0', 'many 5,6', 'many 7,8']);
    w.pending[1]?.answer([70, 80]);
    expect(await Promise.all(all)).toEqual([0, 50, 60, 70, 80, 90]);
    expect(w.calls).toEqual(['one 0', 'many 5,6', 'many 7,8', 'one 9']);
  });

  it('writes each alone when the database refuses the batch: one error stays its own', async () => {
    const w = recorder();
    const batches = new WriteBatches(w.writeMany, w.writeOne, { maxBatch: 64, maxInFlight: 1 });
    const all = [0, 12, 13, 14].map((item) =>
      batches.write(item).then(
        (out) => `ok ${out}`,
        (error: Error) => `failed: ${error.message}`,
      ),
    );
    w.open();
    await flush();
    w.pending[0]?.fail(databaseError('23P01'));
    expect(await Promise.all(all)).toEqual(['ok 0', 'ok 120', 'failed: 13 refused', 'ok 140']);
    expect(w.calls).toEqual(['one 0', 'many 12,13,14', 'one 12', 'one 13', 'one 14']);
    expect(batches.stats).toEqual({ batches: 0, largest: 3, writtenAlone: 1 });
  });

  it('writes nothing again when the database did not answer (it may have committed)', async () => {
    const w = recorder();
    const batches = new WriteBatches(w.writeMany, w.writeOne, { maxBatch: 64, maxInFlight: 1 });
    const all = [0, 1, 2].map((item) => batches.write(item).catch((error: Error) => error.message));
    w.open();
    await flush();
    w.pending[0]?.fail(new Error('Connection terminated unexpectedly'));
    expect(await Promise.all(all)).toEqual([
      0,
      'Connection terminated unexpectedly',
      'Connection terminated unexpectedly',
    ]);
    expect(w.calls).toEqual(['one 0', 'many 1,2']);
    // and the next write goes on
    const next = batches.write(3);
    expect(await next).toBe(30);
  });
});
