/**
 * The body of a write, read as the API server's handlers read it. A create or update is parsed by
 * its Content-Type, then decoded into the kind the endpoint takes (values of the wrong type are a
 * 400 in Go's words, unknown fields dropped), with the request's field validation applied to
 * unknown and duplicate fields; a delete's body is decoded as DeleteOptions. The resource handler
 * and the endpoints of kinds that are answered rather than stored (reviews, token requests,
 * bindings, evictions) share it, so a body of the wrong type is refused alike wherever it is sent.
 */
import { requestRecordOf } from '../audit/request-scope.js';
import type { JsonObject } from '../../sdk/types/meta.js';
import { MEDIA_TYPES } from '../../sdk/naming.js';
import { ApiError, badRequest, unsupportedMediaType } from '../errors.js';
import { decodeTyped, decodeWriteBody, parseFieldValidation, type RawBody } from '../field-validation/index.js';
import { META_TYPES } from '../../sdk/types/schema/builtin/index.js';
import type { GVK, ResourceDef } from '../registry/types.js';
import { decodedAs, type BuiltinApiVersion, type BuiltinKind, type BuiltinObject } from '../registry/kind-def.js';
import { parseApiVersion } from '../../machinery/group-version.js';
import { asObject } from '../util/json.js';
import { decodeObjectBody, mediaType, readBody } from './body.js';
import type { RequestContext } from './request-context.js';

/** A write's body parsed as an object, with its text for the duplicate-field check (none for protobuf). */
export interface ParsedWriteBody {
  obj: JsonObject;
  raw: RawBody | undefined;
}

/** Reads and parses the body of a write to an endpoint that takes `kind`. */
export async function parseWriteBody(rc: RequestContext, kind: string): Promise<ParsedWriteBody> {
  const buf = await readBody(rc.req);
  // decodeWrite decodes it into its kind, which names a bad value in Go's words.
  const obj = asObject(await decodeObjectBody(rc.req, buf, kind));
  if (obj === undefined) throw badRequest('the body of the request must be a JSON or YAML object');
  const type = mediaType(rc.req.headers['content-type']);
  // YAML bodies are checked for duplicate fields as YAML.
  return { obj, raw: type === MEDIA_TYPES.protobuf ? undefined : { text: buf.toString('utf8'), yaml: type.includes('yaml') } };
}

/**
 * Decodes a parsed body into the kind `expected` under the request's field validation
 * (`optionsKind` names the options in its messages: CreateOptions, UpdateOptions). `def` is the
 * endpoint's resource, when it is a stored one (a custom resource decodes by its CRD's schema).
 */
function decodeWrite(rc: RequestContext, body: ParsedWriteBody, def: ResourceDef | undefined, expected: GVK, optionsKind: string): Promise<JsonObject> {
  const directive = parseFieldValidation(rc.url.searchParams, optionsKind);
  return decodeWriteBody(def, body.obj, body.raw, expected, { directive, record: requestRecordOf(rc.req) });
}

/**
 * {@link decodeWrite} of a create of a built-in kind that is answered rather than stored, as the
 * kind's type; the decoder fills nothing in, so a field the type requires may still be missing.
 */
export async function decodeAnswered<V extends BuiltinApiVersion, K extends BuiltinKind<V>>(rc: RequestContext, body: ParsedWriteBody, apiVersion: V, kind: K): Promise<BuiltinObject<V, K>> {
  const { group, version } = parseApiVersion(apiVersion);
  return decodedAs(apiVersion, kind, await decodeWrite(rc, body, undefined, { group, version, kind }, 'CreateOptions'));
}

/** {@link parseWriteBody} then {@link decodeWrite}; custom resources take no protobuf. */
export async function readWriteBody(rc: RequestContext, def: ResourceDef | undefined, expected: GVK, optionsKind: string): Promise<JsonObject> {
  const protobuf = mediaType(rc.req.headers['content-type']) === MEDIA_TYPES.protobuf;
  if (protobuf && def?.custom !== undefined && expected.kind === def.kind) throw unsupportedMediaType([MEDIA_TYPES.json, MEDIA_TYPES.yaml]);
  return decodeWrite(rc, await parseWriteBody(rc, expected.kind), def, expected, optionsKind);
}

/** A delete's body decoded as DeleteOptions, or undefined when there is none. */
export async function readDeleteBody(rc: RequestContext): Promise<JsonObject | undefined> {
  const buf = await readBody(rc.req);
  if (buf.length === 0) return undefined;
  const v = await decodeObjectBody(rc.req, buf);
  if (v === null) return undefined;
  const obj = asObject(v);
  if (obj === undefined) throw badRequest('the body of a delete request must be DeleteOptions');
  // Decoded as DeleteOptions, so that a precondition or grace period of the wrong type refuses the
  // delete instead of reading as unset. The API server's delete handler answers the decoder's
  // error as it is: a 500 without a reason.
  const decoded = decodeTyped(obj, META_TYPES.deleteOptions);
  if (decoded.error !== undefined) throw new ApiError(500, '', decoded.error);
  return decoded.value;
}
