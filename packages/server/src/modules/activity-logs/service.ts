import type {
  ActivityAction,
  ActivityLog,
  ActivityLogList,
  ActivityLogQuery,
} from '@gudang/api-client/contract';
import { and, count, eq, like, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { activityLogs, rowCounts, type ActivityLogRow } from '../../db/schema';
import { joinedContains } from '../../lib/search';
import { descNullsLast, listPage } from '../../lib/paging';

function toActivityLog(row: ActivityLogRow): ActivityLog {
  return {
    id: row.id,
    // The writer takes only ACTIVITY_ACTIONS; the column is plain text.
    action: row.action as ActivityAction,
    user_name: row.userName,
    user_email: row.userEmail,
    timestamp: row.timestamp.toISOString(),
    details: row.details,
  };
}

/** Details, user name and email as one text, as `activity_logs_search_trgm_idx` is written. */
const logSearch = (pattern: string) =>
  joinedContains([activityLogs.details, activityLogs.userName, activityLogs.userEmail], pattern);

const NEWEST_FIRST = [descNullsLast(activityLogs.timestamp), descNullsLast(activityLogs.id)];

/** Every entry, from the slots the activity_logs_row_count trigger keeps (drizzle/0009). */
async function countAllLogs(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rowCounts.rows}), 0)` })
    .from(rowCounts)
    .where(like(rowCounts.tableName, 'activity_logs/%'));
  return Number(row?.total ?? 0);
}

/**
 * One page of the log, newest first. Unsearched, the page is read in order from
 * (timestamp, id) or, with an action, (action, timestamp, id); searched, the matches come from
 * the trigram index and are sorted when they are few (listPage decides from the count).
 */
export function listActivityLogs(db: DbOrTx, query: ActivityLogQuery): Promise<ActivityLogList> {
  const byAction = query.action === undefined ? undefined : eq(activityLogs.action, query.action);
  const filter = (where: SQL | undefined) => and(byAction, where);
  return listPage(query, logSearch, {
    count: async (where) => {
      const condition = filter(where);
      if (condition === undefined) return countAllLogs(db);
      const [row] = await db.select({ total: count() }).from(activityLogs).where(condition);
      return row?.total ?? 0;
    },
    estimate: async () => {
      const { rows } = await db.execute<{ estimate: unknown }>(
        sql`select reltuples as estimate from pg_class where oid = 'activity_logs'::regclass`,
      );
      return Math.max(0, Number(rows[0]?.estimate ?? 0));
    },
    rows: async (where, limit, offset, sortMatches) => {
      if (!sortMatches) {
        const rows = await db
          .select()
          .from(activityLogs)
          .where(filter(where))
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset);
        return rows.map(toActivityLog);
      }
      // Few matches: collect them by the trigram index, sort them, then read the page's rows.
      const matches = db
        .select({ id: activityLogs.id, timestamp: activityLogs.timestamp })
        .from(activityLogs)
        .where(filter(where));
      const pageIds = sql`${activityLogs.id} in (with matches as materialized (${matches})
        select id from matches order by timestamp desc nulls last, id desc nulls last
        limit ${limit} offset ${offset})`;
      const rows = await db
        .select()
        .from(activityLogs)
        .where(pageIds)
        .orderBy(...NEWEST_FIRST);
      return rows.map(toActivityLog);
    },
  });
}
