// The scheduled stock-consistency check over the movement rows themselves.
import { sql } from 'drizzle-orm';
import type { DatabaseKind, Db } from '../../db/client';
import { LOCKS, withAdvisoryLock } from '../../db/advisory-lock';
import { toNumber } from '../../lib/numbers';

export interface ConsistencyResult {
  /**
   * Current stock minus initial + incoming - outgoing + returned (good) + adjusted, summed from
   * the movement rows.
   */
  difference: number;
  /** The kept totals equal the sums of the movement rows. */
  totalsMatch: boolean;
  checkedAt: Date;
}

/** How often the consistency check re-reads every movement row. */
export const CONSISTENCY_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The stock-consistency check over the movement rows themselves (that is its point: it does not
 * trust the kept totals), in one statement, so one snapshot. It reads every movement, so it runs
 * on a schedule and on demand (after a recalculation), not on every dashboard view. Server
 * processes sharing a PostgreSQL database (WORKERS) take turns under an advisory lock: a
 * scheduled check finding another process's under way skips its turn and keeps its last result.
 */
export class ConsistencyCheck {
  private last: ConsistencyResult | null = null;
  private running: Promise<ConsistencyResult> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly kind: DatabaseKind = 'pglite',
  ) {}

  /** Starts the schedule; the timer does not keep the process alive. */
  start(intervalMs = CONSISTENCY_CHECK_INTERVAL_MS): void {
    this.timer = setInterval(() => {
      this.run('try').catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** The last result; the first call waits for the first check. */
  latest(): Promise<ConsistencyResult> {
    return this.last === null ? this.run() : Promise.resolve(this.last);
  }

  /**
   * Checks now (one check at a time; a caller during a check gets that check's result). `try`:
   * while another process checks, keep the last result instead (if there is one).
   */
  run(mode: 'try' | 'wait' = 'wait'): Promise<ConsistencyResult> {
    this.running ??= this.locked(mode).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Checks again after any check under way (which may have read the data before a change). */
  async refresh(): Promise<ConsistencyResult> {
    await this.running?.catch(() => undefined);
    return this.run();
  }

  private async locked(mode: 'try' | 'wait'): Promise<ConsistencyResult> {
    const database = { db: this.db, kind: this.kind };
    const checked = await withAdvisoryLock(
      database,
      LOCKS.consistencyCheck,
      () => this.compute(),
      this.last === null ? 'wait' : mode,
    );
    if (checked.ran) return checked.value;
    return this.last ?? this.compute();
  }

  private async compute(): Promise<ConsistencyResult> {
    const checkedAt = new Date();
    const { rows } = await this.db.execute<Record<string, unknown>>(sql`
      select
        (select coalesce(sum(current_stock), 0) from products) as stock,
        (select coalesce(sum(initial_stock), 0) from products) as initial,
        (select coalesce(sum(quantity), 0) from incoming_goods) as incoming,
        (select coalesce(sum(quantity), 0) from outgoing_goods) as outgoing,
        (select coalesce(sum(quantity), 0) from return_lines where condition = 'good') as returned,
        (select coalesce(sum(quantity), 0) from stock_adjustments) as adjusted,
        (select coalesce(sum(incoming_quantity), 0) from product_totals) as kept_incoming,
        (select coalesce(sum(outgoing_quantity), 0) from product_totals) as kept_outgoing,
        (select coalesce(sum(returned_quantity), 0) from product_totals) as kept_returned,
        (select coalesce(sum(adjusted_quantity), 0) from product_totals) as kept_adjusted,
        (select coalesce(sum(outgoing_quantity), 0) from product_monthly_totals) as monthly_outgoing,
        (select coalesce(sum(incoming_quantity), 0) from product_monthly_totals) as monthly_incoming,
        (select coalesce(sum(returned_quantity), 0) from product_monthly_totals) as monthly_returned,
        (select coalesce(sum(adjusted_quantity), 0) from product_monthly_totals) as monthly_adjusted`);
    const row = rows[0] ?? {};
    const n = (key: string) => toNumber(row[key]);
    this.last = {
      difference:
        n('stock') - (n('initial') + n('incoming') - n('outgoing') + n('returned') + n('adjusted')),
      totalsMatch: (['incoming', 'outgoing', 'returned', 'adjusted'] as const).every(
        (term) => n(`kept_${term}`) === n(term) && n(`monthly_${term}`) === n(term),
      ),
      checkedAt,
    };
    return this.last;
  }
}
