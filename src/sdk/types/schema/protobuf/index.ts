/**
 * The protobuf representation of API objects (`application/vnd.platform.protobuf`): the envelope
 * (four magic bytes `6b 38 73 00`, then an `Unknown` message with the type meta and the object's
 * own message in `raw`), objects and lists encoded from their type schemas with protobufjs, and
 * watch streams (each event a 4-byte big-endian length, then a `WatchEvent` message whose object is
 * an enveloped object). Shared by the SDK and the local server.
 *
 * @packageDocumentation
 */
import type { JsonObject } from '../../meta.js';
import { PROTOBUF_PREFIX } from '../../../naming.js';
import type { StructSchema } from '../type-schema.js';
import { fromPlain, toPlain, type Plain } from './convert.js';
import { FIXED, messageType } from './messages.js';

const PREFIX = Uint8Array.from(PROTOBUF_PREFIX);
const TO_OBJECT = { longs: Number } as const;
/** Objects: int64 values as decimal strings, which the codec reads exactly (see fromPlain). */
const TO_OBJECT_EXACT = { longs: String } as const;

/** A protobuf body that cannot be decoded. */
export class ProtobufDecodeError extends Error {
  override name = 'ProtobufDecodeError';
}

/** The type of an enveloped object. */
export interface TypeMeta {
  apiVersion: string;
  kind: string;
}

/** The message bytes of an object of a built-in type (without envelope). */
export function encodeMessage(obj: JsonObject, schema: StructSchema): Uint8Array {
  const plain = toPlain(obj, schema) ?? {};
  return messageType(schema).encode(plain as Record<string, unknown>).finish();
}

/**
 * An object from its message bytes (without envelope), as the JSON a Go server serializes. With
 * `exact`, int64 values beyond 2^53 are bigints where the JSON value says number (the local server
 * keeps them exactly); without, they are rounded to numbers.
 */
export function decodeMessage(bytes: Uint8Array, schema: StructSchema, exact = false): JsonObject {
  const type = messageType(schema);
  let plain: Plain;
  try {
    plain = type.toObject(type.decode(bytes), TO_OBJECT_EXACT) as Plain;
  } catch (e) {
    throw new ProtobufDecodeError(e instanceof Error ? e.message : String(e));
  }
  return fromPlain(plain, schema, exact) as JsonObject;
}

/** Wraps message bytes in the envelope. */
export function envelope(raw: Uint8Array, typeMeta: TypeMeta): Uint8Array {
  const body = FIXED.unknown.encode({ f1: { f1: typeMeta.apiVersion, f2: typeMeta.kind }, f2: raw, f3: '', f4: '' }).finish();
  const out = new Uint8Array(PREFIX.length + body.length);
  out.set(PREFIX, 0);
  out.set(body, PREFIX.length);
  return out;
}

/** The enveloped protobuf form of an object (its apiVersion and kind go to the type meta). */
export function encodeObject(obj: JsonObject, schema: StructSchema): Uint8Array {
  const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
  const kind = typeof obj.kind === 'string' ? obj.kind : '';
  return envelope(encodeMessage(obj, schema), { apiVersion, kind });
}

/** The type meta and message bytes of an enveloped body; refuses other prefixes, encodings and content types. */
export function openEnvelope(bytes: Uint8Array): { typeMeta: TypeMeta; raw: Uint8Array } {
  if (bytes.length < PREFIX.length || PREFIX.some((b, i) => bytes[i] !== b)) {
    throw new ProtobufDecodeError('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
  }
  let unknown: { f1?: { f1?: string; f2?: string }; f2?: Uint8Array; f3?: string; f4?: string };
  try {
    unknown = FIXED.unknown.toObject(FIXED.unknown.decode(bytes.subarray(PREFIX.length)), TO_OBJECT) as typeof unknown;
  } catch (e) {
    throw new ProtobufDecodeError(e instanceof Error ? e.message : String(e));
  }
  if ((unknown.f3 ?? '') !== '') throw new ProtobufDecodeError(`unsupported content encoding ${JSON.stringify(unknown.f3)}`);
  const contentType = unknown.f4 ?? '';
  if (contentType !== '' && !contentType.includes('protobuf')) throw new ProtobufDecodeError(`unsupported content type ${JSON.stringify(contentType)}`);
  return { typeMeta: { apiVersion: unknown.f1?.f1 ?? '', kind: unknown.f1?.f2 ?? '' }, raw: unknown.f2 ?? new Uint8Array() };
}

/**
 * Decodes an enveloped object: `schemaOf` names the schema of its type meta (undefined: not a
 * type this side knows). The result carries `apiVersion` and `kind` from the envelope; `exact` as
 * for {@link decodeMessage}.
 */
export function decodeObject(bytes: Uint8Array, schemaOf: (typeMeta: TypeMeta) => StructSchema | undefined, exact = false): JsonObject {
  const { typeMeta, raw } = openEnvelope(bytes);
  const schema = schemaOf(typeMeta);
  if (schema === undefined) throw new ProtobufDecodeError(`no kind "${typeMeta.kind}" is registered for version "${typeMeta.apiVersion}"`);
  const body = decodeMessage(raw, schema, exact);
  const out: JsonObject = {};
  if (typeMeta.kind !== '') out.kind = typeMeta.kind;
  if (typeMeta.apiVersion !== '') out.apiVersion = typeMeta.apiVersion;
  for (const key of Object.keys(body)) if (key !== 'kind' && key !== 'apiVersion') out[key] = body[key] ?? null;
  return out;
}

/** One frame of a protobuf watch stream: length, then `WatchEvent{type, object: RawExtension{raw: envelope}}`. */
export function watchFrame(type: string, enveloped: Uint8Array): Uint8Array {
  const event = FIXED.watchEvent.encode({ f1: type, f2: { f1: enveloped } }).finish();
  const out = new Uint8Array(4 + event.length);
  new DataView(out.buffer).setUint32(0, event.length, false);
  out.set(event, 4);
  return out;
}

/** Splits a protobuf watch stream into its frames as they arrive (bytes of partial frames are kept). */
export class WatchFrameReader {
  private pending = new Uint8Array();

  /** The complete events in `chunk` (and earlier partial data): type and the enveloped object. */
  push(chunk: Uint8Array): { type: string; object: Uint8Array }[] {
    const data = new Uint8Array(this.pending.length + chunk.length);
    data.set(this.pending, 0);
    data.set(chunk, this.pending.length);
    const out: { type: string; object: Uint8Array }[] = [];
    let offset = 0;
    while (data.length - offset >= 4) {
      const length = new DataView(data.buffer, data.byteOffset + offset, 4).getUint32(0, false);
      if (data.length - offset - 4 < length) break;
      const frame = data.subarray(offset + 4, offset + 4 + length);
      offset += 4 + length;
      const event = FIXED.watchEvent.toObject(FIXED.watchEvent.decode(frame), TO_OBJECT) as { f1?: string; f2?: { f1?: Uint8Array } };
      out.push({ type: event.f1 ?? '', object: event.f2?.f1 ?? new Uint8Array() });
    }
    this.pending = data.slice(offset);
    return out;
  }
}

export { fromPlain, toPlain } from './convert.js';
