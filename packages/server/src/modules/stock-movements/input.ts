// Request helpers shared by the incoming, outgoing and damaged-goods routes.
import { MAX_MOVEMENT_QUANTITY, MESSAGES } from '@gudang/api-client/contract';
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { HttpError } from '../../http-error';
import { validationMessage } from '../../plugins/error-handler';

export const MSG_RECORD_NOT_FOUND = 'Data tidak ditemukan';
export const MSG_INVALID_DATE = 'Tanggal tidak valid (format yyyy-mm-dd)';
export const MSG_QUANTITY_TOO_LARGE = `Jumlah maksimal ${MAX_MOVEMENT_QUANTITY}`;

/** PostgreSQL `integer`: ids beyond it cannot exist, and must not reach the database (22003). */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A real calendar day in yyyy-mm-dd (2026-02-30 is not; PostgreSQL has no year 0). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** The id of a stored row, or null when it cannot be one (then the row is simply not found). */
export function storedId(id: number): number | null {
  return Number.isSafeInteger(id) && id >= 1 && id <= MAX_DB_INTEGER ? id : null;
}

/** The id of a path like /incoming-goods/:id; an id no stored row can have answers 404. */
export function recordId(id: number): number {
  const stored = storedId(id);
  if (stored === null) throw new HttpError(404, MSG_RECORD_NOT_FOUND);
  return stored;
}

/**
 * Routes declared with `attachValidation: true` call this first. The quantity field answers
 * with the spec's own message ('Jumlah harus lebih dari 0') instead of the generic
 * "Field 'quantity' tidak valid"; every other failure reads as the error handler would put it.
 */
export function rejectInvalidInput(request: FastifyRequest, quantityField?: string): void {
  const error = request.validationError;
  if (error === undefined) return;
  const errors = error.validation as FastifySchemaValidationError[];
  const first = errors[0];
  if (
    quantityField !== undefined &&
    error.validationContext === 'body' &&
    first !== undefined &&
    first.instancePath === `/${quantityField}`
  ) {
    throw new HttpError(
      400,
      first.keyword === 'maximum' ? MSG_QUANTITY_TOO_LARGE : MESSAGES.quantityPositive,
    );
  }
  if (first !== undefined && first.instancePath === '/date' && first.keyword === 'pattern') {
    throw new HttpError(400, MSG_INVALID_DATE);
  }
  throw new HttpError(400, validationMessage(errors));
}

/** 400 unless every given value is a real calendar date. */
export function requireCalendarDates(...values: string[]): void {
  if (!values.every(isCalendarDate)) throw new HttpError(400, MSG_INVALID_DATE);
}

/** The body of a POST or PUT with `attachValidation: true`, once it and its date are valid. */
export function validBody<Body extends { date: string }>(
  request: FastifyRequest & { body: Body },
  quantityField: string,
): Body {
  rejectInvalidInput(request, quantityField);
  requireCalendarDates(request.body.date);
  return request.body;
}
