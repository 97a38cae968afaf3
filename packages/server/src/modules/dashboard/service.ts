// The dashboard's public face: stats.ts (the numbers of a period), consistency-check.ts (the
// scheduled check over the movement rows) and recalculate.ts (stock recalculated from movements).
export {
  CONSISTENCY_CHECK_INTERVAL_MS,
  ConsistencyCheck,
  type ConsistencyResult,
} from './consistency-check';
export { recalculateStock, type RecalculateResult } from './recalculate';
export { dashboardStats } from './stats';
