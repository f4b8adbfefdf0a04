import type { KubeObject } from '../../sdk/types/meta.js';

/** A list object: anything with an `items` array (`ConfigMapList`, `List`). */
export function isListObject(value: unknown): value is KubeObject & { items: KubeObject[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { items?: unknown }).items);
}

/**
 * The client-side `kind: List` kubectl prints for several objects, exactly as it prints it:
 * `{"apiVersion":"v1","items":[...],"kind":"List","metadata":{"resourceVersion":""}}`.
 */
export function toListObject(items: readonly KubeObject[]): KubeObject & { items: KubeObject[] } {
  return { apiVersion: 'v1', items: [...items], kind: 'List', metadata: { resourceVersion: '' } };
}

/**
 * What `-o json|yaml|jsonpath` print for the objects of one `get`: the object itself when one
 * object was asked for by name (`singleItemImplied`), otherwise a `kind: List` of them all.
 */
export function objectOrList(items: readonly KubeObject[], singleItemImplied: boolean): KubeObject {
  const [first] = items;
  if (singleItemImplied && items.length === 1 && first !== undefined) return first;
  return toListObject(items);
}

/** The object without `metadata.managedFields` (a copy when it had them, else the object itself). */
export function withoutManagedFields(object: KubeObject): KubeObject {
  if (object.metadata?.managedFields === undefined) return object;
  const { managedFields: _omitted, ...metadata } = object.metadata;
  return { ...object, metadata };
}

/**
 * The object with `metadata.managedFields` removed (from each item of a list), as kubectl
 * prints `-o json` and `-o yaml` unless `--show-managed-fields` is given (JSONPath, custom
 * columns and names see the whole object). Returns a copy; the input is unchanged.
 */
export function omitManagedFields(object: KubeObject): KubeObject {
  if (isListObject(object)) return { ...withoutManagedFields(object), items: object.items.map(withoutManagedFields) };
  return withoutManagedFields(object);
}
