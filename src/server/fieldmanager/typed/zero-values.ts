/**
 * The fields a typed (Go) API server always has in an object: non-pointer structs are `{}` and
 * fields without `omitempty` are `null` even when nobody set them. Comparing versions of an
 * object with these filled in reproduces which nodes an update "adds" on a real server.
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { childType } from '../../../sdk/types/schema/index.js';
import { setOwn as setKey } from '../../../machinery/json/own-keys.js';
import { isObject, resolveNode } from './node.js';

function zeroOf(schema: TypeSchema): JsonValue {
  if (schema.kind === 'struct') return withZeroValues({}, schema);
  return null;
}

/** `value` with the always-present fields of every struct in it filled in (a copy where needed). */
export function withZeroValues(value: JsonValue, schema: TypeSchema): JsonValue {
  const node = resolveNode(schema, value);
  if (node.kind === 'object' && isObject(value)) {
    let out: JsonObject | undefined;
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === undefined) continue;
      const filled = withZeroValues(item, childType(node.schema, key).schema);
      if (filled !== item) {
        out ??= { ...value };
        setKey(out, key, filled);
      }
    }
    if (node.schema.kind === 'struct' && node.schema.alwaysPresent !== undefined) {
      for (const key of node.schema.alwaysPresent) {
        if ((out ?? value)[key] !== undefined) continue;
        out ??= { ...value };
        setKey(out, key, zeroOf(childType(node.schema, key).schema));
      }
    }
    return out ?? value;
  }
  if (node.kind === 'list' && Array.isArray(value)) {
    let out: JsonValue[] | undefined;
    value.forEach((item, index) => {
      const filled = withZeroValues(item, node.schema.items);
      if (filled !== item) {
        out ??= [...value];
        out[index] = filled;
      }
    });
    return out ?? value;
  }
  return value;
}
