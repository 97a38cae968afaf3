import { activityLogs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { KeptResults, onlyCompleted } from './kept-results';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.destroy();
});

const logEntry = { action: 'GENERATE_REPORT', userName: 'Tes', userEmail: '', details: 'tes' };

describe('KeptResults.writeUnread', () => {
  it('keeps its answers across its own unread writes, and not across any other', async () => {
    const kept = new KeptResults<number>(database.db, 4);
    const other = new KeptResults<number>(database.db, 4);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return computed;
    };
    expect(await kept.get('a', compute)).toBe(1);
    expect(await kept.get('a', compute)).toBe(1);
    expect(await kept.get('b', compute)).toBe(2);

    // Its own log entries, several at once as concurrent requests make them: both answers stay.
    // Transaction ids are the PostgreSQL server's, shared by every database on it: another
    // test's write at the same moment drops an answer (safely), so this is tried a few times.
    let keptAcross = false;
    for (let attempt = 0; attempt < 5 && !keptAcross; attempt += 1) {
      const a = await kept.get('a', compute);
      const b = await kept.get('b', compute);
      await Promise.all(
        [1, 2, 3].map(() =>
          kept.writeUnread(async (tx) => {
            await tx.insert(activityLogs).values(logEntry);
          }),
        ),
      );
      keptAcross = (await kept.get('a', compute)) === a && (await kept.get('b', compute)) === b;
    }
    expect(keptAcross).toBe(true);
    const now = computed;

    // Any other write: computed again.
    await database.db.insert(activityLogs).values(logEntry);
    expect(await kept.get('a', compute)).toBe(now + 1);

    // Another write among its own: computed again too.
    await kept.writeUnread(async (tx) => {
      await tx.insert(activityLogs).values(logEntry);
    });
    await database.db.insert(activityLogs).values(logEntry);
    await kept.writeUnread(async (tx) => {
      await tx.insert(activityLogs).values(logEntry);
    });
    expect(await kept.get('a', compute)).toBe(now + 2);

    // Another instance's unread write is not this one's.
    await other.writeUnread(async (tx) => {
      await tx.insert(activityLogs).values(logEntry);
    });
    expect(await kept.get('a', compute)).toBe(now + 3);
  });
});

describe('onlyCompleted', () => {
  const known = new Set(['10', '12']);
  it.each([
    // Same snapshot; nothing ended.
    ['10:10:', '10:10:', true],
    // 10 ended (known), 11 still running.
    ['10:10:', '11:12:11', true],
    // 10 and 11 ended, 11 unknown.
    ['10:10:', '12:12:', false],
    // 9 was running at the first snapshot and ended, unknown.
    ['9:11:9', '11:11:', false],
    // 12 was running and ended (known); 10 ended before the first snapshot.
    ['11:13:12', '13:13:', true],
    // The second snapshot is older, or unreadable.
    ['10:12:', '10:10:', false],
    ['x', '10:10:', false],
    // Too far apart.
    ['10:10:', '10:99999:10', false],
  ])('%s to %s -> %s', (from, to, expected) => {
    expect(onlyCompleted(from, to, known)).toBe(expected);
  });
});
