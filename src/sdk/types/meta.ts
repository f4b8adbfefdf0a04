/**
 * Object metadata shared by every kind. Objects stay plain JSON: these interfaces describe the
 * fields we read and write, and every object may carry fields they do not name.
 */

/** A JSON value as the API sends it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
/** A JSON object. */
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

/** `apiVersion` and `kind`. */
export interface TypeMeta {
  apiVersion?: string;
  kind?: string;
}

/** A reference from a dependent to its owner (used by garbage collection). */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** One entry of `metadata.managedFields` (server-side apply field ownership). */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: 'Apply' | 'Update';
  apiVersion?: string;
  time?: string;
  fieldsType?: 'FieldsV1';
  /** Nested map whose keys are `f:<field>`, `k:{...}`, `v:<value>` or `i:<index>`, and whose leaves are `{}`. */
  fieldsV1?: JsonObject;
  subresource?: string;
}

/** Metadata of every persisted object. */
export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: ManagedFieldsEntry[];
  selfLink?: string;
}

/** Metadata of a list response. */
export interface ListMeta {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
  selfLink?: string;
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

/** A label selector as objects carry it (`matchLabels` and `matchExpressions`). */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/** One requirement of a {@link LabelSelector}. */
export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

/** A condition as most kinds report it in `status.conditions`. */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown' | string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  lastUpdateTime?: string;
  lastHeartbeatTime?: string;
  lastProbeTime?: string;
  observedGeneration?: number;
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

/** Options of a delete request (the body of DELETE). */
export interface DeleteOptions extends TypeMeta {
  gracePeriodSeconds?: number;
  propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
  preconditions?: { uid?: string; resourceVersion?: string };
  dryRun?: string[];
  orphanDependents?: boolean;
}
