import { setToken } from '@gudang/api-client/testing';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RemoteDisabledError } from './kill-switch';
import { RemoteLoadError, RemoteVersionChangedError, RemotesListError } from './remote-registry';
import { failureReport, forgetReportedFailures, reportRemoteFailure } from './failure-report';

const reports: { body: unknown; authorization: string | null }[] = [];
const server = setupServer(
  http.post('*/api/client-errors', async ({ request }) => {
    reports.push({
      body: await request.json(),
      authorization: request.headers.get('authorization'),
    });
    return HttpResponse.json({ message: 'Laporan diterima' }, { status: 202 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  reports.length = 0;
  forgetReportedFailures();
  setToken('sesi');
});
afterAll(() => server.close());

const where = { remote: 'orders', path: '/packing', version: '2.0.0' };

describe('failureReport', () => {
  it('names the kind: a load, a lazy chunk, a render crash; with the version that failed', () => {
    const load = new RemoteLoadError('orders', '2.1.0', new Error('Failed to fetch'));
    expect(failureReport(load, where)).toMatchObject({ kind: 'load', version: '2.1.0' });
    const chunk = new RemoteLoadError(
      'orders',
      '2.1.0',
      Object.assign(new Error('Loading chunk 7 failed'), { name: 'ChunkLoadError' }),
    );
    expect(failureReport(chunk, where)).toMatchObject({ kind: 'chunk' });
    expect(
      failureReport(new TypeError("Cannot read properties of undefined (reading 'x')"), where),
    ).toEqual({
      remote: 'orders',
      version: '2.0.0',
      page: '/packing',
      kind: 'render',
      message: "Cannot read properties of undefined (reading 'x')",
    });
  });

  it('reports nothing for what is no remote version’s fault, and cuts long messages', () => {
    expect(failureReport(new RemotesListError('x'), where)).toBeNull();
    expect(failureReport(new RemoteVersionChangedError('orders', '1', '2'), where)).toBeNull();
    expect(failureReport(new RemoteDisabledError('orders', 'url'), where)).toBeNull();
    expect(failureReport(new Error('x'.repeat(5000)), where)?.message).toHaveLength(300);
  });
});

describe('reportRemoteFailure', () => {
  it('sends one report per remote, version and kind in a tab, with the session', async () => {
    reportRemoteFailure(new Error('boom'), where);
    reportRemoteFailure(new Error('boom again'), where);
    reportRemoteFailure(new Error('boom'), { ...where, version: '2.0.1' });
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[0]).toEqual({
      body: {
        remote: 'orders',
        version: '2.0.0',
        page: '/packing',
        kind: 'render',
        message: 'boom',
      },
      authorization: 'Bearer sesi',
    });
    expect(reports[1]?.body).toMatchObject({ version: '2.0.1' });
  });
});
