import { DEPLOY_MESSAGES, makeStore, signedIn } from '@gudang/api-client';
import type { RemoteBuildListing, RemoteToken } from '@gudang/api-client';
import {
  ClientErrorSummary,
  RemoteBuildList,
  RemoteTokenCreated,
  RemoteTokenList,
} from '@gudang/api-client/contract';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DeploysPage } from './deploys-page';

// Typing into dialogs on a machine other runs share.
jest.setTimeout(30_000);

const TOKEN = `gdt_${'ab'.repeat(32)}`;

let builds: RemoteBuildListing[] = [];
let tokens: RemoteToken[] = [];
const calls: { method: string; url: string; body?: unknown }[] = [];

const orders = (bad: boolean): RemoteBuildListing => ({
  name: 'orders',
  live: '2.0.0',
  versions: [
    {
      version: '1.0.0',
      builtAt: null,
      commit: null,
      deployedAt: '2026-11-20T02:00:00.000Z',
      by: 'Budi',
      bad,
    },
    {
      version: '2.0.0',
      builtAt: null,
      commit: null,
      deployedAt: '2026-11-21T02:00:00.000Z',
      by: "token deploy 'tim-orders' (#1)",
      bad: false,
    },
  ],
  history: [
    {
      at: '2026-11-21T02:00:00.000Z',
      action: 'deploy',
      version: '2.0.0',
      by: "token deploy 'tim-orders' (#1)",
      forced: false,
    },
    {
      at: '2026-11-20T05:00:00.000Z',
      action: 'mark-bad',
      version: '1.0.0',
      by: 'Budi',
      forced: false,
    },
  ],
});

const server = setupServer(
  http.get('*/api/remote-builds', () =>
    HttpResponse.json(matchesContract(RemoteBuildList, { data: builds })),
  ),
  http.get('*/api/client-errors/summary', () =>
    HttpResponse.json(
      matchesContract(ClientErrorSummary, {
        data: [
          {
            remote: 'orders',
            version: '2.0.0',
            kind: 'load',
            count: 4,
            page: '/packing',
            last_message: 'x',
            first_at: '2026-11-21T03:00:00.000Z',
            last_at: '2026-11-21T04:00:00.000Z',
          },
          {
            remote: 'orders',
            version: '2.0.0',
            kind: 'render',
            count: 1,
            page: '/returns',
            last_message: 'y',
            first_at: '2026-11-21T03:00:00.000Z',
            last_at: '2026-11-21T04:00:00.000Z',
          },
          {
            remote: 'finance',
            version: '2.0.0',
            kind: 'load',
            count: 9,
            page: '/pembukuan',
            last_message: 'z',
            first_at: '2026-11-21T03:00:00.000Z',
            last_at: '2026-11-21T04:00:00.000Z',
          },
        ],
      }),
    ),
  ),
  http.post('*/api/remote-builds/:name/versions/:version/unmark-bad', ({ params }) => {
    calls.push({ method: 'POST', url: `unmark ${String(params.name)} ${String(params.version)}` });
    builds = [orders(false)];
    return HttpResponse.json({
      message: DEPLOY_MESSAGES.unmarked(String(params.name), String(params.version)),
    });
  }),
  http.get('*/api/remote-tokens', () =>
    HttpResponse.json(matchesContract(RemoteTokenList, { data: tokens })),
  ),
  http.post('*/api/remote-tokens', async ({ request }) => {
    const body = (await request.json()) as { name: string; remote: string };
    calls.push({ method: 'POST', url: '/api/remote-tokens', body });
    const id = tokens.length + 1;
    tokens = [
      ...tokens,
      {
        id,
        name: body.name,
        remote: body.remote,
        created_by: 'Budi',
        created_at: '2026-11-22T02:00:00.000Z',
        last_used_at: null,
      },
    ];
    return HttpResponse.json(
      matchesContract(RemoteTokenCreated, {
        id,
        name: body.name,
        remote: body.remote,
        token: TOKEN,
        message: DEPLOY_MESSAGES.tokenCreated,
      }),
      { status: 201 },
    );
  }),
  http.delete('*/api/remote-tokens/:id', ({ params }) => {
    calls.push({ method: 'DELETE', url: `/api/remote-tokens/${String(params.id)}` });
    tokens = tokens.filter((token) => token.id !== Number(params.id));
    return HttpResponse.json({ message: DEPLOY_MESSAGES.tokenRevoked });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  builds = [orders(true)];
  tokens = [];
  calls.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage() {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'budi@toko.test', name: 'Budi', role: 'manager' },
    }),
  );
  return renderWithProviders(<DeploysPage />, { store, route: '/deploys' });
}

