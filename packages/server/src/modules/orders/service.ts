// List Order Barang: the detail list, the summary per product and the order records.
// Orders never change stock; every write logs its activity entry in its own transaction.
import {
  ORDER_MESSAGES,
  RESTOCK_MESSAGES,
  type Order,
  type OrderInput,
  type OrderList,
  type OrderQuery,
  type OrderSummaryList,
  type OrderSummaryRow,
  type RestockOrderItem,
} from '@gudang/api-client/contract';
import { and, count, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isForeignKeyViolation } from '../../db/errors';
import { orders, products } from '../../db/schema';
import { productSearch } from '../../lib/search';
import { logCount, logDate, logMoney } from '../../lib/log-text';
import { listPage, newestFirst, newestFirstReaders, pageOf, paginationOf } from '../../lib/paging';
import { MSG_RECORD_NOT_FOUND, Refusal, type Result } from '../../lib/result';
import { searchPattern } from '../../lib/search';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { findProductByCode, productRowColumns, selectWithProduct } from '../../lib/stock-kernel';

const orderRow = {
  id: orders.id,
  date: orders.date,
  product_id: orders.productId,
  ...productRowColumns,
  quantity: orders.quantity,
  price: orders.price,
  resi_number: orders.resiNumber,
  bank: orders.bank,
};

function selectOrders(db: DbOrTx) {
  return selectWithProduct(db, orders, orderRow);
}

const NEWEST_FIRST = newestFirst(orders);

/** Both ends included; either may be left out. */
function dateRange(query: OrderQuery): SQL | undefined {
  return and(
    query.startDate === undefined ? undefined : gte(orders.date, query.startDate),
    query.endDate === undefined ? undefined : lte(orders.date, query.endDate),
  );
}

/**
 * The search over what the list shows: the order's resi and bank (one text,
 * orders_search_trgm_idx) or its product's code, name, category and brand (and barcode: the
 * products are matched once, by products_search_trgm_idx, and their orders found by
 * orders_product_id_idx).
 */
function orderSearch(pattern: string): SQL | undefined {
  const matchingProducts = sql`array(select ${products.id} from ${products} where ${productSearch(
    pattern,
  )})`;
  return or(
    sql`(${orders.resiNumber} || chr(1) || coalesce(${orders.bank}, '')) ilike ${pattern}`,
    sql`${orders.productId} = any(${matchingProducts})`,
  );
}

/** Newest first (date, then id), within the range, searched; a page read from orders_date_idx. */
export function listOrders(db: DbOrTx, query: OrderQuery): Promise<OrderList> {
  const range = dateRange(query);
  const within = (where: SQL | undefined) => and(range, where);
  const { searched, estimate, pageIds } = newestFirstReaders(db, orders, range);
  return listPage(query, orderSearch, {
    searched,
    rowsOf: (ids) =>
      selectOrders(db)
        .where(inArray(orders.id, ids))
        .orderBy(...NEWEST_FIRST),
    estimate,
    count: async (where) => {
      const [row] = await db.select({ total: count() }).from(orders).where(within(where));
      return row?.total ?? 0;
    },
    rows: (where, limit, offset, sortMatches) =>
      selectOrders(db)
        .where(pageIds(where, limit, offset, sortMatches))
        .orderBy(...NEWEST_FIRST),
  });
}

/**
 * One page of the summary per product over the orders the list would show (same range and
 * search): total quantity, number of orders and the average price weighted by quantity
 * (sum(price * quantity) / sum(quantity), in numeric, rounded to the sen). Largest total quantity
 * first, then by code. Summed in SQL from orders_date_idx alone; only the groups are joined with
 * their products, and the number of groups comes with the page.
 */
