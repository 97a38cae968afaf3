// Which imported orders a marketplace file's row may name. Tokopedia's orders are served by TikTok
// Shop: TikTok's exports, income and return files list Tokopedia's orders beside its own, and a
// shop may import either under either channel. So TikTok Shop and Tokopedia are one family, both
// ways: a row of either channel matches an order, a settlement or a return of the other. Every
// other channel is its own family. Used wherever a file's row is joined with an order by number
// (the income, return and Retur look-ups, Pembukuan's refunds, the Dari Marketplace board).
import { sql, type SQL } from 'drizzle-orm';

/** The channels of one order family with more than one channel. */
export const TIKTOK_FAMILY = ['tiktok', 'tokopedia'] as const;

/** Whether `channel`'s orders are matched across the TikTok Shop family. */
export const inTiktokFamily = (channel: string): boolean =>
  (TIKTOK_FAMILY as readonly string[]).includes(channel);

/**
 * SQL: the array of channels whose orders share a number space with `channel` (a column or
 * value): `x.channel = any(${orderFamily(sql`i.channel`)})`, an index probe per channel.
 */
export const orderFamily = (channel: SQL): SQL =>
  sql`(case when ${channel} in ('tiktok', 'tokopedia') then array['tiktok', 'tokopedia']
            else array[${channel}] end)`;
