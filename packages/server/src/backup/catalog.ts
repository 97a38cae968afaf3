// What a backup reads of the database's catalog: the public tables in load order, the applied
// migrations, and whether the shop's tables hold any data.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The public tables, parents before the tables that reference them. */
export async function tablesInOrder(db: DbOrTx): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '').replaceAll('""', '"');
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const ref of references)
      if (unquote(ref.child) === table && unquote(ref.parent) !== table)
        visit(unquote(ref.parent), [...path, table]);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered.filter((table) => tables.includes(table));
}

export async function appliedMigrations(db: DbOrTx): Promise<number[]> {
  const exists = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (exists[0]?.present !== true) return [];
  return (
    await rows<{ created_at: string }>(
      db,
      sql`select created_at::text from drizzle.__drizzle_migrations order by created_at`,
    )
  ).map((row) => Number(row.created_at));
}

/**
 * Tables kept by triggers from the others (drizzle/0004_scale_totals.sql, 0015), and the settings
 * row a fresh migration already writes (shop_settings, 0015): they are not the shop's data, and a
 * restore replaces them with the backup's.
 */
export const DERIVED_TABLES: readonly string[] = [
  'row_counts',
  'product_totals',
  'product_monthly_totals',
  'product_daily_totals',
  'daily_totals',
  'shop_settings',
];

/** True when no public table holds a row of the shop's data (a fresh or only migrated database). */
export async function isEmpty(db: DbOrTx): Promise<boolean> {
  for (const table of await tablesInOrder(db)) {
    if (DERIVED_TABLES.includes(table)) continue;
    const [row] = await rows<{ any: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${quote(table)}) as any`),
    );
    if (row?.any === true) return false;
  }
  return true;
}
