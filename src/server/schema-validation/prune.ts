/**
 * Pruning of custom resources: fields their schema does not declare are dropped unless a node
 * preserves unknown fields. `apiVersion`, `kind` and `metadata` of the resource (and of embedded
 * resources) are kept.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { setOwn as setKey } from '../../machinery/json/own-keys.js';
import { child, index } from './field-error.js';
import { X, additional, asObject, flag, items, property } from './schema-node.js';

/** Options of {@link pruneUnknownFields}. */
export interface PruneOptions {
  /** The value is a resource root (keeps apiVersion, kind, metadata). Default true. */
  root?: boolean;
  /** Receives the path of every pruned field (`spec.foo`), e.g. for unknown-field warnings. */
  pruned?: string[];
}

const META = new Set(['apiVersion', 'kind', 'metadata']);

function prune(value: JsonValue, schema: JsonObject | undefined, path: string, isResource: boolean, out: string[] | undefined): JsonValue {
  if (schema === undefined) return value;
  if (Array.isArray(value)) {
    const item = items(schema);
    if (item === undefined) return value;
    return value.map((entry, i) => prune(entry, item, index(path, i), false, out));
  }
  const obj = asObject(value);
  if (obj === undefined) return value;
  const preserve = flag(schema, X.preserveUnknownFields);
  const extra = additional(schema);
  const embedded = isResource || flag(schema, X.embeddedResource);
  const result: JsonObject = {};
  for (const name of Object.keys(obj)) {
    const item = obj[name];
    if (item === undefined) continue;
    if (embedded && META.has(name)) {
      setKey(result, name, item);
      continue;
    }
    const prop = property(schema, name);
    if (prop !== undefined) setKey(result, name, prune(item, prop, child(path, name), false, out));
    else if (extra !== undefined) setKey(result, name, prune(item, extra, child(path, name), false, out));
    else if (preserve || schema.additionalProperties === true) setKey(result, name, item);
    else out?.push(child(path, name));
  }
  return result;
}

/** A copy of `obj` without the fields `openAPIV3Schema` does not declare or preserve. */
export function pruneUnknownFields(obj: JsonObject, openAPIV3Schema: JsonObject, options: PruneOptions = {}): JsonObject {
  return prune(obj, openAPIV3Schema, '', options.root ?? true, options.pruned) as JsonObject;
}
