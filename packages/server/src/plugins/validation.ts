// The one validation layer of request bodies, query strings and path parameters
// (docs/adr/0009-input-validation.md). ajv runs without type coercion; before it, the numbers and
// booleans that arrive as text are read by the contract's strict rules (numberFromInput); the
// contract's field builders carry the x-* keywords defined here; failures become one Indonesian
// sentence naming the field by its label.
import {
  DATE_MAX_DAYS_AHEAD,
  DATE_MIN,
  FIELD_RULES,
  VALIDATION_MESSAGES,
  fieldLabel,
  hasMoneyPrecision,
  isCalendarDate,
  numberFromInput,
  textProblem,
} from '@gudang/api-client/contract';
import type { FastifyInstance, FastifySchema, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { addDays, todayIn } from '../lib/dates';
import { MSG_RECORD_NOT_FOUND } from '../lib/result';

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
  parentSchema?: Record<string, unknown>;
}

interface KeywordValidator {
  (schema: unknown, data: unknown, parentSchema?: Record<string, unknown>): boolean;
  errors?: KeywordError[];
}

function keyword(name: string, check: (schema: unknown, data: unknown) => string | null) {
  const validate: KeywordValidator = (schema, data, parentSchema) => {
    const problem = check(schema, data);
    // The failing field's schema travels with the error, as ajv's own errors carry it (verbose).
    validate.errors =
      problem === null
        ? []
        : [{ keyword: name, message: problem, params: { problem }, parentSchema }];
    return problem === null;
  };
  return validate;
}

export interface ValidationOptions {
  /** The shop's IANA time zone: the date window ends DATE_MAX_DAYS_AHEAD after its today. */
  timeZone: string;
  /** The clock (tests). */
  now?: () => Date;
}

/** The last day asked for and its window's end: every request with a date asks. */
let lastWindow = { today: '', latest: '' };

/** The latest date a request may carry: DATE_MAX_DAYS_AHEAD days after the shop's today. */
export function latestDate(timeZone: string, now: Date = new Date()): string {
  const today = todayIn(timeZone, now);
  if (lastWindow.today !== today)
    lastWindow = { today, latest: addDays(today, DATE_MAX_DAYS_AHEAD) };
  return lastWindow.latest;
}

/**
 * The options of the ajv that checks every request schema (Fastify's `ajv.customOptions`): no
 * type coercion ('0x10', '1e3', true and [2] are not numbers, ['a'] is not text), and the
 * contract's x-text, x-money and x-date keywords.
 */
export function ajvOptions(options: ValidationOptions) {
  const now = options.now ?? (() => new Date());
  const keywords = [
    {
      keyword: 'x-text',
      type: 'string' as const,
      schemaType: 'object' as const,
      errors: true,
      validate: keyword('x-text', (schema, data) => {
        const {
          multiline = false,
          required = true,
          ascii = false,
        } = schema as {
          multiline?: boolean;
          required?: boolean;
          ascii?: boolean;
        };
        const problem = textProblem(data as string, multiline, ascii);
        if (problem === 'blank' && !required) return null;
        return problem;
      }),
    },
    {
      keyword: 'x-money',
      type: 'number' as const,
      schemaType: 'boolean' as const,
      errors: true,
      validate: keyword('x-money', (_schema, data) =>
        hasMoneyPrecision(data as number) ? null : 'precision',
      ),
    },
    {
      keyword: 'x-date',
      type: 'string' as const,
      schemaType: 'boolean' as const,
      errors: true,
      validate: keyword('x-date', (_schema, data) => {
        const value = data as string;
        if (!isCalendarDate(value)) return 'format';
        if (value < DATE_MIN || value > latestDate(options.timeZone, now())) return 'window';
        return null;
      }),
    },
  ];
  return {
    coerceTypes: false,
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    // Errors carry the failing schema, from which the message takes limits and kinds.
    verbose: true,
    keywords,
  };
}

type Part = 'body' | 'querystring' | 'params';

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}

const optionsOf = (schema: JsonSchema) => schema.anyOf ?? [schema];

/**
 * An optional field sent as nothing, as an HTML form sends an untouched field and many clients
 * send `null`: a number field as '' or null, any field as null unless its schema takes null.
 * It is then read as absent (its default applies), as an empty query parameter already is.
 */
function sentAsNothing(schema: JsonSchema, value: unknown): boolean {
  const options = optionsOf(schema);
  if (value === null) return !options.some((option) => option.type === 'null');
  return (
    value === '' &&
    options.some((option) => option.type === 'integer' || option.type === 'number') &&
    !options.some((option) => option.type === 'string')
  );
}

