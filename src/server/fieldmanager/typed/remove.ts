/**
 * Removal of the fields and items of a set from a value (structured-merge-diff's `RemoveItems`):
 * a member removes the map entry or list item at that path with everything under it; deeper paths
 * are removed recursively. Objects and lists emptied by the removal disappear from their parent.
 */
import type { JsonObject, JsonValue } from '../../../sdk/types/meta.js';
import type { TypeSchema } from '../../../sdk/types/schema/index.js';
import { childType } from '../../../sdk/types/schema/index.js';
import { setOwn as setKey } from '../../../machinery/json/own-keys.js';
import type { FieldSet } from '../field-set.js';
import { fieldElement } from '../path-element.js';
import { listItemElement } from './list-items.js';
import { isObject, resolveNode } from './node.js';

/** `value` without the paths of `set`; undefined when nothing is left of a container. */
function remove(value: JsonValue, set: FieldSet, schema: TypeSchema): JsonValue | undefined {
  const node = resolveNode(schema, value);
  if (node.kind === 'object') {
    if (!isObject(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 0) return value;
    const out: JsonObject = {};
    let kept = 0;
    for (const key of keys) {
      const item = value[key];
      if (item === undefined) continue;
      const pe = fieldElement(key);
      if (set.members.has(pe.key)) continue;
      const sub = set.children.get(pe.key);
      const next = sub === undefined ? item : remove(item, sub.set, childType(node.schema, key).schema);
      if (next === undefined) continue;
      setKey(out, key, next);
      kept++;
    }
    return kept === 0 ? undefined : out;
  }
  if (node.kind === 'list') {
    if (!Array.isArray(value) || value.length === 0) return value;
    const out: JsonValue[] = [];
    for (const item of value) {
      const pe = listItemElement(node.schema, item);
      if (typeof pe === 'string') {
        out.push(item);
        continue;
      }
      if (set.members.has(pe.key)) continue;
      const sub = set.children.get(pe.key);
      const next = sub === undefined ? item : remove(item, sub.set, node.schema.items);
      if (next !== undefined) out.push(next);
    }
    return out.length === 0 ? undefined : out;
  }
  return value;
}

/** The object root without the paths of `set`. */
export function removeItems(value: JsonObject, set: FieldSet, schema: TypeSchema): JsonObject {
  if (set.isEmpty()) return value;
  const out = remove(value, set, schema);
  return isObject(out) ? out : {};
}
