/**
 * Errors the API server answers with. Every failure leaves the server as a `kind: Status` body with
 * the code, reason and message texts of a Kubernetes API server, so that clients written against a
 * real cluster read them the same way.
 */
import type { Status, StatusCause, StatusDetails } from '../sdk/types/status.js';

/** A failure that becomes an HTTP response carrying a Status. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** Extra response headers (for example `Retry-After`). */
  readonly headers: Record<string, string>;
  constructor(
    readonly code: number,
    readonly reason: string,
    message: string,
    readonly details?: StatusDetails,
    headers: Record<string, string> = {},
    /** Extra list metadata (a fresh continue token on an expired one). */
    readonly listMeta?: { continue?: string },
  ) {
    super(message);
    this.headers = headers;
  }

  /** The Status body of this error. */
  toStatus(): Status {
    const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: { ...(this.listMeta ?? {}) }, status: 'Failure', message: this.message };
    if (this.reason !== '') status.reason = this.reason;
    if (this.details !== undefined) status.details = this.details;
    status.code = this.code;
    return status;
  }
}

/** Group and resource as errors name them: `configmaps`, `deployments.apps`. */
export interface GroupResource {
  group: string;
  resource: string;
}

/** `deployments.apps` or `configmaps`. */
export function qualifiedResource(gr: GroupResource): string {
  return gr.group === '' ? gr.resource : `${gr.resource}.${gr.group}`;
}

function resourceDetails(gr: GroupResource, name: string): StatusDetails {
  const details: StatusDetails = { name };
  if (gr.group !== '') details.group = gr.group;
  details.kind = gr.resource;
  return details;
}

/** 404: `configmaps "x" not found`. */
export function notFound(gr: GroupResource, name: string): ApiError {
  return new ApiError(404, 'NotFound', `${qualifiedResource(gr)} "${name}" not found`, resourceDetails(gr, name));
}

/** 404 for a path that names nothing the server serves. */
export function pathNotFound(): ApiError {
  return new ApiError(404, 'NotFound', 'the server could not find the requested resource', {});
}

/** 409: `configmaps "x" already exists`. */
export function alreadyExists(gr: GroupResource, name: string): ApiError {
  return new ApiError(409, 'AlreadyExists', `${qualifiedResource(gr)} "${name}" already exists`, resourceDetails(gr, name));
}

/** The optimistic-concurrency text of the API server. */
export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

/** 409: `Operation cannot be fulfilled on configmaps "x": <why>`. */
export function conflict(gr: GroupResource, name: string, why: string = OPTIMISTIC_LOCK_MESSAGE): ApiError {
  return new ApiError(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(gr)} "${name}": ${why}`, resourceDetails(gr, name));
}

/** 400 with a message. */
export function badRequest(message: string): ApiError {
  return new ApiError(400, 'BadRequest', message);
}

/** 401. */
export function unauthorized(message = 'Unauthorized'): ApiError {
  return new ApiError(401, 'Unauthorized', message);
}

/** 403: `configmaps "x" is forbidden: <why>`. */
export function forbidden(gr: GroupResource, name: string, why: string, causes?: StatusCause[]): ApiError {
  const details = resourceDetails(gr, name);
  if (causes !== undefined) details.causes = causes;
  const subject = name === '' ? qualifiedResource(gr) : `${qualifiedResource(gr)} "${name}"`;
  return new ApiError(403, 'Forbidden', `${subject} is forbidden: ${why}`, details);
}

/** 405. */
export function methodNotAllowed(): ApiError {
  return new ApiError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});
}

/** 406 naming the media types the server can produce. */
export function notAcceptable(accepted: string[]): ApiError {
  return new ApiError(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`);
}

/** 415 naming the media types the endpoint accepts. */
export function unsupportedMediaType(accepted: string[]): ApiError {
  return new ApiError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
}

/** 410 Expired with a message (too old resource version, expired continue token). */
export function expired(message: string, continueToken?: string): ApiError {
  return new ApiError(410, 'Expired', message, undefined, {}, continueToken === undefined ? undefined : { continue: continueToken });
}

/** 504: a resource version from the future did not arrive in time. */
export function tooLargeResourceVersion(requested: number, current: number): ApiError {
  return new ApiError(504, 'Timeout', `Timeout: Too large resource version: ${requested}, current: ${current}`,
    { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
    { 'Retry-After': '1' });
}

/** 500 with a message (never carrying secrets). */
export function internalError(message: string): ApiError {
  return new ApiError(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] });
}

/** 500 without a reason: errors the API server passes through from storage as they are. */
export function plainInternal(message: string): ApiError {
  return new ApiError(500, '', message);
}

/** The storage's refusal of a create that carries a resourceVersion. */
export function resourceVersionOnCreate(): ApiError {
  return plainInternal('resourceVersion should not be set on objects to be created');
}

/** 413. */
export function requestEntityTooLarge(limit: number): ApiError {
  return new ApiError(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);
}

/** 503. */
export function serviceUnavailable(message: string): ApiError {
  return new ApiError(503, 'ServiceUnavailable', message);
}
