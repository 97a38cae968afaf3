import { useDeferredValue } from 'react';

/** The parts of an RTK Query result that say what a list's table (or a chart of it) shows. */
export interface ListQuery<A = unknown> {
  /** The answer for the current arguments (undefined while another page loads). */
  currentData?: A | undefined;
  /** The last answer for any arguments: read only with `keepPrevious`. */
  data?: A | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface TableStateOptions {
  /** The query is not asked (invalid filters): neither loading nor failed. */
  skip?: boolean;
  /**
   * Keep the rows of the last answer on screen while the next page, sort or search loads, instead
   * of the placeholder rows; a failure still replaces them with the panel.
   */
  keepPrevious?: boolean;
}

export interface TableState {
  /** Nothing to show yet: the placeholder rows. */
  loading: boolean;
  /** The load failed and there is nothing to show: the error panel with its retry. */
  failed: boolean;
  onRetry: () => void;
}

/**
 * The answer a list's table shows: the current arguments' answer, or with `keepPrevious` the last
 * answer of any arguments unless the last load failed.
 */
export function shownAnswer<A>(
  query: ListQuery<A>,
  { keepPrevious = false }: TableStateOptions = {},
): A | undefined {
  if (!keepPrevious) return query.currentData;
  return query.isError ? undefined : query.data;
}

/**
 * The Table's loading, failed and retry props from a list query, one rule for every list: rows
 * already shown stay while the same page is fetched again; a failure without rows shows the
 * panel. `skip`: the query is not asked (invalid filters), so neither.
 */
export function tableState(query: ListQuery, options: TableStateOptions = {}): TableState {
  const { skip = false } = options;
  const empty = shownAnswer(query, options) === undefined;
  return {
    loading: !skip && query.isFetching && empty && !query.isError,
    failed: !skip && query.isError && empty,
    onRetry: () => void query.refetch(),
  };
}

/**
 * The query's result one render late, for a memoised body that draws its answer: RTK hands a new
 * answer over in a synchronous render (useSyncExternalStore), and the deferred one lets React draw
 * the body in a background render split into short tasks (issue 48, total blocking time); the
 * urgent render only passes the result on.
 */
export function useDeferredQuery<A>(query: ListQuery<A>): ListQuery<A> {
  return useDeferredValue(query);
}
