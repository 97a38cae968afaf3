import { Value } from '@sinclair/typebox/value';
import { checkRemotesManifest } from './remotes-check';
import { RemotesManifest } from './remotes';

const inventory = { name: 'inventory', entry: '/remotes/inventory/1.4.0-abc/mf-manifest.json' };

describe('checkRemotesManifest', () => {
  it.each([
    { remotes: [] },
    { remotes: [inventory] },
    { remotes: [inventory], shell: '1.2.0-abc1234' },
    { remotes: [{ name: 'orders_2', entry: 'https://cdn.example.com/orders/mf-manifest.json' }] },
    { remotes: [{ name: 'Orders-x', entry: 'http://127.0.0.1:3002/mf-manifest.json' }] },
  ])('accepts %j, as the contract schema does', (list) => {
    expect(checkRemotesManifest(list)).toEqual({ ok: true, manifest: list });
    expect(Value.Check(RemotesManifest, list)).toBe(true);
  });

  it('keeps only the fields of the contract', () => {
    expect(
      checkRemotesManifest({ remotes: [{ ...inventory, extra: 1 }], shell: '1.0.0', note: 'x' }),
    ).toEqual({ ok: true, manifest: { remotes: [inventory], shell: '1.0.0' } });
  });

  // schema: whether the contract's schema refuses it too (the rest no schema can say).
  it.each([
    [null, /must look like/, true],
    ['x', /must look like/, true],
    [{}, /must look like/, true],
    [{ remotes: 'x' }, /must look like/, true],
    [{ remotes: ['inventory'] }, /remotes\[0\] must be an object/, true],
    [{ remotes: [{ entry: inventory.entry }] }, /remotes\[0\]\.name must be a remote name/, true],
    [{ remotes: [{ name: '', entry: inventory.entry }] }, /remotes\[0\]\.name/, true],
    [{ remotes: [{ name: '1st', entry: inventory.entry }] }, /remotes\[0\]\.name/, true],
    [{ remotes: [{ name: 'in ventory', entry: inventory.entry }] }, /remotes\[0\]\.name/, true],
    [{ remotes: [{ name: 'inventory' }] }, /remotes\[0\]\.entry must be a URL/, true],
    [{ remotes: [{ name: 'inventory', entry: '' }] }, /remotes\[0\]\.entry must be a URL/, true],
    [{ remotes: [inventory, { name: 'orders', entry: 'ftp://x/y' }] }, /remotes\[1\].*http/, false],
    [
      { remotes: [{ name: 'inventory', entry: 'remotes/inventory/mf-manifest.json' }] },
      /path starting with \/ or an absolute http\(s\) URL/,
      false,
    ],
    [{ remotes: [inventory, { ...inventory, entry: '/x.json' }] }, /names a remote twice/, false],
    [{ remotes: [inventory], shell: 5 }, /shell must be/, true],
    [{ remotes: [inventory], shell: '' }, /shell must be/, true],
  ])('refuses %j', (list, problem, schema) => {
    const checked = checkRemotesManifest(list);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? null : checked.problem).toMatch(problem);
    expect(Value.Check(RemotesManifest, list)).toBe(!schema);
  });
});
