// The shared part of the EXPLAIN scripts (explain-lists.ts, explain-reports.ts): a drizzle
// database on the server's own connection whose statements are captured, and a printer of
// EXPLAIN (ANALYZE, BUFFERS) for every statement one piece of work ran.
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { loadConfig } from '../src/config';
import { createDatabase, type Database, type Db } from '../src/db/client';
import { schema } from '../src/db/schema';

export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface Explainer {
  database: Database;
  /** Runs the services' queries and records each statement. */
  db: Db;
  /** The raw connection, for look-ups that should not be explained. */
  client: RawClient;
  /**
   * Runs `work`, then prints `title(result)` and the plan of each statement it ran: the
   * execution time and the plan's top lines, or (`--full`) the statement and its whole plan.
   */
  explain<T>(work: () => Promise<T>, title: (result: T) => string): Promise<void>;
}

/** Opens the database the server would use (DATABASE_URL, else DATA_DIR's PGlite). */
export async function openExplainer(): Promise<Explainer> {
  const full = process.argv.includes('--full');
  const database = await createDatabase(loadConfig());
  const raw = (database.db as unknown as { $client: unknown }).$client;
  const client = raw as RawClient;
  let captured: { text: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (text, params) => captured.push({ text, params }) };
  const db = (database.kind === 'postgresql'
    ? drizzlePg({ client: raw as never, schema, logger })
    : drizzlePglite({ client: raw as never, schema, logger })) as unknown as Db;

  async function explain<T>(work: () => Promise<T>, title: (result: T) => string) {
    captured = [];
    const result = await work();
    console.log(`\n== ${title(result)}`);
    for (const statement of captured) {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
        statement.params,
      );
      const lines = rows.map((row) => String(row['QUERY PLAN']));
      const time = lines.find((line) => line.startsWith('Execution Time'));
      const planning = lines.find((line) => line.startsWith('Planning Time'));
      if (full) console.log(`-- ${statement.text}\n${lines.join('\n')}`);
      else
        console.log(
          `  ${planning ?? ''} | ${time ?? ''} | ${lines.slice(0, 3).join(' / ').replace(/\s+/g, ' ')}`,
        );
    }
  }
  return { database, db, client, explain };
}

/** Runs a script's main and ends the process with 1 on an error. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
