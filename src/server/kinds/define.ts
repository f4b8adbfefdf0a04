/**
 * Builds a built-in {@link ResourceDef} from the few facts that differ between kinds, with the API
 * server's defaults for everything else.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { builtinSchema, UNSTRUCTURED, type TypeSchema } from '../../sdk/types/schema/index.js';
import { STANDARD_VERBS, type KindHooks, type ResourceDef, type ScaleDef, type SubresourceDef, type TableDef } from '../registry/types.js';
import type { NameRule } from '../../machinery/validation/names.js';
import { defaultTable } from '../tables/cluster.js';
import { markedKind, storedAs, type AnyDef, type KindDef, type BuiltinApiVersion, type BuiltinKind, type BuiltinObject } from '../registry/kind-def.js';

/** The apiVersion of a group and version (`v1` for the core group). */
type ApiVersionOf<G extends string, V extends string> = G extends '' ? V : `${G}/${V}`;

/**
 * The type of a kind's objects: its generated type for a built-in kind, plain JSON for a kind the
 * SDK has no type of (the metrics API's).
 */
export type ObjectOf<G extends string, V extends string, K extends string> =
  ApiVersionOf<G, V> extends infer A extends BuiltinApiVersion ? K extends BuiltinKind<A> ? BuiltinObject<A, K> : JsonObject : JsonObject;

/**
 * The facts of one built-in kind; its table, field selectors and hooks read its objects' type `T`:
 * {@link ObjectOf} its kind, or for a kind the SDK has no type of, the server's own (the metrics API's).
 */
export interface KindFacts<G extends string = string, V extends string = string, K extends string = string, T extends ObjectOf<G, V, K> = ObjectOf<G, V, K>> {
  group: G;
  version: V;
  kind: K;
  plural: string;
  shortNames?: string[];
  categories?: string[];
  namespaced: boolean;
  verbs?: string[];
  nameRule?: NameRule;
  tracksGeneration?: boolean;
  allowCreateOnUpdate?: boolean;
  allowUnconditionalUpdate?: boolean;
  returnDeletedObject?: boolean;
  defaultPropagation?: 'Background' | 'Orphan';
  status?: boolean;
  resetStatusOnCreate?: boolean;
  scale?: ScaleDef;
  extraSubresources?: SubresourceDef[];
  fieldSelectors?: Record<string, (obj: T) => string>;
  table?: TableDef<T>;
  hooks?: KindHooks<T>;
}

/** The `status` sub-resource of a kind. */
export function statusSubresource(group: string, version: string, kind: string): SubresourceDef {
  return { name: 'status', responseKind: { group, version, kind }, verbs: ['get', 'patch', 'update'] };
}

/** The `scale` sub-resource (autoscaling/v1 Scale). */
export const SCALE_SUBRESOURCE: SubresourceDef = {
  name: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: ['get', 'patch', 'update'],
};

/** Scale paths of the built-in workloads. */
export const WORKLOAD_SCALE: ScaleDef = {
  specReplicasPath: ['spec', 'replicas'], statusReplicasPath: ['status', 'replicas'], labelSelectorPath: ['spec', 'selector'], selectorForm: 'labelSelector',
};

/**
 * A kind's typed table as the def's table: the rows are built from the def's stored objects only
 * (reads, watch events and the objects a write stored), which are of the kind's type.
 */
function storedTable<T extends JsonObject>(def: AnyDef<T>, table: TableDef<T>): TableDef {
  const conditions = table.conditions;
  return {
    columns: table.columns,
    cells: (obj, now) => table.cells(storedAs(def, obj), now),
    ...(conditions === undefined ? {} : { conditions: (obj: JsonObject) => conditions(storedAs(def, obj)) }),
  };
}

/**
 * A kind's typed hooks as the def's hooks: every object they get is of the kind's type. Writes
 * through the API are decoded into it before the hooks run (the body, a patch's result, an apply,
 * a mutating webhook's answer), stored objects were, and the server's own writes are built in its
 * shape (they may hold `null` where the type says a list or a time, see `registry/kind-def.ts`).
 * A field the type calls required may still be missing (validation is what asks for it).
 * `toVersion` gets the storage version's object and stays as it is.
 */
