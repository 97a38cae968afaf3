// The kill switch (issue 49): `?disable-remotes=` for this tab and the manager's setting
// `disabled_remotes` for everyone start the shell without those remotes. Their menu items stay,
// disabled with 'Dinonaktifkan sementara'; their pages show a panel; their remote is never
// registered nor loaded (the Module Federation runtime is the one thing replaced, as in app.test).
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { applyShopSettings, getShopTimeZone, type User } from '@gudang/api-client';
import { setToken } from '@gudang/api-client/testing';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { AppRoutes } from '../app';
import { DISABLED_TEXTS } from './disabled-remote';
import {
  DISABLE_STORAGE_KEY,
  disabledBy,
  killSwitchKnown,
  readUrlSwitch,
  resetKillSwitch,
  shopTimeZoneKnown,
} from './kill-switch';
import { forgetLoadedPages } from './remote-page';
import { resetRemotesRegistration } from './remote-registry';
import { admin, manager, server, tokenOf } from '../testing/auth-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const loadRemoteMock = loadRemote as unknown as jest.Mock<
  Promise<{ default: ComponentType } | null>,
  [string]
>;
const registerRemotesMock = jest.mocked(registerRemotes);

function fakePage(id: string): ComponentType {
  return function FakeRemotePage() {
    return <p>Halaman {id}</p>;
  };
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  resetKillSwitch();
  resetRemotesRegistration();
  forgetLoadedPages();
  registerRemotesMock.mockReset();
  loadRemoteMock.mockReset();
  loadRemoteMock.mockImplementation(async (id) => ({ default: fakePage(id) }));
});

/** Opens `url` as the tab's address (the switch reads window.location) and renders its page. */
function openApp(url: string, as: User) {
  window.history.replaceState(null, '', url);
  setToken(tokenOf(as));
  return renderWithProviders(<AppRoutes />, { route: new URL(url, 'http://localhost').pathname });
}

const menu = () => within(screen.getByRole('navigation', { name: 'Menu utama' }));
const registeredNames = () =>
  registerRemotesMock.mock.calls.flatMap(([remotes]) => remotes.map(({ name }) => name));
const loadedRemotes = () => loadRemoteMock.mock.calls.map(([id]) => id.split('/')[0]);

const ORDERS_ITEMS = ['List Order', 'Pesanan Marketplace', 'Daftar Ambil', 'Scan Kirim', 'Retur'];

describe('?disable-remotes= on the URL', () => {
  test('starts without the named remotes: items disabled with the reason, a panel, no load', async () => {
    const { user } = openApp('/marketplace-orders?disable-remotes=orders,finance', manager);
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent(DISABLED_TEXTS.reason);
    expect(panel).toHaveTextContent(DISABLED_TEXTS.byUrl('Pesanan Marketplace'));
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).not.toBeInTheDocument();
    for (const label of [...ORDERS_ITEMS, 'Pembukuan', 'Penghasilan Marketplace']) {
      const item = menu().getByRole('link', { name: label });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).not.toHaveAttribute('href');
      expect(item).toHaveAccessibleDescription(DISABLED_TEXTS.reason);
    }
    // The other remotes work as before.
    expect(menu().getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await user.click(menu().getByRole('link', { name: 'Laporan' }));
    expect(await screen.findByText('Halaman inventory/Reports')).toBeInTheDocument();
    expect(registeredNames()).toEqual(['inventory', 'admin']);
    expect(loadedRemotes()).toEqual(['inventory']);
  });

  test('is kept for the tab until an empty ?disable-remotes= clears it; unknown names and the shell are ignored', () => {
    window.history.replaceState(null, '', '/dashboard?disable-remotes=orders,shell,gudang');
    readUrlSwitch();
    expect(sessionStorage.getItem(DISABLE_STORAGE_KEY)).toBe('orders');
    window.history.replaceState(null, '', '/packing');
    readUrlSwitch();
    expect(disabledBy('orders')).toBe('url');
    expect(disabledBy('inventory')).toBeNull();
    window.history.replaceState(null, '', '/packing?disable-remotes=');
    readUrlSwitch();
    expect(disabledBy('orders')).toBeNull();
    expect(sessionStorage.getItem(DISABLE_STORAGE_KEY)).toBeNull();
  });

  test('a later page of the tab, without the parameter, still starts without the remote', async () => {
    sessionStorage.setItem(DISABLE_STORAGE_KEY, 'orders');
    openApp('/packing', admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(DISABLED_TEXTS.byUrl('Scan Kirim'));
    expect(loadedRemotes()).not.toContain('orders');
  });
});

