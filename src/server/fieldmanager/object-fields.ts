/** Fields of objects that field management treats specially. */
import type { JsonObject, JsonValue, KubeObject, ManagedFieldsEntry } from '../../sdk/types/meta.js';
import { FieldSet } from './field-set.js';
import type { FieldPath } from './path-element.js';
import { fieldElement } from './path-element.js';

const f = fieldElement;

/** Fields nobody owns: type and identity metadata the server sets (the apiserver's strip set). */
export const STRIPPED_FIELDS: FieldSet = FieldSet.of(
  [f('apiVersion')],
  [f('kind')],
  [f('metadata')],
  [f('metadata'), f('name')],
  [f('metadata'), f('namespace')],
  [f('metadata'), f('creationTimestamp')],
  [f('metadata'), f('selfLink')],
  [f('metadata'), f('uid')],
  [f('metadata'), f('clusterName')],
  [f('metadata'), f('generation')],
  [f('metadata'), f('managedFields')],
  [f('metadata'), f('resourceVersion')],
);

/** A set of whole subtrees given as field-name paths (`[['status']]`). */
export function subtreeSet(paths: readonly (readonly string[])[] | undefined): FieldSet {
  const set = new FieldSet();
  for (const names of paths ?? []) {
    const path: FieldPath = names.map((name) => f(name));
    set.insert(path);
  }
  return set;
}

/** The object as plain JSON, without `metadata.managedFields` (a shallow copy where needed). */
export function withoutManagedFields(obj: KubeObject | undefined): JsonObject {
  if (obj === undefined) return {};
  const out = { ...obj } as JsonObject;
  const metadata = out.metadata;
  if (metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && Object.hasOwn(metadata, 'managedFields')) {
    const rest: JsonObject = { ...metadata };
    delete rest.managedFields;
    out.metadata = rest;
  }
  return out;
}

/** `metadata.managedFields` of an object as sent (undefined when absent). */
export function managedFieldsOf(obj: KubeObject | undefined): JsonValue | undefined {
  const metadata = obj?.metadata as JsonObject | undefined;
  return metadata === undefined ? undefined : metadata.managedFields;
}

/** A copy of `obj` with `metadata.managedFields` set to `entries` (removed when empty). */
export function withManagedFields(obj: JsonObject, entries: ManagedFieldsEntry[]): KubeObject {
  const out: JsonObject = { ...obj };
  const metadata = out.metadata;
  const meta: JsonObject = metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) ? { ...metadata } : {};
  if (entries.length === 0) delete meta.managedFields;
  else meta.managedFields = entries as unknown as JsonValue[];
  out.metadata = meta;
  return out as KubeObject;
}