function storedHooks<T extends JsonObject>(def: AnyDef<T>, h: KindHooks<T>): KindHooks {
  const typed = (obj: JsonObject): T => storedAs(def, obj);
  const out: KindHooks = {};
  if (h.defaults !== undefined) out.defaults = (obj) => h.defaults?.(typed(obj));
  if (h.toVersion !== undefined) out.toVersion = h.toVersion;
  if (h.prepareForCreate !== undefined) out.prepareForCreate = (obj, ctx) => h.prepareForCreate?.(typed(obj), ctx);
  if (h.prepareForUpdate !== undefined) out.prepareForUpdate = (obj, old, ctx) => h.prepareForUpdate?.(typed(obj), typed(old), ctx);
  if (h.validate !== undefined) out.validate = (obj, ctx) => h.validate?.(typed(obj), ctx) ?? [];
  if (h.validateCreate !== undefined) out.validateCreate = (obj, ctx) => h.validateCreate?.(typed(obj), ctx) ?? [];
  if (h.validateUpdate !== undefined) out.validateUpdate = (obj, old, ctx) => h.validateUpdate?.(typed(obj), typed(old), ctx) ?? [];
  if (h.validateStatusUpdate !== undefined) out.validateStatusUpdate = (obj, old, ctx) => h.validateStatusUpdate?.(typed(obj), typed(old), ctx) ?? [];
  if (h.validateSubresourceUpdate !== undefined) {
    out.validateSubresourceUpdate = (sub, obj, old, ctx) => h.validateSubresourceUpdate?.(sub, typed(obj), typed(old), ctx) ?? [];
  }
  if (h.beforeDelete !== undefined) out.beforeDelete = (obj, ctx) => h.beforeDelete?.(typed(obj), ctx);
  if (h.pendingFinalization !== undefined) out.pendingFinalization = (obj) => h.pendingFinalization?.(typed(obj)) === true;
  return out;
}

/** A kind's typed field selectors as the def's: they read the def's stored objects only. */
function storedFieldSelectors<T extends JsonObject>(def: AnyDef<T>, selectors: Record<string, (obj: T) => string>): Record<string, (obj: JsonObject) => string> {
  return Object.fromEntries(Object.entries(selectors).map(([field, read]) => [field, (obj: JsonObject) => read(storedAs(def, obj))]));
}

/** Creates the def of a built-in kind, marked with its objects' type (reads through {@link storedAs} are typed). */
export function defineKind<G extends string, V extends string, K extends string, T extends ObjectOf<G, V, K> = ObjectOf<G, V, K>>(f: KindFacts<G, V, K, T>): KindDef<T> {
  const subresources: SubresourceDef[] = [];
  if (f.status === true) subresources.push(statusSubresource(f.group, f.version, f.kind));
  if (f.scale !== undefined) subresources.push(SCALE_SUBRESOURCE);
  subresources.push(...(f.extraSubresources ?? []));
  let schema: TypeSchema | undefined;
  const def: ResourceDef = {
    group: f.group,
    version: f.version,
    kind: f.kind,
    listKind: `${f.kind}List`,
    plural: f.plural,
    singular: f.kind.toLowerCase(),
    shortNames: f.shortNames ?? [],
    categories: f.categories ?? [],
    namespaced: f.namespaced,
    verbs: f.verbs ?? STANDARD_VERBS,
    subresources,
    bucket: `${f.group === '' ? 'core' : f.group}/${f.plural}`,
    nameRule: f.nameRule ?? 'subdomain',
    tracksGeneration: f.tracksGeneration ?? false,
    allowCreateOnUpdate: f.allowCreateOnUpdate ?? false,
    allowUnconditionalUpdate: f.allowUnconditionalUpdate ?? true,
    returnDeletedObject: f.returnDeletedObject ?? false,
    defaultPropagation: f.defaultPropagation ?? 'Background',
    statusSubresource: f.status === true,
    resetStatusOnCreate: f.resetStatusOnCreate ?? f.status === true,
    fieldSelectors: {},
    table: defaultTable,
    hooks: {},
    schema: () => {
      schema ??= builtinSchema(f.group, f.version, f.kind) ?? UNSTRUCTURED;
      return schema;
    },
    strategicMerge: true,
  };
  if (f.table !== undefined) def.table = storedTable<T>(def, f.table);
  if (f.fieldSelectors !== undefined) def.fieldSelectors = storedFieldSelectors<T>(def, f.fieldSelectors);
  if (f.hooks !== undefined) def.hooks = storedHooks<T>(def, f.hooks);
  if (f.scale !== undefined) def.scale = f.scale;
  return markedKind<T>(def);
}
