// The imported marketplace orders: the list (newest first, filtered by channel, status and
// dates, searched over order number, resi, SKU and the mapped products), one order, delete.
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MESSAGES,
  type MarketplaceChannel,
  type MarketplaceOrder,
  type MarketplaceOrderList,
  type MarketplaceOrderQuery,
  type MarketplaceStatus,
  type SkippedOrderLine,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { resolver, toMapped } from './mappings';
import { Refusal, type Result } from '../../lib/result';
import { pageOf, paginationOf } from '../../lib/paging';
import { searchPattern } from '../../lib/search';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

/** The columns of a marketplace_orders row as raw SQL reads them (the list here, Scan Kirim). */
export type OrderHeadRow = {
  id: number;
  channel: MarketplaceChannel;
  order_number: string;
  resi_number: string | null;
  status: MarketplaceStatus;
  status_text: string;
  date: string;
};

type OrderRow = OrderHeadRow & {
  total: string | number;
  store_id: number | string;
  store: string;
  shipped: boolean;
  /** JSON; text on PGlite. */
  skipped_lines: SkippedOrderLine[] | string;
};

/** The columns of a marketplace_order_lines row as raw SQL reads them (here, the labels). */
export type OrderLineRow = {
  order_id: number;
  sku: string;
  variation: string;
  product_name: string;
  quantity: number;
  unit_price: string | number | null;
};

/** The products a search finds (products_search_trgm_idx), as one array. */
const productsMatching = (pattern: string) => sql`array(
  select p.id from products p
   where (p.name || chr(1) || p.code || chr(1) || p.barcode_id || chr(1) || p.category ||
          chr(1) || p.brand) ilike ${pattern})`;

/**
 * Order number and resi (marketplace_orders_search_trgm_idx), a line's SKU
 * (marketplace_order_lines_sku_trgm_idx), or a line whose SKU stands for a product the search
 * finds: mapped to it, or its code or barcode (marketplace_order_lines_sku_lower_idx).
 */
function orderSearch(pattern: string): SQL {
  const found = productsMatching(pattern);
  return sql`((o.order_number || chr(1) || coalesce(o.resi_number, '')) ilike ${pattern}
    or o.id in (select l.order_id from marketplace_order_lines l where l.sku ilike ${pattern})
    or o.id in (select l.order_id from marketplace_order_lines l
                 where lower(l.sku) = any(array(
                   select lower(m.sku) from sku_mappings m
                     join sku_mapping_items i on i.mapping_id = m.id
                    where i.product_id = any(${found})
                   union all select lower(p.code) from products p where p.id = any(${found})
                   union all select lower(p.barcode_id) from products p where p.id = any(${found})))))`;
}

function whereOf(query: MarketplaceOrderQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.channel !== undefined) parts.push(sql`o.channel = ${query.channel}`);
  if (query.status !== undefined) parts.push(sql`o.status = ${query.status}`);
  if (query.startDate !== undefined) parts.push(sql`o.date >= ${query.startDate}`);
  if (query.endDate !== undefined) parts.push(sql`o.date <= ${query.endDate}`);
  const pattern = searchPattern(query.search);
  if (pattern !== null) parts.push(orderSearch(pattern));
  return sql.join(parts, sql` and `);
}

