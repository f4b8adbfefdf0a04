/**
 * The table-driven description of a served resource type: one {@link ResourceDef} per group,
 * version and resource, carrying everything discovery, the REST handlers, tables, selectors and
 * the write path need to know about the kind.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { TableColumnDefinition } from '../../sdk/types/table.js';
import type { TypeSchema } from '../../sdk/types/schema/index.js';
import type { FieldError } from '../validation/field-errors.js';
import type { NameRule } from '../../machinery/validation/names.js';
import type { UserInfo } from '../request/user.js';

/** Group, version and kind. */
export interface GVK {
  group: string;
  version: string;
  kind: string;
}

/** A sub-resource served below each object (`status`, `scale`, ...). */
export interface SubresourceDef {
  name: string;
  /** The kind the sub-resource reads and writes (autoscaling/v1 Scale for `scale`). */
  responseKind: GVK;
  verbs: string[];
}

/** Where a scalable kind keeps its replica counts and selector (JSON field paths). */
export interface ScaleDef {
  specReplicasPath: string[];
  statusReplicasPath: string[];
  /** Path of the label selector. */
  labelSelectorPath?: string[];
  /**
   * The form of the selector at {@link labelSelectorPath}: a `LabelSelector` object (apps/v1
   * workloads), a map of labels that must all match (ReplicationControllers), or the string form
   * (custom resources).
   */
  selectorForm: 'labelSelector' | 'labels' | 'string';
}

/**
 * What a table row is built from. `T` is the type of the objects the table renders: a built-in
 * kind's table reads its generated type (the rows are built from the def's stored objects, see
 * `defineKind`), a def's own table takes plain JSON objects.
 */
export interface TableDef<T extends JsonObject = JsonObject> {
  columns: TableColumnDefinition[];
  /** The cells of one object, in column order. `now` is the server clock in ms. */
  cells(obj: T, now: number): unknown[];
  /** Row conditions (pods report Completed). */
  conditions?(obj: T): { type: string; status: string; reason?: string; message?: string }[] | undefined;
}

/** Cluster IPs and node ports of services. */
export interface ServiceAllocator {
  /** Allocates `requested` (or a free address); throws an Error whose message explains a refusal. */
  allocateIP(requested?: string): string;
  /** Allocates `requested` (or a free node port); throws an Error explaining a refusal. */
  allocateNodePort(requested?: number): number;
  releaseIP(ip: string): void;
  releaseNodePort(port: number): void;
}

/** Context the per-kind hooks may use. */
export interface HookContext {
  user: UserInfo;
  now: number;
  /** True for `dryRun=All`: allocations are rolled back after the request. */
  dryRun: boolean;
  allocator: ServiceAllocator;
  /** Registers an undo step run when the write does not persist (failure or dry run). */
  onRollback(undo: () => void): void;
}

/**
 * Per-kind behaviour on the write path, as a Kubernetes registry strategy. `T` is the type of the
 * objects the hooks get: a built-in kind's hooks read its generated type (every object they get is
 * decoded into it or built by the server in its shape, see `defineKind`), a def's own hooks take
 * plain JSON objects.
 */
export interface KindHooks<T extends JsonObject = JsonObject> {
  /** Defaulting, applied to every incoming object (create, update, the result of a patch). */
  defaults?: (obj: T) => void;
  /**
   * Converts a stored object (always kept in the internal form) into this version's form on every
   * read; returns a copy when it changes something (stored values are frozen). The inverse of what
   * {@link defaults} does to an incoming object of this version. The stored object is of the
   * storage version's type, so it stays plain JSON here.
   */
  toVersion?: (obj: JsonObject) => JsonObject;
  /** Server-set fields of a new object (status reset, derived fields). */
  prepareForCreate?: (obj: T, ctx: HookContext) => void;
  /** Server-set fields on update of the main resource. */
  prepareForUpdate?: (obj: T, old: T, ctx: HookContext) => void;
  /** Kind-specific checks of a new object. */
  validate?: (obj: T, ctx: HookContext) => FieldError[];
  /** Checks of a new object only, in addition to {@link validate} (fields that cannot be set on create). */
  validateCreate?: (obj: T, ctx: HookContext) => FieldError[];
  /** Kind-specific checks of an update (immutable fields ...), in addition to {@link validate}. */
  validateUpdate?: (obj: T, old: T, ctx: HookContext) => FieldError[];
  /** Checks of a status write. */
  validateStatusUpdate?: (obj: T, old: T, ctx: HookContext) => FieldError[];
  /** Checks of a write through another writable sub-resource (`pods/ephemeralcontainers`). */
  validateSubresourceUpdate?: (subresource: string, obj: T, old: T, ctx: HookContext) => FieldError[];
  /**
   * Mutates an object on its first DELETE, before finalizers are looked at (a CRD adds its cleanup
   * finalizer, a namespace turns Terminating).
   */
  beforeDelete?: (obj: T, ctx: HookContext) => void;
  /** True while the object must stay although `metadata.finalizers` is empty (namespace spec finalizers). */
  pendingFinalization?: (obj: T) => boolean;
}

/** Custom-resource specifics of a def created from a CustomResourceDefinition. */
export interface CustomResourceInfo {
  crdName: string;
  /** The version objects are stored in. */
  storageVersion: string;
  /** The OpenAPI v3 schema of this version (structural), if any. */
  openAPIV3Schema: JsonObject | undefined;
  /** `Warning` texts of every request to this version (a deprecated version's warning). */
  warnings?: readonly string[];
}

/** Everything the server knows about one resource of one group version. */
export interface ResourceDef {
  group: string;
  version: string;
  kind: string;
  listKind: string;
  /** URL name (`deployments`). */
  plural: string;
  singular: string;
  shortNames: string[];
  categories: string[];
  namespaced: boolean;
  verbs: string[];
  subresources: SubresourceDef[];
  /** Storage bucket (shared by all versions of a kind). */
  bucket: string;
  nameRule: NameRule;
  /** `metadata.generation` is set and bumped on spec changes. */
  tracksGeneration: boolean;
  /** PUT of a missing object creates it. */
  allowCreateOnUpdate: boolean;
  /** PUT without `metadata.resourceVersion` is allowed. */
  allowUnconditionalUpdate: boolean;
  /** DELETE answers with the deleted object instead of a Status. */
  returnDeletedObject: boolean;
  /** Garbage-collection policy of a DELETE that names none. */
  defaultPropagation: 'Background' | 'Orphan';
  /** Writes to the main resource keep the stored status (a `status` sub-resource exists). */
  statusSubresource: boolean;
  /** Status is cleared on create (most kinds with a status sub-resource). */
  resetStatusOnCreate: boolean;
  scale?: ScaleDef;
  /** Fields usable in field selectors besides metadata.name / metadata.namespace. */
  fieldSelectors: Record<string, (obj: JsonObject) => string>;
  table: TableDef;
  hooks: KindHooks;
  /** Merge-key schema for strategic merge patch and server-side apply. */
  schema(): TypeSchema;
  /** Strategic merge patch is accepted (built-in kinds only). */
  strategicMerge: boolean;
  /** Set for custom resources. */
  custom?: CustomResourceInfo;
}

export { apiVersionOf } from '../../machinery/group-version.js';

/** Group and resource, as errors name them. */
export function groupResource(def: ResourceDef): { group: string; resource: string } {
  return { group: def.group, resource: def.plural };
}

/** Group and kind, as invalid-object errors name them. */
export function groupKind(def: ResourceDef): { group: string; kind: string } {
  return { group: def.group, kind: def.kind };
}

/** The verbs of a normal read-write resource. */
export const STANDARD_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
