import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { products } from '../db/schema';

/** `%text%` for ILIKE, with the user's own %, _ and \ matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The columns contain the pattern, searched as one text joined by chr(1) (which no search can
 * contain, so a match never spans two columns): the expression of one trigram index
 * (`products_search_trgm_idx`, `damaged_goods_search_trgm_idx`), written in the same order.
 */
export function joinedContains(columns: readonly PgColumn[], pattern: string): SQL {
  return sql`(${sql.join([...columns], sql` || chr(1) || `)}) ilike ${pattern}`;
}

/** The shown columns of a product, in the order of `products_search_trgm_idx`. */
export function productSearch(pattern: string): SQL {
  return joinedContains(
    [products.name, products.code, products.barcodeId, products.category, products.brand],
    pattern,
  );
}

/** The ILIKE pattern of the trimmed search; null when blank. */
export function searchPattern(search: string | undefined): string | null {
  const text = search?.trim() ?? '';
  return text === '' ? null : containsPattern(text);
}

/** Any of the columns contains the pattern; each has a trigram index (a bitmap OR of them). */
export function anyContains(columns: readonly PgColumn[], pattern: string): SQL | undefined {
  return or(...columns.map((column) => ilike(column, pattern)));
}
