// Dipesan and Tersedia (issue 44), read through the one definition: the SQL function
// reserved_lines (migration 0033; drizzle/functions/reserved_lines.sql), derived from the open
// imported orders and the SKU mappings as they are now, never stored.
import {
  RESERVATION_MESSAGES,
  type MarketplaceChannel,
  type Product,
  type ReservationList,
  type ReservationQuery,
  type ShortOrder,
  type ShortOrderList,
  type ShortOrderQuery,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { Refusal } from '../../lib/result';
import { pageOf, paginationOf } from '../../lib/paging';
import { idArray } from '../../lib/id-array';

/** reserved_lines of these products (null: every product) as a FROM item. */
export const reservedLines = (ids: readonly number[] | null): SQL =>
  ids === null ? sql`reserved_lines(null::integer[])` : sql`reserved_lines(${idArray(ids)})`;

/** Dipesan per product (a product absent from the map holds 0). */
export async function reservedFor(
  db: DbOrTx,
  ids: readonly number[] | null,
): Promise<Map<number, number>> {
  if (ids !== null && ids.length === 0) return new Map();
  const { rows } = await db.execute<{ product_id: number; quantity: number | string }>(sql`
    select r.product_id, sum(r.quantity) as quantity from ${reservedLines(ids)} r
     group by r.product_id`);
  return new Map(rows.map((row) => [Number(row.product_id), Number(row.quantity)]));
}

/** The products with their Dipesan and Tersedia (list, all, barcode look-up). */
export async function withReserved<T extends Pick<Product, 'id' | 'current_stock'>>(
  db: DbOrTx,
  products: readonly T[],
  all = false,
): Promise<(T & { reserved_stock: number; available_stock: number })[]> {
  const reserved = await reservedFor(db, all ? null : products.map((product) => product.id));
  return products.map((product) => {
    const held = reserved.get(product.id) ?? 0;
    return { ...product, reserved_stock: held, available_stock: product.current_stock - held };
  });
}

/** The product's stock, Dipesan and the units free to sell (stock - dipesan, from 0). */
export async function freeStockOf(
  db: DbOrTx,
  productId: number,
): Promise<{ stock: number; reserved: number; free: number }> {
  const { rows } = await db.execute<{ stock: number | string; reserved: number | string }>(sql`
    select p.current_stock as stock,
           coalesce((select sum(r.quantity) from ${reservedLines([productId])} r), 0) as reserved
      from products p where p.id = ${productId}`);
  const stock = Number(rows[0]?.stock ?? 0);
  const reserved = Number(rows[0]?.reserved ?? 0);
  return { stock, reserved, free: Math.max(0, stock - reserved) };
}

type ReservationRow = {
  order_id: number;
  channel: MarketplaceChannel;
  store: string;
  order_number: string;
  resi_number: string | null;
  date: string;
  product_code: string;
  product_name: string;
  quantity: number | string;
  total: number | string;
};

/** GET /reservations: the open order lines holding units, oldest first (of one product). */
export async function listReservations(
  db: DbOrTx,
  query: ReservationQuery,
): Promise<ReservationList> {
  const { page, limit, offset } = pageOf(query);
  const code = query.product_code?.trim() ?? '';
  let ids: number[] | null = null;
  if (code !== '') {
    const { rows } = await db.execute<{ id: number }>(
      sql`select id from products where lower(code) = lower(${code})`,
    );
    if (rows[0] === undefined) throw new Refusal(404, RESERVATION_MESSAGES.productNotFound(code));
    ids = [Number(rows[0].id)];
  }
  const { rows } = await db.execute<ReservationRow>(sql`
    select r.order_id, o.channel, s.name as store, o.order_number, o.resi_number,
           to_char(o.date, 'YYYY-MM-DD') as date, p.code as product_code, p.name as product_name,
           r.quantity, count(*) over () as total
      from ${reservedLines(ids)} r
      join marketplace_orders o on o.id = r.order_id
      join marketplace_stores s on s.id = o.store_id
      join products p on p.id = r.product_id
     order by o.date, o.id, p.code
     limit ${limit} offset ${offset}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const { rows: counted } = await db.execute<{ total: number | string }>(
      sql`select count(*) as total from ${reservedLines(ids)} r`,
    );
    total = Number(counted[0]?.total ?? 0);
  }
  return {
    data: rows.map(({ total: _total, ...row }) => ({
      ...row,
      order_id: Number(row.order_id),
      quantity: Number(row.quantity),
    })),
    pagination: paginationOf({ page, limit }, total),
  };
}

type ShortRow = Omit<ShortOrder, 'products' | 'order_id'> & {
  order_id: number | string;
  products: ShortOrder['products'] | string;
  total: number | string;
};

/**
 * The open orders the stock cannot fill: per product, the oldest orders (date, then id) take
 * the stock first; an order is short where the units held before and by it pass the stock.
 */
export async function listShortOrders(db: DbOrTx, query: ShortOrderQuery): Promise<ShortOrderList> {
  const { page, limit, offset } = pageOf(query);
  const { rows } = await db.execute<ShortRow>(sql`
    with held as (
      select r.order_id, r.product_id, r.quantity, o.date,
             sum(r.quantity) over (partition by r.product_id order by o.date, r.order_id
                                   rows between unbounded preceding and current row) as upto
        from ${reservedLines(null)} r
        join marketplace_orders o on o.id = r.order_id
    ), short as (
      select h.order_id, h.date, p.code, p.name, h.quantity,
             least(h.quantity, h.upto - greatest(p.current_stock, 0))::integer as short
        from held h join products p on p.id = h.product_id
       where h.upto > greatest(p.current_stock, 0)
    ), orders as (
      select s.order_id, s.date,
             json_agg(json_build_object('product_code', s.code, 'product_name', s.name,
                      'quantity', s.quantity, 'short', s.short) order by s.code) as products
        from short s group by s.order_id, s.date
    )
    select x.order_id, o.channel, st.name as store, o.order_number, o.resi_number,
           to_char(o.date, 'YYYY-MM-DD') as date, x.products, count(*) over () as total
      from orders x
      join marketplace_orders o on o.id = x.order_id
      join marketplace_stores st on st.id = o.store_id
     order by x.date, x.order_id
     limit ${limit} offset ${offset}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    // Past the last page: the count alone.
    const again = await listShortOrders(db, { page: 1, limit: 1 });
    total = again.pagination.total;
  }
  return {
    data: rows.map(({ total: _total, ...row }) => ({
      ...row,
      order_id: Number(row.order_id),
      products:
        typeof row.products === 'string'
          ? (JSON.parse(row.products) as ShortOrder['products'])
          : row.products,
    })),
    pagination: paginationOf({ page, limit }, total),
  };
}

/**
 * A sale by hand (not from an order) of `quantity` units of the product `code`: refused (409)
 * when it would leave Tersedia below 0 while the stock itself covers it, unless `confirmed`.
 * The stock's own guard (never below 0) stays with the sale.
 */
export async function handSaleRefusal(
  db: DbOrTx,
  code: string,
  quantity: number,
  confirmed: boolean,
): Promise<Refusal | null> {
  if (confirmed) return null;
  const { rows } = await db.execute<{ id: number }>(
    sql`select id from products where lower(code) = lower(${code})`,
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  const { stock, reserved, free } = await freeStockOf(db, Number(id));
  if (reserved === 0 || quantity > stock || quantity <= free) return null;
  return new Refusal(409, RESERVATION_MESSAGES.reservedTaken(free));
}