export async function summarizeOrders(db: DbOrTx, query: OrderQuery): Promise<OrderSummaryList> {
  const { page, limit, offset } = pageOf(query);
  const pattern = searchPattern(query.search);
  const where = and(dateRange(query), pattern === null ? undefined : orderSearch(pattern));
  const pagination = (total: number) => paginationOf({ page, limit }, total);
  const { rows } = await db.execute<{
    product_code: string;
    product_name: string;
    category: string;
    brand: string;
    total_quantity: unknown;
    total_orders: unknown;
    average_price: unknown;
    groups: unknown;
  }>(sql`
    with totals as (
      select ${orders.productId} as product_id, sum(${orders.quantity}) as total_quantity,
             count(*) as total_orders, sum(${orders.price} * ${orders.quantity}) as amount
        from ${orders}
       where ${where ?? sql`true`}
       group by ${orders.productId})
    select p.code as product_code, p.name as product_name, p.category, p.brand,
           t.total_quantity, t.total_orders,
           round(t.amount / t.total_quantity, 2) as average_price,
           count(*) over () as groups
      from totals t
      join ${products} p on p.id = t.product_id
     order by t.total_quantity desc, p.code, p.id
     limit ${limit} offset ${offset}`);
  const data: OrderSummaryRow[] = rows.map((row) => ({
    product_code: row.product_code,
    product_name: row.product_name,
    category: row.category,
    brand: row.brand,
    total_quantity: Number(row.total_quantity),
    total_orders: Number(row.total_orders),
    // numeric text, already rounded by the database: read, not computed.
    average_price: Number(row.average_price),
  }));
  if (rows.length > 0) return { data, pagination: pagination(Number(rows[0]?.groups ?? 0)) };
  if (offset === 0) return { data, pagination: pagination(0) };
  // A page beyond the groups: their number alone.
  const [row] = await db
    .select({ total: sql<unknown>`count(distinct ${orders.productId})` })
    .from(orders)
    .where(where);
  return { data, pagination: pagination(Number(row?.total ?? 0)) };
}

/** The stored fields of an order, texts trimmed; an empty bank is none. */
export interface OrderValues {
  productCode: string;
  date: string;
  quantity: number;
  price: number;
  resiNumber: string;
  bank: string | null;
}

export function orderValues(body: OrderInput): OrderValues {
  const bank = body.bank?.trim() ?? '';
  return {
    productCode: body.product_code.trim(),
    date: body.date,
    quantity: body.quantity,
    price: body.price,
    resiNumber: body.resi_number.trim(),
    bank: bank === '' ? null : bank,
  };
}

interface ProductRef {
  id: number;
  code: string;
  name: string;
}

/** The product of the code (regardless of letter case), or 400 naming the code. */
async function productOf(tx: Tx, code: string): Promise<ProductRef> {
  const product = await findProductByCode(tx, code);
  if (product === null) throw new Refusal(400, ORDER_MESSAGES.productUnknown(code));
  return product;
}

/**
 * Saves `values` by `write` in one transaction; a product deleted between the look-up and the
 * write gets the same answer as an unknown code.
 */
function saveOrder(
  db: Db,
  values: OrderValues,
  write: (tx: Tx) => Promise<Order>,
): Promise<Result<Order>> {
  return inTransaction(db, write, (error: unknown) =>
    isForeignKeyViolation(error)
      ? new Refusal(400, ORDER_MESSAGES.productUnknown(values.productCode))
      : null,
  );
}

function describe(
  product: { name: string; code: string },
  order: { quantity: number; price: number; resiNumber: string; bank: string | null; date: string },
): string {
  const bank = order.bank === null ? '' : `, bank ${order.bank}`;
  return (
    `${product.name} (${product.code}) ${logCount(order.quantity)} x ${logMoney(order.price)}, ` +
    `resi ${order.resiNumber}${bank}, tanggal ${logDate(order.date)}`
  );
}

function orderColumns(productId: number, values: OrderValues) {
  return {
    productId,
    date: values.date,
    quantity: values.quantity,
    price: values.price,
    resiNumber: values.resiNumber,
    bank: values.bank,
  };
}

async function mustFind(tx: Tx, id: number): Promise<Order> {
  const [row] = await selectOrders(tx).where(eq(orders.id, id));
  if (row === undefined) throw new Error(`order ${id} vanished inside its transaction`);
  return row;
}

/** The order with its product's code and name, locked for the edit or delete; 404 if none. */
async function lockOrder(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      productId: orders.productId,
      date: orders.date,
      quantity: orders.quantity,
      price: orders.price,
      resiNumber: orders.resiNumber,
      bank: orders.bank,
      code: products.code,
      name: products.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, id))
    .for('update', { of: orders });
  if (row === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
  return row;
}

export function createOrder(
  db: Db,
  values: OrderValues,
  actor: ActivityActor,
): Promise<Result<Order>> {
  return saveOrder(db, values, async (tx) => {
    const product = await productOf(tx, values.productCode);
    const [record] = await tx
      .insert(orders)
      .values({ ...orderColumns(product.id, values), createdBy: actor.id })
      .returning({ id: orders.id });
    if (record === undefined) throw new Error('insert returned no row');
    await logActivity(tx, {
      action: 'CREATE_ORDER',
      user: actor,
      details: `Order: ${describe(product, values)}`,
    });
    return mustFind(tx, record.id);
  });
}

