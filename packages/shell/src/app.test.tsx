import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { getToken, type User } from '@gudang/api-client';
import { setToken } from '@gudang/api-client/testing';
import { renderWithProviders, setViewportWidth } from '@gudang/shared-ui/testing';
import { AppRoutes } from './app';
import { forgetLoadedPages } from './remotes/remote-page';
import { ensureRemotesRegistered, resetRemotesRegistration } from './remotes/remote-registry';
import { RemoteIncompatibleError } from './remotes/resilience-plugin';
import { forgetTypedFields, pageReload } from './remotes/version-reload';
import { admin, manager, server, sessionCalls, tokenOf } from './testing/auth-server';

// The Module Federation runtime is the one thing replaced: pages "load" from these fakes.
jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const loadRemoteMock = loadRemote as unknown as jest.Mock<
  Promise<{ default: ComponentType } | null>,
  [string]
>;
const registerRemotesMock = jest.mocked(registerRemotes);

const fakePages = new Map<string, ComponentType>();
function fakePage(id: string): ComponentType {
  let page = fakePages.get(id);
  if (!page) {
    page = function FakeRemotePage() {
      return <p>Halaman {id}</p>;
    };
    fakePages.set(id, page);
  }
  return page;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  resetRemotesRegistration();
  forgetLoadedPages();
  registerRemotesMock.mockReset();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id) => ({ default: fakePage(id) }));
});

function renderApp(route: string, as?: User) {
  if (as) setToken(tokenOf(as));
  return renderWithProviders(<AppRoutes />, { route });
}