/** The orders with their lines and each line's products through the mappings as they are now. */
async function withLines(db: DbOrTx, rows: readonly OrderRow[]): Promise<MarketplaceOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const { rows: lines } = await db.execute<OrderLineRow>(sql`
    select order_id, sku, variation, product_name, quantity, unit_price
      from marketplace_order_lines
     where order_id = any(array(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::integer))
     order by order_id, id`);
  const resolvers = new Map<MarketplaceChannel, Awaited<ReturnType<typeof resolver>>>();
  for (const channel of new Set(rows.map((row) => row.channel))) {
    const orderIds = new Set(rows.filter((row) => row.channel === channel).map((row) => row.id));
    const keys = lines
      .filter((line) => orderIds.has(Number(line.order_id)))
      .map((line) => ({ sku: line.sku, variation: line.variation === '' ? null : line.variation }));
    resolvers.set(channel, await resolver(db, channel, keys));
  }
  return rows.map((row) => {
    const resolve = resolvers.get(row.channel) ?? (() => []);
    return {
      id: row.id,
      channel: row.channel,
      order_number: row.order_number,
      resi_number: row.resi_number,
      status: row.status,
      status_text: row.status_text,
      date: row.date,
      total: Number(row.total),
      store_id: Number(row.store_id),
      store: row.store,
      shipped: row.shipped === true,
      skipped_lines:
        typeof row.skipped_lines === 'string'
          ? (JSON.parse(row.skipped_lines) as SkippedOrderLine[])
          : row.skipped_lines,
      lines: lines
        .filter((line) => Number(line.order_id) === row.id)
        .map((line) => {
          const variation = line.variation === '' ? null : line.variation;
          return {
            sku: line.sku,
            variation,
            product_name: line.product_name,
            quantity: Number(line.quantity),
            unit_price: line.unit_price === null ? null : Number(line.unit_price),
            items: toMapped(resolve(line.sku, variation)),
          };
        }),
    };
  });
}

const ORDER_COLUMNS = sql`o.id, o.channel, o.order_number, o.resi_number, o.status, o.status_text,
  to_char(o.date, 'YYYY-MM-DD') as date, o.total, o.skipped_lines, o.store_id,
  (select s.name from marketplace_stores s where s.id = o.store_id) as store,
  o.shipped_at is not null as shipped`;

/** A page of orders, newest first (date, then id), read in the order of a (…, date, id) index. */
export async function listMarketplaceOrders(
  db: DbOrTx,
  query: MarketplaceOrderQuery,
): Promise<MarketplaceOrderList> {
  const { page, limit, offset } = pageOf(query);
  const where = whereOf(query);
  const { rows: counted } = await db.execute<{ total: string | number }>(
    sql`select count(*) as total from marketplace_orders o where ${where}`,
  );
  const total = Number(counted[0]?.total ?? 0);
  const pagination = paginationOf({ page, limit }, total);
  if (offset >= total || !Number.isSafeInteger(offset)) return { data: [], pagination };
  const { rows } = await db.execute<OrderRow>(sql`
    select ${ORDER_COLUMNS} from marketplace_orders o
     where ${where}
     order by o.date desc nulls last, o.id desc nulls last
     limit ${limit} offset ${offset}`);
  return { data: await withLines(db, rows), pagination };
}

export async function getMarketplaceOrder(
  db: DbOrTx,
  id: number,
): Promise<MarketplaceOrder | null> {
  const { rows } = await db.execute<OrderRow>(
    sql`select ${ORDER_COLUMNS} from marketplace_orders o where o.id = ${id}`,
  );
  const [order] = await withLines(db, rows);
  return order ?? null;
}

/** Deletes an order and its lines; one shipped from Gudang (packing) stays. */
export function deleteMarketplaceOrder(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<{
      channel: MarketplaceChannel;
      order_number: string;
      resi_number: string | null;
      shipped_at: unknown;
    }>(sql`select channel, order_number, resi_number, shipped_at from marketplace_orders
            where id = ${id} for update`);
    const order = rows[0];
    if (order === undefined) throw new Refusal(404, MARKETPLACE_MESSAGES.orderNotFound);
    if (order.shipped_at !== null) throw new Refusal(409, MARKETPLACE_MESSAGES.orderShipped);
    await tx.execute(sql`delete from marketplace_orders where id = ${id}`);
    await logActivity(tx, {
      action: 'DELETE_MARKETPLACE_ORDER',
      user: actor,
      details:
        `Pesanan ${MARKETPLACE_CHANNEL_LABELS[order.channel]} ${order.order_number} dihapus` +
        (order.resi_number === null ? '' : ` (resi ${order.resi_number})`),
    });
    return null;
  });
}
