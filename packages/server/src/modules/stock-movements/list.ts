// Paging and substring search, shared by the movement and damaged-goods lists.
import { DEFAULT_PAGE_SIZE, type Pagination } from '@gudang/api-client/contract';
import { ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface PageWindow {
  page: number;
  limit: number;
  /** null when the page lies beyond anything the database could hold (answer: no rows). */
  offset: number | null;
}

export function pageWindow(query: { page?: number; limit?: number }): PageWindow {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * limit;
  return { page, limit, offset: Number.isSafeInteger(offset) ? offset : null };
}

export function pagination(window: PageWindow, total: number): Pagination {
  return {
    page: window.page,
    limit: window.limit,
    total,
    totalPages: Math.ceil(total / window.limit),
  };
}

/** `%text%` for ILIKE, with the user's own %, _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Case-insensitive substring match of the trimmed search over the columns; undefined when blank. */
export function searchCondition(
  search: string | undefined,
  columns: readonly PgColumn[],
): SQL | undefined {
  const text = search?.trim() ?? '';
  if (text === '') return undefined;
  const pattern = containsPattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
