import { USER_MESSAGES } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { SETUP_TEXTS, SetupPage } from './setup-page';

// Typing on a machine other runs share.
jest.setTimeout(30_000);

const bodies: unknown[] = [];
let used = false;

const server = setupServer(
  http.post('*/api/setup', async ({ request }) => {
    const body = (await request.json()) as { token: string };
    bodies.push(body);
    if (used) return HttpResponse.json({ message: USER_MESSAGES.setupDone }, { status: 409 });
    if (body.token !== 'token-dari-log')
      return HttpResponse.json({ message: USER_MESSAGES.setupBadLink }, { status: 403 });
    used = true;
    return HttpResponse.json({ message: USER_MESSAGES.setupCreated }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  bodies.length = 0;
  used = false;
});
afterAll(() => server.close());

async function fill(
  user: ReturnType<typeof renderWithProviders>['user'],
  again = 'rahasia-pemilik',
) {
  await user.type(screen.getByLabelText(/^Nama/), 'Pemilik Toko');
  await user.type(screen.getByLabelText(/^Email/), 'pemilik@toko.test');
  await user.type(screen.getByLabelText(/^Password/), 'rahasia-pemilik');
  await user.type(screen.getByLabelText(/^Ulangi Password/), again);
  await user.click(screen.getByRole('button', { name: SETUP_TEXTS.submit }));
}

describe('SetupPage', () => {
  it("creates the first manager with the link's token, then points to the login page", async () => {
    const { user } = renderWithProviders(<SetupPage />, { route: '/setup?token=token-dari-log' });
    await fill(user, 'lain-lagi');
    expect(screen.getByText(SETUP_TEXTS.mismatch)).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.clear(screen.getByLabelText(/^Ulangi Password/));
    await user.type(screen.getByLabelText(/^Ulangi Password/), 'rahasia-pemilik');
    await user.click(screen.getByRole('button', { name: SETUP_TEXTS.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(USER_MESSAGES.setupCreated);
    expect(bodies).toEqual([
      {
        token: 'token-dari-log',
        name: 'Pemilik Toko',
        email: 'pemilik@toko.test',
        password: 'rahasia-pemilik',
      },
    ]);
    expect(screen.getByRole('link', { name: SETUP_TEXTS.toLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("shows the server's refusal of a link that no longer works", async () => {
    const { user } = renderWithProviders(<SetupPage />, { route: '/setup?token=lama' });
    await fill(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_MESSAGES.setupBadLink);
  });

  it('says so when the link carries no token', () => {
    renderWithProviders(<SetupPage />, { route: '/setup' });
    expect(screen.getByRole('alert')).toHaveTextContent(SETUP_TEXTS.noToken);
    expect(screen.queryByRole('button', { name: SETUP_TEXTS.submit })).toBeNull();
  });
});
