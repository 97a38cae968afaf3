/** The parts of an RTK Query result that say what a list's table shows. */
export interface ListQuery {
  currentData?: unknown;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

export interface TableState {
  /** Nothing to show yet: the placeholder rows. */
  loading: boolean;
  /** The load failed and there is nothing to show: the error panel with its retry. */
  failed: boolean;
  onRetry: () => void;
}

/**
 * The Table's loading, failed and retry props from a list query, one rule for every list: rows
 * already shown stay while a new page loads; a failure without rows shows the panel. `skip`: the
 * query is not asked (invalid filters), so neither.
 */
export function tableState(
  query: ListQuery,
  { skip = false }: { skip?: boolean } = {},
): TableState {
  const empty = query.currentData === undefined;
  return {
    loading: !skip && query.isFetching && empty && !query.isError,
    failed: !skip && query.isError && empty,
    onRetry: () => void query.refetch(),
  };
}
