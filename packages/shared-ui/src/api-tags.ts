// Cache tags of the remotes' RTK Query endpoints: a record type's list, and one saved record.

/** The tag of a record type's whole list: what a create, update or delete of one invalidates. */
export function listTag<T extends string>(type: T): { type: T; id: 'LIST' } {
  return { type, id: 'LIST' };
}

/** providesTags of a list query: each row of the page by its id, and the list. */
export function listTags<T extends string>(
  type: T,
): (result?: { data: readonly { id: number }[] }) => { type: T; id: number | 'LIST' }[] {
  return (result) => [...(result?.data ?? []).map(({ id }) => ({ type, id })), listTag(type)];
}

/**
 * invalidatesTags of an update or delete: the record (the argument is its id, or has it), its
 * list, and the other tags the change refreshes.
 */
export function recordTags<T extends string, A extends number | { id: number }, const Also>(
  type: T,
  also: readonly Also[] = [],
): (result: unknown, error: unknown, arg: A) => ({ type: T; id: number | 'LIST' } | Also)[] {
  return (_result, _error, arg) => [
    { type, id: typeof arg === 'number' ? arg : arg.id },
    listTag(type),
    ...also,
  ];
}
