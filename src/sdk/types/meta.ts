/**
 * Object metadata shared by every kind. Objects stay plain JSON: these interfaces describe the
 * fields we read and write, and every object may carry fields they do not name. The meta/v1
 * structs (ObjectMeta, ListMeta, LabelSelector ...) are generated from the schema tables.
 */
import type { ObjectMeta } from './generated/meta-v1.js';
export type { Condition, DeleteOptions, LabelSelector, LabelSelectorRequirement, ListMeta, ManagedFieldsEntry, ObjectMeta, OwnerReference } from './generated/meta-v1.js';

/** A JSON value as the API sends it, and a JSON object (machinery's, the one definition). */
export type { JsonObject, JsonValue } from '../../machinery/json-numbers.js';

/** `apiVersion` and `kind`. */
export interface TypeMeta {
  apiVersion?: string;
  kind?: string;
}

/**
 * What every API object has: type meta and object meta. The typed kinds extend it with their own
 * fields and nothing else, so that a misspelled field or another kind's object fails to compile.
 */
export interface ObjectBase extends TypeMeta {
  metadata?: ObjectMeta;
}

/** Any API object: type meta, object meta, and whatever else its kind defines (the generic client's type). */
export interface KubeObject extends ObjectBase {
  [key: string]: unknown;
}

/**
 * A typed object seen as the open {@link KubeObject} that generic code (printers, diff, apply)
 * reads: every object is plain JSON at run time, so this only widens the static type.
 */
export function toKubeObject(obj: ObjectBase): KubeObject {
  return obj as KubeObject;
}

/**
 * `obj` as the typed kind `T` when its `kind` is `kind`, else undefined. The check is the kind
 * name only (objects are plain JSON and the server validated them); fields are not checked.
 */
export function asKind<T extends ObjectBase>(obj: KubeObject, kind: string): T | undefined {
  // The kind names the object's shape; the compiler cannot see that link.
  return obj.kind === kind ? (obj as unknown as T) : undefined;
}

/** Group, version and kind of a type. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** Group, version and resource (the URL name) of a type. */
export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}
