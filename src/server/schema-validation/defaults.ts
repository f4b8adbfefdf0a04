/**
 * Structural defaulting of custom resources: a missing field with a `default` gets it (and a null
 * field that is not nullable), top-down, so defaults inside defaulted objects apply too.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { getOwn, setOwn as setKey } from '../../machinery/json/own-keys.js';
import { X, additional, asObject, flag, items, properties } from './schema-node.js';

function applyTo(value: JsonValue, schema: JsonObject, isResource: boolean): JsonValue {
  if (Array.isArray(value)) {
    const item = items(schema);
    return item === undefined ? value : value.map((entry) => applyTo(entry, item, false));
  }
  const obj = asObject(value);
  if (obj === undefined) return value;
  const out: JsonObject = { ...obj };
  const declared = new Set<string>();
  const embedded = isResource || flag(schema, X.embeddedResource);
  for (const [name, prop] of properties(schema)) {
    declared.add(name);
    if (embedded && name === 'metadata') continue;
    const current = getOwn(out, name);
    const fallback = prop.default;
    if (fallback !== undefined && (current === undefined || (current === null && prop.nullable !== true))) {
      setKey(out, name, structuredClone(fallback));
    }
    const next = getOwn(out, name);
    if (next !== undefined) setKey(out, name, applyTo(next, prop, false));
  }
  const extra = additional(schema);
  if (extra !== undefined) {
    for (const name of Object.keys(out)) {
      const item = out[name];
      if (!declared.has(name) && item !== undefined) setKey(out, name, applyTo(item, extra, false));
    }
  }
  return out;
}

/** A copy of `obj` with the defaults of `openAPIV3Schema` applied. */
export function applyDefaults(obj: JsonObject, openAPIV3Schema: JsonObject): JsonObject {
  return applyTo(obj, openAPIV3Schema, true) as JsonObject;
}
