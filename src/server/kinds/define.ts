/**
 * Builds a built-in {@link ResourceDef} from the few facts that differ between kinds, with the API
 * server's defaults for everything else.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { builtinSchema, UNSTRUCTURED, type TypeSchema } from '../../sdk/types/schema/index.js';
import { STANDARD_VERBS, type KindHooks, type ResourceDef, type ScaleDef, type SubresourceDef, type TableDef } from '../registry/types.js';
import type { NameRule } from '../../machinery/validation/names.js';
import { defaultTable } from '../tables/cluster.js';
import { storedAs, type AnyDef } from '../registry/kind-def.js';

/** The facts of one built-in kind; `T` is the type of its objects, which its table reads. */
export interface KindFacts<T extends JsonObject = JsonObject> {
  group: string;
  version: string;
  kind: string;
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
  fieldSelectors?: Record<string, (obj: JsonObject) => string>;
  table?: TableDef<T>;
  hooks?: KindHooks;
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

/** Creates the def of a built-in kind. */
export function defineKind<T extends JsonObject = JsonObject>(f: KindFacts<T>): ResourceDef {
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
    fieldSelectors: f.fieldSelectors ?? {},
    table: defaultTable,
    hooks: f.hooks ?? {},
    schema: () => {
      schema ??= builtinSchema(f.group, f.version, f.kind) ?? UNSTRUCTURED;
      return schema;
    },
    strategicMerge: true,
  };
  if (f.table !== undefined) def.table = storedTable<T>(def, f.table);
  if (f.scale !== undefined) def.scale = f.scale;
  return def;
}
