import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  RemoteIncompatibleError,
  RemoteTimeoutError,
  fetchWithTimeout,
  isTimeout,
  resiliencePlugin,
} from './resilience-plugin';

const PROVIDES = { react: '19.3.1', '@gudang/shared-ui': '1.3.0' };

const server = setupServer(
  http.get('http://remotes.test/hang/mf-manifest.json', async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  http.get('http://remotes.test/ok/mf-manifest.json', () => HttpResponse.json({ name: 'ok' })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

type Hooks = {
  errorLoadRemote: (args: unknown) => Promise<unknown>;
  loadRemoteSnapshot: (args: unknown) => unknown;
  createScript: (args: unknown) => { script: HTMLScriptElement; timeout: number };
};

function plugin(refresh: (remote: string) => Promise<boolean>, onBuildInfo = jest.fn()) {
  return resiliencePlugin({
    provides: PROVIDES,
    refresh,
    onBuildInfo,
    timeoutMs: 50,
  }) as unknown as Hooks;
}

const manifest = (sharedUi: string) => ({
  metaData: {
    gudang: {
      version: '2.0.0-abc1234',
      requires: {
        react: { requiredVersion: '^19.0.0' },
        '@gudang/shared-ui': { requiredVersion: sharedUi },
      },
    },
  },
});

describe('loadRemoteSnapshot', () => {
  it('refuses a remote whose requirements the shell does not meet, naming remote and version', () => {
    const onBuildInfo = jest.fn();
    const hooks = plugin(async () => false, onBuildInfo);
    const args = { moduleInfo: { name: 'inventory' }, manifestJson: manifest('^1.3.0') };
    expect(hooks.loadRemoteSnapshot(args)).toBe(args);
    expect(onBuildInfo).toHaveBeenCalledWith('inventory', {
      version: '2.0.0-abc1234',
      requires: manifest('^1.3.0').metaData.gudang.requires,
    });
    let error: unknown;
    try {
      hooks.loadRemoteSnapshot({
        moduleInfo: { name: 'inventory' },
        manifestJson: manifest('^9.0.0'),
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RemoteIncompatibleError);
    expect(error).toMatchObject({
      remote: 'inventory',
      version: '2.0.0-abc1234',
      unmet: ['@gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0)'],
    });
  });
});

describe('errorLoadRemote', () => {
  const page = { default: () => null };

  it('re-reads the list, then loads once more and hands over the module', async () => {
    const refresh = jest.fn(async () => true);
    const loadRemote = jest.fn(async () => page);
    const result = await plugin(refresh).errorLoadRemote({
      id: 'inventory/Dashboard',
      error: new Error('ChunkLoadError: Loading chunk 812 failed'),
      lifecycle: 'onLoad',
      origin: { loadRemote },
    });
    expect(refresh).toHaveBeenCalledWith('inventory');
    expect(loadRemote).toHaveBeenCalledWith('inventory/Dashboard');
    expect(result).toBe(page);
  });

  it('retries only once: a failing second load leaves the original error', async () => {
    const hooks = plugin(async () => true);
    const loadRemote = jest.fn<Promise<unknown>, [string]>();
    const origin = { loadRemote };
    // The runtime calls errorLoadRemote again for the second load's failure.
    loadRemote.mockImplementation(async (id) => {
      const failOver = await hooks.errorLoadRemote({
        id,
        error: new Error('again'),
        lifecycle: 'onLoad',
        origin,
      });
      if (!failOver) throw new Error('again');
      return failOver;
    });
    const result = await hooks.errorLoadRemote({
      id: 'inventory/Dashboard',
      error: new Error('first'),
      lifecycle: 'onLoad',
      origin,
    });
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(result).toBeUndefined();
  });

  it('does not retry a refused build, a timeout with an unchanged list, or a manifest step', async () => {
    const refresh = jest.fn(async () => false);
    const loadRemote = jest.fn(async () => page);
    const hooks = plugin(refresh);
    const origin = { loadRemote };
    for (const args of [
      { error: new RemoteIncompatibleError('inventory', '2', ['x']), lifecycle: 'onLoad' },
      { error: new RemoteTimeoutError('tidak menjawab dalam 10 detik'), lifecycle: 'onLoad' },
      { error: new Error('[ Federation Runtime ]: ... timed out'), lifecycle: 'onLoad' },
      { error: new Error('manifest'), lifecycle: 'afterResolve' },
    ])
      expect(
        await hooks.errorLoadRemote({ id: 'inventory/Dashboard', origin, ...args }),
      ).toBeUndefined();
    expect(loadRemote).not.toHaveBeenCalled();
  });

  it('does retry a timeout when a deploy moved the remote meanwhile', async () => {
    const loadRemote = jest.fn(async () => page);
    const result = await plugin(async () => true).errorLoadRemote({
      id: 'inventory/Dashboard',
      error: new RemoteTimeoutError('tidak menjawab'),
      lifecycle: 'onLoad',
      origin: { loadRemote },
    });
    expect(result).toBe(page);
  });
});

describe('timeouts', () => {
  it('a manifest that never answers fails with RemoteTimeoutError', async () => {
    await expect(
      fetchWithTimeout('http://remotes.test/hang/mf-manifest.json', {}, 50),
    ).rejects.toBeInstanceOf(RemoteTimeoutError);
    const ok = await fetchWithTimeout('http://remotes.test/ok/mf-manifest.json', {}, 5_000);
    expect(await ok.json()).toEqual({ name: 'ok' });
  });

  it('gives remote entry scripts the same timeout', () => {
    const { script, timeout } = plugin(async () => false).createScript({
      url: 'http://remotes.test/ok/remoteEntry.js',
      attrs: { crossorigin: 'anonymous' },
    });
    expect(timeout).toBe(50);
    expect(script.src).toBe('http://remotes.test/ok/remoteEntry.js');
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
  });
});

describe('isTimeout', () => {
  it("knows webpack's chunk timeout, so a hung page chunk is not waited for twice", () => {
    const chunk = new Error(
      'Loading chunk 666 failed.\n(timeout: http://localhost/remotes/orders/1/666.abc.js)',
    );
    expect(isTimeout(chunk)).toBe(true);
    expect(isTimeout(new Error('Loading chunk 666 failed.\n(error: http://x/666.js)'))).toBe(false);
  });
});
