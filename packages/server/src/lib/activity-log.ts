// The activity-log writer every service calls inside its transaction (the list of the log is
// modules/activity-logs).
import type { ActivityAction } from '@gudang/api-client/contract';
import type { DbOrTx } from '../db/client';
import { activityLogs } from '../db/schema';

/** Who did it; null for the system (seed, command line). */
export interface ActivityActor {
  id: number;
  name: string;
  email: string;
}

export interface ActivityEntry {
  action: ActivityAction;
  user: ActivityActor | null;
  details: string;
}

export const SYSTEM_ACTOR_NAME = 'Sistem';

/**
 * Writes one activity-log entry. Pass the transaction that changes the data, so that the entry
 * and the change are committed (or rolled back) together.
 */
export async function logActivity(dbOrTx: DbOrTx, entry: ActivityEntry): Promise<void> {
  await dbOrTx.insert(activityLogs).values({
    action: entry.action,
    userId: entry.user?.id ?? null,
    userName: entry.user?.name ?? SYSTEM_ACTOR_NAME,
    userEmail: entry.user?.email ?? '',
    details: entry.details,
  });
}
