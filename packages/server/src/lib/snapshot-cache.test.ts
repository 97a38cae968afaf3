import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { activityLogs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import type { Db, DbOrTx } from '../db/client';
import { SnapshotCache } from './snapshot-cache';

let database: TestDatabase;

// A busy machine (the test suite runs beside other work) can take seconds for a few reads.
jest.setTimeout(30_000);

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.destroy();
});

/**
 * Tries up to ten times: transaction ids are the PostgreSQL server's, shared by every database
 * on it, so another test's write at the same moment changes the snapshot (the answer is then
 * read again: safe, but not what a step expects).
 */
async function eventually(attempt: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 10; i += 1) if (await attempt()) return true;
  return false;
}

/** A database whose snapshot is what the test says (the sharing and size rules alone). */
let snapshotText = '1:1:';
const fixedSnapshotDb = {
  execute: async () => ({ rows: [{ snapshot: snapshotText }] }),
  transaction: async (compute: (tx: unknown) => Promise<unknown>) => compute(fixedSnapshotDb),
} as unknown as Db;

const logEntry = { action: 'TES', userName: 'Tes', userEmail: '', details: 'tes' };

const countLogs = async (db: DbOrTx = database.db) => {
  const { rows } = await db.execute<{ n: unknown }>(
    sql`select count(*)::int as n from activity_logs where action = 'TES'`,
  );
  return Number(rows[0]?.n);
};

/** A route answering the count of log entries, with how many readings were made. */
async function countingApp(
  answers: SnapshotCache,
  options: { before?: () => Promise<void>; fail?: () => boolean } = {},
) {
  const app: FastifyInstance = Fastify();
  let readings = 0;
  app.get(
    '/count',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { n: { type: 'integer' }, reading: { type: 'integer' } },
          },
        },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        readings += 1;
        const reading = readings;
        await options.before?.();
        if (options.fail?.() === true)
          throw Object.assign(new Error('Tidak ada'), { statusCode: 404 });
        // `secret` is not in the response schema: the kept text is the serialized answer.
        return { n: await countLogs(), reading, secret: 'x' };
      }),
  );
  await app.ready();
  return { app, readings: () => readings };
}

describe('SnapshotCache.send (a JSON answer kept as its text)', () => {
  it('sends the kept text while nothing is written, and reads again after any commit', async () => {
    const { app, readings } = await countingApp(new SnapshotCache(database.db));
    const first = await app.inject('/count?a=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const n = JSON.parse(first.body).n as number;
    // The serialized answer: `secret` is not in the response schema.
    expect(JSON.parse(first.body)).toEqual({ n, reading: 1 });
    expect(
      await eventually(async () => {
        const before = readings();
        const again = await app.inject('/count?a=1');
        const kept = await app.inject('/count?a=1');
        return kept.body === again.body && readings() <= before + 1;
      }),
    ).toBe(true);
    // Another query is another answer.
    const other = readings();
    await app.inject('/count?a=2');
    expect(readings()).toBe(other + 1);

    await database.db.insert(activityLogs).values(logEntry);
    const written = readings();
    expect(JSON.parse((await app.inject('/count?a=1')).body)).toEqual({
      n: n + 1,
      reading: written + 1,
    });
    await app.close();
  });

  it('never keeps an answer as of a snapshot older than what it read', async () => {
    // A write commits after the snapshot is taken and before the rows are read: the answer is
    // newer than its snapshot, so the next request (another snapshot) reads again.
    let writeBetween = true;
    const { app, readings } = await countingApp(new SnapshotCache(database.db), {
      before: async () => {
        if (!writeBetween) return;
        writeBetween = false;
        await database.db.insert(activityLogs).values(logEntry);
      },
    });
    const before = await countLogs();
    expect(JSON.parse((await app.inject('/count')).body)).toEqual({ n: before + 1, reading: 1 });
    // Kept as of the snapshot taken before the write, not after it: read again.
    expect(JSON.parse((await app.inject('/count')).body).reading).toBeGreaterThan(1);
    expect(readings()).toBeGreaterThan(1);
    await app.close();
  });

  it('shares one reading among requests with the same snapshot, and keeps no failure', async () => {
    let failing = true;
    const { app, readings } = await countingApp(new SnapshotCache(fixedSnapshotDb), {
      fail: () => failing,
      before: () => new Promise((resolve) => setTimeout(resolve, 20)),
    });
    const failed = await Promise.all([app.inject('/count'), app.inject('/count')]);
    expect(failed.map((response) => response.statusCode)).toEqual([404, 404]);
    expect(readings()).toBe(1);
    failing = false;
    const answered = await Promise.all(Array.from({ length: 5 }, () => app.inject('/count')));
    expect(answered.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answered.map((response) => response.body)).size).toBe(1);
    expect(readings()).toBe(2);
    // Another snapshot: read again.
    snapshotText = '1:2:';
    expect(JSON.parse((await app.inject('/count')).body).reading).toBe(3);
    await app.close();
  });

  it('keeps at most its size, the least recently read making room', async () => {
    const { app, readings } = await countingApp(new SnapshotCache(fixedSnapshotDb, 2));
    await app.inject('/count?k=1');
    await app.inject('/count?k=2');
    await app.inject('/count?k=1');
    await app.inject('/count?k=3');
    expect(readings()).toBe(3);
    await app.inject('/count?k=1');
    expect(readings()).toBe(3);
    await app.inject('/count?k=2');
    expect(readings()).toBe(4);
    await app.close();
  });

  it('keeps at most its characters: a large answer makes room, one over the budget is not kept', async () => {
    // Each answer here is about 20 characters ({"n":..,"reading":..}).
    const { app, readings } = await countingApp(new SnapshotCache(fixedSnapshotDb, 64, 50));
    await app.inject('/count?k=1');
    await app.inject('/count?k=2');
    await app.inject('/count?k=3');
    expect(readings()).toBe(3);
    // k=1 made room for k=3; k=2 and k=3 are kept.
    await app.inject('/count?k=3');
    await app.inject('/count?k=2');
    expect(readings()).toBe(3);
    await app.inject('/count?k=1');
    expect(readings()).toBe(4);
    const { app: tiny, readings: tinyReadings } = await countingApp(
      new SnapshotCache(fixedSnapshotDb, 64, 10),
    );
    await tiny.inject('/count');
    await tiny.inject('/count');
    expect(tinyReadings()).toBe(2);
    await app.close();
    await tiny.close();
  });
});

