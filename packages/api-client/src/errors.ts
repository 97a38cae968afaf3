import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** An HTTP or transport error of the base query (`{ status, data }`). */
export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return isRecord(error) && 'status' in error;
}

/**
 * The server's `{ message }` of a failed call (a hook's `error` or what `unwrap()` throws),
 * else `fallback` (docs/product.md point 8: "server message, else ...").
 */
export function errorMessage(
  error: FetchBaseQueryError | SerializedError | unknown,
  fallback: string,
): string {
  if (isFetchBaseQueryError(error) && isRecord(error.data)) {
    const { message } = error.data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** The HTTP status of a failed call, or undefined for transport errors and other values. */
export function errorStatus(error: unknown): number | undefined {
  return isFetchBaseQueryError(error) && typeof error.status === 'number'
    ? error.status
    : undefined;
}
