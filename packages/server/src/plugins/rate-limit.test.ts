import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { buildTestApp, setupTestDatabase } from '../testing/test-app';
import { DatabaseRateLimitStore } from './rate-limit';

// The login route's per-address limit counts in the database: every server process on one
// database (WORKERS, several app servers) shares one budget per address.
const database = setupTestDatabase();

const login = (target: App, address: string) =>
  target.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    payload: { email: 'siapa@test.local', password: 'salah' },
  });

const incr = (store: DatabaseRateLimitStore, key: string, timeWindow: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error) : resolve(result)),
      timeWindow,
    ),
  );

describe('the login route per address, shared by every server process', () => {
  it('counts the requests of one address on two servers against one budget', async () => {
    let now = 1_800_000_000_000;
    const options = { loginLimits: { ipMax: 3, ipWindowMs: 60_000 }, now: () => now };
    const first = await buildTestApp(database.current, options);
    const second = await buildTestApp(database.current, options);
    try {
      const address = '198.51.100.31';
      const statuses = [
        (await login(first, address)).statusCode,
        (await login(second, address)).statusCode,
        (await login(first, address)).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401]);
      // The fourth, on either server: over the budget.
      for (const target of [second, first]) {
        const refused = await login(target, address);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({
          message: 'Terlalu banyak permintaan dari alamat IP ini. Silakan coba lagi nanti.',
        });
        expect(refused.headers['retry-after']).toBe('60');
      }
      // Another address has its own budget.
      expect((await login(second, '198.51.100.32')).statusCode).toBe(401);
      // 45 s later the wait left is 15 s; when the window is over the address starts again.
      now += 45_000;
      expect((await login(first, address)).headers['retry-after']).toBe('15');
      now += 15_000;
      expect((await login(second, address)).statusCode).toBe(401);
    } finally {
      await first.close();
      await second.close();
    }
  }, 30_000);

  it('counts parallel requests each once, and deletes the rows of windows that are over', async () => {
    let now = 1_900_000_000_000;
    const store = new DatabaseRateLimitStore(database.current.db, () => now);
    const counts = await Promise.all(
      Array.from({ length: 12 }, () => incr(store, 'parallel', 60_000)),
    );
    expect(counts.map(({ current }) => current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    expect(counts.every(({ ttl }) => ttl === 60_000)).toBe(true);
    await incr(store, 'other', 60_000);
    now += 60_000;
    // A later request (of any address) deletes the rows whose window is over.
    expect(await incr(store, 'later', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    const { rows } = await database.current.db.execute<{ key: string }>(
      sql`select key from runtime.address_limits where key in ('parallel', 'other', 'later')`,
    );
    expect(rows.map(({ key }) => key)).toEqual(['later']);
  });
});
