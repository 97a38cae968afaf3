import { MAX_PAGE_LIMIT } from './contract/constants';

/** One page of a list, as every list endpoint answers. */
export interface PageOf<Row> {
  data: Row[];
  pagination: { totalPages: number };
}

/**
 * Every row of a list, page after page at the largest page the API gives, for an export or a
 * print that holds the whole filtered list and not only the page on the screen. `fetchPage`
 * asks one page (typically an endpoint's `initiate(..., { subscribe: false, forceRefetch: true })`
 * unwrapped); a failure rejects the whole.
 */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, limit: number) => Promise<PageOf<Row>>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page, MAX_PAGE_LIMIT);
    rows.push(...answer.data);
    if (answer.data.length === 0 || page >= answer.pagination.totalPages) return rows;
  }
}
