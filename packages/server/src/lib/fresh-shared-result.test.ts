import { FreshSharedResult } from './kept-results';

/** A computation the test finishes by hand, numbered in start order. */
function manual() {
  const started: ((value: number) => void)[] = [];
  const compute = () =>
    new Promise<number>((resolve) => {
      started.push(resolve);
    });
  return { started, compute };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FreshSharedResult', () => {
  it('computes at once for a lone request', async () => {
    const shared = new FreshSharedResult<number>();
    const { started, compute } = manual();
    const first = shared.get('all', compute);
    expect(started).toHaveLength(1);
    started[0]?.(1);
    expect(await first).toBe(1);
    const second = shared.get('all', compute);
    expect(started).toHaveLength(2);
    started[1]?.(2);
    expect(await second).toBe(2);
  });

  it('answers requests that arrive during a computation with the next one, shared', async () => {
    const shared = new FreshSharedResult<number>();
    const { started, compute } = manual();
    const first = shared.get('all', compute);
    const late = [
      shared.get('all', compute),
      shared.get('all', compute),
      shared.get('all', compute),
    ];
    // The late requests must not get the computation that started before they arrived.
    expect(started).toHaveLength(1);
    started[0]?.(1);
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.(2);
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
  });

  it('keeps keys apart and survives a failed computation', async () => {
    const shared = new FreshSharedResult<number>();
    let calls = 0;
    const failing = shared.get('month', () => Promise.reject(new Error('boom')));
    const after = shared.get('month', async () => {
      calls += 1;
      return 7;
    });
    const other = shared.get('today', async () => 3);
    await expect(failing).rejects.toThrow('boom');
    expect(await after).toBe(7);
    expect(await other).toBe(3);
    expect(calls).toBe(1);
  });
});
