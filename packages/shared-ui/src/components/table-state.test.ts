import { renderHook } from '@testing-library/react';
import { shownAnswer, tableState, useDeferredQuery } from './table-state';

const query = (over: Partial<Parameters<typeof tableState>[0]> = {}) => ({
  currentData: undefined,
  data: undefined,
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

  it('with keepPrevious, keeps the last answer on screen while another page loads', () => {
    const previous = { data: ['page 1'] };
    const loadingNext = query({ isFetching: true, data: previous });
    expect(tableState(loadingNext)).toMatchObject({ loading: true });
    expect(tableState(loadingNext, { keepPrevious: true })).toMatchObject({
      loading: false,
      failed: false,
    });
    expect(shownAnswer(loadingNext)).toBeUndefined();
    expect(shownAnswer(loadingNext, { keepPrevious: true })).toBe(previous);
    // The first page of all: nothing to keep yet, so the placeholder rows.
    expect(tableState(query({ isFetching: true }), { keepPrevious: true })).toMatchObject({
      loading: true,
    });
  });

  it('with keepPrevious, replaces the kept rows with the panel when the load fails', () => {
    const failed = query({ isError: true, data: { data: ['page 1'] } });
    expect(tableState(failed, { keepPrevious: true })).toMatchObject({
      loading: false,
      failed: true,
    });
    expect(shownAnswer(failed, { keepPrevious: true })).toBeUndefined();
    expect(tableState(failed, { keepPrevious: true, skip: true })).toMatchObject({ failed: false });
  });
});

describe('useDeferredQuery', () => {
  it('hands on the query result, and then the next one', () => {
    const first = query({ currentData: { data: ['a'] } });
    const next = query({ currentData: { data: ['b'] } });
    const { result, rerender } = renderHook(({ shown }) => useDeferredQuery(shown), {
      initialProps: { shown: first },
    });
    expect(result.current).toBe(first);
    rerender({ shown: next });
    expect(result.current).toBe(next);
  });
});
