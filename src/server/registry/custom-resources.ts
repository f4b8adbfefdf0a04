/**
 * Turns an established CustomResourceDefinition into served resource definitions, one per served
 * version: schema-driven pruning, defaulting and validation, printer columns, selectable fields,
 * and the status and scale sub-resources the CRD declares.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { schemaFromOpenAPI, UNSTRUCTURED, type TypeSchema } from '../../sdk/types/schema/index.js';
import { applyDefaults, pruneUnknownFields, validateObject } from '../schema-validation/index.js';
import { asArray, asObject, assignOwn, asString, objectOrEmpty as o } from '../util/json.js';
import { STANDARD_VERBS, type ResourceDef, type ScaleDef, type SubresourceDef } from './types.js';
import { compareVersionPriority } from './version-priority.js';
import { customResourceTable } from '../tables/custom-resource.js';
import { firstValue, parseCrdJsonPath, simpleFieldPath } from '../../machinery/jsonpath/crd-paths.js';
import { SCALE_SUBRESOURCE, statusSubresource } from '../kinds/define.js';

function scaleDef(scale: JsonObject): ScaleDef | undefined {
  const spec = simpleFieldPath(asString(scale.specReplicasPath) ?? '');
  const status = simpleFieldPath(asString(scale.statusReplicasPath) ?? '');
  if (spec === undefined || status === undefined) return undefined;
  const def: ScaleDef = { specReplicasPath: spec, statusReplicasPath: status, selectorForm: 'string' };
  const selector = simpleFieldPath(asString(scale.labelSelectorPath) ?? '');
  if (selector !== undefined && selector.length > 0) def.labelSelectorPath = selector;
  return def;
}

function selectableFields(version: JsonObject): Record<string, (obj: JsonObject) => string> {
  const out: Record<string, (obj: JsonObject) => string> = {};
  for (const f of asArray(version.selectableFields) ?? []) {
    const path = asString(o(f).jsonPath);
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
export function customResourceDefs(crd: JsonObject): ResourceDef[] {
  const spec = o(crd.spec);
  const names = o(spec.names);
  const group = asString(spec.group) ?? '';
  const plural = asString(names.plural) ?? '';
  const kind = asString(names.kind) ?? '';
  const versions = (asArray(spec.versions) ?? []).map(o);
  const storage = versions.find((v) => v.storage === true);
  const storageVersion = asString(storage?.name) ?? '';
  const namespaced = spec.scope === 'Namespaced';
  const crdName = asString(o(crd.metadata).name) ?? '';
  const defs: ResourceDef[] = [];
  for (const v of versions) {
    if (v.served !== true) continue;
    const version = asString(v.name) ?? '';
    const openAPIV3Schema = asObject(o(v.schema).openAPIV3Schema);
    const subresources = o(v.subresources);
    const hasStatus = asObject(subresources.status) !== undefined;
    const scaleSpec = asObject(subresources.scale);
    const scale = scaleSpec === undefined ? undefined : scaleDef(scaleSpec);
    const subs: SubresourceDef[] = [];
    if (hasStatus) subs.push(statusSubresource(group, version, kind));
    if (scale !== undefined) subs.push(SCALE_SUBRESOURCE);
    let schema: TypeSchema | undefined;
    const def: ResourceDef = {
      group, version, kind,
      listKind: asString(names.listKind) ?? `${kind}List`,
      plural,
      singular: asString(names.singular) ?? kind.toLowerCase(),
      shortNames: (asArray(names.shortNames) ?? []).map((s) => asString(s) ?? ''),
      categories: (asArray(names.categories) ?? []).map((s) => asString(s) ?? ''),
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
function deprecationWarnings(v: JsonObject, versions: readonly JsonObject[], group: string, kind: string): string[] {
  if (v.deprecated !== true) return [];
  const custom = asString(v.deprecationWarning);
  if (custom !== undefined) return [custom];
  const name = asString(v.name) ?? '';
  const newer = versions
    .filter((x) => x.served === true && x.deprecated !== true && compareVersionPriority(asString(x.name) ?? '', name) < 0)
    .map((x) => asString(x.name) ?? '')
    .sort(compareVersionPriority);
  const text = `${group}/${name} ${kind} is deprecated`;
  return [newer[0] === undefined ? text : `${text}; use ${group}/${newer[0]} ${kind}`];
}

/** Replaces every key of `target` by those of `source` (hooks mutate in place). */
function replaceContents(target: JsonObject, source: JsonObject): void {
  if (target === source) return;
  for (const k of Object.keys(target)) delete target[k];
  assignOwn(target, source);
}
