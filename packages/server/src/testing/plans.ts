// Plan checks instead of timings (docs/adr/0007-scale.md): run a service through a drizzle that
// records its statements, then EXPLAIN ANALYZE each of them and report every scan of the tables
// of interest, so a test can require index reads of a bounded number of rows.
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../db/client';
import { schema } from '../db/schema';
import type { TestDatabase } from './test-app';

/** Both drivers' clients answer `query(text, params)` with `{ rows }`. */
export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** One scan of a plan: its kind, its index, the rows it read (kept or removed), heap fetches. */
export interface Scan {
  type: string;
  index?: string;
  rows: number;
  heapFetches?: number;
}

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

export interface PlanRecorder {
  /** The database's own client, for seeding and for reading rows. */
  client: RawClient;
  /** Runs `run` through the recording drizzle; every scan of `table` in every statement it ran. */
  scansOf(table: string, run: (db: Db) => Promise<unknown>): Promise<Scan[]>;
}

export function planRecorder(database: TestDatabase): PlanRecorder {
  const raw = (database.db as unknown as { $client: unknown }).$client;
  const client = raw as RawClient;
  let captured: { text: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (text, params) => captured.push({ text, params }) };
  const logged = (database.kind === 'postgresql'
    ? drizzlePg({ client: raw as never, schema, logger })
    : drizzlePglite({ client: raw as never, schema, logger })) as unknown as Db;

  return {
    client,
    async scansOf(table, run) {
      captured = [];
      await run(logged);
      const statements = captured;
      expect(statements.length).toBeGreaterThan(0);
      const scans: Scan[] = [];
      for (const statement of statements) {
        const { rows } = await client.query(
          `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
          statement.params,
        );
        for (const node of nodes(parsePlan(rows))) {
          const index = node['Index Name'];
          // A bitmap index scan names its index but no relation.
          if (node['Relation Name'] !== table && !index?.startsWith(`${table}_`)) continue;
          scans.push({
            type: node['Node Type'],
            ...(index === undefined ? {} : { index }),
            rows:
              (node['Actual Rows'] +
                (node['Rows Removed by Filter'] ?? 0) +
                (node['Rows Removed by Index Recheck'] ?? 0)) *
              node['Actual Loops'],
            ...(node['Heap Fetches'] === undefined ? {} : { heapFetches: node['Heap Fetches'] }),
          });
        }
      }
      return scans;
    },
  };
}

/** No sequential scan, and no scan reading more than `bound` rows. */
export function expectIndexRead(scans: Scan[], bound: number): void {
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect({ ...scan, seq: scan.type === 'Seq Scan', withinBound: scan.rows <= bound }).toEqual({
      ...scan,
      seq: false,
      withinBound: true,
    });
  }
}
