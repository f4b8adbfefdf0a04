import type { Status } from './generated/meta-v1.js';
export type { Status, StatusCause, StatusDetails } from './generated/meta-v1.js';

/** Status reasons the API uses, with the HTTP code each goes with. */
export const STATUS_REASONS = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  MethodNotAllowed: 405,
  NotAcceptable: 406,
  AlreadyExists: 409,
  Conflict: 409,
  Gone: 410,
  Expired: 410,
  RequestEntityTooLarge: 413,
  UnsupportedMediaType: 415,
  Invalid: 422,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
  Timeout: 504,
  ServerTimeout: 500,
} as const;

/** A reason named in {@link STATUS_REASONS}. */
export type StatusReason = keyof typeof STATUS_REASONS;

/** True when a parsed JSON body is a `kind: Status` object. */
export function isStatus(value: unknown): value is Status {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Status';
}
