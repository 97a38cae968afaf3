// The one convention for an expected failure (docs/architecture.md, "The server"): a service
// answers a Result; inside a transaction it throws a Refusal, which rolls back and becomes one.
import { HttpError } from '../http-error';

/** The answer of a missing record (edit, delete or read by id). */
export const MSG_RECORD_NOT_FOUND = 'Data tidak ditemukan';

/** What a service answers: the value, or the status and message of an expected refusal. */
export type Result<T> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

/** The value of a result, or the HttpError of its refusal (for the routes). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
}

/** Thrown inside a transaction to roll it back; `inTransaction` turns it into a refusal. */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** The refusal as a Result (a service that refuses outside a transaction). */
export function refused(refusal: Refusal): Result<never> {
  return { ok: false, status: refusal.status, message: refusal.message };
}
