import { createSigner } from 'fast-jwt';
import { and, eq } from 'drizzle-orm';
import { activityLogs, users } from '../../db/schema';
import type { App } from '../../app';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  TEST_JWT_SECRET,
  type TestDatabase,
  type TestUser,
} from '../../testing/test-app';
import { productBody } from '../../testing/fixtures';
import { accountLockedMessage } from './routes';
import { resetPassword } from './service';

let database: TestDatabase;
let app: App;
let manager: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  manager = await createTestUser(database, 'manager');
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

const postLogin = (target: App, payload: unknown) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/auth/login', () => {
  it('returns a token and the user (without the hash) for the right password', async () => {
    const response = await postLogin(app, { email: manager.email, password: manager.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toEqual({
      id: manager.id,
      email: manager.email,
      name: manager.name,
      role: 'manager',
    });
    expect(response.body).not.toContain('password');
    expect(response.body).not.toContain('$2');
  });

  it('looks the email up case-insensitively', async () => {
    const response = await postLogin(app, {
      email: `  ${manager.email.toUpperCase()} `,
      password: manager.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 with the Indonesian message for a wrong password', async () => {
    const response = await postLogin(app, { email: manager.email, password: 'salah-sekali' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Email atau password salah' });
  });

  it('answers the same 401 for an unknown email', async () => {
    const response = await postLogin(app, { email: 'tidak-ada@test.local', password: 'apa-saja' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Email atau password salah' });
  });

  it.each([
    [{ password: 'x' }, 'Email wajib diisi'],
    [{ email: 'a@b.c' }, 'Password wajib diisi'],
    [{ email: '', password: 'x' }, 'Email wajib diisi'],
    [{ email: { nested: true }, password: 'x' }, 'Email harus berupa teks'],
    [{ email: 'a@b.c', password: ['a', 'b'] }, 'Password harus berupa teks'],
    [{ email: ['a@b.c'], password: ['x'] }, 'Email harus berupa teks'],
    [{ email: 'a@b.c\u0000', password: 'x' }, 'Email berisi karakter yang tidak diizinkan'],
    [{ email: 'a'.repeat(255), password: 'x' }, 'Email maksimal 254 karakter'],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await postLogin(app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('writes a LOGIN activity-log entry', async () => {
    const user = await createTestUser(database, 'admin');
    await login(app, user.email, user.password);
    const entries = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'LOGIN'), eq(activityLogs.userId, user.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userName: user.name,
      userEmail: user.email,
      details: 'Login berhasil',
    });
  });
});

describe('GET /api/auth/verify', () => {
  it('returns the user of a valid token', async () => {
    const token = await login(app, manager.email, manager.password);
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: { id: manager.id, email: manager.email, name: manager.name, role: 'manager' },
    });
  });

  it('answers 401 {message} without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/verify' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it.each(['Bearer not-a-jwt', 'Basic abc', 'Bearer '])(
    'answers 401 for the header %j',
    async (authorization) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/auth/verify',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(Object.keys(response.json())).toEqual(['message']);
    },
  );

  it('answers 401 for a token signed with another secret', async () => {
    const forged = createSigner({
      key: 'another-secret-another-secret-another',
      expiresIn: 60_000,
    })({
      sub: String(manager.id),
      email: manager.email,
      name: manager.name,
      role: 'manager',
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: authHeader(forged),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const thirteenHoursAgo = Date.now() - 13 * 60 * 60 * 1000;
    const expired = createSigner({
      key: TEST_JWT_SECRET,
      expiresIn: 12 * 60 * 60 * 1000,
      clockTimestamp: thirteenHoursAgo,
    })({
      sub: String(manager.id),
      email: manager.email,
      name: manager.name,
      role: 'manager',
    });
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: authHeader(expired),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Sesi telah berakhir. Silakan login kembali.' });
  });

  it('issues tokens that expire after 12 hours', async () => {
    const token = await login(app, manager.email, manager.password);
    const payload = JSON.parse(
      Buffer.from(token.split('.')[1] as string, 'base64url').toString(),
    ) as { iat: number; exp: number };
    expect(payload.exp - payload.iat).toBe(12 * 60 * 60);
  });
});

describe('a token outliving its account', () => {
  const newProduct = productBody('K-1', { barcode_id: 'B-1', name: 'X', initial_stock: 1 });

  it('loses access as soon as the account is removed', async () => {
    const user = await createTestUser(database, 'admin');
    const token = await login(app, user.email, user.password);
    await database.db.delete(users).where(eq(users.id, user.id));
    for (const url of ['/api/auth/verify', '/api/products']) {
      const response = await app.inject({ method: 'GET', url, headers: authHeader(token) });
      expect(response.statusCode).toBe(401);
    }
  });

  it('ends the tokens of a changed role at once: the user signs in again with the new role', async () => {
    const user = await createTestUser(database, 'manager');
    const token = await login(app, user.email, user.password);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    await expectEnded(app, token);
    const again = await login(app, user.email, user.password);
    const verify = await app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: authHeader(again),
    });
    expect(verify.json().user.role).toBe('admin');
    const create = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: authHeader(again),
      payload: newProduct,
    });
    expect(create.statusCode).toBe(403);
  });
});

/** The status of GET /api/auth/verify with `token`. */
const verifyStatus = async (target: App, token: string) =>
  (await target.inject({ method: 'GET', url: '/api/auth/verify', headers: authHeader(token) }))
    .statusCode;

/**
 * `token` is refused with 'Sesi telah berakhir'. A change made through another connection reaches
 * the server's cache by NOTIFY (on PostgreSQL a moment later): asked again until then, at most 5 s.
 */
async function expectEnded(target: App, token: string): Promise<void> {
  const deadline = Date.now() + 5000;
  let response = await target.inject({
    method: 'GET',
    url: '/api/products',
    headers: authHeader(token),
  });
  while (response.statusCode !== 401 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    response = await target.inject({
      method: 'GET',
      url: '/api/products',
      headers: authHeader(token),
    });
  }
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ message: 'Sesi telah berakhir. Silakan login kembali.' });
}

describe('sessions that end', () => {
  // Several sign-ins each (bcrypt in the pool): more than jest's 5 s on a busy machine.
  jest.setTimeout(30_000);

  it('a password reset ends every earlier token of that user; the new password signs in', async () => {
    const user = await createTestUser(database, 'admin');
    const first = await login(app, user.email, user.password);
    const second = await login(app, user.email, user.password);
    const other = await createTestUser(database, 'admin');
    const othersToken = await login(app, other.email, other.password);
    expect(await verifyStatus(app, first)).toBe(200);
    await resetPassword(database.db, user.email, 'sandi-baru-456');
    await expectEnded(app, first);
    await expectEnded(app, second);
    expect(await verifyStatus(app, othersToken)).toBe(200);
    expect(await verifyStatus(app, await login(app, user.email, 'sandi-baru-456'))).toBe(200);
  });

  it("logout ends that token on the server, not the same user's other devices", async () => {
    const user = await createTestUser(database, 'admin');
    const laptop = await login(app, user.email, user.password);
    const phone = await login(app, user.email, user.password);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: authHeader(laptop),
    });
    expect(out.statusCode).toBe(204);
    await expectEnded(app, laptop);
    expect(await verifyStatus(app, phone)).toBe(200);
    const [entry] = await database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'LOGOUT'), eq(activityLogs.userId, user.id)));
    expect(entry).toMatchObject({ userEmail: user.email, details: 'Logout' });
  });

  it("'Keluar dari semua perangkat' (manager) ends every token of that user, in every server process", async () => {
    const user = await createTestUser(database, 'manager');
    const laptop = await login(app, user.email, user.password);
    const phone = await login(app, user.email, user.password);
    // A second server process on the same database (several app servers on one database).
    const second = await buildTestApp(database);
    try {
      expect(await verifyStatus(second, phone)).toBe(200);
      const out = await app.inject({
        method: 'POST',
        url: '/api/auth/logout-all',
        headers: authHeader(laptop),
      });
      expect(out.statusCode).toBe(204);
      await expectEnded(app, laptop);
      await expectEnded(app, phone);
      await expectEnded(second, phone);
      expect(await verifyStatus(second, await login(second, user.email, user.password))).toBe(200);
    } finally {
      await second.close();
    }
    const admin = await createTestUser(database, 'admin');
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: authHeader(await login(app, admin.email, admin.password)),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a token without exp, though signed with the secret', async () => {
    const user = await createTestUser(database, 'manager');
    const unending = createSigner({ key: TEST_JWT_SECRET })({
      sub: String(user.id),
      email: user.email,
      name: user.name,
      role: 'manager',
      ver: 0,
    });
    expect(await verifyStatus(app, unending)).toBe(401);
  });

  it('accepts a token of the earlier format (no version, no id) until the user changes', async () => {
    const user = await createTestUser(database, 'admin');
    const earlier = createSigner({ key: TEST_JWT_SECRET, expiresIn: 60_000 })({
      sub: String(user.id),
      email: user.email,
      name: user.name,
      role: 'admin',
    });
    expect(await verifyStatus(app, earlier)).toBe(200);
    await resetPassword(database.db, user.email, 'sandi-baru-789');
    await expectEnded(app, earlier);
  });
});

