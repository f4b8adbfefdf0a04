/**
 * Objects as kubectl's generators build them: typed Go structs. A struct's fields come in their
 * declared order, `omitempty` fields are left out when empty, and fields without `omitempty` are
 * always there (an unset `creationTimestamp` is `null`, an empty `resources` is `{}`). Go maps
 * (labels, data, selectors) have sorted keys. The result is marked with `inGoFieldOrder`, so that
 * `-o json` and the `--save-config` annotation keep the field order kubectl prints.
 */
import { compareUtf8 } from '../../machinery/json/go-json.js';
import { apiVersionOf } from '../../machinery/group-version.js';
import { isJsonObject } from '../../machinery/json/values.js';

/** A JSON object built in a Go struct's field order. */
export type Struct = Record<string, unknown>;

/** A JSON object (not an array, not null), read as a struct: machinery's check. */
export const isStruct: (value: unknown) => value is Struct = isJsonObject;

/**
 * A struct from its fields in declared order; `undefined` marks an `omitempty` field left out
 * (callers pass `undefined` for empty values of such fields, see {@link nonEmpty}).
 */
export function struct(fields: Struct): Struct {
  const out: Struct = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}

/** A Go map: keys sorted as encoding/json sorts them; `undefined` when empty (`omitempty`). */
export function goMap<V>(entries: Readonly<Record<string, V>> | ReadonlyMap<string, V> | undefined): Record<string, V> | undefined {
  if (entries === undefined) return undefined;
  const pairs = entries instanceof Map ? [...entries] : Object.entries(entries);
  if (pairs.length === 0) return undefined;
  pairs.sort(([a], [b]) => compareUtf8(a, b));
  const out: Record<string, V> = {};
  for (const [k, v] of pairs) out[k] = v;
  return out;
}

/** A slice or string under `omitempty`: `undefined` when empty. */
export function nonEmpty<T extends string | readonly unknown[]>(value: T | undefined): T | undefined {
  return value === undefined || value.length === 0 ? undefined : value;
}

/** The parts of `metav1.ObjectMeta` the generators set. */
export interface MetaFields {
  name?: string | undefined;
  namespace?: string | undefined;
  labels?: Readonly<Record<string, string>> | undefined;
  annotations?: Readonly<Record<string, string>> | undefined;
  ownerReferences?: readonly Struct[] | undefined;
}

/** `metav1.ObjectMeta` in field order, with the `creationTimestamp: null` of an unset time. */
export function objectMeta(meta: MetaFields): Struct {
  return struct({
    name: nonEmpty(meta.name),
    namespace: nonEmpty(meta.namespace),
    creationTimestamp: null,
    labels: goMap(meta.labels),
    annotations: goMap(meta.annotations),
    ownerReferences: meta.ownerReferences === undefined ? undefined : nonEmpty([...meta.ownerReferences]),
  });
}

/** The API type of an object: its group (`''` for the core group), version and kind. */
export interface ObjectType {
  group: string;
  version: string;
  kind: string;
}

/**
 * An object of the type as a Go API type declares it: `kind`, `apiVersion` and `metadata` first,
 * then the type's own fields (see {@link struct}).
 */
export function typedObject(type: ObjectType, meta: MetaFields, fields: Struct): Struct {
  const apiVersion = apiVersionOf(type);
  return struct({ kind: type.kind, apiVersion, metadata: objectMeta(meta), ...fields });
}

/** `metav1.LabelSelector` (matchLabels, then matchExpressions). */
export function labelSelector(matchLabels: Readonly<Record<string, string>> | undefined, matchExpressions: readonly Struct[] = []): Struct {
  return struct({ matchLabels: goMap(matchLabels), matchExpressions: nonEmpty([...matchExpressions]) });
}

/** The metadata of a typed object (never undefined for what the generators build). */
export function metadataOf(object: Struct): Struct {
  const metadata = object.metadata;
  return isStruct(metadata) ? metadata : {};
}
