import { Type, type Static, type TLiteral } from '@sinclair/typebox';
import { ACTIVITY_ACTIONS, ACTIVITY_ACTIONS_LIMIT, DEFAULT_PAGE_SIZE } from './constants';
import { ChoiceField, IntegerField, ListOf, PageQuery, Timestamp } from './common';

export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ActivityAction = Type.Union(
  ACTIVITY_ACTIONS.map((action): TLiteral<ActivityAction> => Type.Literal(action)),
);

export const ActivityLog = Type.Object({
  id: Type.Integer(),
  action: ActivityAction,
  user_name: Type.String(),
  user_email: Type.String(),
  timestamp: Timestamp,
  /** Readable Indonesian description of what was done. */
  details: Type.String(),
});
export type ActivityLog = Static<typeof ActivityLog>;

/** GET /api/activity-logs; limit goes up to 1000 for the one call that collects the actions. */
export const ActivityLogQuery = Type.Object({
  ...PageQuery.properties,
  limit: Type.Optional(
    IntegerField({ minimum: 1, maximum: ACTIVITY_ACTIONS_LIMIT, default: DEFAULT_PAGE_SIZE }),
  ),
  action: Type.Optional(ChoiceField(ACTIVITY_ACTIONS)),
});
export type ActivityLogQuery = Static<typeof ActivityLogQuery>;

export const ActivityLogList = ListOf(ActivityLog);
export type ActivityLogList = Static<typeof ActivityLogList>;
