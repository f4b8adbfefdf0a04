/**
 * Non-2xx responses become {@link StatusError}s, as client-go does it: a `Status` body (JSON or
 * protobuf) is taken as it is; any other body gets a synthesized Status with client-go's messages
 * (`the server could not find the requested resource`, `an error on the server ("...") has prevented
 * the request from succeeding`, ...), suffixed with the verb and resource when known.
 */
import { StatusError } from '../errors.js';
import { MEDIA_TYPES } from '../naming.js';
import type { BufferedResponse } from '../transport/http-types.js';
import { headerValue } from '../transport/http-types.js';
import { parseRetryAfter } from '../transport/retry.js';
import { isStatus, type Status } from '../types/status.js';
import { baseMediaType } from './media-types.js';
import { decodeProtobufEnvelope, decodeProtobufStatus, hasProtobufPrefix } from './protobuf.js';

/** What the request was about, for synthesized messages (`(get configmaps foo)`). */
export interface ErrorContext {
  method: string;
  group?: string;
  resource?: string;
  name?: string;
}

// client-go caps the server text it puts into a synthesized message.
const MAX_UNSTRUCTURED_TEXT = 2048;

function qualifiedResource(ctx: ErrorContext): string {
  if (ctx.resource === undefined || ctx.resource === '') return '';
  return ctx.group === undefined || ctx.group === '' ? ctx.resource : `${ctx.resource}.${ctx.group}`;
}

/** client-go's `NewGenericServerResponse`: a Status for an error response without one. */
export function genericServerResponse(code: number, ctx: ErrorContext, serverMessage: string, retryAfterSeconds: number | undefined): Status {
  let reason = 'Unknown';
  let message = `the server responded with the status code ${code} but did not return more information`;
  switch (code) {
    case 409:
      reason = ctx.method === 'POST' ? 'AlreadyExists' : 'Conflict';
      message = 'the server reported a conflict';
      break;
    case 404:
      reason = 'NotFound';
      message = 'the server could not find the requested resource';
      break;
    case 400:
      reason = 'BadRequest';
      message = 'the server rejected our request for an unknown reason';
      break;
    case 401:
      reason = 'Unauthorized';
      message = 'the server has asked for the client to provide credentials';
      break;
    case 403:
      reason = 'Forbidden';
      message = serverMessage;
      break;
    case 406:
      reason = 'NotAcceptable';
      message = serverMessage === '' || serverMessage === 'unknown'
        ? 'the server was unable to respond with a content type that the client supports'
        : serverMessage;
      break;
    case 415:
      reason = 'UnsupportedMediaType';
      message = serverMessage;
      break;
    case 405:
      reason = 'MethodNotAllowed';
      message = 'the server does not allow this method on the requested resource';
      break;
    case 422:
      reason = 'Invalid';
      message = 'the server rejected our request due to an error in our request';
      break;
    case 503:
      reason = 'ServiceUnavailable';
      message = 'the server is currently unable to handle the request';
      break;
    case 504:
      reason = 'Timeout';
      message = 'the server was unable to return a response in the time allotted, but may still be processing the request';
      break;
    case 429:
      reason = 'TooManyRequests';
      message = 'the server has received too many requests and has asked us to try again later';
      break;
    default:
      if (code >= 500) {
        reason = 'InternalError';
        message = `an error on the server (${JSON.stringify(serverMessage)}) has prevented the request from succeeding`;
      }
  }
  const resource = qualifiedResource(ctx);
  if (resource !== '') {
    const verb = ctx.method.toLowerCase();
    message = ctx.name !== undefined && ctx.name !== '' ? `${message} (${verb} ${resource} ${ctx.name})` : `${message} (${verb} ${resource})`;
  }
  const details: NonNullable<Status['details']> = { causes: [{ reason: 'UnexpectedServerResponse', message: serverMessage }] };
  if (ctx.group !== undefined && resource !== '') details.group = ctx.group;
  if (ctx.resource !== undefined && ctx.resource !== '') details.kind = ctx.resource;
  if (ctx.name !== undefined && ctx.name !== '') details.name = ctx.name;
  if (retryAfterSeconds !== undefined) details.retryAfterSeconds = retryAfterSeconds;
  return { kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message, details };
}

function statusFromBody(res: BufferedResponse): Status | undefined {
  if (res.body.length === 0) return undefined;
  const type = baseMediaType(headerValue(res, 'content-type'));
  if (type === MEDIA_TYPES.protobuf || hasProtobufPrefix(res.body)) {
    try {
      const envelope = decodeProtobufEnvelope(res.body);
      return envelope.typeMeta.kind === 'Status' ? decodeProtobufStatus(envelope) : undefined;
    } catch {
      return undefined;
    }
  }
  try {
    const parsed: unknown = JSON.parse(res.body.toString('utf8'));
    // Old servers omit apiVersion; the kind and a Failure status are what make it a Status.
    if (isStatus(parsed) && parsed.status === 'Failure') return parsed;
  } catch {
    // not JSON: synthesized below
  }
  return undefined;
}

/** The error for a non-2xx response. */
export function errorFromResponse(res: BufferedResponse, ctx: ErrorContext): StatusError {
  const retryAfter = parseRetryAfter(headerValue(res, 'retry-after'));
  const status = statusFromBody(res);
  if (status !== undefined) return new StatusError(status, status.code ?? res.status, retryAfter);
  // client-go treats a missing Content-Type as text too.
  const type = baseMediaType(headerValue(res, 'content-type'));
  const isText = type === '' || type.startsWith('text/');
  const text = isText ? res.body.subarray(0, MAX_UNSTRUCTURED_TEXT).toString('utf8').trim() : 'unknown';
  return new StatusError(genericServerResponse(res.status, ctx, text, retryAfter), res.status, retryAfter);
}
