// PostgreSQL's own housekeeping, checked at start (docs/adr/0007-scale.md).
//
// Gudang relies on autovacuum: it clears the rows updates leave behind (every sale updates a
// product's stock), keeps the planner's statistics current, keeps the visibility map that
// index-only scans read, and merges the trigram indexes' pending lists into the indexes. Without
// it the lists and the searches slow down as the shop works (measured: the products search took
// 10.7 ms after ten thousand new products, 0.77 ms after VACUUM ANALYZE). A server whose
// autovacuum is off (or whose statistics collector is, which autovacuum needs) still runs; the
// start says so in the log.
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The warning for a PostgreSQL server without autovacuum, or null when it runs (or on PGlite). */
export async function maintenanceWarning(database: Database): Promise<string | null> {
  if (database.kind !== 'postgresql') return null;
  const { rows } = await database.db.execute<{ autovacuum: string; track_counts: string }>(sql`
    select current_setting('autovacuum') as autovacuum,
           current_setting('track_counts') as track_counts`);
  const setting = rows[0];
  if (setting === undefined) return null;
  const off = [
    setting.autovacuum === 'off' ? 'autovacuum' : null,
    setting.track_counts === 'off' ? 'track_counts' : null,
  ].filter((name) => name !== null);
  if (off.length === 0) return null;
  return (
    `PostgreSQL runs with ${off.map((name) => `${name} = off`).join(' and ')}: rows left by ` +
    'updates are never cleared, statistics go stale and the search indexes grow unmerged, so ' +
    'lists and searches slow down over time. Turn it on in postgresql.conf, or run ' +
    '`VACUUM ANALYZE` on the database regularly (nightly)'
  );
}
