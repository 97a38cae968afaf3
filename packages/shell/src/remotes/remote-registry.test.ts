import { waitFor } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { delay, http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  LAST_REMOTES_KEY,
  RemoteLoadError,
  RemoteVersionChangedError,
  RemotesListError,
  ensureRemotesRegistered,
  loadRemotePage,
  newVersionLive,
  refreshRemotes,
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

  describe('without a network (issue 48: a start offline)', () => {
    const absolute = {
      name: 'inventory',
      entry: 'http://localhost/remotes/inventory/1.4.0-abc/mf-manifest.json',
    };
    const noNetwork = () => server.use(http.get('*/remotes.json', () => HttpResponse.error()));
    beforeEach(() => localStorage.clear());
    afterEach(() => server.resetHandlers());

    it('registers the last list read when the read gets no answer', async () => {
      list = { remotes: [inventory], shell: '1.2.0-abc1234' };
      await ensureRemotesRegistered();
      resetRemotesRegistration();
      jest.mocked(registerRemotes).mockReset();
      noNetwork();
      await ensureRemotesRegistered();
      expect(registerRemotes).toHaveBeenCalledWith([absolute]);
      // The kept list is not a new version: nothing to offer.
      expect(await newVersionLive()).toBe(false);
    });

    it('still fails without a kept list, or with a kept list that is no longer valid', async () => {
      noNetwork();
      await expect(ensureRemotesRegistered()).rejects.toThrow(RemotesListError);
      localStorage.setItem(
        LAST_REMOTES_KEY,
        JSON.stringify({ remotes: [{ name: 'inventory', entry: 'ftp://x/y' }] }),
      );
      await expect(ensureRemotesRegistered()).rejects.toThrow(RemotesListError);
      localStorage.setItem(LAST_REMOTES_KEY, '{not json');
      await expect(ensureRemotesRegistered()).rejects.toThrow(RemotesListError);
      expect(registerRemotes).not.toHaveBeenCalled();
    });

    it('an answer that fails or is broken while online does not fall back', async () => {
      list = { remotes: [inventory] };
      await ensureRemotesRegistered();
      resetRemotesRegistration();
      jest.mocked(registerRemotes).mockReset();
      server.use(http.get('*/remotes.json', () => new HttpResponse('oops', { status: 500 })));
      await expect(ensureRemotesRegistered()).rejects.toThrow(RemotesListError);
      server.use(http.get('*/remotes.json', () => new HttpResponse('{', { status: 200 })));
      await expect(ensureRemotesRegistered()).rejects.toThrow(RemotesListError);
      list = { remotes: [{ name: 'inventory', entry: 'ftp://x/y' }] };
      server.resetHandlers();
      await expect(ensureRemotesRegistered()).rejects.toThrow(RemotesListError);
      expect(registerRemotes).not.toHaveBeenCalled();
    });
  });
});

