import { sql, type SQL } from 'drizzle-orm';

/**
 * Integer ids as one integer[] parameter, written as an array literal ('{1,2,3}'): the two
 * drivers pass JS arrays differently. A plain parameter, not a sub-select: PostgreSQL inlines a
 * SQL function (reserved_lines) only then, and plans its body with the ids (a sub-select made it
 * read every order line: 215 ms a page of Data Produk, docs/benchmarks.md "Stok Tersedia").
 */
export const idArray = (ids: readonly number[]): SQL =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[]`;

/**
 * A text[] of the values, sent as one JSON parameter (drizzle would spread a JS array into a
 * list of parameters, and the two drivers pass arrays differently).
 */
export const textArray = (values: readonly string[]): SQL =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