/** A reading the test finishes by hand, numbered in start order. */
function manual() {
  const started: ((value: number) => void)[] = [];
  const compute = () =>
    new Promise<number>((resolve) => {
      started.push(resolve);
    });
  return { started, compute };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SnapshotCache.get (a value read in one read-only transaction)', () => {
  beforeEach(() => {
    snapshotText = '5:5:';
  });

  it('keeps the value while the snapshot is the same, and reads again after any commit', async () => {
    const cache = new SnapshotCache(database.db, 4);
    let computed = 0;
    // Inside the reading's transaction (PGlite has one connection: a query beside it would wait).
    const compute = async (tx: DbOrTx) => {
      computed += 1;
      return countLogs(tx);
    };
    const n = await cache.get('count', compute);
    expect(
      await eventually(async () => {
        const before = computed;
        await cache.get('count', compute);
        await cache.get('count', compute);
        return computed <= before + 1;
      }),
    ).toBe(true);
    await database.db.insert(activityLogs).values(logEntry);
    expect(await cache.get('count', compute)).toBe(n + 1);
  });

  it('reads in a read-only transaction', async () => {
    const cache = new SnapshotCache(database.db, 4);
    await expect(
      cache.get('write', async (tx) => {
        await tx.insert(activityLogs).values(logEntry);
        return 1;
      }),
    ).rejects.toThrow();
    // A failed reading is not kept: the next request reads again.
    expect(await cache.get('write', async () => 2)).toBe(2);
  });

  it('answers requests arriving with another snapshot during a reading with the next one, shared', async () => {
    const cache = new SnapshotCache(fixedSnapshotDb, 4);
    const { started, compute } = manual();
    const first = cache.get('all', compute);
    await tick();
    expect(started).toHaveLength(1);
    // Same snapshot: shares the reading under way.
    const same = cache.get('all', compute);
    snapshotText = '5:6:';
    const late = [cache.get('all', compute), cache.get('all', compute), cache.get('all', compute)];
    await tick();
    // The late requests must not get the reading that started before their snapshot.
    expect(started).toHaveLength(1);
    started[0]?.(1);
    expect(await first).toBe(1);
    expect(await same).toBe(1);
    await tick();
    await tick();
    expect(started).toHaveLength(2);
    started[1]?.(2);
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    // Kept as of the later snapshot.
    expect(await cache.get('all', compute)).toBe(2);
    expect(started).toHaveLength(2);
  });

  it('keeps keys apart and survives a failed reading', async () => {
    const cache = new SnapshotCache(fixedSnapshotDb, 4);
    let calls = 0;
    const failing = cache.get('month', () => Promise.reject(new Error('boom')));
    await expect(failing).rejects.toThrow('boom');
    expect(
      await cache.get('month', async () => {
        calls += 1;
        return 7;
      }),
    ).toBe(7);
    expect(await cache.get('today', async () => 3)).toBe(3);
    expect(calls).toBe(1);
  });
});
