/**
 * An object put back into the field order of its Go struct, as kubectl has it after decoding JSON
 * into a typed object: `run --overrides` and `expose --overrides` patch the generated object as
 * JSON and decode the result into the typed Pod or Service again, so `-o json` prints struct order
 * even for the fields the override brought. The order comes from the built-in type schemas, which
 * declare each struct's fields in Go's order; map keys are sorted as encoding/json sorts them;
 * keys a schema does not name keep their place after the known ones.
 */
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { builtinSchema, type TypeSchema } from '../../sdk/types/schema/index.js';
import type { KubeObject } from '../../sdk/types/meta.js';
import { isStruct, type Struct } from './typed.js';
import { parseApiVersion } from '../../machinery/group-version.js';

function reorder(value: unknown, schema: TypeSchema, depth: number): unknown {
  // The schemas are finite but recursive (JSONSchemaProps); an override is user input.
  if (depth > 64) return value;
  if (Array.isArray(value)) return schema.kind === 'list' ? value.map((item: unknown) => reorder(item, schema.items, depth + 1)) : value;
  if (!isStruct(value)) return value;
  if (schema.kind === 'map') {
    const out: Struct = {};
    for (const key of Object.keys(value).sort(compareUtf8)) out[key] = reorder(value[key], schema.values, depth + 1);
    return out;
  }
  if (schema.kind !== 'struct') return value;
  const out: Struct = {};
  for (const [key, field] of Object.entries(schema.fields)) {
    if (Object.hasOwn(value, key)) out[key] = reorder(value[key], field, depth + 1);
  }
  for (const [key, v] of Object.entries(value)) if (!Object.hasOwn(out, key)) out[key] = v;
  return out;
}

/**
 * `object` in its kind's Go field order (TypeMeta's `kind` before `apiVersion`), or unchanged for
 * a kind without a built-in schema.
 */
export function inStructOrder(object: KubeObject): KubeObject {
  const { group, version } = parseApiVersion(object.apiVersion ?? '');
  const schema = builtinSchema(group, version, object.kind ?? '');
  if (schema === undefined) return object;
  const ordered = reorder(object, schema, 0) as Struct;
  const head: Struct = {};
  if (Object.hasOwn(ordered, 'kind')) head.kind = ordered.kind;
  if (Object.hasOwn(ordered, 'apiVersion')) head.apiVersion = ordered.apiVersion;
  return { ...head, ...ordered } as KubeObject;
}