describe('one runtime per remote in a tab (micro-frontend audit N1)', () => {
  let list: JsonBodyType = null;
  const listUrls: string[] = [];
  const server = setupServer(
    http.get('*/remotes.json', ({ request }) => {
      listUrls.push(request.url);
      return HttpResponse.json(list);
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    resetRemotesRegistration();
    listUrls.length = 0;
    jest.mocked(registerRemotes).mockReset();
    jest.mocked(loadRemote).mockReset();
    jest.mocked(loadRemote).mockResolvedValue({ default: () => null });
  });

  const finance = (version: string) => ({
    remotes: [{ name: 'finance', entry: `/remotes/finance/${version}/mf-manifest.json` }],
  });
  const forced = () =>
    jest.mocked(registerRemotes).mock.calls.filter(([, options]) => options?.force === true);

  it.each(['crash', 'load', 'hung'] as const)(
    "'Coba lagi' (%s) when another version is live, in a tab that runs the first: the page reloads, the new code is not loaded",
    async (kind) => {
      list = finance('1.1.0-aaaaaaa');
      await loadRemotePage('finance', 'Pembukuan');
      list = finance('1.1.0-bbbbbbb'); // a rollback, a forward fix
      jest.mocked(loadRemote).mockClear();
      const error = await loadRemotePage('finance', 'Pembukuan', kind).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RemoteVersionChangedError);
      expect(error).toMatchObject({
        remote: 'finance',
        running: '1.1.0-aaaaaaa',
        live: '1.1.0-bbbbbbb',
        sameVersion: false,
      });
      expect(forced()).toEqual([]);
      expect(loadRemote).not.toHaveBeenCalled();
    },
  );

  it('after a crash with the same version live, the page loads again in its own runtime', async () => {
    list = finance('1.1.0-aaaaaaa');
    await loadRemotePage('finance', 'Pembukuan');
    await expect(loadRemotePage('finance', 'Pembukuan', 'crash')).resolves.toMatchObject({
      entry: 'http://localhost/remotes/finance/1.1.0-aaaaaaa/mf-manifest.json',
    });
    expect(forced()).toEqual([]);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('a chunk that failed in a running remote is asked for again in its runtime; one that hung reloads the page', async () => {
    list = finance('1.1.0-aaaaaaa');
    await loadRemotePage('finance', 'Pembukuan');
    await expect(loadRemotePage('finance', 'Dashboard', 'load')).resolves.toBeDefined();
    expect(forced()).toEqual([]);
    await expect(loadRemotePage('finance', 'Dashboard', 'hung')).rejects.toMatchObject({
      name: 'RemoteVersionChangedError',
      sameVersion: true,
    });
    expect(forced()).toEqual([]);
  });

  it('a remote none of whose code ran is registered afresh under new URLs on retry', async () => {
    list = finance('1.1.0-aaaaaaa');
    const chunk = Object.assign(new Error('Loading chunk 12 failed. (timeout: x)'), {
      name: 'ChunkLoadError',
    });
    jest.mocked(loadRemote).mockRejectedValueOnce(chunk);
    await expect(loadRemotePage('finance', 'Pembukuan')).rejects.toBeInstanceOf(RemoteLoadError);
    list = finance('1.1.0-bbbbbbb');
    await expect(loadRemotePage('finance', 'Pembukuan', 'hung')).resolves.toMatchObject({
      entry: 'http://localhost/remotes/finance/1.1.0-bbbbbbb/mf-manifest.json',
    });
    expect(forced().map(([remotes]) => remotes)).toEqual([
      [
        {
          name: 'finance',
          entry: 'http://localhost/remotes/finance/1.1.0-bbbbbbb/mf-manifest.json',
        },
      ],
    ]);
  });

  it('a module that threw while evaluated (RTK error #39) counts as code that ran', async () => {
    list = finance('1.1.0-aaaaaaa');
    jest.mocked(loadRemote).mockRejectedValueOnce(new Error('Minified Redux Toolkit error #39'));
    await expect(loadRemotePage('finance', 'Pembukuan')).rejects.toBeInstanceOf(RemoteLoadError);
    list = finance('1.1.0-bbbbbbb');
    await expect(loadRemotePage('finance', 'Pembukuan', 'load')).rejects.toBeInstanceOf(
      RemoteVersionChangedError,
    );
  });

  it("a tab whose version was pruned: a new page's load fails and the page reloads; the running remote is not switched", async () => {
    list = finance('1.1.0-aaaaaaa');
    await loadRemotePage('finance', 'Pembukuan');
    list = finance('1.1.0-bbbbbbb'); // v1 pruned: its chunks answer 404
    // What the resilience plugin's errorLoadRemote does first.
    await expect(refreshRemotes('finance')).resolves.toBe(false);
    expect(forced()).toEqual([]);
    jest.mocked(loadRemote).mockRejectedValueOnce(
      Object.assign(new Error('Loading chunk 7 failed. (error: http://x/7.js)'), {
        name: 'ChunkLoadError',
      }),
    );
    await expect(loadRemotePage('finance', 'Dashboard')).rejects.toMatchObject({
      name: 'RemoteVersionChangedError',
      running: '1.1.0-aaaaaaa',
      live: '1.1.0-bbbbbbb',
    });
    // The notice still offers the reload.
    await expect(newVersionLive()).resolves.toBe(true);
  });

  it('a remote not yet run is switched to the version live now', async () => {
    list = {
      remotes: [
        ...finance('1.1.0-aaaaaaa').remotes,
        { name: 'orders', entry: '/remotes/orders/1.0.0-a/mf-manifest.json' },
      ],
    };
    await loadRemotePage('finance', 'Pembukuan');
    list = {
      remotes: [
        ...finance('1.1.0-bbbbbbb').remotes,
        { name: 'orders', entry: '/remotes/orders/1.0.0-b/mf-manifest.json' },
      ],
    };
    await expect(refreshRemotes('orders')).resolves.toBe(true);
    expect(forced().map(([remotes]) => remotes)).toEqual([
      [{ name: 'orders', entry: 'http://localhost/remotes/orders/1.0.0-b/mf-manifest.json' }],
    ]);
  });
});

describe('a hung /remotes.json (micro-frontend audit N4)', () => {
  const seen: { url: string; cache: string; signal: AbortSignal }[] = [];
  const server = setupServer(
    http.get('*/remotes.json', async ({ request }) => {
      seen.push({ url: request.url, cache: request.cache, signal: request.signal });
      if (seen.length === 1) await delay('infinite'); // the preload that never ends
      return HttpResponse.json({
        remotes: [{ name: 'orders', entry: '/remotes/orders/1.0.0-a/mf-manifest.json' }],
      });
    }),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    resetRemotesRegistration();
    seen.length = 0;
    jest.mocked(loadRemote).mockReset();
    jest.mocked(loadRemote).mockResolvedValue({ default: () => null });
  });

  it('a retry aborts the stuck read and asks again under its own URL, not behind the preload', async () => {
    const first = ensureRemotesRegistered();
    first.catch(() => undefined);
    await waitFor(() => expect(seen).toHaveLength(1));
    await expect(loadRemotePage('orders', 'OrderList', 'load')).resolves.toBeDefined();
    expect(seen).toHaveLength(2);
    expect(seen[0]?.signal.aborted).toBe(true);
    expect(seen[0]?.url).toBe('http://localhost/remotes.json');
    expect(seen[1]?.url).not.toBe('http://localhost/remotes.json');
    expect(new URL(seen[1]?.url ?? '').pathname).toBe('/remotes.json');
    expect(seen[1]?.cache).toBe('no-store');
    await expect(first).rejects.toBeInstanceOf(RemotesListError);
  });
});
