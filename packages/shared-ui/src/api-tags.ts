// Cache tags of the remotes' RTK Query endpoints: a record type's list, and one saved record; and
// the options of the endpoints every record type with a REST collection has (list, create, update,
// delete), which use them.

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
 * The options of a paged list query: GET `url` with the query's fields as its params, tagged by
 * listTags(type).
 */
export function listQuery<T extends string>(url: string, type: T) {
  return { query: (params: object) => ({ url, params }), providesTags: listTags(type) };
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

/** A create: POST `url` with the body; refreshes the list and the other tags the change reaches. */
export function createRecord<T extends string, const Also>(
  url: string,
  type: T,
  also: readonly Also[] = [],
) {
  return {
    query: (body: object) => ({ url, method: 'POST', body }),
    invalidatesTags: [listTag(type), ...also],
  };
}

/** An update: PUT `url/id` with the body; refreshes the record, its list and the other tags. */
export function updateRecord<T extends string, const Also>(
  url: string,
  type: T,
  also: readonly Also[] = [],
) {
  return {
    query: ({ id, body }: { id: number; body: object }) => ({
      url: `${url}/${id}`,
      method: 'PUT',
      body,
    }),
    invalidatesTags: recordTags<T, { id: number }, Also>(type, also),
  };
}

/** A delete: DELETE `url/id`; refreshes the record, its list and the other tags. */
export function deleteRecord<T extends string, const Also>(
  url: string,
  type: T,
  also: readonly Also[] = [],
) {
  return {
    query: (id: number) => ({ url: `${url}/${id}`, method: 'DELETE' }),
    invalidatesTags: recordTags<T, number, Also>(type, also),
  };
}
