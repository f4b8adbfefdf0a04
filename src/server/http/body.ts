/**
 * Reading request bodies: a size limit (413 above it), a deadline (504 after it), and decoding JSON or YAML by Content-Type
 * (415 for anything else, such as protobuf, which this server does not speak) with limits on
 * nesting depth and YAML aliases (400).
 */
import type { IncomingMessage } from 'node:http';
import type { JsonValue } from '../../sdk/types/meta.js';
import { MEDIA_TYPES } from '../../sdk/naming.js';
import { badRequest, requestEntityTooLarge, unsupportedMediaType, type ApiError } from '../errors.js';
import { MAX_BODY_DEPTH, MAX_EXPANDED_BYTES, jsonTextExceedsDepth } from '../util/json-limits.js';
import { loadYaml, YamlSyntaxError } from '../../machinery/yaml/read.js';
import { firstYamlDocument } from './yaml-documents.js';
import { decodeProtobufBody } from '../protobuf/index.js';
import { bodyDeadlineOf, requestTimeout } from './connections.js';
import { exactly, nonFiniteMessage, nonFiniteNumber } from '../../machinery/json-numbers.js';
import { goJsonSyntaxError } from '../../machinery/go-json-syntax.js';
import { typeMetaProbeError } from '../../machinery/type-meta-probe.js';

/** The API server's limit on request bodies (3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * Reads the whole body: 413 at once, without reading, when its declared length is over the limit
 * (a real server reads up to the limit first; the answer is the same), and 504 Timeout when it has
 * not arrived by the request's body deadline (`guardBody` in connections.ts).
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(requestEntityTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (e: unknown): void => {
      if (settled) return;
      settled = true;
      cancelDeadline();
      reject(e);
    };
    const cancelDeadline = bodyDeadlineOf(req)?.onExpiry(() => fail(requestTimeout())) ?? ((): void => undefined);
    req.on('data', (b: Buffer) => {
      if (settled) return;
      size += b.length;
      if (size > limit) {
        fail(requestEntityTooLarge(limit));
        return;
      }
      chunks.push(b);
    });
    req.once('end', () => {
      if (settled) return;
      settled = true;
      cancelDeadline();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    req.once('error', fail);
  });
}

/** The media type of a Content-Type header without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const UNKNOWN_FORMAT = 'the body of the request was in an unknown format - accepted media types include: application/json, application/yaml';

/**
 * Parses JSON with the API server's error text. Bodies nested deeper than {@link MAX_BODY_DEPTH}
 * are refused here, before anything walks them, in the words of Go's JSON scanner.
 */
export function parseJson(text: string): JsonValue {
  let value: JsonValue;
  try {
    value = JSON.parse(text) as JsonValue;
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw badRequest(`${UNKNOWN_FORMAT}: ${msg}`);
  }
  const deep = jsonTextExceedsDepth(text, MAX_BODY_DEPTH);
  if (deep >= 0) throw badRequest(`${UNKNOWN_FORMAT}: invalid character '${text[deep] ?? '['}' exceeded max depth`);
  // Valid and not too deep: read again, when it may hold one, keeping every int64 exactly.
  return exactly(text, value);
}

/**
 * Parses YAML (or JSON, which is YAML) into a JSON value as the API server's go-yaml does: the
 * first document only, the last of repeated keys (strict field validation reports the
 * repetition), int64s exact, within the reader's bounds ({@link MAX_BODY_DEPTH} aliases expanded,
 * go-yaml's alias rule and {@link MAX_EXPANDED_BYTES}), and no `.inf` or `.nan`, which go-yaml's
 * conversion to JSON refuses.
 */
export async function parseYaml(text: string): Promise<JsonValue> {
  let value: unknown;
  try {
    value = await loadYaml(firstYamlDocument(text), {
      schema: 'json', exactIntegers: true, duplicateKeys: 'last-wins', maxDepth: MAX_BODY_DEPTH, maxExpandedBytes: MAX_EXPANDED_BYTES,
    });
  } catch (e) {
    if (!(e instanceof YamlSyntaxError)) throw e;
    throw badRequest(`error decoding YAML: ${e.reason}${e.line === undefined || e.column === undefined ? '' : ` (${e.line}:${e.column})`}`);
  }
  if (hasNonFinite(value)) throw badRequest('error decoding YAML: json: unsupported value: a number that is not finite (.inf or .nan)');
  return value as JsonValue;
}

/** Whether a decoded value holds a number that is not finite (each shared alias target looked at once). */
function hasNonFinite(root: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'number' && !Number.isFinite(node)) return true;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push(child);
  }
  return false;
}

/** The type apimachinery's JSON serializer reads `apiVersion` and `kind` into first. */

/** apiserver's summarizeData: a JSON object's first bytes as text, anything else's in hex. */
function summarizeData(buf: Buffer, max: number): string {
  if (buf.length === 0) return '<empty>';
  const head = buf.subarray(0, max);
  const text = buf[0] === 0x7b ? head.toString('latin1') : head.toString('hex');
  return buf.length > max ? `${text} ...` : text;
}

/**
 * The API server's 400 for a create or update body from which no `apiVersion`/`kind` can be read
 * (transformDecodeError: the kind the endpoint wanted, the decoder's error, the body's first bytes).
 */
export function unrecognizedObject(kind: string, buf: Buffer, reason: string): ApiError {
  return badRequest(`the object provided is unrecognized (must be of type ${kind}): couldn't get version/kind; json parse error: ${reason} (${summarizeData(buf, 30)})`);
}

/**
 * Decodes an object body of POST/PUT by its Content-Type (protobuf only for built-in kinds). With
 * `kind` (the kind the endpoint decodes into), a JSON body that is not JSON, and a body that is
 * not an object, get the API server's words for them; `null` reads as an empty object, as Go
 * decodes it. A number beyond float64 is refused here unless `kind` says that the caller decodes
 * the body into its kind, which names the field in Go's words.
 */
export async function decodeObjectBody(req: IncomingMessage, buf: Buffer, kind?: string): Promise<JsonValue> {
  const type = mediaType(req.headers['content-type']);
  if (type === MEDIA_TYPES.protobuf) return decodeProtobufBody(buf);
  const text = buf.toString('utf8');
  let value: JsonValue;
  if (type === '' || type === MEDIA_TYPES.json) {
    try {
      value = parseJson(text);
    } catch (e) {
      // Go's scanner reads the bytes as they came; JSON.parse's own message names no Go error.
      const syntax = kind === undefined ? undefined : goJsonSyntaxError(buf);
      if (kind !== undefined && syntax !== undefined) throw unrecognizedObject(kind, buf, syntax);
      throw e;
    }
  } else if (type === MEDIA_TYPES.yaml || type === 'application/x-yaml' || type === 'text/yaml') {
    value = await parseYaml(text);
  } else {
    throw unsupportedMediaType([MEDIA_TYPES.json, MEDIA_TYPES.yaml, MEDIA_TYPES.protobuf]);
  }
  if (kind === undefined) {
    const huge = nonFiniteNumber(value);
    if (huge !== undefined) throw badRequest(nonFiniteMessage(huge));
    return value;
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw unrecognizedObject(kind, buf, typeMetaProbeError(value));
  }
  return value;
}
