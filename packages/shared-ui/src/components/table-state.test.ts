import { tableState } from './table-state';

const query = (over: Partial<Parameters<typeof tableState>[0]> = {}) => ({
  currentData: undefined,
  isFetching: false,
  isError: false,
  refetch: jest.fn(),
  ...over,
});

describe('tableState', () => {
  it('is loading while the first page is fetched, not while a next page replaces shown rows', () => {
    expect(tableState(query({ isFetching: true }))).toMatchObject({ loading: true, failed: false });
    expect(tableState(query({ isFetching: true, currentData: { data: [] } }))).toMatchObject({
      loading: false,
      failed: false,
    });
  });

  it('has failed when the load failed and there is nothing to show', () => {
    expect(tableState(query({ isError: true }))).toMatchObject({ loading: false, failed: true });
    expect(tableState(query({ isError: true, currentData: { data: [] } }))).toMatchObject({
      failed: false,
    });
  });

  it('neither loads nor fails for a skipped query, and retries by refetching', () => {
    const skipped = query({ isFetching: true, isError: true });
    expect(tableState(skipped, { skip: true })).toMatchObject({ loading: false, failed: false });
    tableState(skipped).onRetry();
    expect(skipped.refetch).toHaveBeenCalledTimes(1);
  });
});
