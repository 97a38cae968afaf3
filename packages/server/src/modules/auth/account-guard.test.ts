import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import { AccountGuard, type AccountGuardLimit } from './account-guard';

const limit: AccountGuardLimit = {
  freeFailures: 3,
  windowMs: 60_000,
  firstDelayMs: 100,
  maxDelayMs: 1000,
  maxWaitMs: 2500,
};

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(() => database.destroy());

// Each test starts with no failures and no known addresses.
beforeEach(async () => {
  await database.db.execute(sql`delete from runtime.login_accounts`);
  await database.db.execute(sql`delete from runtime.login_trusted`);
});

function setup() {
  let now = 1_000_000;
  const guard = new AccountGuard(database.db, limit, () => now);
  return { guard, later: (ms: number) => (now += ms) };
}

it('spaces the checks of an account guessed from many addresses, doubling up to the maximum', async () => {
  const { guard, later } = setup();
  const waits: number[] = [];
  for (let i = 0; i < 9; i++) {
    const admission = await guard.admit('Bos@Toko.id', `203.0.113.${i}`);
    if (!('waitMs' in admission)) throw new Error('refused');
    waits.push(admission.waitMs);
    later(admission.waitMs);
    await guard.recordFailure('bos@toko.id ');
  }
  expect(waits).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000]);
});

it('gives parallel guesses nothing: each waits behind the one before, and past the maximum wait 429', async () => {
  const { guard } = setup();
  for (let i = 0; i < 4; i++) await guard.recordFailure('bos@toko.id');
  const admissions = [];
  for (let i = 0; i < 6; i++) admissions.push(await guard.admit('bos@toko.id', `198.51.100.${i}`));
  // One failure past the free ones: 200 ms steps (not yet recorded failures do not grow it).
  expect(admissions).toEqual([
    { waitMs: 200, trusted: false },
    { waitMs: 400, trusted: false },
    { waitMs: 600, trusted: false },
    { waitMs: 800, trusted: false },
    { waitMs: 1000, trusted: false },
    { waitMs: 1200, trusted: false },
  ]);
  for (let i = 0; i < 8; i++) await guard.admit('bos@toko.id', '198.51.100.99');
  expect(await guard.admit('bos@toko.id', '198.51.100.99')).toEqual({
    refusedForMs: expect.any(Number),
  });
});

it('lets the owner at an address it signed in from go first and without waiting', async () => {
  const { guard } = setup();
  await guard.recordSuccess('bos@toko.id', '192.168.1.20');
  for (let i = 0; i < 20; i++) await guard.recordFailure('bos@toko.id');
  expect(await guard.admit('bos@toko.id', '192.168.1.20')).toEqual({ waitMs: 0, trusted: true });
  expect(await guard.admit('bos@toko.id', '192.168.1.21')).toMatchObject({ trusted: false });
  // Other accounts are not affected.
  expect(await guard.admit('lain@toko.id', '192.168.1.21')).toEqual({ waitMs: 0, trusted: false });
});

it('forgets failures older than the window', async () => {
  const { guard, later } = setup();
  for (let i = 0; i < 10; i++) await guard.recordFailure('bos@toko.id');
  later(limit.windowMs + 1);
  expect(await guard.admit('bos@toko.id', '203.0.113.1')).toEqual({ waitMs: 0, trusted: false });
});

it('gives checks made at the same moment distinct slots: none waits less than another', async () => {
  const { guard } = setup();
  for (let i = 0; i < 4; i++) await guard.recordFailure('bos@toko.id');
  // In parallel (on PostgreSQL through several pool connections): each takes its own slot.
  const admissions = await Promise.all(
    Array.from({ length: 6 }, (_, i) => guard.admit('bos@toko.id', `198.51.100.${i}`)),
  );
  const waits = admissions.map((admission) => ('waitMs' in admission ? admission.waitMs : -1));
  expect(waits.sort((a, b) => a - b)).toEqual([200, 400, 600, 800, 1000, 1200]);
});
