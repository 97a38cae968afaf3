// What Barang Masuk and Barang Keluar do alike. Both tables hold a product, a date, a resi (a
// package's, once per product) and a quantity; the stock arithmetic, which differs, stays in
// each service.
import {
  MESSAGES,
  type CheckResiResponse,
  type List,
  type MovementSort,
  type StockMovementInputBase,
  type StockMovementListQuery,
} from '@gudang/api-client/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableName,
  inArray,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { type PgColumn, type SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client';
import { incomingGoods, products, productTotals, type outgoingGoods } from '../../db/schema';
import { productSearch } from '../../lib/search';
import {
  findProductByCode,
  selectWithProduct,
  type RowWithProduct,
  type StockProduct,
} from '../../lib/stock-kernel';
import { listPage, newestFirst, newestFirstReaders } from '../../lib/paging';
import { MSG_RECORD_NOT_FOUND, Refusal } from '../../lib/result';
import { anyContains } from '../../lib/search';

export type MovementTable = typeof incomingGoods | typeof outgoingGoods;

/** The body fields both kinds share, texts trimmed (name, category and brand are dropped). */
export interface MovementValues {
  productCode: string;
  resiNumber: string;
  quantity: number;
  date: string;
}

export function movementValues(body: StockMovementInputBase & { date: string }): MovementValues {
  return {
    productCode: body.product_code.trim(),
    resiNumber: body.resi_number.trim(),
    quantity: body.quantity,
    date: body.date,
  };
}

/** The columns both kinds write on a create or an edit. */
export function movementColumns(productId: number, values: MovementValues) {
  return {
    productId,
    date: values.date,
    resiNumber: values.resiNumber,
    quantity: values.quantity,
  };
}

function movementOrder(table: MovementTable, sort: MovementSort | undefined): SQL[] {
  if (sort === 'brand') return [asc(products.brand), ...newestFirst(table)];
  if (sort === 'brand_desc') return [desc(products.brand), ...newestFirst(table)];
  return newestFirst(table);
}

/**
 * The search over the columns a movement list shows: the record's own (resi, platform) and its
 * product's (code, name, brand, category, barcode). The products are matched first, once (an
 * InitPlan over their trigram indexes), so the movements are found by their product_id index:
 * every arm of the OR is an index, and the OR a bitmap OR.
 */
function movementSearch(table: MovementTable, ownColumns: readonly PgColumn[], pattern: string) {
  const matchingProducts = sql`array(select ${products.id} from ${products} where ${productSearch(
    pattern,
  )})`;
  return or(anyContains(ownColumns, pattern), sql`${table.productId} = any(${matchingProducts})`);
}

/** All rows of the table, from the per-product counters the triggers keep (5,000 rows, not 1M). */
function sumOfCounters(table: MovementTable): SQL<number> {
  const rows = table === incomingGoods ? productTotals.incomingRows : productTotals.outgoingRows;
  return sql<number>`(select coalesce(sum(${rows}), 0) from ${productTotals})`;
}

/**
 * The column `total` (all records of `table`, from the counters), for an unsearched page read
 * with its count in one statement (listMovements). Repeated reads of an unchanged list are
 * answered from the read cache (lib/snapshot-cache.ts), so the count is not kept here too.
 */
export function countedColumns(table: MovementTable) {
  return { total: sumOfCounters(table).mapWith(Number) };
}

async function countAll(db: DbOrTx, table: MovementTable): Promise<number> {
  const rows = table === incomingGoods ? productTotals.incomingRows : productTotals.outgoingRows;
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${rows}), 0)` })
    .from(productTotals);
  return Number(row?.total ?? 0);
}

/**
 * A page of the API rows (`row`: columns of `table` and of its product), newest first or by
 * brand, searched over `ownSearchColumns` and the product's shown columns. An unsearched page is
 * read as `{ row, total }` with `countedColumns(table)`, so that it and its count are one
 * statement.
 */
export function listMovements<Fields extends SelectedFieldsFlat>(
  db: DbOrTx,
  table: MovementTable,
  row: Fields,
  ownSearchColumns: readonly PgColumn[],
  query: StockMovementListQuery,
): Promise<List<RowWithProduct<Fields>>> {
  const selectRows = () => selectWithProduct(db, table, row);
  const selectCounted = () => selectWithProduct(db, table, { row, ...countedColumns(table) });
  const byBrand = query.sort === 'brand' || query.sort === 'brand_desc';
  const { searched, estimate, pageIds } = newestFirstReaders(db, table);
  return listPage(query, (pattern) => movementSearch(table, ownSearchColumns, pattern), {
    pageWithTotal: async (limit, offset) => {
      const order = movementOrder(table, query.sort);
      const page = byBrand
        ? selectCounted()
            .orderBy(...order)
            .limit(limit)
            .offset(offset)
        : selectCounted()
            .where(pageIds(undefined, limit, offset, false))
            .orderBy(...order);
      const rows = (await page) as { row: RowWithProduct<Fields>; total: number }[];
      const first = rows[0];
      if (first === undefined) return { rows: [], total: null };
      return { rows: rows.map((counted) => counted.row), total: first.total };
    },
    // Newest first, a searched page is counted and (when its matches are few) found in one
    // statement; only the page's rows are then joined with their products.
    ...(byBrand
      ? {}
      : {
          searched,
          rowsOf: (ids) =>
            selectRows()
              .where(inArray(table.id, ids))
              .orderBy(...movementOrder(table, query.sort)),
        }),
    estimate,
    count: async (where) => {
      if (where === undefined) return countAll(db, table);
      const [row] = await db.select({ total: count() }).from(table).where(where);
      return row?.total ?? 0;
    },
    rows: (where, limit, offset, sortMatches) => {
      const order = movementOrder(table, query.sort);
      if (byBrand) {
        return selectRows()
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset);
      }
      // Only the page's rows are joined with their products.
      return selectRows()
        .where(pageIds(where, limit, offset, sortMatches))
        .orderBy(...order);
    },
  });
}

/** The API row of the record `id`, read back inside the transaction that just saved it. */
export async function savedMovement<Fields extends SelectedFieldsFlat>(
  tx: Tx,
  table: MovementTable,
  fields: Fields,
  id: number,
): Promise<RowWithProduct<Fields>> {
  const [row] = await selectWithProduct(tx, table, fields).where(eq(table.id, id));
  if (row === undefined)
    throw new Error(`${getTableName(table)} ${id} vanished inside its transaction`);
  return row;
}

/** The first row of a query for the record to edit or delete; 404 when there is none. */
export async function recordOr404<Row>(rows: PromiseLike<Row[]>): Promise<Row> {
  const [record] = await rows;
  if (record === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
  return record;
}

/** The product of the code, or 400 'Produk tidak ditemukan'. */
export async function productByCode(tx: Tx, code: string): Promise<StockProduct> {
  const product = await findProductByCode(tx, code);
  if (product === null) throw new Refusal(400, MESSAGES.productNotFound);
  return product;
}

/** Stand-in for the product of a deleted record whose product row could not be read. */
export function unknownProduct(id: number): { name: string; code: string } {
  return { name: `produk #${id}`, code: '-' };
}

/**
 * Records of `table` using the (trimmed) resi, except `excludeId` (the record being edited);
 * `conflicting`: only those of them it also holds for (over the record and its product).
 */
export async function checkResi(
  db: DbOrTx,
  table: MovementTable,
  resi: string,
  excludeId: number | null,
  conflicting?: SQL,
): Promise<CheckResiResponse> {
  const text = resi.trim();
  if (text === '') return { isDuplicate: false, duplicates: [] };
  const duplicates = await db
    .select({ id: table.id, product_name: products.name, date: table.date })
    .from(table)
    .innerJoin(products, eq(products.id, table.productId))
    .where(
      and(
        // As the unique index on lower(resi_number) compares: 'jp1' is 'JP1'.
        sql`lower(${table.resiNumber}) = lower(${text})`,
        excludeId === null ? undefined : ne(table.id, excludeId),
        conflicting,
      ),
    )
    .orderBy(asc(table.id));
  return { isDuplicate: duplicates.length > 0, duplicates };
}