describe('the setting disabled_remotes', () => {
  test('switches a remote off for everyone: its page is a panel saying the manager did it', async () => {
    server.use(
      http.get('*/api/settings', () =>
        HttpResponse.json({ shopTimezone: 'Asia/Jakarta', disabled_remotes: ['finance'] }),
      ),
    );
    openApp('/pembukuan', manager);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      DISABLED_TEXTS.bySetting('Pembukuan'),
    );
    expect(menu().getByRole('link', { name: 'Penghasilan Marketplace' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(registeredNames()).not.toContain('finance');
    expect(loadedRemotes()).not.toContain('finance');
  });

  test('one read of GET /api/settings at start gives both the switch and the time zone', async () => {
    let reads = 0;
    server.use(
      http.get('*/api/settings', () => {
        reads += 1;
        return HttpResponse.json({ shopTimezone: 'Asia/Makassar', disabled_remotes: ['orders'] });
      }),
    );
    // index.ts asks for the switch, bootstrap for the zone: both wait on the one answer.
    await Promise.all([killSwitchKnown(), shopTimeZoneKnown()]);
    expect(reads).toBe(1);
    expect(disabledBy('orders')).toBe('setting');
    expect(getShopTimeZone()).toBe('Asia/Makassar');
    applyShopSettings({ shopTimezone: 'Asia/Jakarta' });
  });

  test('a settings read that fails switches nothing off', async () => {
    server.use(http.get('*/api/settings', () => new HttpResponse(null, { status: 503 })));
    openApp('/pembukuan', manager);
    expect(await screen.findByText('Halaman finance/Pembukuan')).toBeInTheDocument();
  });

  test('the manager switches a remote off and on again from the sidebar, and this tab follows', async () => {
    let saved: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/settings', () =>
        HttpResponse.json({ shopTimezone: 'Asia/Jakarta', disabled_remotes: saved }),
      ),
      http.put('*/api/settings', async ({ request }) => {
        const body = (await request.json()) as { disabled_remotes: string[] };
        bodies.push(body);
        saved = body.disabled_remotes;
        return HttpResponse.json({ shopTimezone: 'Asia/Jakarta', disabled_remotes: saved });
      }),
    );
    const { user } = openApp('/dashboard', manager);
    await screen.findByText('Halaman inventory/Dashboard');
    await user.click(screen.getByRole('button', { name: 'Nonaktifkan modul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nonaktifkan modul sementara' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^orders/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pengaturan berhasil disimpan')).toBeInTheDocument();
    expect(bodies).toEqual([{ disabled_remotes: ['orders'] }]);
    expect(menu().getByRole('link', { name: 'Retur' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Nonaktifkan modul' }));
    const again = await screen.findByRole('dialog', { name: 'Nonaktifkan modul sementara' });
    const orders = await within(again).findByRole('checkbox', { name: /^orders/ });
    expect(orders).toBeChecked();
    await user.click(orders);
    await user.click(within(again).getByRole('button', { name: 'Simpan' }));
    expect(bodies).toEqual([{ disabled_remotes: ['orders'] }, { disabled_remotes: [] }]);
    // On again: the remote is registered now and its page loads.
    await user.click(await menu().findByRole('link', { name: 'Retur' }));
    expect(await screen.findByText('Halaman orders/Returns')).toBeInTheDocument();
    expect(registeredNames()).toContain('orders');
  });

  test('an admin has no such button', async () => {
    openApp('/dashboard', admin);
    await screen.findByText('Halaman inventory/Dashboard');
    expect(screen.queryByRole('button', { name: 'Nonaktifkan modul' })).not.toBeInTheDocument();
  });
});
