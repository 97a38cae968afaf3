// Work that one server process at a time may run (the daily backup, the stock-consistency check)
// when several share a PostgreSQL database (WORKERS, or several app servers: docs/adr/0007-scale.md).
// A transaction-level advisory lock: held while the job runs, released by the commit, or by
// PostgreSQL when the process dies. On PGlite there is one process (the data directory's lock), so
// the job simply runs: a transaction there would hold up every other query.
import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** Advisory lock keys of the jobs (any bigint; these spell "GDG" and a number). */
export const LOCKS = {
  dailyBackup: 0x474447_0001,
  consistencyCheck: 0x474447_0002,
  /** Deploys, rollbacks, marks and prunes of the remote builds (remote-builds/shared.ts). */
  remoteBuilds: 0x474447_0003,
  /** The claim of a day's backup (backup/schedule.ts). */
  backupDays: 0x474447_0004,
  /** The commits of TikTok Shop's and Tokopedia's income files (settlements/imports.ts). */
  tiktokFamilySettlements: 0x474447_0005,
} as const;

/**
 * Runs `job` unless another process holds `key` (then resolves `skipped`), or after waiting for
 * it with `wait`. The job runs outside the lock's transaction, on the pool's other connections.
 */
export async function withAdvisoryLock<T>(
  database: Pick<Database, 'db' | 'kind'>,
  key: number,
  job: () => Promise<T>,
  mode: 'try' | 'wait' = 'try',
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (database.kind === 'pglite') return { ran: true, value: await job() };
  return database.db.transaction(async (tx) => {
    if (mode === 'wait') await tx.execute(sql`select pg_advisory_xact_lock(${key}::bigint)`);
    else {
      const { rows } = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(${key}::bigint) as locked`,
      );
      if (rows[0]?.locked !== true) return { ran: false } as const;
    }
    return { ran: true, value: await job() } as const;
  });
}
