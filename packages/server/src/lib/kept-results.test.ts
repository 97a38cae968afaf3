import { activityLogs } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { KeptResults, unknownEnded } from './kept-results';

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
    const kept = new KeptResults<number>(database.db, 4, 'tes-a');
    // Another server process of the same scope (WORKERS), and one of another scope.
    const worker = new KeptResults<number>(database.db, 4, 'tes-a');
    const other = new KeptResults<number>(database.db, 4, 'tes-b');
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return computed;
    };
    const logged = (results: KeptResults<number>) =>
      results.writeUnread(async (tx) => {
        await tx.insert(activityLogs).values(logEntry);
      });
    expect(await kept.get('a', compute)).toBe(1);
    expect(await kept.get('a', compute)).toBe(1);
    expect(await kept.get('b', compute)).toBe(2);

    // Its own log entries and the other worker's, several at once as concurrent requests make
    // them: both answers stay. Transaction ids are the PostgreSQL server's, shared by every
    // database on it: another test's write at the same moment drops an answer (safely), so this
    // is tried a few times.
    let keptAcross = false;
    for (let attempt = 0; attempt < 5 && !keptAcross; attempt += 1) {
      const a = await kept.get('a', compute);
      const b = await kept.get('b', compute);
      await Promise.all([logged(kept), logged(kept), logged(worker), logged(worker)]);
      keptAcross = (await kept.get('a', compute)) === a && (await kept.get('b', compute)) === b;
    }
    expect(keptAcross).toBe(true);
    const now = computed;

    // Any other write: computed again.
    await database.db.insert(activityLogs).values(logEntry);
    expect(await kept.get('a', compute)).toBe(now + 1);

    // Another write among its own: computed again too.
    await logged(kept);
    await database.db.insert(activityLogs).values(logEntry);
    await logged(worker);
    expect(await kept.get('a', compute)).toBe(now + 2);

    // An unread write of another scope is not this one's.
    await logged(other);
    expect(await kept.get('a', compute)).toBe(now + 3);
  });
});

describe('unknownEnded', () => {
  const known = new Set(['10', '12']);
  it.each([
    // Same snapshot; nothing ended.
    ['10:10:', '10:10:', []],
    // 10 ended (known), 11 still running.
    ['10:10:', '11:12:11', []],
    // 10 and 11 ended, 11 unknown.
    ['10:10:', '12:12:', ['11']],
    // 9 was running at the first snapshot and ended, unknown.
    ['9:11:9', '11:11:', ['9']],
    // 12 was running and ended (known); 10 ended before the first snapshot.
    ['11:13:12', '13:13:', []],
    // The second snapshot is older, or unreadable.
    ['10:12:', '10:10:', null],
    ['x', '10:10:', null],
    // Too far apart.
    ['10:10:', '10:99999:10', null],
  ])('%s to %s -> %j', (from, to, expected) => {
    expect(unknownEnded(from, to, known)).toEqual(expected);
  });
});
