import { USER_MESSAGES, makeStore, signedIn } from '@gudang/api-client';
import type { UserAccount } from '@gudang/api-client';
import { UserAccountList, UserSaved } from '@gudang/api-client/contract';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { UsersPage } from './users-page';

const account = (id: number, name: string, role: UserAccount['role'], active = true) => ({
  id,
  name,
  email: `${name.toLowerCase().replace(/\s+/g, '.')}@toko.test`,
  role,
  active,
  created_at: '2026-11-01T02:00:00.000Z',
});

// Typing into dialogs on a machine other runs share.
jest.setTimeout(30_000);

let accounts: UserAccount[] = [];
const bodies: { method: string; url: string; body: unknown }[] = [];

const server = setupServer(
  http.get('*/api/users', () =>
    HttpResponse.json(matchesContract(UserAccountList, { data: accounts })),
  ),
  http.post('*/api/users', async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    bodies.push({ method: 'POST', url: '/api/users', body });
    if (accounts.some((a) => a.email === body.email))
      return HttpResponse.json({ message: USER_MESSAGES.emailTaken }, { status: 409 });
    const created = {
      ...account(
        accounts.length + 1,
        body.name ?? '',
        body.role === 'manager' ? 'manager' : 'admin',
      ),
      email: body.email ?? '',
    };
    accounts = [...accounts, created];
    return HttpResponse.json(
      matchesContract(UserSaved, { message: USER_MESSAGES.created, data: created }),
      {
        status: 201,
      },
    );
  }),
  http.put('*/api/users/:id', async ({ request, params }) => {
    const body = (await request.json()) as Partial<UserAccount>;
    bodies.push({ method: 'PUT', url: `/api/users/${String(params.id)}`, body });
    accounts = accounts.map((a) => (a.id === Number(params.id) ? { ...a, ...body } : a));
    const saved = accounts.find((a) => a.id === Number(params.id));
    if (saved === undefined)
      return HttpResponse.json({ message: USER_MESSAGES.notFound }, { status: 404 });
    return HttpResponse.json(
      matchesContract(UserSaved, {
        message: body.active === false ? USER_MESSAGES.deactivated : USER_MESSAGES.updated,
        data: saved,
      }),
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  accounts = [account(1, 'Budi Manager', 'manager'), account(2, 'Sari Admin', 'admin')];
  bodies.length = 0;
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
      user: { id: 1, email: 'budi.manager@toko.test', name: 'Budi Manager', role: 'manager' },
    }),
  );
  return renderWithProviders(<UsersPage />, { store, route: '/users' });
}

const table = () => screen.getByRole('table', { name: 'Daftar pengguna' });

describe('UsersPage', () => {
  it('lists the accounts with role and status; the signed-in manager cannot deactivate themselves', async () => {
    renderPage();
    const sari = await within(table()).findByRole('row', { name: /Sari Admin/ });
    expect(sari).toHaveTextContent('Admin');
    expect(sari).toHaveTextContent('Aktif');
    const me = within(table()).getByRole('row', { name: /Budi Manager \(Anda\)/ });
    expect(within(me).queryByRole('button', { name: /Nonaktifkan/ })).toBeNull();
    expect(within(sari).getByRole('button', { name: 'Nonaktifkan Sari Admin' })).toBeEnabled();
  });

  it('says role and password reset in Indonesian', async () => {
    const { user } = renderPage();
    const sari = await within(table()).findByRole('row', { name: /Sari Admin/ });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Nama', 'Email', 'Peran', 'Status', 'Aksi']);
    await user.click(within(sari).getByRole('button', { name: 'Atur Ulang Password Sari Admin' }));
    expect(
      screen.getByRole('dialog', { name: 'Atur Ulang Password: Sari Admin' }),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/\b(Role|Reset)\b/);
  });

  it('adds an account, checking the password rule before sending', async () => {
    const { user } = renderPage();
    await within(table()).findByRole('row', { name: /Sari Admin/ });
    await user.click(screen.getByRole('button', { name: 'Tambah Pengguna' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Pengguna' });
    await user.type(within(dialog).getByLabelText(/^Nama/), 'Rina Packer');
    await user.type(within(dialog).getByLabelText(/^Email/), 'rina@toko.test');
    await user.type(within(dialog).getByLabelText(/^Password Pertama/), 'pendek');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByText(USER_MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Password Pertama/), '-panjang');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(USER_MESSAGES.created)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        method: 'POST',
        url: '/api/users',
        body: {
          name: 'Rina Packer',
          email: 'rina@toko.test',
          role: 'admin',
          password: 'pendek-panjang',
        },
      },
    ]);
    expect(await within(table()).findByRole('row', { name: /Rina Packer/ })).toBeInTheDocument();
  });

  it('shows a taken email beside Email, until it is changed; Nama is capped as the server caps it', async () => {
    const { user } = renderPage();
    await within(table()).findByRole('row', { name: /Sari Admin/ });
    await user.click(screen.getByRole('button', { name: 'Tambah Pengguna' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Pengguna' });
    expect(within(dialog).getByLabelText(/^Nama/)).toHaveAttribute('maxlength', '200');
    await user.type(within(dialog).getByLabelText(/^Nama/), 'Sari Lagi');
    await user.type(within(dialog).getByLabelText(/^Email/), accounts[0]?.email ?? '');
    await user.type(within(dialog).getByLabelText(/^Password Pertama/), 'rahasia-123');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    const email = within(dialog).getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAccessibleDescription(USER_MESSAGES.emailTaken));
    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription(USER_MESSAGES.emailTaken);
  });

  it('deactivates after asking, and shows the server message', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPage();
    const sari = await within(table()).findByRole('row', { name: /Sari Admin/ });
    await user.click(within(sari).getByRole('button', { name: 'Nonaktifkan Sari Admin' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Nonaktifkan Sari Admin?'));
    expect(await screen.findByText(USER_MESSAGES.deactivated)).toBeInTheDocument();
    expect(bodies).toEqual([{ method: 'PUT', url: '/api/users/2', body: { active: false } }]);
    await waitFor(() =>
      expect(within(table()).getByRole('row', { name: /Sari Admin/ })).toHaveTextContent(
        'Nonaktif',
      ),
    );
  });
});
