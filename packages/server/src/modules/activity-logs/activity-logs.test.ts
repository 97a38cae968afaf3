import {
  ACTIVITY_ACTIONS,
  VALIDATION_MESSAGES,
  type ActivityLog,
  type ActivityLogList,
} from '@gudang/api-client/contract';
import { count, sql } from 'drizzle-orm';
import { activityLogs } from '../../db/schema';
import { setupTestServer } from '../../testing/fixtures';

const server = setupTestServer();

const BASE = Date.UTC(2026, 0, 10, 8, 0);

// 25 entries of three people, one minute apart, all older than the sign-ins of the test server.
// Entries 5 and 6 share a timestamp: the later id is the newer.
const entries = Array.from({ length: 25 }, (_, i) => {
  const [action, userName, userEmail, details] =
    i < 12
      ? (['INCOMING_GOODS', 'Sari Gudang', 'sari@toko.id', `Barang masuk UJI-${i}`] as const)
      : i < 20
        ? (['OUTGOING_GOODS', 'Budi', 'budi@TOKO.id', `Barang keluar uji-${i}`] as const)
        : (['CREATE_PRODUCT', 'Rina', 'rina@contoh.id', `Produk Uji-${i} 100% katun`] as const);
  return {
    action,
    userName,
    userEmail,
    details,
    timestamp: new Date(BASE + (i === 6 ? 5 : i) * 60_000),
  };
});

beforeAll(async () => {
  await server.database.db.insert(activityLogs).values(entries);
  // Statistics, so that a deep searched page takes the sort-the-matches path (list.ts).
  await server.database.db.execute(sql`analyze activity_logs`);
});

const list = async (query: string, token: string | null = server.actors.managerToken) => {
  const response = await server.call('GET', `/api/activity-logs?${query}`, token);
  return { status: response.statusCode, body: response.json() as ActivityLogList };
};

const detailsOf = (data: ActivityLog[]) => data.map((entry) => entry.details);

/** The test entries' details matching `keep`, newest first. */
const expected = (keep: (entry: (typeof entries)[number], i: number) => boolean) =>
  entries
    .map((entry, i) => ({ entry, i }))
    .filter(({ entry, i }) => keep(entry, i))
    .sort((x, y) => y.entry.timestamp.getTime() - x.entry.timestamp.getTime() || y.i - x.i)
    .map(({ entry }) => entry.details);

describe('GET /api/activity-logs', () => {
  it('answers every entry newest first, with the fields of the contract', async () => {
    const { status, body } = await list('limit=1000');
    expect(status).toBe(200);
    const [{ total } = { total: 0 }] = await server.database.db
      .select({ total: count() })
      .from(activityLogs);
    expect(body.pagination).toEqual({ page: 1, limit: 1000, total, totalPages: 1 });
    expect(body.data).toHaveLength(total);
    // The sign-ins of the test server are the newest.
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      action: 'LOGIN',
      user_name: server.actors.admin.name,
      user_email: server.actors.admin.email,
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      details: expect.any(String),
    });
    const times = body.data.map((entry) => Date.parse(entry.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(detailsOf(body.data.slice(-25))).toEqual(expected(() => true));
    const tied = body.data.filter((entry) => /UJI-[56]$/.test(entry.details));
    expect(tied.map((entry) => entry.details)).toEqual([
      'Barang masuk UJI-6',
      'Barang masuk UJI-5',
    ]);
    expect(tied[0]?.id).toBeGreaterThan(tied[1]?.id ?? Infinity);
  });

  it('pages in order: the pages together are the whole list', async () => {
    // With these statistics page 1 walks the (timestamp, id) index and page 3 sorts the matches
    // ((offset + limit) * rows > matches squared, list.ts): both ways give the same order.
    const { rows } = await server.database.db.execute<{ estimate: unknown }>(
      sql`select reltuples as estimate from pg_class where oid = 'activity_logs'::regclass`,
    );
    expect(Number(rows[0]?.estimate)).toBeGreaterThan(25 ** 2 / 30);
    expect(Number(rows[0]?.estimate)).toBeLessThan(25 ** 2 / 10);
    const all = expected(() => true);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const { body } = await list(`search=uji&limit=10&page=${page}`);
      expect(body.pagination).toEqual({ page, limit: 10, total: 25, totalPages: 3 });
      pages.push(...detailsOf(body.data));
    }
    expect(pages).toEqual(all);
    const beyond = await list('search=uji&limit=10&page=4');
    expect(beyond.body).toEqual({
      data: [],
      pagination: { page: 4, limit: 10, total: 25, totalPages: 3 },
    });
  });

  it.each([
    ['details, whatever the case', 'search=uJi', () => true],
    [
      'the user name',
      'search=sari%20GUDANG',
      (e: (typeof entries)[number]) => e.userName === 'Sari Gudang',
    ],
    ['the email', 'search=BUDI%40toko', (e: (typeof entries)[number]) => e.userName === 'Budi'],
    [
      'a literal percent sign',
      'search=100%25',
      (e: (typeof entries)[number]) => e.userName === 'Rina',
    ],
    ['one entry', 'search=uji-13', (_e: unknown, i: number) => i === 13],
  ])('searches %s', async (_name, query, keep) => {
    const { status, body } = await list(`${query}&limit=50`);
    expect(status).toBe(200);
    const want = expected(keep);
    expect(detailsOf(body.data)).toEqual(want);
    expect(body.pagination.total).toBe(want.length);
  });

  it('finds nothing for text no entry has, and treats _ literally', async () => {
    expect((await list('search=tidak-ada-sama-sekali')).body.data).toEqual([]);
    expect((await list('search=uji_1')).body.pagination.total).toBe(0);
  });

  it('filters by action exactly, alone and with a search', async () => {
    const outgoing = await list('action=OUTGOING_GOODS&limit=50');
    expect(detailsOf(outgoing.body.data)).toEqual(expected((e) => e.action === 'OUTGOING_GOODS'));
    const searched = await list('action=INCOMING_GOODS&search=uji-1&limit=5&page=1');
    // UJI-1, UJI-10, UJI-11 among the incoming; uji-1x outgoing ones are left out.
    expect(searched.body.pagination.total).toBe(3);
    expect(detailsOf(searched.body.data)).toEqual([
      'Barang masuk UJI-11',
      'Barang masuk UJI-10',
      'Barang masuk UJI-1',
    ]);
    const none = await list('action=DELETE_ORDER');
    expect(none.body).toEqual({
      data: [],
      pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
    });
  });

  it.each([
    ['action=HACK', VALIDATION_MESSAGES.oneOf('Aksi', ACTIVITY_ACTIONS)],
    ['action=login', VALIDATION_MESSAGES.oneOf('Aksi', ACTIVITY_ACTIONS)],
    ['limit=1001', VALIDATION_MESSAGES.atMost('Jumlah per halaman', 1000)],
    ['limit=0', VALIDATION_MESSAGES.positive('Jumlah per halaman')],
    ['page=0', VALIDATION_MESSAGES.positive('Halaman')],
  ])('refuses %s with 400', async (query, message) => {
    const response = await server.call(
      'GET',
      `/api/activity-logs?${query}`,
      server.actors.managerToken,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('is the manager’s only: admin 403, signed out 401', async () => {
    expect((await list('', server.actors.adminToken)).status).toBe(403);
    expect((await list('', null)).status).toBe(401);
  });
});