const versions = () => screen.getByRole('table', { name: 'Versi orders' });

describe('DeploysPage', () => {
  it('shows the live version, each version’s failures since it went live, and the history', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Deploy' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Versi orders' });
    const live = await within(table).findByRole('row', { name: /2\.0\.0/ });
    expect(live).toHaveTextContent('Aktif');
    // Only orders' failures, per kind.
    await waitFor(() => expect(live).toHaveTextContent('5 (gagal dimuat 4, crash saat tampil 1)'));
    const old = within(versions()).getByRole('row', { name: /1\.0\.0/ });
    expect(old).toHaveTextContent('Ditandai buruk');
    const history = screen.getByRole('table', { name: 'Riwayat orders' });
    expect(within(history).getAllByRole('row')[1]).toHaveTextContent(
      "Deploy2.0.0token deploy 'tim-orders' (#1)",
    );
  });

  it("undoes a mark-bad with 'Batalkan tanda buruk', after asking", async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Versi orders' });
    const old = await within(table).findByRole('row', { name: /1\.0\.0/ });
    await user.click(
      within(old).getByRole('button', { name: 'Batalkan tanda buruk orders 1.0.0' }),
    );
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('Batalkan tanda buruk orders 1.0.0?'),
    );
    expect(
      await screen.findByText(DEPLOY_MESSAGES.unmarked('orders', '1.0.0')),
    ).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', url: 'unmark orders 1.0.0' }]);
    await waitFor(() =>
      expect(within(versions()).getByRole('row', { name: /1\.0\.0/ })).not.toHaveTextContent(
        'Ditandai buruk',
      ),
    );
    expect(screen.queryByRole('button', { name: /Batalkan tanda buruk/ })).toBeNull();
    // Each version can be marked bad again from here.
    expect(
      within(versions()).getByRole('button', { name: 'Tandai buruk orders 1.0.0' }),
    ).toBeEnabled();
  });

  it('creates a token for one remote, shows it once, lists it without it, and revokes it', async () => {
    const { user } = renderPage();
    await screen.findByText('Belum ada token deploy');
    await user.click(screen.getByRole('button', { name: 'Buat Token' }));
    const dialog = screen.getByRole('dialog', { name: 'Buat Token' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByText('Nama Token wajib diisi')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText(/^Nama Token/), 'tim-orders');
    await user.selectOptions(within(dialog).getByLabelText(/^Modul/), 'orders');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    const shown = await screen.findByRole('dialog', { name: 'Token Deploy Baru' });
    expect(within(shown).getByRole('textbox')).toHaveValue(TOKEN);
    expect(calls).toEqual([
      { method: 'POST', url: '/api/remote-tokens', body: { name: 'tim-orders', remote: 'orders' } },
    ]);
    await user.click(within(shown).getByRole('button', { name: 'Sudah Disalin' }));
    const list = screen.getByRole('table', { name: 'Daftar token deploy' });
    const row = await within(list).findByRole('row', { name: /tim-orders/ });
    expect(row).toHaveTextContent('Pesanan (orders)');
    expect(row).toHaveTextContent('Belum pernah');
    expect(document.body).not.toHaveTextContent(TOKEN);

    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(row).getByRole('button', { name: 'Cabut tim-orders' }));
    expect(await screen.findByText(DEPLOY_MESSAGES.tokenRevoked)).toBeInTheDocument();
    expect(await within(list).findByText('Belum ada token deploy')).toBeInTheDocument();
  });
});
