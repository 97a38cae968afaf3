import { MAX_PAGE_LIMIT } from './contract/constants';
import { fetchAllPages } from './fetch-all-pages';

describe('fetchAllPages', () => {
  it('asks page after page at the largest limit until the last one', async () => {
    const asked: Array<[number, number]> = [];
    const rows = await fetchAllPages(async (page, limit) => {
      asked.push([page, limit]);
      return { data: [`${page}a`, `${page}b`], pagination: { totalPages: 3 } };
    });
    expect(rows).toEqual(['1a', '1b', '2a', '2b', '3a', '3b']);
    expect(asked).toEqual([
      [1, MAX_PAGE_LIMIT],
      [2, MAX_PAGE_LIMIT],
      [3, MAX_PAGE_LIMIT],
    ]);
  });

  it('stops at an empty page (the list shrank meanwhile), and a failure rejects', async () => {
    const rows = await fetchAllPages(async (page) => ({
      data: page === 1 ? [1] : [],
      pagination: { totalPages: 5 },
    }));
    expect(rows).toEqual([1]);
    await expect(fetchAllPages(() => Promise.reject(new Error('gagal')))).rejects.toThrow('gagal');
  });
});
