// The password pool: bcrypt in worker threads, and a fair queue between client addresses.
import bcrypt from 'bcryptjs';
import { hashPassword, PasswordPool, verifyPassword } from './password';

jest.setTimeout(60_000);

it('hashes and checks bcrypt passwords as bcryptjs does', async () => {
  const hash = await hashPassword('rahasia-123');
  expect(hash).toMatch(/^\$2b\$10\$/);
  expect(await bcrypt.compare('rahasia-123', hash)).toBe(true);
  expect(await verifyPassword('rahasia-123', hash, '203.0.113.1')).toBe(true);
  expect(await verifyPassword('salah', hash, '203.0.113.1')).toBe(false);
  // A hash made elsewhere (the seed's) checks too.
  expect(await verifyPassword('x', bcrypt.hashSync('x', 4))).toBe(true);
});

it("serves the addresses in turn: one address's flood does not go before another's check", async () => {
  const pool = new PasswordPool(1);
  try {
    const hash = bcrypt.hashSync('x', 4);
    const done: string[] = [];
    const check = (key: string, name: string) =>
      pool.run(key, { op: 'compare', password: 'y', hash }).then(() => done.push(name));
    const flood = ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => check('flooder', name));
    const owner = check('owner', 'owner');
    await Promise.all([...flood, owner]);
    // a1 was already running, a2 was first in line; then the owner's turn.
    expect(done.indexOf('owner')).toBeLessThanOrEqual(2);
    expect(done).toHaveLength(6);
  } finally {
    await pool.close();
  }
});