const menuLabels = () =>
  within(screen.getByRole('navigation', { name: 'Menu utama' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

async function signIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Masuk' }));
}

describe('login page', () => {
  test('shows the texts and fields of docs/product.md', async () => {
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { name: 'Inventory Management' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Masuk ke akun Anda')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
    expect(screen.getByRole('button', { name: 'Masuk' })).toBeEnabled();
  });

  test('focuses Email and names the tab', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveFocus();
    expect(document.title).toBe('Masuk - Gudang');
  });

  test('a failed login shows the server message', async () => {
    const { user } = renderApp('/login');
    await signIn(user, 'manager@gudang.test', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Email atau password salah');
    expect(getToken()).toBeNull();
  });

  test("a failure without a server message shows 'Login failed'", async () => {
    server.use(http.post('*/api/auth/login', () => new HttpResponse('oops', { status: 500 })));
    const { user } = renderApp('/login');
    await signIn(user, 'manager@gudang.test', 'manager123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  test("the button reads 'Masuk...' and is disabled while signing in", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post('*/api/auth/login', async () => {
        await gate;
        return HttpResponse.json({ message: 'Email atau password salah' }, { status: 401 });
      }),
    );
    const { user } = renderApp('/login');
    await signIn(user, 'manager@gudang.test', 'manager123');
    expect(await screen.findByRole('button', { name: 'Masuk...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeEnabled();
  });

  test('a successful login stores the token and opens the dashboard', async () => {
    const { user } = renderApp('/login');
    await signIn(user, 'manager@gudang.test', 'manager123');
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(getToken()).toBe('manager-token');
  });
});

describe('guards', () => {
  test('a signed-out visitor is sent to /login and, after signing in, lands where they were going', async () => {
    const { user } = renderApp('/reports');
    expect(
      await screen.findByRole('heading', { name: 'Inventory Management' }),
    ).toBeInTheDocument();
    await signIn(user, 'admin@gudang.test', 'admin123');
    expect(await screen.findByText('Halaman inventory/Reports')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Laporan' })).toBeInTheDocument();
  });

  test('an admin who opens /products lands on the dashboard', async () => {
    renderApp('/products', admin);
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    expect(screen.queryByText('Halaman inventory/Products')).not.toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalledWith('inventory/Products');
  });

  test.each(['/barcode-generator', '/order-list', '/pembukuan', '/settlements', '/activity-logs'])(
    'an admin who opens %s lands on the dashboard',
    async (path) => {
      renderApp(path, admin);
      expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    },
  );

  test('an admin opens /marketplace-orders (reading it is for both roles)', async () => {
    renderApp('/marketplace-orders', admin);
    expect(await screen.findByText('Halaman orders/MarketplaceOrders')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Pesanan Marketplace' }),
    ).toBeInTheDocument();
  });

  test('a manager opens /products', async () => {
    renderApp('/products', manager);
    expect(await screen.findByText('Halaman inventory/Products')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Data Produk' })).toBeInTheDocument();
  });

  test('a signed-in user who opens /login goes to the dashboard', async () => {
    renderApp('/login', manager);
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Inventory Management' })).not.toBeInTheDocument();
  });

  test.each(['/', '/no-such-page'])('%s shows the dashboard', async (path) => {
    renderApp(path, manager);
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  test('a stored token that fails verification is removed and the user is signed out', async () => {
    setToken('stale');
    renderWithProviders(<AppRoutes />, { route: '/dashboard' });
    expect(
      await screen.findByRole('heading', { name: 'Inventory Management' }),
    ).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  test('a spinner shows while the session is being verified', async () => {
    renderApp('/dashboard', manager);
    expect(screen.getByText('Memeriksa sesi...')).toBeInTheDocument();
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
  });
});

describe('layout', () => {
  test('a manager sees the 18 menu links, the product name, email and role', async () => {
    renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Data Produk',
      'Barang Masuk',
      'Barang Keluar',
      'Barang Rusak',
      'Stok Opname',
      'Buat Barcode',
      'Laporan',
      'List Order',
      'Pesanan Marketplace',
      'Daftar Ambil',
      'Scan Kirim',
      'Retur',
      'Pembukuan',
      'Penghasilan Marketplace',
      'Log Aktivitas',
      'Pengguna',
      'Deploy',
    ]);
    expect(screen.getByText('Gudang')).toBeInTheDocument();
    expect(screen.getByText('manager@gudang.test')).toBeInTheDocument();
    expect(screen.getByText('manager')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Halaman inventory/Dashboard');
  });

  test("the login page reads no remote's manifest; signed in, the menu's declarations are read", async () => {
    const manifests: string[] = [];
    server.use(
      http.get('*/remotes/:remote/mf-manifest.json', ({ params }) => {
        manifests.push(String(params.remote));
        return HttpResponse.json({ metaData: {} });
      }),
    );
    // As index.ts does at every start, signed in or not.
    await ensureRemotesRegistered();
    expect(registerRemotesMock).toHaveBeenCalled();
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Masuk' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(manifests).toEqual([]);
    await signIn(user, 'manager@gudang.test', 'manager123');
    await screen.findByText('Halaman inventory/Dashboard');
    await waitFor(() =>
      expect([...manifests].sort()).toEqual(['admin', 'finance', 'inventory', 'orders']),
    );
  });

  test("a page a remote's manifest declares: in the manager's menu at its order, opened directly; not the admin's", async () => {
    const checks = {
      path: '/settlement-checks',
      label: 'Cek Penghasilan',
      icon: 'settlements',
      roles: ['manager'],
      order: 155,
      module: 'Settlements',
    };
    const finance = [
      { ...checks, path: '/pembukuan', label: 'Pembukuan', order: 140, module: 'Pembukuan' },
      { ...checks, path: '/settlements', label: 'Penghasilan Marketplace', order: 150 },
      checks,
    ];
    server.use(
      http.get('*/remotes/finance/mf-manifest.json', () =>
        HttpResponse.json({
          metaData: { gudang: { pages: finance } },
          exposes: [{ name: 'Pembukuan' }, { name: 'Settlements' }],
        }),
      ),
    );
    renderApp('/settlement-checks', manager);
    expect(await screen.findByText('Halaman finance/Settlements')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Cek Penghasilan',
    );
    expect(menuLabels().slice(13, 17)).toEqual([
      'Pembukuan',
      'Penghasilan Marketplace',
      'Cek Penghasilan',
      'Log Aktivitas',
    ]);
    expect(menuLabels()).toHaveLength(19);
  });

  test('an admin opening a manager page a remote declares goes to the dashboard, its menu unchanged', async () => {
    let read = false;
    server.use(
      http.get('*/remotes/finance/mf-manifest.json', () => {
        read = true;
        return HttpResponse.json({
          metaData: {
            gudang: {
              pages: [
                {
                  path: '/settlement-checks',
                  label: 'Cek Penghasilan',
                  icon: 'settlements',
                  roles: ['manager'],
                  order: 155,
                  module: 'Settlements',
                },
              ],
            },
          },
          exposes: [{ name: 'Settlements' }],
        });
      }),
    );
    renderApp('/settlement-checks', admin);
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    expect(read).toBe(true);
    expect(menuLabels()).not.toContain('Cek Penghasilan');
    expect(menuLabels()).toHaveLength(10);
  });

  test("the Dashboard item carries the count of 'Perlu Restock'", async () => {
    renderApp('/dashboard', admin);
    const badge = await screen.findByRole('status', { name: '3 produk perlu restock' });
    expect(badge).toHaveTextContent('3');
    // Beside the link, not in it: the link is still named by its page.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  test("the Pesanan Marketplace item carries the count of 'Pesanan Kurang Stok'", async () => {
    renderApp('/dashboard', admin);
    const badge = await screen.findByRole('status', { name: '2 pesanan kurang stok' });
    expect(badge).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Pesanan Marketplace' })).toBeInTheDocument();
  });

  test('an admin sees exactly 10 menu links', async () => {
    renderApp('/dashboard', admin);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(menuLabels()).toEqual([
      'Dashboard',
      'Barang Masuk',
      'Barang Keluar',
      'Barang Rusak',
      'Stok Opname',
      'Laporan',
      'Pesanan Marketplace',
      'Daftar Ambil',
      'Scan Kirim',
      'Retur',
    ]);
  });

  test('a menu link opens its page and the header names it', async () => {
    const { user } = renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    await user.click(screen.getByRole('link', { name: 'Pembukuan' }));
    expect(await screen.findByText('Halaman finance/Pembukuan')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Pembukuan',
    );
    expect(screen.getByRole('link', { name: 'Pembukuan' })).toHaveAttribute('aria-current', 'page');
  });

  test("every page of the route table names the browser tab: 'Barang Keluar - Gudang'", async () => {
    const { user } = renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(document.title).toBe('Dashboard - Gudang');
    await user.click(screen.getByRole('link', { name: 'Barang Keluar' }));
    await screen.findByText('Halaman inventory/OutgoingGoods');
    expect(document.title).toBe('Barang Keluar - Gudang');
  });

  test('Logout ends the token on the server, removes it and goes to /login', async () => {
    sessionCalls.length = 0;
    const { user } = renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(
      await screen.findByRole('heading', { name: 'Inventory Management' }),
    ).toBeInTheDocument();
    expect(sessionCalls).toEqual(['POST /api/auth/logout manager-token']);
    expect(getToken()).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Menu utama' })).not.toBeInTheDocument();
  });

  test("'Keluar dari semua perangkat' (manager only) ends every session and goes to /login", async () => {
    sessionCalls.length = 0;
    const asAdmin = renderApp('/dashboard', admin);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(
      screen.queryByRole('button', { name: 'Keluar dari semua perangkat' }),
    ).not.toBeInTheDocument();
    asAdmin.unmount();

    const { user } = renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    await user.click(screen.getByRole('button', { name: 'Keluar dari semua perangkat' }));
    expect(
      await screen.findByRole('heading', { name: 'Inventory Management' }),
    ).toBeInTheDocument();
    expect(sessionCalls).toEqual(['POST /api/auth/logout-all manager-token']);
    expect(getToken()).toBeNull();
  });

  test('below 1024 px the menu hides behind a toggle (Buka menu / Tutup menu)', async () => {
    const restore = setViewportWidth(375);
    try {
      const { user } = renderApp('/dashboard', manager);
      await screen.findByText('Halaman inventory/Dashboard');
      expect(screen.queryByRole('navigation', { name: 'Menu utama' })).not.toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: 'Buka menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await user.click(toggle);
      expect(screen.getByRole('button', { name: 'Tutup menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await user.click(screen.getByRole('link', { name: 'Laporan' }));
      expect(await screen.findByText('Halaman inventory/Reports')).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Menu utama' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  test('keeps the page name on one line, cut with an ellipsis and the full name on hover', async () => {
    const restore = setViewportWidth(375);
    try {
      renderApp('/order-list', manager);
      const name = await screen.findByRole('heading', { level: 1, name: 'List Order' });
      expect(name).toHaveAttribute('title', 'List Order');
      expect(name).toHaveStyle({
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        minWidth: '0',
      });
    } finally {
      restore();
    }
  });

  // jsdom lays nothing out: the menu's box and scroll sizes are set as a short screen has them.
  function sizeBox(box: HTMLElement, sizes: { clientHeight: number; scrollHeight: number }) {
    for (const [key, value] of Object.entries(sizes))
      Object.defineProperty(box, key, { configurable: true, value });
  }

  test('a menu taller than its room says so until it is scrolled to its end (issue 42 c1)', async () => {
    renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    const nav = screen.getByRole('navigation', { name: 'Menu utama' });
    expect(nav).toHaveStyle({ overflowY: 'auto' });
    // Everything fits: no cue.
    expect(screen.queryByText('Gulir untuk menu lainnya')).not.toBeInTheDocument();

    sizeBox(nav, { clientHeight: 442, scrollHeight: 609 });
    fireEvent.scroll(nav);
    const cue = await screen.findByText('Gulir untuk menu lainnya');
    // A cue for the eye only: the links themselves are all in the list for Tab and screen readers.
    expect(cue).toHaveAttribute('aria-hidden', 'true');
    expect(menuLabels()).toHaveLength(18);

    nav.scrollTop = 609 - 442;
    fireEvent.scroll(nav);
    await waitFor(() =>
      expect(screen.queryByText('Gulir untuk menu lainnya')).not.toBeInTheDocument(),
    );
  });

  test("the current page's menu item is scrolled into the menu's view", async () => {
    const NAV = { top: 78, bottom: 612 };
    const LINK = { top: 600, bottom: 639 };
    const rect = ({ top, bottom }: { top: number; bottom: number }) =>
      ({
        top,
        bottom,
        left: 0,
        right: 256,
        x: 0,
        y: top,
        width: 256,
        height: bottom - top,
      }) as DOMRect;
    const spy = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLElement) {
        if (this.getAttribute('aria-label') === 'Menu utama') return rect(NAV);
        if (this.getAttribute('aria-current') === 'page') return rect(LINK);
        return rect({ top: 0, bottom: 0 });
      });
    try {
      renderApp('/activity-logs', manager);
      await screen.findByText('Halaman admin/ActivityLogs');
      const nav = screen.getByRole('navigation', { name: 'Menu utama' });
      expect(screen.getByRole('link', { name: 'Log Aktivitas' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      // Scrolled so far that the item's bottom is inside the menu, above the 'more' cue.
      expect(nav.scrollTop).toBeGreaterThan(0);
      expect(LINK.bottom - nav.scrollTop).toBeLessThanOrEqual(NAV.bottom - 32);
    } finally {
      spy.mockRestore();
    }
  });

  test('at 1024 px and wider the menu is always shown and there is no toggle', async () => {
    const restore = setViewportWidth(1280);
    try {
      renderApp('/dashboard', manager);
      await screen.findByText('Halaman inventory/Dashboard');
      expect(screen.getByRole('navigation', { name: 'Menu utama' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Buka menu' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('header date', () => {
  afterEach(() => jest.useRealTimers());

  test("shows today's date in the shop's time zone, in Indonesian long format", async () => {
    // 18:00 UTC on Friday is already Saturday 01:00 in Jakarta.
    jest.useFakeTimers({
      now: new Date('2026-11-20T18:00:00Z'),
      doNotFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'queueMicrotask',
        'nextTick',
        'performance',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'hrtime',
      ],
    });
    renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(
      within(screen.getByRole('banner')).getByText('Sabtu, 21 November 2026'),
    ).toBeInTheDocument();
  });
});

describe('remote loading', () => {
  test('registers the remotes of /remotes.json and loads a page only when its route is opened', async () => {
    const { user } = renderApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(registerRemotesMock).toHaveBeenCalledTimes(1);
    expect(registerRemotesMock.mock.calls[0]?.[0]).toEqual([
      { name: 'inventory', entry: 'http://localhost/remotes/inventory/mf-manifest.json' },
      { name: 'orders', entry: 'http://localhost/remotes/orders/mf-manifest.json' },
      { name: 'finance', entry: 'http://localhost/remotes/finance/mf-manifest.json' },
      { name: 'admin', entry: 'http://localhost/remotes/admin/mf-manifest.json' },
    ]);
    expect(loadRemoteMock.mock.calls.map(([id]) => id)).toEqual(['inventory/Dashboard']);

    await user.click(screen.getByRole('link', { name: 'Barang Masuk' }));
    await screen.findByText('Halaman inventory/IncomingGoods');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByText('Halaman inventory/Dashboard');
    // Going back to a page does not load it again.
    expect(loadRemoteMock.mock.calls.map(([id]) => id)).toEqual([
      'inventory/Dashboard',
      'inventory/IncomingGoods',
    ]);
  });

  test("a remote that fails shows the error panel with 'Coba lagi'; the menu keeps working; retry loads it", async () => {
    loadRemoteMock.mockImplementation(async (id) => {
      if (id === 'inventory/IncomingGoods') throw new Error('manifest blocked');
      return { default: fakePage(id) };
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderApp('/incoming-goods', manager);

    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Modul Barang Masuk gagal dimuat.');
    expect(screen.getByRole('heading', { level: 1, name: 'Barang Masuk' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Laporan' }));
    expect(await screen.findByText('Halaman inventory/Reports')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Barang Masuk' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Modul Barang Masuk gagal dimuat.');
    loadRemoteMock.mockImplementation(async (id) => ({ default: fakePage(id) }));
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('Halaman inventory/IncomingGoods')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a failing /remotes.json shows the error panel, and retry fetches it again', async () => {
    server.use(
      http.get('*/remotes.json', () => new HttpResponse(null, { status: 503 }), { once: true }),
    );
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderApp('/dashboard', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent('Daftar modul gagal dimuat.');
    expect(loadRemoteMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    await waitFor(() => expect(registerRemotesMock).toHaveBeenCalledTimes(1));
  });

  test('a remote built for a shared version the shell lacks shows a panel naming it, its version and the need', async () => {
    loadRemoteMock.mockRejectedValue(
      new RemoteIncompatibleError('inventory', '2.0.0-abc1234', [
        '@gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0)',
      ]),
    );
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Modul Dashboard tidak cocok dengan aplikasi ini. Muat ulang halaman; jika tetap muncul, hubungi admin. (Kode untuk admin: inventory 2.0.0-abc1234; butuh @gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0))',
    );
    // Words for shop staff, not for developers.
    expect(screen.getByRole('alert')).not.toHaveTextContent('Remote');
  });

  test('a page that crashes while rendering is named as such, not as a failed load', async () => {
    loadRemoteMock.mockResolvedValue({
      default: function Broken(): never {
        throw new Error('render boom');
      },
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/dashboard', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Modul Dashboard gagal ditampilkan. Tekan Coba lagi; jika tetap muncul, hubungi admin. (Kode untuk admin: inventory)',
    );
  });

  test("'Coba lagi' re-reads /remotes.json and re-registers the remote with the entry live now", async () => {
    loadRemoteMock.mockRejectedValue(new Error('ChunkLoadError'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/dashboard', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Modul Dashboard gagal dimuat. Periksa koneksi internet, lalu tekan Coba lagi. (Kode untuk admin: inventory)',
    );
    server.use(
      http.get('*/remotes.json', () =>
        HttpResponse.json({
          remotes: [{ name: 'inventory', entry: '/remotes/inventory/2.0.0/mf-manifest.json' }],
        }),
      ),
    );
    loadRemoteMock.mockImplementation(async (id) => ({ default: fakePage(id) }));
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('Halaman inventory/Dashboard')).toBeInTheDocument();
    expect(registerRemotesMock).toHaveBeenLastCalledWith(
      [{ name: 'inventory', entry: 'http://localhost/remotes/inventory/2.0.0/mf-manifest.json' }],
      { force: true },
    );
  });
});

describe('one version of a remote per tab (micro-frontend audit N1, N2)', () => {
  const chunkTimeout = () =>
    Object.assign(new Error('Loading chunk 12 failed. (timeout: http://x/12.js)'), {
      name: 'ChunkLoadError',
    });
  const financeAt = (version: string) =>
    http.get('*/remotes.json', () =>
      HttpResponse.json({
        remotes: [
          { name: 'inventory', entry: '/remotes/inventory/1.4.0-aaaaaaa/mf-manifest.json' },
          { name: 'finance', entry: `/remotes/finance/${version}/mf-manifest.json` },
        ],
      }),
    );
  let reload: jest.SpyInstance;
  beforeEach(() => {
    sessionStorage.clear();
    forgetTypedFields();
    reload = jest.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  test("'Coba lagi' belongs to the failed page: later pages load as usual, their remote not registered again", async () => {
    let hang = true;
    loadRemoteMock.mockImplementation(async (id) => {
      if (id === 'orders/OrderList' && hang) throw chunkTimeout();
      return { default: fakePage(id) };
    });
    const { user } = renderApp('/order-list', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent('Modul List Order gagal dimuat.');
    hang = false;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('Halaman orders/OrderList')).toBeInTheDocument();
    const registrations = registerRemotesMock.mock.calls.length;
    expect(registrations).toBe(2); // the list, then orders under new URLs

    for (const [label, id] of [
      ['Pesanan Marketplace', 'orders/MarketplaceOrders'],
      ['Scan Kirim', 'orders/Packing'],
      ['Data Produk', 'inventory/Products'],
    ]) {
      await user.click(screen.getByRole('link', { name: label }));
      expect(await screen.findByText(`Halaman ${id}`)).toBeInTheDocument();
    }
    expect(registerRemotesMock).toHaveBeenCalledTimes(registrations);
  });

  test("after a rollback, 'Coba lagi' on a page whose crashing version ran says so and reloads the page, without running the other version", async () => {
    server.use(financeAt('9.2.0-crash-a'));
    loadRemoteMock.mockImplementation(async (id) => ({
      default:
        id === 'finance/Pembukuan'
          ? function Crashing(): never {
              throw new Error('boom');
            }
          : fakePage(id),
    }));
    const { user } = renderApp('/pembukuan', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Modul Pembukuan gagal ditampilkan.',
    );
    server.use(financeAt('1.1.0-2b008bf')); // rolled back
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));

    const panel = await screen.findByRole('alert');
    await waitFor(() => expect(panel).toHaveTextContent('Halaman perlu dimuat ulang'));
    expect(panel).toHaveTextContent(
      'Modul Pembukuan sudah diganti dengan versi lain; halaman dimuat ulang agar tidak memakai dua versi sekaligus. (Kode untuk admin: finance 9.2.0-crash-a → 1.1.0-2b008bf) Memuat ulang...',
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(loadRemoteMock.mock.calls.filter(([id]) => id === 'finance/Pembukuan')).toHaveLength(1);
    expect(registerRemotesMock).toHaveBeenCalledTimes(1);
  });

  test('with typed data on the page, it asks before reloading', async () => {
    server.use(financeAt('9.2.0-crash-a'));
    loadRemoteMock.mockImplementation(async (id) => ({
      default:
        id === 'finance/Pembukuan'
          ? function Crashing(): never {
              throw new Error('boom');
            }
          : fakePage(id),
    }));
    const { user } = renderApp('/pembukuan', manager);
    await screen.findByRole('alert');
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Catatan');
    document.body.append(field);
    try {
      await user.type(screen.getByLabelText('Catatan'), 'belum disimpan');
      server.use(financeAt('9.3.0-fix'));
      await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent('Halaman perlu dimuat ulang'),
      );
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Ada isian yang belum disimpan: simpan dulu, atau tekan Muat ulang (isian akan hilang).',
      );
      expect(reload).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Muat ulang' }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      field.remove();
    }
  });
});
