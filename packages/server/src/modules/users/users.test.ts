import {
  MESSAGES,
  USER_MESSAGES,
  type UserAccount,
  type UserAccountList,
  type UserSaved,
} from '@gudang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { MSG_TOKEN_EXPIRED } from '../../http-error';
import { latestLog, setupTestServer } from '../../testing/fixtures';
import {
  authHeader,
  buildTestApp,
  createTestUser,
  login,
  setupTestDatabase,
  type TestUser,
} from '../../testing/test-app';

// Sign-ins and password hashes cost ~70 ms of CPU each, on a machine other runs share.
jest.setTimeout(30_000);

const server = setupTestServer();

const manager = () => server.actors.managerToken;

async function list(): Promise<UserAccount[]> {
  const response = await server.call('GET', '/api/users', manager());
  expect(response.statusCode).toBe(200);
  return (response.json() as UserAccountList).data;
}

const countUsers = async () =>
  Number(
    (await server.database.db.execute<{ n: string }>(sql`select count(*) as n from users`)).rows[0]
      ?.n,
  );

const verify = (token: string) => server.call('GET', '/api/auth/verify', token);

const signIn = (email: string, password: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });

let counter = 0;
const newUserBody = (fields: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    name: `Packer ${counter}`,
    email: `packer${counter}@toko.test`,
    role: 'admin',
    password: 'rahasia-packer',
    ...fields,
  };
};

describe('GET /api/users', () => {
  it('lists every account with its role and status, never a password hash', async () => {
    const data = await list();
    const emails = data.map((user) => user.email);
    expect(emails).toEqual(
      expect.arrayContaining([server.actors.manager.email, server.actors.admin.email]),
    );
    const mine = data.find((user) => user.id === server.actors.manager.id);
    expect(mine).toMatchObject({ role: 'manager', active: true, name: server.actors.manager.name });
    for (const user of data)
      expect(Object.keys(user).sort()).toEqual(
        ['active', 'created_at', 'email', 'id', 'name', 'role'].sort(),
      );
    const response = await server.call('GET', '/api/users', manager());
    expect(response.body).not.toMatch(/password|\$2[aby]\$/i);
  });
});

describe('the manager only', () => {
  it('answers 403 to an admin and 401 to a stranger on every route, and changes nothing', async () => {
    const target = server.actors.admin.id;
    const calls = [
      ['GET', '/api/users', undefined],
      ['POST', '/api/users', newUserBody()],
      ['PUT', `/api/users/${target}`, { role: 'manager' }],
      ['POST', `/api/users/${target}/reset-password`, { password: 'diganti-oleh-admin' }],
    ] as const;
    const before = await countUsers();
    for (const [method, url, payload] of calls) {
      const asAdmin = await server.call(method, url, server.actors.adminToken, payload);
      expect({ url, method, status: asAdmin.statusCode }).toEqual({ url, method, status: 403 });
      const anonymous = await server.call(method, url, null, payload);
      expect({ url, method, status: anonymous.statusCode }).toEqual({ url, method, status: 401 });
    }
    expect(await countUsers()).toBe(before);
    // The admin is still an admin with the same password.
    await login(server.app, server.actors.admin.email, server.actors.admin.password);
    expect((await list()).find((user) => user.id === target)?.role).toBe('admin');
  });
});

describe('POST /api/users', () => {
  it('adds an account that can sign in, and logs it', async () => {
    const body = newUserBody({ email: '  Rina.Packer@Toko.TEST ' });
    const response = await server.call('POST', '/api/users', manager(), body);
    expect(response.statusCode).toBe(201);
    const saved = response.json() as UserSaved;
    expect(saved.message).toBe(USER_MESSAGES.created);
    expect(saved.data).toMatchObject({
      name: body.name,
      email: 'rina.packer@toko.test',
      role: 'admin',
      active: true,
    });
    expect(response.body).not.toMatch(/password|\$2[aby]\$/i);
    const token = await login(server.app, 'rina.packer@toko.test', 'rahasia-packer');
    expect((await verify(token)).json()).toMatchObject({ user: { role: 'admin' } });
    const log = await latestLog(server.database, 'CREATE_USER');
    expect(log).toMatchObject({
      userEmail: server.actors.manager.email,
      details: `Pengguna ditambahkan: ${body.name} (rina.packer@toko.test), role admin`,
    });
  });

  it('refuses an email already used, in any letter case (409), and adds nothing', async () => {
    const before = await countUsers();
    const response = await server.call(
      'POST',
      '/api/users',
      manager(),
      newUserBody({ email: server.actors.admin.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: USER_MESSAGES.emailTaken });
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ name: '' }, 'Nama wajib diisi'],
    [{ name: undefined }, 'Nama wajib diisi'],
    [{ role: 'owner' }, 'Role harus salah satu dari: admin, manager'],
    [{ email: 'bukan-email' }, USER_MESSAGES.emailInvalid],
    [{ password: 'pendek' }, USER_MESSAGES.passwordTooShort],
    [{ password: '' }, 'Password wajib diisi'],
    [{ name: 'x'.repeat(201) }, 'Nama maksimal 200 karakter'],
  ])(
    'refuses bad input %j with a clear message (400) and adds nothing',
    async (fields, message) => {
      const before = await countUsers();
      const response = await server.call('POST', '/api/users', manager(), newUserBody(fields));
      expect(response.json()).toEqual({ message });
      expect(response.statusCode).toBe(400);
      expect(await countUsers()).toBe(before);
    },
  );
});

