// Plan checks instead of timings (docs/adr/0007-scale.md): on 40,000 rows per list,
// every query a list page runs must read the page from an index, at most a few pages' worth of
// rows, never scan the table and sort it. A change that loses an index, or writes an ORDER BY the
// index cannot serve, fails here rather than in a shop with a million movements.
import type { PageQuery, StockMovementListQuery } from '@gudang/api-client/contract';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';
import { schema } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import { listDamaged } from '../damaged-goods/service';
import { listProducts } from '../products/service';
import { listIncoming } from './incoming-service';
import { listOutgoing } from './outgoing-service';

// 40,000: a scan of a whole list reads 8 times the largest bound below (a deep page's 5,050 rows),
// and the planner reads from the indexes as it does at 100,000 (the number until 2026-11-29),
// in less than half the setup time.
const ROWS = 40_000;
const PRODUCTS = 2_000;
const LIMIT = 10;
const DEEP_PAGE = 500;

/** Both drivers' clients answer `query(text, params)` with `{ rows }`. */
interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface Captured {
  text: string;
  params: unknown[];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

let database: TestDatabase;
let client: RawClient;
let captured: Captured[] = [];
let logged: Db;

const LIST_TABLES = ['incoming_goods', 'outgoing_goods', 'damaged_goods'];

beforeAll(async () => {
  database = await createTestDatabase();
  const raw = (database.db as unknown as { $client: unknown }).$client;
  client = raw as RawClient;
  // A second drizzle over the same connection that records every statement the services run.
  const logger: Logger = { logQuery: (text, params) => captured.push({ text, params }) };
  logged = (database.kind === 'postgresql'
    ? drizzlePg({ client: raw as never, schema, logger })
    : drizzlePglite({ client: raw as never, schema, logger })) as unknown as Db;

  // ROWS rows per list, generated in SQL; the totals rebuilt once rather than row by row.
  const triggers = (mode: 'ENABLE' | 'DISABLE') => [
    `ALTER TABLE incoming_goods ${mode} TRIGGER incoming_goods_totals`,
    `ALTER TABLE outgoing_goods ${mode} TRIGGER outgoing_goods_totals`,
    `ALTER TABLE damaged_goods ${mode} TRIGGER damaged_goods_row_count`,
  ];
  for (const statement of triggers('DISABLE')) await client.query(statement);
  await client.query(`
    INSERT INTO products (barcode_id, code, name, initial_stock, current_stock, category, brand)
    SELECT '899' || lpad(i::text, 10, '0'), 'BRG' || lpad(i::text, 5, '0'),
           (ARRAY['Kaos', 'Kemeja', 'Celana', 'Sepatu', 'Tas'])[i % 5 + 1] || ' Model ' || i,
           1000, 1000, (ARRAY['Pakaian', 'Alas Kaki', 'Tas'])[i % 3 + 1],
           (ARRAY['Sinar Jaya', 'Mitra Abadi', 'Putra Makmur', 'Nusa Raya'])[i % 4 + 1] ||
             CASE WHEN i % 50 = 0 THEN ' Khusus' ELSE '' END
      FROM generate_series(1, ${PRODUCTS}) AS i`);
  const day = `(date '2026-11-20' - (i % 1000))`;
  const product = `(i * 7919 % ${PRODUCTS} + 1)`;
  await client.query(`
    INSERT INTO incoming_goods (product_id, date, resi_number, quantity, platform)
    SELECT ${product}, ${day}, 'IN' || lpad((i::bigint * 7777771 % 1000000000)::text, 10, '0'), 1 + i % 20,
           (ARRAY['Shopee', 'Tokopedia', 'TikTok Shop', 'Lazada', 'Offline'])[i % 5 + 1]
      FROM generate_series(1, ${ROWS}) AS i`);
  await client.query(`
    INSERT INTO outgoing_goods (product_id, date, resi_number, quantity, barcode)
    SELECT ${product}, ${day}, 'JNE' || lpad((i::bigint * 9876541 % 1000000000)::text, 10, '0'), 1,
           '899' || lpad(${product}::text, 10, '0')
      FROM generate_series(1, ${ROWS}) AS i`);
  await client.query(`
    INSERT INTO damaged_goods (product_id, barcode_id, code, name, stock, category, brand,
                               damage_reason, date)
    SELECT p.id, p.barcode_id, p.code, p.name, 1, p.category, p.brand,
           (ARRAY['Kemasan rusak', 'Pecah', 'Basah'])[i % 3 + 1], ${day}
      FROM generate_series(1, ${ROWS}) AS i JOIN products p ON p.id = ${product}`);
  await client.query('SELECT rebuild_movement_totals()');
  for (const statement of triggers('ENABLE')) await client.query(statement);
  // Statistics, and the visibility map that index-only scans rely on (as after any autovacuum).
  await client.query('VACUUM ANALYZE');
}, 240_000);

afterAll(async () => {
  await database.destroy();
});

function parsePlan(rows: Record<string, unknown>[]): PlanNode {
  const value = rows[0]?.['QUERY PLAN'];
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const plan = json[0]?.Plan;
  if (plan === undefined) throw new Error('no plan');
  return plan;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** Rows a node read from its relation: those it returned plus those its filters dropped. */
const rowsRead = (node: PlanNode) =>
  (node['Actual Rows'] +
    (node['Rows Removed by Filter'] ?? 0) +
    (node['Rows Removed by Index Recheck'] ?? 0)) *
  node['Actual Loops'];

interface PlanReport {
  /** Per statement, the list tables' scan nodes and how many rows each read. */
  scans: { type: string; relation: string; index?: string; rows: number }[];
  /** Sort nodes with the number of rows they sorted. */
  sorts: number[];
  /** Every index any node used (bitmap index scans name no relation). */
  indexes: string[];
  /** How many statements the page ran. */
  statements: number;
}

/** Runs `list` through the recording drizzle and EXPLAIN ANALYZEs every statement it ran. */
async function plansOf(list: (db: Db) => Promise<unknown>): Promise<PlanReport> {
  captured = [];
  await list(logged);
  const statements = captured;
  expect(statements.length).toBeGreaterThan(0);
  const report: PlanReport = { scans: [], sorts: [], indexes: [], statements: statements.length };
  for (const statement of statements) {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      statement.params,
    );
    for (const node of nodes(parsePlan(rows))) {
      const index = node['Index Name'];
      if (index !== undefined) report.indexes.push(index);
      const relation = node['Relation Name'];
      if (relation !== undefined && LIST_TABLES.includes(relation)) {
        report.scans.push({
          type: node['Node Type'],
          relation,
          index: node['Index Name'],
          rows: rowsRead(node),
        });
      }
      if (node['Node Type'] === 'Sort') {
        const input = node.Plans?.[0];
        report.sorts.push(input === undefined ? 0 : input['Actual Rows'] * input['Actual Loops']);
      }
    }
  }
  return report;
}

/** No sequential scan of a list table, and no node reading or sorting more than `bound` rows. */
function expectIndexRead(report: PlanReport, bound: number): void {
  for (const scan of report.scans) {
    expect(scan).toEqual(
      expect.objectContaining({ type: expect.not.stringMatching(/^Seq Scan$/) }),
    );
    expect({ ...scan, withinBound: scan.rows <= bound }).toEqual({ ...scan, withinBound: true });
  }
  for (const sorted of report.sorts) expect(sorted).toBeLessThanOrEqual(bound);
}

const page1 = { page: 1, limit: LIMIT };
const deep = { page: DEEP_PAGE, limit: LIMIT };
const deepOffset = (DEEP_PAGE - 1) * LIMIT;
// A few pages' worth: the page, its neighbours, and a small number of matches to sort.
const FEW_PAGES = 5 * LIMIT;
// A search of 'Khusus' matches 2% of the rows (one product in 50). A page of it either walks the
// (date, id) index keeping matches or sorts the matches found by the trigram index: either way
// at most about twice the matches, never the table.
const SEARCH_BOUND = 2 * (ROWS / 50);

type MovementList = (db: Db, query: StockMovementListQuery) => Promise<unknown>;
const movementLists: [string, MovementList, string][] = [
  ['incoming goods', listIncoming, 'IN12345'],
  ['outgoing goods', listOutgoing, 'JNE1234'],
];

describe.each(movementLists)('%s list', (_name, list, resiFragment) => {
  it('counts all rows without reading the table', async () => {
    const report = await plansOf((db) => list(db, page1));
    // The count comes from product_totals; only the page's rows are read.
    expectIndexRead(report, FEW_PAGES);
  });

  it('reads a deep page from the index alone, skipping the rows before it', async () => {
    const report = await plansOf((db) => list(db, deep));
    expectIndexRead(report, deepOffset + FEW_PAGES);
    expect(report.scans.some((scan) => scan.type === 'Index Only Scan')).toBe(true);
  });

  it('searches a resi fragment through its trigram index, page 1 and deep', async () => {
    const search = { search: resiFragment.slice(-5) };
    expectIndexRead(await plansOf((db) => list(db, { ...page1, ...search })), FEW_PAGES * 4);
    expectIndexRead(await plansOf((db) => list(db, { ...deep, ...search })), FEW_PAGES * 4);
  });

  it('counts a search of few matches and sorts its page in one statement, one read', async () => {
    const search = { search: resiFragment.slice(-5) };
    for (const query of [page1, deep]) {
      const report = await plansOf((db) => list(db, { ...query, ...search }));
      // The matches counted and (when few) sorted for the page; then only that page's rows.
      expect(report.statements).toBeLessThanOrEqual(2);
      const resiIndex = report.indexes.filter((index) => index.endsWith('_resi_trgm_idx'));
      expect(resiIndex).toHaveLength(1);
    }
  });

  it('searches the product columns (brand) through the product index', async () => {
    const search = { search: 'khusus' };
    expectIndexRead(await plansOf((db) => list(db, { ...page1, ...search })), SEARCH_BOUND);
    expectIndexRead(await plansOf((db) => list(db, { ...deep, ...search })), SEARCH_BOUND);
  });
});

describe('damaged goods list', () => {
  const list = (db: Db, query: PageQuery) => listDamaged(db, query);

  it('reads page 1 and a deep page from the (date, id) index', async () => {
    expectIndexRead(await plansOf((db) => list(db, page1)), FEW_PAGES);
    const report = await plansOf((db) => list(db, deep));
    expectIndexRead(report, deepOffset + FEW_PAGES);
    expect(report.scans.some((scan) => scan.type === 'Index Only Scan')).toBe(true);
  });

  it('searches every shown column through one trigram index', async () => {
    // Brand 'Khusus': 2% of the rows.
    for (const query of [page1, deep]) {
      const report = await plansOf((db) => list(db, { ...query, search: 'Khusus' }));
      expectIndexRead(report, SEARCH_BOUND);
      expect(report.indexes).toContain('damaged_goods_search_trgm_idx');
    }
  });
});

describe('products list', () => {
  it('searches every shown column through one trigram index', async () => {
    captured = [];
    await listProducts(logged, { page: 1, limit: LIMIT, search: 'Khusus' });
    for (const statement of captured) {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
        statement.params,
      );
      const all = nodes(parsePlan(rows));
      expect(all.map((node) => node['Node Type'])).not.toContain('Seq Scan');
    }
  });
});
