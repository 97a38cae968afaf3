import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { activityLogs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import type { Db } from '../db/client';
import { KeptAnswers } from './kept-answers';

let database: TestDatabase;

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
} as unknown as Db;

const logEntry = { action: 'TES', userName: 'Tes', userEmail: '', details: 'tes' };

const countLogs = async () => {
  const { rows } = await database.db.execute<{ n: unknown }>(
    sql`select count(*)::int as n from activity_logs where action = 'TES'`,
  );
  return Number(rows[0]?.n);
};

/** A route answering the count of log entries, with how many readings were made. */
async function countingApp(
  answers: KeptAnswers,
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

describe('KeptAnswers', () => {
  it('sends the kept text while nothing is written, and reads again after any commit', async () => {
    const { app, readings } = await countingApp(new KeptAnswers(database.db));
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
    const { app, readings } = await countingApp(new KeptAnswers(database.db), {
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
    const { app, readings } = await countingApp(new KeptAnswers(fixedSnapshotDb), {
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
    const { app, readings } = await countingApp(new KeptAnswers(fixedSnapshotDb, 2));
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
    const { app, readings } = await countingApp(new KeptAnswers(fixedSnapshotDb, 64, 50));
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
      new KeptAnswers(fixedSnapshotDb, 64, 10),
    );
    await tiny.inject('/count');
    await tiny.inject('/count');
    expect(tinyReadings()).toBe(2);
    await app.close();
    await tiny.close();
  });
});