describe('PUT /api/users/:id', () => {
  let user: TestUser;
  beforeEach(async () => {
    user = await createTestUser(server.database, 'admin');
  });

  it('changes the role, which applies at once: the old token ends', async () => {
    const token = await login(server.app, user.email, user.password);
    expect((await verify(token)).statusCode).toBe(200);
    const response = await server.call('PUT', `/api/users/${user.id}`, manager(), {
      role: 'manager',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as UserSaved).data).toMatchObject({ role: 'manager', active: true });
    expect((await verify(token)).statusCode).toBe(401);
    const again = await login(server.app, user.email, user.password);
    expect((await server.call('GET', '/api/users', again)).statusCode).toBe(200);
    expect((await latestLog(server.database, 'UPDATE_USER'))?.details).toBe(
      `Pengguna ${user.name} (${user.email}): role admin → manager`,
    );
  });

  it('renames without ending the sessions', async () => {
    const token = await login(server.app, user.email, user.password);
    const response = await server.call('PUT', `/api/users/${user.id}`, manager(), {
      name: '  Budi Gudang ',
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as UserSaved).data.name).toBe('Budi Gudang');
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('deactivates: every session ends at once (a token in use gets 401) and sign-in is refused', async () => {
    const first = await login(server.app, user.email, user.password);
    const second = await login(server.app, user.email, user.password);
    // In use: the server keeps the account in memory now (modules/auth/sessions.ts).
    expect((await verify(first)).statusCode).toBe(200);
    expect((await server.call('GET', '/api/products', second)).statusCode).toBe(200);

    const response = await server.call('PUT', `/api/users/${user.id}`, manager(), {
      active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: USER_MESSAGES.deactivated,
      data: { id: user.id, active: false },
    });
    for (const token of [first, second]) {
      const refused = await server.call('GET', '/api/products', token);
      expect(refused.statusCode).toBe(401);
      // The session ended, as after a role change: not a 'token tidak valid'.
      expect(refused.json()).toEqual({ message: MSG_TOKEN_EXPIRED });
    }
    const right = await signIn(user.email, user.password);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ message: USER_MESSAGES.accountDeactivated });
    const wrong = await signIn(user.email, 'bukan-passwordnya');
    expect(wrong.json()).toEqual({ message: MESSAGES.invalidCredentials });
    expect((await list()).find((row) => row.id === user.id)?.active).toBe(false);
    expect((await latestLog(server.database, 'UPDATE_USER'))?.details).toBe(
      `Pengguna ${user.name} (${user.email}): dinonaktifkan`,
    );
  });

  it('reactivates: the account signs in again, its old tokens stay ended', async () => {
    const old = await login(server.app, user.email, user.password);
    await server.call('PUT', `/api/users/${user.id}`, manager(), { active: false });
    const response = await server.call('PUT', `/api/users/${user.id}`, manager(), {
      active: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: USER_MESSAGES.reactivated,
      data: { active: true },
    });
    expect((await verify(old)).statusCode).toBe(401);
    const token = await login(server.app, user.email, user.password);
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('refuses an empty change, an unknown role and an unknown account', async () => {
    const empty = await server.call('PUT', `/api/users/${user.id}`, manager(), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: USER_MESSAGES.nothingToChange });
    const role = await server.call('PUT', `/api/users/${user.id}`, manager(), { role: 'root' });
    expect(role.statusCode).toBe(400);
    const active = await server.call('PUT', `/api/users/${user.id}`, manager(), {
      active: 'nanti',
    });
    expect(active.statusCode).toBe(400);
    const missing = await server.call('PUT', '/api/users/999999', manager(), { name: 'Siapa' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: USER_MESSAGES.notFound });
    expect((await list()).find((row) => row.id === user.id)).toMatchObject({
      role: 'admin',
      active: true,
      name: user.name,
    });
  });

  it('refuses to deactivate the caller themselves', async () => {
    const response = await server.call('PUT', `/api/users/${server.actors.manager.id}`, manager(), {
      active: false,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: USER_MESSAGES.notSelf });
    expect((await verify(manager())).statusCode).toBe(200);
  });
});

describe('POST /api/users/:id/reset-password', () => {
  it('sets the new password and ends every session of the account', async () => {
    const user = await createTestUser(server.database, 'admin');
    const token = await login(server.app, user.email, user.password);
    expect((await verify(token)).statusCode).toBe(200);

    const short = await server.call('POST', `/api/users/${user.id}/reset-password`, manager(), {
      password: 'pendek',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: USER_MESSAGES.passwordTooShort });
    expect((await verify(token)).statusCode).toBe(200);

    const response = await server.call('POST', `/api/users/${user.id}/reset-password`, manager(), {
      password: 'password-baru-123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: USER_MESSAGES.passwordReset,
      data: { id: user.id },
    });
    expect(response.body).not.toMatch(/password-baru|\$2[aby]\$/);
    expect((await verify(token)).statusCode).toBe(401);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    await login(server.app, user.email, 'password-baru-123');
    expect((await latestLog(server.database, 'RESET_PASSWORD'))?.details).toBe(
      `Password pengguna ${user.name} (${user.email}) direset`,
    );
    const missing = await server.call('POST', '/api/users/999999/reset-password', manager(), {
      password: 'password-baru-123',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the last active manager', () => {
  const shop = setupTestServer();

  it('cannot be demoted; with two, either may demote the other but not both at once', async () => {
    const own = shop.actors.manager;
    const token = shop.actors.managerToken;
    const demoteSelf = await shop.call('PUT', `/api/users/${own.id}`, token, { role: 'admin' });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json()).toEqual({ message: USER_MESSAGES.lastManager });

    const other = await createTestUser(shop.database, 'manager');
    const otherToken = await login(shop.app, other.email, other.password);
    // Each demotes the other at the same moment: one of them stays a manager.
    const answers = await Promise.all([
      shop.call('PUT', `/api/users/${other.id}`, token, { role: 'admin' }),
      shop.call('PUT', `/api/users/${own.id}`, otherToken, { role: 'admin' }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    const { rows } = await shop.database.db.execute<{ n: string }>(
      sql`select count(*) as n from users where role = 'manager' and active`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    // The one left is the last: they cannot become an admin either.
    const [left] = await shop.database.db.select().from(users).where(eq(users.role, 'manager'));
    const leftToken = left?.id === own.id ? token : otherToken;
    const last = await shop.call('PUT', `/api/users/${left?.id}`, leftToken, { role: 'admin' });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: USER_MESSAGES.lastManager });
  });
});

describe('the first manager from the setup link', () => {
  const fresh = setupTestDatabase();

  async function start() {
    const logged: string[] = [];
    const logger = { level: 'warn', stream: { write: (line: string) => void logged.push(line) } };
    const app = await buildTestApp(fresh.current, { logger });
    const token = /\/setup\?token=([\w-]+)/.exec(logged.join(''))?.[1] ?? null;
    return { app, token, log: logged.join('') };
  }

  const setupBody = (token: string, fields: Record<string, unknown> = {}) => ({
    token,
    name: 'Pemilik Toko',
    email: 'pemilik@toko.test',
    password: 'rahasia-pemilik',
    ...fields,
  });

  it('is logged at a start without accounts, works once, and never again', async () => {
    const first = await start();
    await first.app.close();
    const { app, token, log } = await start();
    try {
      // The command line is still named beside the link.
      expect(log).toContain('npm run user -w @gudang/server -- add');
      expect(token).not.toBeNull();
      expect(first.token).not.toBeNull();
      expect(first.token).not.toBe(token);
      const post = (payload: Record<string, unknown>) =>
        app.inject({ method: 'POST', url: '/api/setup', payload });

      // A link of an earlier start, or a made-up one: refused.
      for (const wrong of [first.token ?? '', 'tebakan']) {
        const refused = await post(setupBody(wrong));
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ message: USER_MESSAGES.setupBadLink });
      }
      const weak = await post(setupBody(token ?? '', { password: 'pendek' }));
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({ message: USER_MESSAGES.passwordTooShort });

      const made = await post(setupBody(token ?? ''));
      expect(made.statusCode).toBe(201);
      expect(made.json()).toEqual({ message: USER_MESSAGES.setupCreated });
      const session = await login(app, 'pemilik@toko.test', 'rahasia-pemilik');
      const verified = await app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: authHeader(session),
      });
      expect(verified.json()).toMatchObject({ user: { role: 'manager', name: 'Pemilik Toko' } });

      // Used up: the same link, and any other, is refused now that an account exists.
      const again = await post(setupBody(token ?? '', { email: 'kedua@toko.test' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: USER_MESSAGES.setupDone });
      const { rows } = await fresh.current.db.execute<{ n: string }>(
        sql`select count(*) as n from users`,
      );
      expect(Number(rows[0]?.n)).toBe(1);
    } finally {
      await app.close();
    }
    // The next start has an account: no link.
    const later = await start();
    await later.app.close();
    expect(later.token).toBeNull();
    expect(later.log).not.toContain('/setup?token=');
  }, 60_000);
});
