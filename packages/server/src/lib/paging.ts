// Paging, shared by every list. At a shop's size (a million movements) every page must be read
// from an index, never by sorting the table: docs/adr/0007-scale.md.
import {
  DEFAULT_PAGE_SIZE,
  type List,
  type PageQuery,
  type Pagination,
} from '@gudang/api-client/contract';
import { and, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { damagedGoods, incomingGoods, orders, outgoingGoods } from '../db/schema';
import { toNumber } from './numbers';
import { searchPattern } from './search';

/** The page asked for (the first when none), its size (DEFAULT_PAGE_SIZE when none) and the rows before it. */
export function pageOf(query: { page?: number; limit?: number }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  return { page, limit, offset: (page - 1) * limit };
}

/** The pagination of a list of `total` rows read `limit` a page. */
export function paginationOf(
  { page, limit }: { page: number; limit: number },
  total: number,
): Pagination {
  return { page, limit, total, totalPages: Math.ceil(total / limit) };
}

interface PageWindow {
  page: number;
  limit: number;
  /** null when the page lies beyond anything the database could hold (answer: no rows). */
  offset: number | null;
}

function pageWindow(query: { page?: number; limit?: number }): PageWindow {
  const { page, limit, offset } = pageOf(query);
  return { page, limit, offset: Number.isSafeInteger(offset) ? offset : null };
}

/**
 * `column desc nulls last`: the spelling of the list indexes (drizzle-kit writes DESC NULLS
 * LAST). A bare DESC means NULLS FIRST, which those indexes cannot serve, and every page then
 * sorts the whole table.
 */
export function descNullsLast(column: PgColumn): SQL {
  return sql`${column} desc nulls last`;
}

/** The planner's estimate of the table's rows (kept by VACUUM and ANALYZE): free to read. */
export async function estimatedRows(db: DbOrTx, table: NewestFirstTable): Promise<number> {
  return estimatedRowsOf(db, getTableName(table));
}

/** The same by the table's name (how listPage picks a searched read of any table). */
export async function estimatedRowsOf(db: DbOrTx, table: string): Promise<number> {
  const { rows } = await db.execute<{ estimate: unknown }>(
    sql`select reltuples as estimate from pg_class where oid = ${table}::regclass`,
  );
  return Math.max(0, Number(rows[0]?.estimate ?? 0));
}

/** What one statement learns of a search: its matches counted, and the page when they are few. */
export interface SearchedPage {
  total: number;
  /** The page's ids, newest first; null when the matches are many (walk the order's index). */
  ids: number[] | null;
}

/** A page's rows and, from the same statement, the count of all rows (null: no row came). */
export interface PageWithTotal<Row> {
  rows: Row[];
  total: number | null;
}

export interface PageReaders<Row> {
  /** Counts the rows matching `where` (undefined: all rows, from a kept counter). */
  count: (where: SQL | undefined) => PromiseLike<number>;
  /**
   * Optional, for a searched page in the order of `newestPageIds`: counts the matches and, when
   * sorting them is cheaper than walking the index, sorts them for the page, in one statement
   * over one read of the matches (`searchedPage`). Without it, a search is counted, then read.
   */
  searched?: (where: SQL, limit: number, offset: number) => PromiseLike<SearchedPage>;
  /** With `searched`: the rows of these ids, in list order. */
  rowsOf?: (ids: number[]) => PromiseLike<Row[]>;
  /**
   * Optional, for an unsearched page: its rows and the count of all rows in one statement;
   * `total` is null when the page came back empty (then `count` is asked apart).
   */
  pageWithTotal?: (limit: number, offset: number) => PromiseLike<PageWithTotal<Row>>;
  /** About how many rows the table has (for choosing how to read a searched page). */
  estimate: () => PromiseLike<number>;
  /**
   * Reads the rows matching `where` from `offset` on, in list order. `sortMatches`: collect the
   * matches by their search indexes and sort them, rather than walk the order's index.
   */
  rows: (
    where: SQL | undefined,
    limit: number,
    offset: number,
    sortMatches: boolean,
  ) => PromiseLike<Row[]>;
}

/** The tables listed newest first from their (date, id) index. */
type NewestFirstTable =
  typeof incomingGoods | typeof outgoingGoods | typeof damagedGoods | typeof orders;

/** Newest first: date, then id (the order of the table's (date, id) index). */
export function newestFirst(table: NewestFirstTable): SQL[] {
  return [descNullsLast(table.date), descNullsLast(table.id)];
}

/**
 * The readers every newest-first list of `table` shares, within `range` (a condition joined to
 * the search; none: the whole table): a searched page counted and found in one statement
 * (searchedPage), the table's estimated rows, and the condition naming a page's ids
 * (newestPageIds).
 */
export function newestFirstReaders(db: DbOrTx, table: NewestFirstTable, range?: SQL) {
  return {
    searched: (where: SQL, limit: number, offset: number) =>
      searchedPage(db, table, and(range, where) ?? where, limit, offset),
    estimate: () => estimatedRows(db, table),
    pageIds: (where: SQL | undefined, limit: number, offset: number, sortMatches: boolean) =>
      newestPageIds(db, table, and(range, where), limit, offset, sortMatches),
  };
}

/**
 * The readers of a newest-first list of `table` (as `alias`, read with raw statements from its
 * (date, id) index) within the query's optional date range, joined to the search: its matches
 * counted, its estimated rows, and the statement of a page's ids: the matches collected and sorted
 * when `sortMatches` (rare matches), else the index walked.
 */
export function datedListReaders(
  db: DbOrTx,
  table: 'returns' | 'stock_adjustments',
  alias: 'r' | 'a',
  query: { startDate?: string; endDate?: string },
) {
  const from = sql.raw(`${table} ${alias}`);
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  const range = [
    query.startDate === undefined ? sql`true` : sql`${column('date')} >= ${query.startDate}::date`,
    query.endDate === undefined ? sql`true` : sql`${column('date')} <= ${query.endDate}::date`,
  ];
  const whereOf = (search: SQL | undefined) =>
    sql.join(search === undefined ? range : [...range, search], sql` and `);
  return {
    count: async (search: SQL | undefined) => {
      const { rows } = await db.execute<{ n: unknown }>(
        sql`select count(*) as n from ${from} where ${whereOf(search)}`,
      );
      return toNumber(rows[0]?.n);
    },
    estimate: () => estimatedRowsOf(db, table),
    pageIds: (search: SQL | undefined, limit: number, offset: number, sortMatches: boolean) =>
      sortMatches
        ? sql`with m as materialized (select ${column('id')}, ${column('date')} from ${from}
                                       where ${whereOf(search)})
              select id from m order by date desc nulls last, id desc nulls last
               limit ${limit} offset ${offset}`
        : sql`select ${column('id')} from ${from} where ${whereOf(search)}
               order by ${column('date')} desc nulls last, ${column('id')} desc nulls last
               limit ${limit} offset ${offset}`,
  };
}

/**
 * `table.id in (the ids of one page, newest first)`. Unsearched, the ids come from the
 * (date, id) index alone: an index-only scan that skips `offset` entries. Searched, either that
 * walk, keeping the matches (cheap when they are common), or the matches collected by their
 * trigram indexes and sorted (cheap when they are rare): the planner cannot tell which from its
 * estimate of an ILIKE, but the count made just before can.
 */
export function newestPageIds(
  db: DbOrTx,
  table: NewestFirstTable,
  where: SQL | undefined,
  limit: number,
  offset: number,
  sortMatches: boolean,
): SQL {
  if (sortMatches) {
    const matches = db.select({ id: table.id, date: table.date }).from(table).where(where);
    return sql`${table.id} in (with matches as materialized (${matches})
      select id from matches order by date desc nulls last, id desc nulls last
      limit ${limit} offset ${offset})`;
  }
  const ids = db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(descNullsLast(table.date), descNullsLast(table.id))
    .limit(limit)
    .offset(offset);
  return inArray(table.id, ids);
}

/**
 * A searched page in one statement: the matches are collected once (a materialized CTE over the
 * trigram indexes), counted, and, when `(offset + limit) * rows > matches²` (the table's rows as
 * the planner estimates them, `pg_class.reltuples`, read in the same statement), sorted for the
 * page. The sort is a subplan of a CASE: PostgreSQL runs it only when that branch is taken, so
 * a common search pays no sort, and its page then walks the (date, id) index (`newestPageIds`).
 * Before, this took three statements and read the matches twice (docs/adr/0007-scale.md).
 */
export async function searchedPage(
  db: DbOrTx,
  table: NewestFirstTable,
  where: SQL,
  limit: number,
  offset: number,
): Promise<SearchedPage> {
  const matches = db.select({ id: table.id, date: table.date }).from(table).where(where);
  const { rows } = await db.execute<{ total: unknown; ids: unknown }>(sql`
    with matches as materialized (${matches}), found as (select count(*) as n from matches)
    select n as total,
           case when n > ${offset}
                 and (${offset + limit})::float8 * (select greatest(reltuples, 0) from pg_class
                                                    where oid = ${getTableName(table)}::regclass)
                     > n::float8 * n
                then array(select id from matches
                            order by date desc nulls last, id desc nulls last
                            limit ${limit} offset ${offset})
           end as ids
      from found`);
  const row = rows[0];
  const ids = row?.ids;
  return {
    total: Number(row?.total ?? 0),
    ids: ids === null || ids === undefined ? null : idList(ids),
  };
}

/** An int[] as either driver returns it (node-postgres parses it; text '{1,2}' otherwise). */
function idList(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const text = String(value).replace(/^\{|\}$/g, '');
  return text === '' ? [] : text.split(',').map(Number);
}

/**
 * One page of a list; `searchWhere` turns the search pattern into the condition. The matches are
 * counted first, and a page beyond them is answered without reading any row.
 */
export async function listPage<Row>(
  query: PageQuery,
  searchWhere: (pattern: string) => SQL | undefined,
  readers: PageReaders<Row>,
): Promise<List<Row>> {
  const window = pageWindow(query);
  const pattern = searchPattern(query.search);
  const where = pattern === null ? undefined : searchWhere(pattern);
  if (where !== undefined && window.offset !== null && readers.searched && readers.rowsOf) {
    const found = await readers.searched(where, window.limit, window.offset);
    if (window.offset >= found.total)
      return { data: [], pagination: paginationOf(window, found.total) };
    const data =
      found.ids === null
        ? await readers.rows(where, window.limit, window.offset, false)
        : await readers.rowsOf(found.ids);
    return { data, pagination: paginationOf(window, found.total) };
  }
  if (where === undefined && window.offset !== null && readers.pageWithTotal) {
    const found = await readers.pageWithTotal(window.limit, window.offset);
    const total = found.total ?? (await readers.count(undefined));
    return { data: found.rows, pagination: paginationOf(window, total) };
  }
  const total = await readers.count(where);
  if (window.offset === null || window.offset >= total)
    return { data: [], pagination: paginationOf(window, total) };
  // Walking the order's index reads about (offset + limit) * all / total rows to find the page;
  // sorting the matches reads `total` rows.
  const sortMatches =
    where !== undefined &&
    (window.offset + window.limit) * (await readers.estimate()) > total * total;
  const data = await readers.rows(where, window.limit, window.offset, sortMatches);
  return { data, pagination: paginationOf(window, total) };
}
