import { retryEntry } from './remote-registry';

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
