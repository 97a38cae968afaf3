import { registerRemotes } from '@module-federation/enhanced/runtime';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  RemotesListError,
  ensureRemotesRegistered,
  resetRemotesRegistration,
  retryEntry,
} from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

describe('retryEntry', () => {
  it('gives a versioned build of this server a new path each time, another host a query', () => {
    const entry = 'http://localhost/remotes/orders/1.1.0-abc/mf-manifest.json';
    const first = retryEntry(entry);
    const second = retryEntry(entry);
    expect(first).toMatch(
      /^http:\/\/localhost\/remotes\/orders\/1\.1\.0-abc\/_r\d+\/mf-manifest\.json$/,
    );
    expect(second).not.toBe(first);
    expect(retryEntry('https://cdn.example/orders/mf-manifest.json')).toMatch(
      /^https:\/\/cdn\.example\/orders\/mf-manifest\.json\?retry=\d+$/,
    );
    // The unversioned path has no _r route on the server: a query.
    expect(retryEntry('http://localhost/remotes/orders/mf-manifest.json')).toContain('?retry=');
  });
});

describe('/remotes.json', () => {
  let list: JsonBodyType = null;
  const server = setupServer(http.get('*/remotes.json', () => HttpResponse.json(list)));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    resetRemotesRegistration();
    jest.mocked(registerRemotes).mockReset();
  });

  const inventory = { name: 'inventory', entry: '/remotes/inventory/1.4.0-abc/mf-manifest.json' };

  it('registers the remotes of a list the contract accepts, entries made absolute', async () => {
    list = { remotes: [inventory], shell: '1.2.0-abc1234' };
    await ensureRemotesRegistered();
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'inventory', entry: 'http://localhost/remotes/inventory/1.4.0-abc/mf-manifest.json' },
    ]);
  });

  // The server refuses these in its REMOTES_JSON file; the shell refuses them too (one check,
  // contract/remotes-check.ts), where it used to register them.
  it.each([
    { remotes: [{ name: 'inventory', entry: 'ftp://x/y' }] },
    { remotes: [inventory, { name: 'inventory', entry: '/x.json' }] },
    { remotes: [{ name: 'in ventory', entry: inventory.entry }] },
    { remotes: [{ name: 'inventory', entry: '' }] },
    { remotes: [inventory], shell: 5 },
    { remotes: [{ name: 'inventory' }] },
  ])('refuses %j and registers nothing', async (bad) => {
    list = bad;
    await expect(ensureRemotesRegistered()).rejects.toThrow(
      new RemotesListError('/remotes.json tidak valid'),
    );
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});
