import { activityLogs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { KeptResults, snapshotAfter } from './kept-results';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.destroy();
});

const logEntry = { action: 'GENERATE_REPORT', userName: 'Tes', userEmail: '', details: 'tes' };

describe('KeptResults.writeKeeping', () => {
  it('keeps an answer across its own write, and not across any other', async () => {
    const kept = new KeptResults<number>(database.db, 4);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return computed;
    };
    expect(await kept.get('a', compute)).toBe(1);
    expect(await kept.get('a', compute)).toBe(1);

    // The answer's own log entry: the next request still reads the kept answer. Transaction ids
    // are the PostgreSQL server's, shared by every database on it: another test's write at the
    // same moment drops the answer (safely), so this is tried a few times.
    let keptAcross = false;
    for (let attempt = 0; attempt < 5 && !keptAcross; attempt += 1) {
      const before = await kept.get('a', compute);
      await kept.writeKeeping('a', async (tx) => {
        await tx.insert(activityLogs).values(logEntry);
      });
      keptAcross = (await kept.get('a', compute)) === before;
    }
    expect(keptAcross).toBe(true);
    const now = computed;

    // Any other write: computed again.
    await database.db.insert(activityLogs).values(logEntry);
    expect(await kept.get('a', compute)).toBe(now + 1);

    // Another write between the answer and its own one: computed again too.
    await database.db.insert(activityLogs).values(logEntry);
    await kept.writeKeeping('a', async (tx) => {
      await tx.insert(activityLogs).values(logEntry);
    });
    expect(await kept.get('a', compute)).toBe(now + 2);

    // Another key is not carried by this key's write.
    expect(await kept.get('b', compute)).toBe(now + 3);
    await kept.writeKeeping('a', async (tx) => {
      await tx.insert(activityLogs).values(logEntry);
    });
    expect(await kept.get('b', compute)).toBe(now + 4);
  });
});

describe('snapshotAfter', () => {
  it.each([
    ['10:10:', '10', '11:11:'],
    ['7:12:7,9', '12', '7:13:7,9'],
    ['10:10:', '11', null],
    ['7:12:7,9', '13', null],
  ])('%s after %s -> %s', (snapshot, xid, expected) => {
    expect(snapshotAfter(snapshot, xid)).toBe(expected);
  });
});
