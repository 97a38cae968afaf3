// Paging and substring search, shared by the movement and damaged-goods lists.
import {
  DEFAULT_PAGE_SIZE,
  type List,
  type PageQuery,
  type Pagination,
} from '@gudang/api-client/contract';
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '../../lib/search';

interface PageWindow {
  page: number;
  limit: number;
  /** null when the page lies beyond anything the database could hold (answer: no rows). */
  offset: number | null;
}

function pageWindow(query: { page?: number; limit?: number }): PageWindow {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * limit;
  return { page, limit, offset: Number.isSafeInteger(offset) ? offset : null };
}

function pagination(window: PageWindow, total: number): Pagination {
  return {
    page: window.page,
    limit: window.limit,
    total,
    totalPages: Math.ceil(total / window.limit),
  };
}

/** Case-insensitive substring match of the trimmed search over the columns; undefined when blank. */
function searchCondition(
  search: string | undefined,
  columns: readonly PgColumn[],
): SQL | undefined {
  const text = search?.trim() ?? '';
  if (text === '') return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}

export interface PageReaders<Row> {
  /** Counts the rows matching `where`. */
  count: (where: SQL | undefined) => PromiseLike<{ total: number }[]>;
  /** Reads the rows matching `where` from `offset` on, in list order. */
  rows: (where: SQL | undefined, limit: number, offset: number) => PromiseLike<Row[]>;
}

/**
 * One page of a list searched over `searchColumns`: the matches are counted first, and a page
 * beyond them is answered without reading any row.
 */
export async function listPage<Row>(
  query: PageQuery,
  searchColumns: readonly PgColumn[],
  readers: PageReaders<Row>,
): Promise<List<Row>> {
  const window = pageWindow(query);
  const where = searchCondition(query.search, searchColumns);
  const [totalRow] = await readers.count(where);
  const total = totalRow?.total ?? 0;
  const data =
    window.offset === null || window.offset >= total
      ? []
      : await readers.rows(where, window.limit, window.offset);
  return { data, pagination: pagination(window, total) };
}
