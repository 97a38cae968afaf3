// Reading products: the paged, sorted and searched list, all of them, one by barcode.
import type { List, Product, ProductSort } from '@gudang/api-client/contract';
import { and, asc, count, desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, type ProductRow } from '../../db/schema';
import { containsPattern, productSearch } from '../../lib/search';
import { paginationOf } from '../../lib/paging';
import { toProduct } from './product-row';

/**
 * Each sort's order over `t`: the products, or the searched matches (columns of the same names).
 * A unique tiebreak (id) keeps pages stable when the sort key repeats. Each order is an index
 * ((name, id), (brand, id) read forwards or backwards, (created_at, id)).
 */
function sortOrders(
  t: Record<'id' | 'name' | 'brand' | 'createdAt' | 'rack', AnyColumn>,
): Record<ProductSort | 'name', SQL[]> {
  return {
    name: [asc(t.name), asc(t.id)],
    brand: [asc(t.brand), asc(t.id)],
    brand_desc: [desc(t.brand), desc(t.id)],
    // NULLS LAST as the index is written; a bare DESC (NULLS FIRST) could not use it.
    date_desc: [sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`],
    // Rak A-Z (racks by their characters: the column is COLLATE "C"), products without a rack
    // last; Rak Z-A is its reverse. Both read products_rack_idx (rack, id).
    rack: [sql`${t.rack} asc nulls last`, asc(t.id)],
    rack_desc: [sql`${t.rack} desc nulls first`, desc(t.id)],
  };
}
const ORDER = sortOrders(products);

export interface ProductListOptions {
  page: number;
  limit: number;
  search?: string;
  sort?: ProductSort;
  /** Racks starting with this (any letter case): 'A-' is aisle A. */
  rack?: string;
}

/**
 * The racks starting with a prefix, as a range of products_rack_idx: racks hold capitals, digits,
 * '-', '.' and '/' only, so 'A-' is ['A-', 'A.') in the column's byte order.
 */
export function rackPrefix(column: SQL | typeof products.rack, prefix: string): SQL {
  const upper = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`(${column} >= ${prefix} and ${column} < ${upper})`;
}

/**
 * The search's condition: one trigram index over the shown columns (products_search_trgm_idx);
 * and the rack prefix's.
 */
const where = (search: string, rack = '') =>
  and(
    search === '' ? undefined : productSearch(containsPattern(search)),
    rack === '' ? undefined : rackPrefix(products.rack, rack),
  );

/** One page of products and the total count of its matches, in one statement. */
export async function listProducts(
  db: DbOrTx,
  options: ProductListOptions,
): Promise<List<Product>> {
  const { page, limit } = options;
  const search = options.search?.trim() ?? '';
  const rack = options.rack?.trim().toUpperCase() ?? '';
  const sort = options.sort ?? 'name';
  const offset = (page - 1) * limit;
  const pagination = (total: number) => paginationOf({ page, limit }, total);
  if (!Number.isSafeInteger(offset)) {
    const [counted] = await db.select({ total: count() }).from(products).where(where(search, rack));
    return { data: [], pagination: pagination(counted?.total ?? 0) };
  }
  const found =
    search === '' && rack === ''
      ? await pageWithTotal(db, sort, limit, offset)
      : await searchedProducts(db, search, rack, sort, limit, offset);
  return { data: found.rows.map(toProduct), pagination: pagination(found.total) };
}

/** A page's rows with the count of all matches; a page past the last one counts them apart. */
async function withTotal(
  db: DbOrTx,
  search: string,
  rack: string,
  offset: number,
  rows: { product: ProductRow; total: number }[],
): Promise<{ rows: ProductRow[]; total: number }> {
  const first = rows[0];
  if (first !== undefined) return { rows: rows.map((row) => row.product), total: first.total };
  if (offset === 0) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(products).where(where(search, rack));
  return { rows: [], total: counted?.total ?? 0 };
}

/** An unsearched page read from its sort's index, and the count of products, in one statement. */
async function pageWithTotal(
  db: DbOrTx,
  sort: ProductSort | 'name',
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const rows = await db
    .select({
      product: products,
      total: sql<number>`(select count(*) from ${products})`.mapWith(Number),
    })
    .from(products)
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);
  return withTotal(db, '', '', offset, rows);
}

/**
 * A searched page in one statement: the matches are read once through the trigram index (a CTE,
 * materialized because it is read twice), counted, and sorted for the page (a top-N sort of the
 * matches' sort keys), then the page's rows are read by primary key. Before, a count and a page
 * each ran the ILIKE: the count rechecked every candidate, and the page walked the sort's index
 * testing each product until it had filled the page (docs/benchmarks.md).
 */
async function searchedProducts(
  db: DbOrTx,
  search: string,
  rack: string,
  sort: ProductSort | 'name',
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const matches = db.$with('matches').as(
    db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        createdAt: products.createdAt,
        rack: products.rack,
      })
      .from(products)
      .where(where(search, rack)),
  );
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...sortOrders(matches)[sort])
    .limit(limit)
    .offset(offset);
  const rows = await db
    .with(matches)
    .select({
      product: products,
      total: sql<number>`(select count(*) from matches)`.mapWith(Number),
    })
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...ORDER[sort]);
  return withTotal(db, search, rack, offset, rows);
}

export async function allProducts(db: DbOrTx): Promise<Product[]> {
  const rows = await db.select().from(products).orderBy(asc(products.name), asc(products.id));
  return rows.map(toProduct);
}

export async function findProductByBarcode(db: DbOrTx, barcode: string): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`lower(${products.barcodeId}) = lower(${barcode.trim()})`)
    .limit(1);
  return row === undefined ? null : toProduct(row);
}
