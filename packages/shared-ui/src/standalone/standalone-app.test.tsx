import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StandaloneApp } from './standalone-app';

const user = {
  id: 1,
  email: 'manager@gudang.test',
  name: 'Manajer Demo',
  role: 'manager' as const,
};
const server = setupServer(
  http.post('*/api/auth/login', async ({ request }) => {
    const body = (await request.json()) as { password: string };
    return body.password === 'manager123'
      ? HttpResponse.json({ token: 'tok', user })
      : HttpResponse.json({ message: 'Email atau password salah' }, { status: 401 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

const pages = [
  { path: '/alpha', label: 'Alpha', Component: () => <h2>Halaman Alpha</h2> },
  { path: '/beta', label: 'Beta', Component: () => <h2>Halaman Beta</h2> },
];

test('signs in on the dev page, then shows the remote pages and signs out', async () => {
  const ui = userEvent.setup();
  render(<StandaloneApp name="contoh" pages={pages} />);
  expect(screen.getByRole('heading', { name: 'Gudang · contoh (dev)' })).toBeInTheDocument();

  await ui.type(screen.getByLabelText('Email'), user.email);
  await ui.type(screen.getByLabelText('Password'), 'salah');
  await ui.click(screen.getByRole('button', { name: 'Masuk' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Email atau password salah');

  await ui.clear(screen.getByLabelText('Password'));
  await ui.type(screen.getByLabelText('Password'), 'manager123');
  await ui.click(screen.getByRole('button', { name: 'Masuk' }));
  expect(await screen.findByRole('heading', { name: 'Halaman Alpha' })).toBeInTheDocument();
  expect(screen.getByText('manager@gudang.test (manager)')).toBeInTheDocument();

  await ui.click(screen.getByRole('link', { name: 'Beta' }));
  expect(screen.getByRole('heading', { name: 'Halaman Beta' })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/beta');

  await ui.click(screen.getByRole('button', { name: 'Logout' }));
  expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  expect(localStorage.getItem('token')).toBeNull();
});