describe('sign-in limits', () => {
  const from = (target: App, address: string, payload: Record<string, unknown>) =>
    target.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload });

  it('after 5 failures locks the account at that address only, with Retry-After', async () => {
    let now = Date.now();
    const limited = await buildTestApp(database, { now: () => now });
    try {
      const user = await createTestUser(database, 'admin');
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const response = await from(limited, '203.0.113.7', {
          email: user.email,
          password: 'salah',
        });
        expect(response.statusCode).toBe(401);
      }
      const locked = await from(limited, '203.0.113.7', {
        email: user.email.toUpperCase(),
        password: user.password,
      });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ message: accountLockedMessage(15) });
      expect(locked.headers['retry-after']).toBe(String(15 * 60));

      // The owner at another address signs in with the right password.
      const owner = await from(limited, '198.51.100.20', {
        email: user.email,
        password: user.password,
      });
      expect(owner.statusCode).toBe(200);
      // Other accounts from the guessing address are not affected.
      expect(
        (
          await from(limited, '203.0.113.7', {
            email: manager.email,
            password: manager.password,
          })
        ).statusCode,
      ).toBe(200);

      now += 5 * 60 * 1000;
      const later = await from(limited, '203.0.113.7', {
        email: user.email,
        password: user.password,
      });
      expect(later.headers['retry-after']).toBe(String(10 * 60));
      now += 10 * 60 * 1000 + 1;
      expect(
        (await from(limited, '203.0.113.7', { email: user.email, password: user.password }))
          .statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  }, 30_000);

  it('spaces out guesses at one account from many addresses; the owner at a known address is not held', async () => {
    let now = Date.now();
    const waits: number[] = [];
    const guarded = await buildTestApp(database, {
      now: () => now,
      sleep: async (ms) => {
        waits.push(ms);
        now += ms;
      },
    });
    try {
      const user = await createTestUser(database, 'manager');
      // The owner signed in from the shop's address before.
      expect(
        (await from(guarded, '192.168.1.20', { email: user.email, password: user.password }))
          .statusCode,
      ).toBe(200);
      // 5 wrong passwords from each of 4 addresses: no address is locked (5 is the pair lock),
      // but past 10 failures of the account every check waits longer.
      const statuses: number[] = [];
      for (let address = 0; address < 4; address += 1)
        for (let attempt = 0; attempt < 4; attempt += 1)
          statuses.push(
            (await from(guarded, `203.0.113.${address}`, { email: user.email, password: 'salah' }))
              .statusCode,
          );
      expect(statuses.every((status) => status === 401)).toBe(true);
      expect(waits.slice(0, 6)).toEqual([250, 500, 1000, 2000, 4000, 8000]);
      expect(waits.length).toBe(6);
      // The owner at the known address: no wait.
      const owner = await from(guarded, '192.168.1.20', {
        email: user.email,
        password: user.password,
      });
      expect(owner.statusCode).toBe(200);
      expect(waits.length).toBe(6);
      // At a new address the owner waits like everyone, but gets in.
      const elsewhere = await from(guarded, '198.51.100.7', {
        email: user.email,
        password: user.password,
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(waits.length).toBe(7);
    } finally {
      await guarded.close();
    }
  }, 30_000);

  it('limits login requests per IP address, with Retry-After', async () => {
    const limited = await buildTestApp(database, { loginLimits: { ipMax: 3 } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push(
          (await postLogin(limited, { email: 'siapa@test.local', password: 'x' })).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const blocked = await postLogin(limited, {
        email: manager.email,
        password: manager.password,
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/Terlalu banyak permintaan/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is still served.
      const other = await from(limited, '10.0.0.9', {
        email: manager.email,
        password: manager.password,
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 30_000);

  it('shares the lock among server processes on one database: failures on one lock the others', async () => {
    // Two app instances on one database, as WORKERS=2 or two app servers behind a load balancer.
    const first = await buildTestApp(database);
    const second = await buildTestApp(database);
    try {
      const user = await createTestUser(database, 'admin');
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const target = attempt % 2 === 0 ? first : second;
        expect(
          (await from(target, '203.0.113.70', { email: user.email, password: 'salah' })).statusCode,
        ).toBe(401);
      }
      for (const target of [first, second]) {
        const locked = await from(target, '203.0.113.70', {
          email: user.email,
          password: user.password,
        });
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toEqual({ message: accountLockedMessage(15) });
      }
      // The owner elsewhere is not locked out, on either.
      expect(
        (await from(second, '198.51.100.70', { email: user.email, password: user.password }))
          .statusCode,
      ).toBe(200);
    } finally {
      await first.close();
      await second.close();
    }
  }, 30_000);

  it('reads the client address from X-Forwarded-For only when TRUST_PROXY trusts the proxy', async () => {
    const guess = (target: App, forwardedFor: string) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: manager.email, password: 'salah' },
      });
    const owner = (target: App, forwardedFor: string) =>
      target.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: manager.email, password: manager.password },
      });
    const behindProxy = await buildTestApp(database, { env: { TRUST_PROXY: '127.0.0.1' } });
    const direct = await buildTestApp(database);
    try {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await guess(behindProxy, '203.0.113.7')).statusCode).toBe(401);
        expect((await guess(direct, '203.0.113.7')).statusCode).toBe(401);
      }
      // Behind the trusted proxy the outsider is 203.0.113.7; the owner is someone else.
      expect((await owner(behindProxy, '198.51.100.20')).statusCode).toBe(200);
      expect((await owner(behindProxy, '203.0.113.7')).statusCode).toBe(429);
      // Untrusted, the header is ignored: every request comes from 127.0.0.1.
      expect((await owner(direct, '198.51.100.20')).statusCode).toBe(429);
    } finally {
      await behindProxy.close();
      await direct.close();
    }
  }, 30_000);
});
