import { sql } from 'drizzle-orm';
import { PG_DEADLOCK_DETECTED } from '../db/errors';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { Refusal } from './result';
import { inOneStatement, inTransaction } from './transaction';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table locks_test (id integer primary key, v integer)`);
  await database.db.execute(sql`insert into locks_test values (1, 0), (2, 0)`);
}, 60_000);

afterAll(async () => {
  await database.destroy();
});

const deadlock = () =>
  Object.assign(new Error('deadlock detected'), { code: PG_DEADLOCK_DETECTED });

describe('inTransaction', () => {
  it('runs a transaction the database rolled back for a deadlock again, with nothing kept of the first try', async () => {
    let attempts = 0;
    const result = await inTransaction(database.db, async (tx) => {
      attempts += 1;
      await tx.execute(sql`update locks_test set v = v + 1 where id = 1`);
      if (attempts === 1) throw deadlock();
      return attempts;
    });
    expect(result).toEqual({ ok: true, value: 2 });
    const { rows } = await database.db.execute<{ v: number }>(
      sql`select v from locks_test where id = 1`,
    );
    expect(rows[0]?.v).toBe(1);
    await database.db.execute(sql`update locks_test set v = 0`);
  });

  it('gives up after three tries and rethrows; a Refusal is not tried again', async () => {
    let attempts = 0;
    await expect(
      inTransaction(database.db, async () => {
        attempts += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(attempts).toBe(3);

    attempts = 0;
    const refused = await inTransaction(database.db, async () => {
      attempts += 1;
      throw new Refusal(409, 'Ditolak');
    });
    expect(refused).toEqual({ ok: false, status: 409, message: 'Ditolak' });
    expect(attempts).toBe(1);
  });

  // A real lock cycle needs two connections: PostgreSQL only (PGlite has one).
  (process.env.DATABASE_URL ? it : it.skip)(
    'two transactions locking two rows in opposite orders both end written',
    async () => {
      let bothLockedFirst: () => void = () => undefined;
      let locked = 0;
      const barrier = new Promise<void>((resolve) => {
        bothLockedFirst = resolve;
      });
      const tries = { a: 0, b: 0 };
      const run = (name: 'a' | 'b', first: number, second: number) =>
        inTransaction(database.db, async (tx) => {
          tries[name] += 1;
          await tx.execute(sql`update locks_test set v = v + 1 where id = ${first}`);
          if (tries[name] === 1) {
            locked += 1;
            if (locked === 2) bothLockedFirst();
            await barrier;
          }
          await tx.execute(sql`update locks_test set v = v + 1 where id = ${second}`);
          return tries[name];
        });
      const [a, b] = await Promise.all([run('a', 1, 2), run('b', 2, 1)]);
      expect(a.ok && b.ok).toBe(true);
      expect(tries.a + tries.b).toBe(3); // the database broke the cycle once
      const { rows } = await database.db.execute<{ id: number; v: number }>(
        sql`select id, v from locks_test order by id`,
      );
      expect(rows.map((row) => row.v)).toEqual([2, 2]);
    },
    30_000,
  );
});

describe('inOneStatement', () => {
  it('runs a statement the database undid for a deadlock again, up to three times in all', async () => {
    let attempts = 0;
    const result = await inOneStatement(async () => {
      attempts += 1;
      if (attempts === 1) throw deadlock();
      return attempts;
    });
    expect(result).toEqual({ ok: true, value: 2 });

    attempts = 0;
    await expect(
      inOneStatement(async () => {
        attempts += 1;
        throw deadlock();
      }),
    ).rejects.toThrow('deadlock detected');
    expect(attempts).toBe(3);

    attempts = 0;
    const refused = await inOneStatement(async () => {
      attempts += 1;
      throw new Refusal(409, 'Ditolak');
    });
    expect(refused).toEqual({ ok: false, status: 409, message: 'Ditolak' });
    expect(attempts).toBe(1);
  });
});
