/**
 * Protobuf on the local server (`application/vnd.platform.protobuf`): request bodies of built-in
 * kinds decoded to JSON (custom resources have no protobuf form: 415), answers and watch events
 * encoded from the type schemas (lists, Status, PartialObjectMetadata included).
 *
 * @packageDocumentation
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { GROUPS, MEDIA_TYPES } from '../../sdk/naming.js';
import { META_TYPES, builtinListSchema, builtinSchema, type StructSchema } from '../../sdk/types/schema/index.js';
import { ProtobufDecodeError, decodeObject, encodeObject, type TypeMeta } from '../../sdk/types/schema/protobuf/index.js';
import { badRequest } from '../errors.js';
import { parseApiVersion } from '../../machinery/group-version.js';

const META_KINDS: Record<string, StructSchema> = {
  Status: META_TYPES.status,
  DeleteOptions: META_TYPES.deleteOptions,
  WatchEvent: META_TYPES.watchEvent,
  PartialObjectMetadata: META_TYPES.partialObjectMetadata,
  PartialObjectMetadataList: META_TYPES.partialObjectMetadataList,
};

/** The schema of a built-in kind, list kind or meta kind by its type meta (undefined: no protobuf form). */
export function protobufSchema(typeMeta: TypeMeta): StructSchema | undefined {
  const { group, version } = parseApiVersion(typeMeta.apiVersion);
  const meta = META_KINDS[typeMeta.kind];
  // Status and DeleteOptions are served in every group version; the meta group has the metadata kinds.
  if (meta !== undefined && (typeMeta.kind === 'Status' || typeMeta.kind === 'DeleteOptions' || group === GROUPS.meta)) return meta;
  const schema = builtinSchema(group, version, typeMeta.kind);
  if (schema?.kind === 'struct') return schema;
  return builtinListSchema(group, version, typeMeta.kind);
}

function typeMetaOf(obj: JsonObject): TypeMeta {
  return { apiVersion: typeof obj.apiVersion === 'string' ? obj.apiVersion : '', kind: typeof obj.kind === 'string' ? obj.kind : '' };
}

/** The protobuf body of an answer (object, list, Status). */
export function encodeAnswer(obj: JsonObject): Buffer {
  const schema = protobufSchema(typeMetaOf(obj));
  if (schema === undefined) throw new Error(`no protobuf form for ${typeMetaOf(obj).apiVersion} ${typeMetaOf(obj).kind}`);
  return Buffer.from(encodeObject(obj, schema));
}

/** Go's text of the first number in `value` that is not finite (`+Inf`, `-Inf`, `NaN`), or undefined. */
function nonFiniteDouble(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf';
  if (typeof value !== 'object' || value === null) return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = nonFiniteDouble(item);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Decodes a protobuf request body into JSON (400 in the API server's words when it cannot). */
export function decodeProtobufBody(buf: Buffer): JsonObject {
  try {
    // int64 values beyond 2^53 stay exact (bigints), as in JSON and YAML bodies.
    const obj = decodeObject(buf, protobufSchema, true);
    // A double field can carry what JSON cannot (infinities, NaN): Go's JSON encoding of the object would fail.
    const huge = nonFiniteDouble(obj);
    if (huge !== undefined) throw new ProtobufDecodeError(`json: unsupported value: ${huge}`);
    return obj;
  } catch (e) {
    if (e instanceof ProtobufDecodeError) throw badRequest(`the body of the request could not be decoded as ${MEDIA_TYPES.protobuf}: ${e.message}`);
    throw e;
  }
}
