// The embedded database's housekeeping (docs/adr/0007-scale.md, addendum of 2026-11-28).
//
// PostgreSQL's autovacuum keeps the planner's statistics, clears the row versions updates leave
// and merges the trigram indexes' pending lists into the indexes. PGlite has no autovacuum (it
// runs PostgreSQL as a single user, without background workers), and nobody else can open its
// data directory while Gudang runs: so Gudang runs `VACUUM ANALYZE` on it once a day. Without it a
// shop that grew to ten thousand products searched them in 23-31 ms (a sequential scan: the
// trigram index looked too dear with its pending list unmerged) against 1.8-8.9 ms after one
// (docs/benchmarks.md). A PostgreSQL server is left to its owner (maintenanceWarning).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { everyHour } from './hourly';
import { PRIVATE_FILE_MODE } from '../db/private-files';

/** How often the housekeeping runs. */
export const HOUSEKEEPING_EVERY_MS = 24 * 60 * 60 * 1000;
/**
 * A due run waits for the shop's night (requests wait for it: 3.2-4.3 s on the full benchmark
 * dataset), unless the last run is this old (a server that is stopped at night).
 */
export const HOUSEKEEPING_AT_ANY_HOUR_MS = 2 * HOUSEKEEPING_EVERY_MS;
/** The shop's night: from midnight to before 6 o'clock, in the shop's time zone. */
const NIGHT_ENDS_AT_HOUR = 6;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) of `at` in the time zone. */
export function hourIn(timeZone: string, at: Date): number {
  let format = hourFormats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return Number(format.format(at));
}

/** When the housekeeping last ran (an ISO time), in the data directory. */
export const housekeepingStampOf = (dataDir: string) => path.join(dataDir, 'housekeeping-at');

function lastRun(stamp: string): Date | null {
  try {
    const at = new Date(readFileSync(stamp, 'utf8').trim());
    return Number.isNaN(at.getTime()) ? null : at;
  } catch {
    return null;
  }
}

function writeStamp(stamp: string, at: Date): void {
  writeFileSync(stamp, `${at.toISOString()}\n`, { mode: PRIVATE_FILE_MODE });
}

/**
 * Runs `VACUUM ANALYZE` on a PGlite database when the last run is a day old and it is the shop's
 * night (or the last run is two days old); the milliseconds it took, or null when it was not due
 * (or the database is PostgreSQL). A data directory without a stamp counts from now: the first
 * run comes a day after (not at a start, when the shop opens).
 */
export async function housekeepIfDue(
  database: Pick<Database, 'db' | 'kind'>,
  stamp: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<number | null> {
  if (database.kind !== 'pglite') return null;
  const last = lastRun(stamp);
  if (last === null) {
    writeStamp(stamp, now);
    return null;
  }
  const age = now.getTime() - last.getTime();
  if (age < HOUSEKEEPING_EVERY_MS) return null;
  if (age < HOUSEKEEPING_AT_ANY_HOUR_MS && hourIn(timeZone, now) >= NIGHT_ENDS_AT_HOUR) return null;
  const started = performance.now();
  await database.db.execute(sql`vacuum analyze`);
  writeStamp(stamp, now);
  return Math.round(performance.now() - started);
}

/**
 * Checks every hour (and now) whether the housekeeping is due. stop() ends the checks and waits
 * for a run under way, so that the database is closed after it.
 */
export function scheduleHousekeeping(
  database: Pick<Database, 'db' | 'kind'>,
  dataDir: string,
  timeZone: string,
  log: { info(message: string): void; error(details: object, message: string): void },
): { stop(): Promise<void> } {
  const stamp = housekeepingStampOf(dataDir);
  return everyHour(() =>
    housekeepIfDue(database, stamp, timeZone)
      .then((ms) => {
        if (ms !== null) log.info(`housekeeping: VACUUM ANALYZE took ${ms} ms`);
      })
      .catch((error: unknown) => log.error({ err: error }, 'housekeeping failed')),
  );
}
