import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useNavigate } from 'react-router-dom';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { NEW_VERSION_TEXT, NewVersionNotice } from './new-version-notice';
import { ensureRemotesRegistered, resetRemotesRegistration } from './remote-registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

let live = '1.0.0';
let liveShell = 'shell-1';
const server = setupServer(
  http.get('*/remotes.json', () =>
    HttpResponse.json({
      shell: liveShell,
      remotes: [
        { name: 'inventory', entry: `/remotes/inventory/${live}/mf-manifest.json` },
        { name: 'orders', entry: '/remotes/orders/1.0.0/mf-manifest.json' },
      ],
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  live = '1.0.0';
  liveShell = 'shell-1';
  resetRemotesRegistration();
  await ensureRemotesRegistered();
  expect(registerRemotes).toHaveBeenCalled();
});

function Page() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/products')}>
        ke produk
      </button>
      <button type="button" onClick={() => navigate('/order-list')}>
        ke order
      </button>
    </>
  );
}

test('a deploy since the page registered its remotes offers a reload on the next navigation', async () => {
  const onReload = jest.fn();
  const { user } = renderWithProviders(
    <>
      <NewVersionNotice intervalMs={60_000} onReload={onReload} />
      <Page />
    </>,
    { route: '/dashboard' },
  );
  // Nothing changed: no notice after a navigation.
  await user.click(screen.getByRole('button', { name: 'ke produk' }));
  expect(screen.queryByRole('button', { name: NEW_VERSION_TEXT })).not.toBeInTheDocument();
  live = '2.0.0';
  await user.click(screen.getByRole('button', { name: 'ke order' }));
  await user.click(await screen.findByRole('button', { name: NEW_VERSION_TEXT }));
  expect(onReload).toHaveBeenCalledTimes(1);
});

test('the timer finds a deploy without any navigation', async () => {
  renderWithProviders(<NewVersionNotice intervalMs={50} />, { route: '/dashboard' });
  expect(screen.queryByRole('button', { name: NEW_VERSION_TEXT })).not.toBeInTheDocument();
  live = '1.0.1';
  expect(await screen.findByRole('button', { name: NEW_VERSION_TEXT })).toBeInTheDocument();
});

test('a shell deployed since this page loaded offers a reload too', async () => {
  renderWithProviders(<NewVersionNotice intervalMs={50} shellVersion="shell-1" />, {
    route: '/dashboard',
  });
  expect(screen.queryByRole('button', { name: NEW_VERSION_TEXT })).not.toBeInTheDocument();
  liveShell = 'shell-2';
  expect(await screen.findByRole('button', { name: NEW_VERSION_TEXT })).toBeInTheDocument();
});

test('a rollback back to the versions this page runs takes the notice away', async () => {
  renderWithProviders(<NewVersionNotice intervalMs={50} />, { route: '/dashboard' });
  live = '2.0.0';
  expect(await screen.findByRole('button', { name: NEW_VERSION_TEXT })).toBeInTheDocument();
  live = '1.0.0';
  await waitForElementToBeRemoved(() => screen.queryByRole('button', { name: NEW_VERSION_TEXT }));
});
