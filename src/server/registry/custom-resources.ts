/**
 * Turns an established CustomResourceDefinition into served resource definitions, one per served
 * version: schema-driven pruning, defaulting and validation, printer columns, selectable fields,
 * and the status and scale sub-resources the CRD declares. The CRD is a stored one, read typed
 * (validation made its group, names and versions present); the custom resources' own objects
 * follow the CRD's schema, not ours, and stay plain JSON.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { CustomResourceDefinition, CustomResourceDefinitionVersion, CustomResourceSubresourceScale } from '../../sdk/types/generated/apiextensions-v1.js';
import { schemaFromOpenAPI, UNSTRUCTURED, type TypeSchema } from '../../sdk/types/schema/index.js';
import { applyDefaults, pruneUnknownFields, validateObject } from '../schema-validation/index.js';
import { assignOwn } from '../util/json.js';
import { STANDARD_VERBS, type ResourceDef, type ScaleDef, type SubresourceDef } from './types.js';
import { compareVersionPriority } from './version-priority.js';
import { customResourceTable } from '../tables/custom-resource.js';
import { firstValue, parseCrdJsonPath, simpleFieldPath } from '../../machinery/jsonpath/crd-paths.js';
import { SCALE_SUBRESOURCE, statusSubresource } from '../kinds/define.js';

function scaleDef(scale: CustomResourceSubresourceScale): ScaleDef | undefined {
  const spec = simpleFieldPath(scale.specReplicasPath);
  const status = simpleFieldPath(scale.statusReplicasPath);
  if (spec === undefined || status === undefined) return undefined;
  const def: ScaleDef = { specReplicasPath: spec, statusReplicasPath: status, selectorForm: 'string' };
  const selector = simpleFieldPath(scale.labelSelectorPath ?? '');
  if (selector !== undefined && selector.length > 0) def.labelSelectorPath = selector;
  return def;
}

function selectableFields(version: CustomResourceDefinitionVersion): Record<string, (obj: JsonObject) => string> {
  const out: Record<string, (obj: JsonObject) => string> = {};
  // Validation does not ask for a field's path: it may be missing.
  for (const { jsonPath: path } of version.selectableFields ?? []) {
    const parsed = path === undefined ? undefined : parseCrdJsonPath(path);
    if (path === undefined || parsed === undefined) continue;
    out[path.replace(/^\./, '')] = (obj) => {
      const v = firstValue(parsed, obj);
      return v === undefined || v === null ? '' : typeof v === 'string' ? v : String(v);
    };
  }
  return out;
}

/** The defs of every served version of an established CRD. */
export function customResourceDefs(crd: CustomResourceDefinition): ResourceDef[] {
  const { group, names, versions } = crd.spec;
  const { plural, kind } = names;
  const storageVersion = versions.find((v) => v.storage)?.name ?? '';
  const namespaced = crd.spec.scope === 'Namespaced';
  const crdName = crd.metadata?.name ?? '';
  const defs: ResourceDef[] = [];
  for (const v of versions) {
    if (!v.served) continue;
    const version = v.name;
    const openAPIV3Schema = v.schema?.openAPIV3Schema;
    const hasStatus = v.subresources?.status !== undefined;
    const scaleSpec = v.subresources?.scale;
    const scale = scaleSpec === undefined ? undefined : scaleDef(scaleSpec);
    const subs: SubresourceDef[] = [];
    if (hasStatus) subs.push(statusSubresource(group, version, kind));
    if (scale !== undefined) subs.push(SCALE_SUBRESOURCE);
    let schema: TypeSchema | undefined;
    const def: ResourceDef = {
      group, version, kind,
      listKind: names.listKind ?? `${kind}List`,
      plural,
      singular: names.singular ?? kind.toLowerCase(),
      shortNames: [...names.shortNames ?? []],
      categories: [...names.categories ?? []],
      namespaced,
      verbs: STANDARD_VERBS,
      subresources: subs,
      bucket: `${group}/${plural}`,
      nameRule: 'subdomain',
      tracksGeneration: true,
      allowCreateOnUpdate: false,
      allowUnconditionalUpdate: false,
      returnDeletedObject: true,
      defaultPropagation: 'Background',
      statusSubresource: hasStatus,
      resetStatusOnCreate: hasStatus,
      fieldSelectors: selectableFields(v),
      table: customResourceTable(v.additionalPrinterColumns),
      hooks: {
        defaults(obj) {
          if (openAPIV3Schema === undefined) return;
          const pruned = pruneUnknownFields(obj, openAPIV3Schema);
          const defaulted = applyDefaults(pruned, openAPIV3Schema);
          replaceContents(obj, defaulted);
        },
        validate(obj) {
          if (openAPIV3Schema === undefined) return [];
          return validateObject(obj, openAPIV3Schema);
        },
      },
      schema: () => {
        schema ??= openAPIV3Schema === undefined ? UNSTRUCTURED : schemaFromOpenAPI(openAPIV3Schema);
        return schema;
      },
      strategicMerge: false,
      custom: { crdName, storageVersion, openAPIV3Schema, warnings: deprecationWarnings(v, versions, group, kind) },
    };
    if (scale !== undefined) def.scale = scale;
    defs.push(def);
  }
  return defs;
}

/**
 * The warnings of a deprecated version: its `deprecationWarning`, else the API server's default
 * text naming the newest served version that is not deprecated and ranks above it.
 */
function deprecationWarnings(v: CustomResourceDefinitionVersion, versions: readonly CustomResourceDefinitionVersion[], group: string, kind: string): string[] {
  if (v.deprecated !== true) return [];
  if (v.deprecationWarning !== undefined) return [v.deprecationWarning];
  const newer = versions
    .filter((x) => x.served && x.deprecated !== true && compareVersionPriority(x.name, v.name) < 0)
    .map((x) => x.name)
    .sort(compareVersionPriority);
  const text = `${group}/${v.name} ${kind} is deprecated`;
  return [newer[0] === undefined ? text : `${text}; use ${group}/${newer[0]} ${kind}`];
}

/** Replaces every key of `target` by those of `source` (hooks mutate in place). */
function replaceContents(target: JsonObject, source: JsonObject): void {
  if (target === source) return;
  for (const k of Object.keys(target)) delete target[k];
  assignOwn(target, source);
}