/** True when the values are what the order already holds (its product, date, amounts, resi, bank). */
function sameOrder(
  old: Awaited<ReturnType<typeof lockOrder>>,
  productId: number,
  values: OrderValues,
): boolean {
  return (
    old.productId === productId &&
    old.date === values.date &&
    old.quantity === values.quantity &&
    Number(old.price) === values.price &&
    old.resiNumber === values.resiNumber &&
    old.bank === values.bank
  );
}

export function updateOrder(
  db: Db,
  id: number,
  values: OrderValues,
  actor: ActivityActor,
): Promise<Result<Order>> {
  return saveOrder(db, values, async (tx) => {
    const old = await lockOrder(tx, id);
    const product = await productOf(tx, values.productCode);
    // Saved without a change: nothing to write, and nothing to log.
    if (sameOrder(old, product.id, values)) return mustFind(tx, id);
    await tx
      .update(orders)
      .set({ ...orderColumns(product.id, values), updatedAt: new Date() })
      .where(eq(orders.id, id));
    await logActivity(tx, {
      action: 'UPDATE_ORDER',
      user: actor,
      details:
        `Order #${id} diperbarui: ${describe(product, values)} ` +
        `(sebelumnya: ${describe(old, old)})`,
    });
    return mustFind(tx, id);
  });
}

export function deleteOrder(db: Db, id: number, actor: ActivityActor): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const old = await lockOrder(tx, id);
    await tx.delete(orders).where(eq(orders.id, id));
    await logActivity(tx, {
      action: 'DELETE_ORDER',
      user: actor,
      details: `Order #${id} dihapus: ${describe(old, old)}`,
    });
    return null;
  });
}

/**
 * 'Buat Order': one List Order entry per item, dated today, all under one new resi
 * (PO-yyyymmdd-<first id>) that the arrival is later recorded with, and one CREATE_ORDER entry
 * each; all or nothing.
 */
export function ordersFromRestock(
  db: Db,
  items: readonly RestockOrderItem[],
  today: string,
  actor: ActivityActor,
): Promise<Result<Order[]>> {
  const codes = items.map((item) => item.product_code.trim());
  return inTransaction(
    db,
    async (tx) => {
      const seen = new Set<string>();
      for (const code of codes) {
        const key = code.toLowerCase();
        if (seen.has(key)) throw new Refusal(400, RESTOCK_MESSAGES.duplicateProduct(code));
        seen.add(key);
      }
      const found = await tx
        .select({ id: products.id, code: products.code, name: products.name })
        .from(products)
        .where(inArray(sql`lower(${products.code})`, [...seen]));
      const byCode = new Map(found.map((product) => [product.code.toLowerCase(), product]));
      const resolved = items.map((item, index) => {
        const code = codes[index] ?? '';
        const product = byCode.get(code.toLowerCase());
        if (product === undefined) throw new Refusal(400, ORDER_MESSAGES.productUnknown(code));
        return { item, product };
      });
      const inserted = await tx
        .insert(orders)
        .values(
          resolved.map(({ item, product }) => ({
            productId: product.id,
            date: today,
            quantity: item.quantity,
            price: item.price,
            resiNumber: '',
            bank: null,
            createdBy: actor.id,
          })),
        )
        .returning({ id: orders.id });
      const ids = inserted.map((row) => row.id);
      const resi = `PO-${today.replaceAll('-', '')}-${Math.min(...ids)}`;
      await tx.update(orders).set({ resiNumber: resi }).where(inArray(orders.id, ids));
      for (const { item, product } of resolved) {
        await logActivity(tx, {
          action: 'CREATE_ORDER',
          user: actor,
          details:
            `Order dari restock: ${product.name} (${product.code}) ${logCount(item.quantity)} x ` +
            `${logMoney(item.price)}, resi ${resi}`,
        });
      }
      return selectOrders(tx).where(inArray(orders.id, ids)).orderBy(orders.id);
    },
    (error) =>
      isForeignKeyViolation(error)
        ? new Refusal(400, ORDER_MESSAGES.productUnknown(codes.join(', ')))
        : null,
  );
}