/**
 * The value a field's schema reads from what was sent: digit text becomes the number it spells
 * (money: up to two decimals), in a query string 'true'/'false' become booleans. Anything else
 * stays as it came, for ajv to refuse.
 */
function readValue(schema: JsonSchema, value: unknown, part: Part): unknown {
  if (typeof value !== 'string') return value;
  for (const option of optionsOf(schema)) {
    if (option.type === 'integer' || option.type === 'number') {
      const number = numberFromInput(value, option.type === 'integer' ? 'integer' : 'money');
      if (number !== undefined) return number;
    }
    if (option.type === 'boolean' && part === 'querystring') {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return value;
}

/**
 * Reads the number (and query boolean) fields of one request part in place; in a body, an
 * optional field sent as nothing is removed (sentAsNothing).
 */
export function normalizeInput(schema: unknown, data: unknown, part: Part): void {
  const properties = (schema as JsonSchema | undefined)?.properties;
  if (properties === undefined || typeof data !== 'object' || data === null) return;
  if (Array.isArray(data)) return;
  const record = data as Record<string, unknown>;
  const required = new Set((schema as JsonSchema).required ?? []);
  for (const [name, fieldSchema] of Object.entries(properties)) {
    if (!Object.prototype.hasOwnProperty.call(record, name)) continue;
    if (part === 'body' && !required.has(name) && sentAsNothing(fieldSchema, record[name]))
      Reflect.deleteProperty(record, name);
    else record[name] = readValue(fieldSchema, record[name], part);
  }
}

interface FailingSchema {
  /** The field's own label, where its name means something else elsewhere (a session's name). */
  title?: string;
  properties?: Record<string, FailingSchema>;
  type?: string;
  minimum?: number;
  'x-text'?: { required?: boolean };
  'x-date'?: boolean;
}

/** How a validation failure is answered: 400 with the reason, or 404 for a path id no row has. */
export interface ValidationFailure {
  status: 400 | 404;
  message: string;
}

/** A path value whose percent-escapes are not UTF-8: the router cannot tell which field it is. */
export const MSG_URL_NOT_UTF8 = 'Alamat permintaan berisi karakter yang bukan UTF-8';
/** The router's limit of one path value: Node's 16 KiB of headers, so it is met only in tests. */
export const MAX_PATH_VALUE_LENGTH = 16_384;
/** A path value longer than MAX_PATH_VALUE_LENGTH (414). */
export const MSG_URL_TOO_LONG = 'Alamat permintaan terlalu panjang';

/** The answer to the first validation failure, naming the field as the user sees it. */
export function validationFailure(
  errors: readonly FastifySchemaValidationError[],
  context?: string,
): ValidationFailure {
  const first = errors[0];
  const invalid = { status: 400, message: VALIDATION_MESSAGES.invalidRequest } as const;
  if (first === undefined) return invalid;
  const params = first.params as Record<string, unknown>;
  // The innermost named field: an item of a list (items/0/quantity) is named by its own label.
  const named = first.instancePath
    .split('/')
    .filter((part) => part !== '' && !/^\d+$/.test(part))
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const field =
    first.keyword === 'required' && typeof params.missingProperty === 'string'
      ? params.missingProperty
      : named.at(-1);
  if (field === undefined) return invalid;
  // The object the field sits in (a missing field's is the failing path itself): scope.type.
  const parent = first.keyword === 'required' ? named.at(-1) : named.at(-2);
  const schema = ((first as { parentSchema?: unknown }).parentSchema ?? {}) as FailingSchema;
  // A missing field's schema is a property of the failing (object) schema.
  const own = first.keyword === 'required' ? schema.properties?.[field] : schema;
  const label = own?.title ?? fieldLabel(field, parent);
  const fail = (message: string) => ({ status: 400, message }) as const;
  // A field with a one-sentence rule (Rak) names the rule, not just 'tidak valid'.
  const rule = FIELD_RULES[field as keyof typeof FIELD_RULES];
  if (rule !== undefined && (first.keyword === 'pattern' || first.keyword === 'maxLength'))
    return fail(rule);

  switch (first.keyword) {
    case 'required':
      return fail(VALIDATION_MESSAGES.required(label));
    case 'minimum':
    case 'maximum':
      // An id no row can have: the record is simply not there.
      if (context === 'params' && schema.type === 'integer')
        return { status: 404, message: MSG_RECORD_NOT_FOUND };
      if (first.keyword === 'maximum')
        return fail(VALIDATION_MESSAGES.atMost(label, Number(params.limit)));
      return fail(
        schema.type === 'integer' && params.limit === 1
          ? VALIDATION_MESSAGES.positive(label)
          : VALIDATION_MESSAGES.atLeast(label, Number(params.limit)),
      );
    case 'const': {
      // A ChoiceField (a union of words): every branch's word failed, in turn.
      const allowed = errors
        .filter((error) => error.keyword === 'const' && error.instancePath === first.instancePath)
        .map((error) => (error.params as { allowedValue?: unknown }).allowedValue);
      return fail(VALIDATION_MESSAGES.oneOf(label, allowed));
    }
    case 'type':
      switch (schema.type) {
        case 'integer':
          return fail(VALIDATION_MESSAGES.integer(label, schema.minimum ?? 0));
        case 'number':
          return fail(VALIDATION_MESSAGES.money(label));
        case 'string':
          return fail(VALIDATION_MESSAGES.notText(label));
        case 'boolean':
          return fail(VALIDATION_MESSAGES.boolean(label));
        default:
          return fail(VALIDATION_MESSAGES.invalid(label));
      }
    case 'minLength':
    case 'minItems':
      return fail(VALIDATION_MESSAGES.required(label));
    case 'maxItems':
      return fail(VALIDATION_MESSAGES.atMost(label, Number(params.limit)));
    case 'maxLength':
      return fail(VALIDATION_MESSAGES.tooLong(label, Number(params.limit)));
    case 'pattern':
      if (schema['x-date'] === true) return fail(VALIDATION_MESSAGES.date(label));
      // The 'not blank' pattern of a required TextField.
      if (schema['x-text'] !== undefined) return fail(VALIDATION_MESSAGES.required(label));
      return fail(VALIDATION_MESSAGES.invalid(label));
    case 'x-text':
      if (params.problem === 'characters') return fail(VALIDATION_MESSAGES.badCharacters(label));
      if (params.problem === 'ascii') return fail(VALIDATION_MESSAGES.printableAscii(label));
      return fail(
        params.problem === 'invisible' && schema['x-text']?.required === false
          ? VALIDATION_MESSAGES.invisibleOnly(label)
          : VALIDATION_MESSAGES.required(label),
      );
    case 'x-money':
      return fail(VALIDATION_MESSAGES.money(label));
    case 'x-date':
      return fail(
        params.problem === 'window'
          ? VALIDATION_MESSAGES.dateWindow(label)
          : VALIDATION_MESSAGES.date(label),
      );
    case 'additionalProperties':
      return fail(VALIDATION_MESSAGES.unknownField(String(params.additionalProperty)));
    default:
      return fail(VALIDATION_MESSAGES.invalid(label));
  }
}

/** Percent-decodes one query-string word as UTF-8; null when its bytes are not UTF-8. */
function decodeQueryWord(word: string): string | null {
  try {
    return decodeURIComponent(word.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/**
 * The query string as the schema reads it, in place:
 * - a parameter sent empty (`search=`, `action=`, `startDate=`) means "no filter": it is removed,
 *   so the request is answered as if it were absent (defaults apply, a required one is missing);
 * - a value whose percent-escapes are not UTF-8 (`search=%FF`), which the query parser leaves as
 *   the raw text (so does a broken escape, `100%`), becomes text with U+FFFD in it, which every text rule refuses (x-text), and no
 *   number, word or date reads.
 */
export function normalizeQuery(rawUrl: string, query: unknown): void {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return;
  const record = query as Record<string, unknown>;
  const start = rawUrl.indexOf('?');
  if (start !== -1) {
    for (const pair of rawUrl.slice(start + 1).split('&')) {
      const equals = pair.indexOf('=');
      const rawKey = equals === -1 ? pair : pair.slice(0, equals);
      const rawValue = equals === -1 ? '' : pair.slice(equals + 1);
      const key = decodeQueryWord(rawKey);
      if (key === null || !Object.prototype.hasOwnProperty.call(record, key)) continue;
      if (decodeQueryWord(rawValue) === null) record[key] = '\ufffd';
    }
  }
  for (const [key, value] of Object.entries(record))
    if (value === '') Reflect.deleteProperty(record, key);
}

function validationPlugin(app: FastifyInstance): void {
  // Before ajv: numbers sent as digit text (HTML forms, query strings, path ids) become numbers.
  app.addHook('preValidation', async (request) => {
    const schema: FastifySchema | undefined = request.routeOptions.schema;
    if (schema === undefined) return;
    if (schema.querystring !== undefined) normalizeQuery(request.raw.url ?? '', request.query);
    normalizeInput(schema.body, request.body, 'body');
    normalizeInput(schema.querystring, request.query, 'querystring');
    normalizeInput(schema.params, request.params, 'params');
  });
}

export const validation = fp(validationPlugin, { name: 'validation', fastify: '5.x' });
