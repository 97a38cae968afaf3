import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Every error body the server sends: one Indonesian sentence. */
export const ErrorBody = Type.Object({ message: Type.String() }, { $id: 'ErrorBody' });
export type ErrorBody = Static<typeof ErrorBody>;

/** A message-only success body (deletes, recalculation). */
export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;

/** Calendar date as the API sends it: yyyy-mm-dd, never converted through time zones. */
export const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-mm-dd' });

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParam = Static<typeof IdParam>;

export const Pagination = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
});
export type Pagination = Static<typeof Pagination>;

/** The list envelope: `{ data, pagination }`. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), pagination: Pagination });
export interface List<T> {
  data: T[];
  pagination: Pagination;
}

/** Query of every paged list: page from 1, limit 1..100. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageQuery = Static<typeof PageQuery>;

/** `{ data }` wrapper for single-object or unpaged answers. */
export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });
