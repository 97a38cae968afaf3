import { Type, type Static, type TLiteral, type TSchema } from '@sinclair/typebox';
import { CLIENT_ID_PATTERN, DEFAULT_PAGE_SIZE, FIELDS, MAX_ID, MAX_PAGE_LIMIT } from './constants';

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

// Request field builders: every route's body, query and path fields are made with these, so
// that one validation layer (the server's plugins/validation.ts) applies the same rules to all.
// The `x-*` keywords are the server's ajv keywords; see docs/adr/0009-input-validation.md.

export interface IntegerFieldOptions {
  minimum?: number;
  maximum: number;
  default?: number;
}

/**
 * An integer: a JSON number, or (what an HTML form posts) a string of plain digits. Fractions,
 * signs, exponents, hex, booleans, arrays and '' are refused.
 */
export const IntegerField = ({ minimum = 0, maximum, ...rest }: IntegerFieldOptions) =>
  Type.Integer({ minimum, maximum, ...rest });

/** Money: a number of at least 0 with at most two decimals, or such a number as digit text. */
export const MoneyField = (maximum: number = FIELDS.price.max) =>
  Type.Number({ minimum: 0, maximum, 'x-money': true });

/** A row id: 1 up to PostgreSQL's integer maximum. A path id outside that answers 404. */
export const IdField = () => IntegerField({ minimum: 1, maximum: MAX_ID });

export interface TextFieldOptions {
  maxLength: number;
  /** Tab and line breaks allowed (the damage reason); every other control character refused. */
  multiline?: boolean;
  /** Default true: something visible must be there ('Nama Barang wajib diisi'). */
  required?: boolean;
  /** Printable ASCII only, what CODE128 can draw (a product's Barcode ID). */
  ascii?: boolean;
  /** The field's label in messages, where its name means something else elsewhere. */
  label?: string;
}

/**
 * Text: a JSON string without control characters (tab and line breaks only where multiline) or
 * lone surrogates, not made only of invisible characters, at most maxLength characters.
 */
export const TextField = ({
  maxLength,
  multiline = false,
  required = true,
  ascii = false,
  label,
}: TextFieldOptions) =>
  Type.String({
    ...(label === undefined ? {} : { title: label }),
    // minLength and pattern say 'not blank' to any JSON Schema reader; x-text says the rest.
    ...(required ? { minLength: 1, pattern: '\\S' } : {}),
    maxLength,
    'x-text': ascii ? { multiline, required, ascii } : { multiline, required },
  });

/**
 * A resi typed or scanned by hand: printable ASCII, as a courier prints it under its barcode (an
 * emoji or a curly quote is a typing slip no scanner can ever match).
 */
export const ResiField = () =>
  TextField({
    maxLength: FIELDS.resi_number.maxLength,
    ascii: true,
    label: FIELDS.resi_number.label,
  });

/**
 * A calendar date of a request, yyyy-mm-dd: a real day from DATE_MIN up to DATE_MAX_DAYS_AHEAD
 * days after the shop's today.
 */
export const DateField = () =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'yyyy-mm-dd', 'x-date': true });

/**
 * An instant as a client sends back what the API answered (a Timestamp): ISO 8601 with a time
 * zone ('2026-01-01T00:00:00.000Z'). A bad one answers '<label> tidak valid'.
 */
export const TimestampField = () =>
  Type.String({
    maxLength: 40,
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$',
    description: 'ISO 8601 date-time',
  });

/** One of a fixed list of words (sort orders, periods), typed as their union. */
export const ChoiceField = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((value): TLiteral<T[number]> => Type.Literal(value)));

/**
 * The id a client gives a write it may send again (offline capture, issue 48): a UUID. A bad one
 * answers the rule in one sentence (FIELD_RULES.client_id).
 */
export const ClientIdField = () =>
  Type.String({
    maxLength: FIELDS.client_id.maxLength,
    pattern: CLIENT_ID_PATTERN,
    description: 'uuid: sent again with the same id, the write is done once (issue 48)',
  });

/** true or false; in a query string the words 'true' and 'false'. */
export const BooleanField = () => Type.Boolean();

export const IdParam = Type.Object({ id: IdField() });
export type IdParam = Static<typeof IdParam>;

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
  page: Type.Optional(IntegerField({ minimum: 1, maximum: FIELDS.page.max, default: 1 })),
  limit: Type.Optional(
    IntegerField({ minimum: 1, maximum: MAX_PAGE_LIMIT, default: DEFAULT_PAGE_SIZE }),
  ),
  search: Type.Optional(TextField({ maxLength: FIELDS.search.maxLength, required: false })),
});
export type PageQuery = Static<typeof PageQuery>;

/** PageQuery's page and limit, for the paged lists without a search. */
export const PagingFields = { page: PageQuery.properties.page, limit: PageQuery.properties.limit };

/** An optional calendar range, both ends included. */
export const DateRangeQuery = Type.Object({
  startDate: Type.Optional(DateField()),
  endDate: Type.Optional(DateField()),
});
export type DateRangeQuery = Static<typeof DateRangeQuery>;

/** A paged list over an optional calendar range (orders, returns, adjustments, Pembukuan). */
export const DatedPageQuery = Type.Object({
  ...PageQuery.properties,
  ...DateRangeQuery.properties,
});

/** `{ data }` wrapper for single-object or unpaged answers. */
export const DataOf = <T extends TSchema>(item: T) => Type.Object({ data: item });

/** Answer of a create or update: the message and the saved record. */
export const SavedOf = <T extends TSchema>(item: T) =>
  Type.Object({ message: Type.String(), data: item });
export interface Saved<T> {
  message: string;
  data: T;
}
