import { ErrorBody } from '@gudang/api-client/contract';

/** The HTTP statuses a route may answer with the contract's ErrorBody (`{ message }`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

/** A route's error responses: `errorResponses(400, 401)` = `{ 400: ErrorBody, 401: ErrorBody }`. */
export function errorResponses<const Statuses extends readonly ErrorStatus[]>(
  ...statuses: Statuses
): Record<Statuses[number], typeof ErrorBody> {
  const responses: Partial<Record<ErrorStatus, typeof ErrorBody>> = {};
  for (const status of statuses) responses[status] = ErrorBody;
  return responses as Record<Statuses[number], typeof ErrorBody>;
}
