/**
 * Strict decoding of a parsed YAML/JSON value into a Go struct of kustomize's `types` package, as
 * Go's encoding/json does with `DisallowUnknownFields` (kustomize reads kustomization and
 * configuration files that way): field names match exactly or case-insensitively, unknown fields
 * and mistyped values are errors worded as Go words them, and `null` leaves a field unset.
 */
import type { JsonValue } from '../../../machinery/json-numbers.js';
import { goDecode } from '../../../machinery/schema/go-decode.js';
import type { StructSchema, TypeSchema } from '../../../machinery/schema/type-schema.js';
import { isMap, type JsonMap } from '../model/json.js';

/** A decoding failure, worded as Go's encoding/json. */
export class DecodeError extends Error {
  override name = 'DecodeError';
}

/** A struct of kustomize's `types` package (`types.Kustomization`). */
export function struct(name: string, fields: Record<string, TypeSchema>): StructSchema {
  return { kind: 'struct', name: `types.${name}`, fields };
}

/**
 * Decodes `value` into `schema`. Absent and `null` fields are left out of the result. Throws
 * {@link DecodeError} with Go's first error.
 */
export function strictDecode(value: unknown, schema: StructSchema): JsonMap {
  if (value === null || value === undefined) return {};
  const result = goDecode(value as JsonValue, schema, { unknownFields: 'fail', foldCase: true, dropNullFields: true, emptyCollections: true });
  if (result.error !== undefined) throw new DecodeError(result.error);
  return isMap(result.value) ? result.value : {};
}
