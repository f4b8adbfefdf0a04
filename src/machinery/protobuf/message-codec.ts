/**
 * Objects of the built-in types as protobuf messages, encoded and decoded from their type
 * schemas with protobufjs (without the envelope, see envelope.ts).
 */
import type { JsonObject } from '../json-numbers.js';
import type { StructSchema } from '../schema/type-schema.js';
import { fromPlain, toPlain, type Plain } from './convert.js';
import { messageType } from './messages.js';

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
