/**
 * The protobuf envelope: magic bytes, then an `Unknown` message with the type meta and the
 * object's own message in `raw`. The magic bytes are a name of the API (the SDK's naming module
 * owns them), so the codec is made for a given prefix.
 */
import type { JsonObject } from '../json-numbers.js';
import type { StructSchema } from '../schema/type-schema.js';
import { ProtobufDecodeError, decodeMessage, encodeMessage, type TypeMeta } from './message-codec.js';
import { FIXED } from './messages.js';

const TO_OBJECT = { longs: Number } as const;

/** Envelope encoding and decoding for one prefix. */
export interface EnvelopeCodec {
  /** The type meta and message bytes of an enveloped body; refuses other prefixes, encodings and content types. */
  openEnvelope: (bytes: Uint8Array) => { typeMeta: TypeMeta; raw: Uint8Array };
  /** The enveloped protobuf form of an object (its apiVersion and kind go to the type meta). */
  encodeObject: (obj: JsonObject, schema: StructSchema) => Uint8Array;
  /**
   * Decodes an enveloped object: `schemaOf` names the schema of its type meta (undefined: not a
   * type this side knows). The result carries `apiVersion` and `kind` from the envelope; `exact` as
   * for {@link decodeMessage}.
   */
  decodeObject: (bytes: Uint8Array, schemaOf: (typeMeta: TypeMeta) => StructSchema | undefined, exact?: boolean) => JsonObject;
}

/** The envelope codec whose bodies start with `prefix`. */
export function envelopeCodec(prefix: readonly number[]): EnvelopeCodec {
  const PREFIX = Uint8Array.from(prefix);

  function envelope(raw: Uint8Array, typeMeta: TypeMeta): Uint8Array {
    const body = FIXED.unknown.encode({ f1: { f1: typeMeta.apiVersion, f2: typeMeta.kind }, f2: raw, f3: '', f4: '' }).finish();
    const out = new Uint8Array(PREFIX.length + body.length);
    out.set(PREFIX, 0);
    out.set(body, PREFIX.length);
    return out;
  }

  function openEnvelope(bytes: Uint8Array): { typeMeta: TypeMeta; raw: Uint8Array } {
    if (bytes.length < PREFIX.length || PREFIX.some((b, i) => bytes[i] !== b)) {
      throw new ProtobufDecodeError(`provided data does not appear to be a protobuf message, expected prefix [${PREFIX.join(' ')}]`);
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

  function encodeObject(obj: JsonObject, schema: StructSchema): Uint8Array {
    const apiVersion = typeof obj.apiVersion === 'string' ? obj.apiVersion : '';
    const kind = typeof obj.kind === 'string' ? obj.kind : '';
    return envelope(encodeMessage(obj, schema), { apiVersion, kind });
  }

  function decodeObject(bytes: Uint8Array, schemaOf: (typeMeta: TypeMeta) => StructSchema | undefined, exact = false): JsonObject {
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

  return { openEnvelope, encodeObject, decodeObject };
}
