import { AccountGuard, type AccountGuardLimit } from './account-guard';

const limit: AccountGuardLimit = {
  freeFailures: 3,
  windowMs: 60_000,
  firstDelayMs: 100,
  maxDelayMs: 1000,
  maxWaitMs: 2500,
};

function setup() {
  let now = 1_000_000;
  const guard = new AccountGuard(limit, () => now);
  return { guard, later: (ms: number) => (now += ms) };
}

it('spaces the checks of an account guessed from many addresses, doubling up to the maximum', () => {
  const { guard, later } = setup();
  const waits: number[] = [];
  for (let i = 0; i < 9; i++) {
    const admission = guard.admit('Bos@Toko.id', `203.0.113.${i}`);
    if (!('waitMs' in admission)) throw new Error('refused');
    waits.push(admission.waitMs);
    later(admission.waitMs);
    guard.recordFailure('bos@toko.id ');
  }
  expect(waits).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000]);
});

it('gives parallel guesses nothing: each waits behind the one before, and past the maximum wait 429', () => {
  const { guard } = setup();
  for (let i = 0; i < 4; i++) guard.recordFailure('bos@toko.id');
  const admissions = Array.from({ length: 6 }, (_, i) =>
    guard.admit('bos@toko.id', `198.51.100.${i}`),
  );
  // One failure past the free ones: 200 ms steps (not yet recorded failures do not grow it).
  expect(admissions).toEqual([
    { waitMs: 200, trusted: false },
    { waitMs: 400, trusted: false },
    { waitMs: 600, trusted: false },
    { waitMs: 800, trusted: false },
    { waitMs: 1000, trusted: false },
    { waitMs: 1200, trusted: false },
  ]);
  for (let i = 0; i < 8; i++) guard.admit('bos@toko.id', '198.51.100.99');
  expect(guard.admit('bos@toko.id', '198.51.100.99')).toEqual({ refusedForMs: expect.any(Number) });
});

it('lets the owner at an address it signed in from go first and without waiting', () => {
  const { guard } = setup();
  guard.recordSuccess('bos@toko.id', '192.168.1.20');
  for (let i = 0; i < 20; i++) guard.recordFailure('bos@toko.id');
  expect(guard.admit('bos@toko.id', '192.168.1.20')).toEqual({ waitMs: 0, trusted: true });
  expect(guard.admit('bos@toko.id', '192.168.1.21')).toMatchObject({ trusted: false });
  // Other accounts are not affected.
  expect(guard.admit('lain@toko.id', '192.168.1.21')).toEqual({ waitMs: 0, trusted: false });
});

it('forgets failures older than the window', () => {
  const { guard, later } = setup();
  for (let i = 0; i < 10; i++) guard.recordFailure('bos@toko.id');
  later(limit.windowMs + 1);
  expect(guard.admit('bos@toko.id', '203.0.113.1')).toEqual({ waitMs: 0, trusted: false });
});
