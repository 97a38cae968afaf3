import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { LoginRequest, User } from '@gudang/api-client';

export const manager: User = {
  id: 1,
  email: 'manager@gudang.test',
  name: 'Manager',
  role: 'manager',
};
export const admin: User = { id: 2, email: 'admin@gudang.test', name: 'Admin', role: 'admin' };

const accounts = [
  { user: manager, password: 'manager123', token: 'manager-token' },
  { user: admin, password: 'admin123', token: 'admin-token' },
];

export const tokenOf = (user: User): string =>
  user.role === 'manager' ? 'manager-token' : 'admin-token';

/** `POST <path> <token>` of every logout call the server got (tests read and clear it). */
export const sessionCalls: string[] = [];

const ending = (path: string) =>
  http.post(`*${path}`, ({ request }) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
    sessionCalls.push(`POST ${path} ${token}`);
    return new HttpResponse(null, { status: 204 });
  });

/** The auth API as the server answers it, plus a /remotes.json. */
export const authHandlers = [
  ending('/api/auth/logout'),
  ending('/api/auth/logout-all'),
  http.post('*/api/auth/login', async ({ request }) => {
    const body = (await request.json()) as LoginRequest;
    const account = accounts.find(
      (a) => a.user.email === body.email && a.password === body.password,
    );
    if (!account)
      return HttpResponse.json({ message: 'Email atau password salah' }, { status: 401 });
    return HttpResponse.json({ token: account.token, user: account.user });
  }),
  http.get('*/api/auth/verify', ({ request }) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    const account = accounts.find((a) => a.token === token);
    if (!account) return HttpResponse.json({ message: 'Token tidak valid' }, { status: 401 });
    return HttpResponse.json({ user: account.user });
  }),
  // The Dashboard menu item's 'Perlu Restock' count: 3 unless a test says otherwise.
  http.get('*/api/restock', () =>
    HttpResponse.json({ data: [], pagination: { page: 1, limit: 1, total: 3, totalPages: 3 } }),
  ),
  // The Pesanan Marketplace menu item's 'Pesanan Kurang Stok' count: 2.
  http.get('*/api/dashboard/short-orders', () =>
    HttpResponse.json({ data: [], pagination: { page: 1, limit: 1, total: 2, totalPages: 2 } }),
  ),
  // The public settings: no remote switched off (the kill switch) unless a test says otherwise.
  http.get('*/api/settings', () =>
    HttpResponse.json({ shopTimezone: 'Asia/Jakarta', disabled_remotes: [] }),
  ),
  // A remote's manifest read for its declared pages: none (the built-in rows) unless a test says.
  http.get('*/remotes/*/mf-manifest.json', () => HttpResponse.json({ metaData: {} })),
  http.get('*/remotes.json', () =>
    HttpResponse.json({
      remotes: ['inventory', 'orders', 'finance', 'admin'].map((name) => ({
        name,
        entry: `/remotes/${name}/mf-manifest.json`,
      })),
    }),
  ),
];

export const server = setupServer(...authHandlers);
