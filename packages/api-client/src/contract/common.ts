import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_LIMIT } from './constants';

/** Every error body the server sends: one Indonesian sentence. */
export const ErrorBody = Type.Object({ message: Type.String() }, { $id: 'ErrorBody' });
export type ErrorBody = Static<typeof ErrorBody>;

/** A message-only success body (deletes, recalculation). */
export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;

/** Calendar date as the API sends it: yyyy-mm-dd, never converted through time zones. */
export const DateString = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'yyyy-mm-dd',
});
export type DateString = Static<typeof DateString>;

/** A point in time (created_at, log timestamps): ISO 8601 text. */
export const Timestamp = Type.String({ description: 'ISO 8601 date-time' });

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export type IdParam = Static<typeof IdParam>;

/** A required text field of a request body: not blank (the server trims it). */
export const RequiredText = (maxLength = 200) =>
  Type.String({ minLength: 1, maxLength, pattern: '\\S' });

/** A moved or damaged quantity: an integer of at least 1 ('Jumlah harus lebih dari 0'). */
export const Quantity = Type.Integer({ minimum: 1 });

/** Money in requests: a number of at least 0 (numeric(14,2) on the server). */
export const Money = Type.Number({ minimum: 0 });

/** `T | null` as one schema. */
export const Nullable = <T extends TSchema>(item: T) => Type.Union([item, Type.Null()]);

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
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_SIZE }),
  ),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PageQuery = Static<typeof PageQuery>;

/** An optional calendar range, both ends included. */
export const DateRangeQuery = Type.Object({
  startDate: Type.Optional(DateString),
  endDate: Type.Optional(DateString),
});
export type DateRangeQuery = Static<typeof DateRangeQuery>;

/** `{ data }` wrapper for single-object or unpaged answers. */
export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });

/** Answer of a create or update: the message and the saved record. */
export const SavedOf = <T extends TSchema>(item: T) =>
  Type.Object({ message: Type.String(), data: item });
export interface Saved<T> {
  message: string;
  data: T;
}
