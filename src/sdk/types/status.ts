import type { ListMeta, TypeMeta } from './meta.js';

/** A cause of a failed request, for example one invalid field. */
export interface StatusCause {
  /** Machine-readable reason, e.g. `FieldValueInvalid`, `FieldValueRequired`, `FieldManagerConflict`. */
  reason?: string;
  message?: string;
  /** Path of the field, e.g. `spec.containers[0].name`. */
  field?: string;
}

/** Details of a failed request. */
export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

/** The API's error (and some success) response body: `kind: Status`, `apiVersion: v1`. */
export interface Status extends TypeMeta {
  metadata?: ListMeta;
  status?: 'Success' | 'Failure';
  message?: string;
  /** Machine-readable reason: `NotFound`, `AlreadyExists`, `Conflict`, `Invalid`, `Forbidden`, `Gone`, ... */
  reason?: StatusReason | string;
  details?: StatusDetails;
  code?: number;
}

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
