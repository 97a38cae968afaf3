// Failures seen centrally (issue 49): the shell reports a remote that did not load, a lazy chunk
// that failed and a render crash; the deploy panel shows the count per version. Kept as one row
// per remote, version and kind (a count, the last page and message), never a row per report and
// never who reported it, with at most CLIENT_ERROR_LIMITS.maxRows rows: reports cannot fill the disk.
import {
  CLIENT_ERROR_LIMITS,
  type ClientErrorCount,
  type ClientErrorInput,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The start of a message, without what a crash message may carry beyond its first lines. */
export function shortMessage(message: string): string {
  return message.trim().slice(0, CLIENT_ERROR_LIMITS.messageLength);
}

/** Counts one report. False when it was dropped (the table is full with other versions). */
export async function recordClientError(db: DbOrTx, report: ClientErrorInput): Promise<boolean> {
  const message = shortMessage(report.message);
  const page = report.page.slice(0, CLIENT_ERROR_LIMITS.pageLength);
  const updated = await db.execute(sql`
    update client_errors
       set count = least(count + 1, 2147483647), page = ${page}, last_message = ${message},
           last_at = now()
     where remote = ${report.remote} and version = ${report.version} and kind = ${report.kind}
     returning 1`);
  if (updated.rows.length > 0) return true;
  // A new row only while the table has room; two first reports at once count once each.
  const inserted = await db.execute(sql`
    insert into client_errors (remote, version, kind, page, last_message)
    select ${report.remote}, ${report.version}, ${report.kind}, ${page}, ${message}
     where (select count(*) from client_errors) < ${CLIENT_ERROR_LIMITS.maxRows}
    on conflict (remote, version, kind) do update
       set count = least(client_errors.count + 1, 2147483647), page = excluded.page,
           last_message = excluded.last_message, last_at = now()
    returning 1`);
  return inserted.rows.length > 0;
}

/** Every counted failure, the most recent first. */
export async function clientErrorSummary(db: DbOrTx): Promise<ClientErrorCount[]> {
  const { rows } = await db.execute<{
    remote: string;
    version: string;
    kind: string;
    count: number;
    page: string;
    last_message: string;
    first_at: Date | string;
    last_at: Date | string;
  }>(sql`
    select remote, version, kind, count, page, last_message, first_at, last_at
      from client_errors
     order by last_at desc, remote, version, kind`);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    first_at: iso(row.first_at),
    last_at: iso(row.last_at),
  }));
}
