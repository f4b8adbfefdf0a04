/**
 * kustomize's transformer configuration (`builtinconfig.TransformerConfig`): the field specs of
 * each built-in transformer and the name back-references, merged from the built-in defaults, the
 * `configurations` files of each kustomization and the `crds` of each kustomization.
 */
import { KustomizeError } from '../errors.js';
import { gvkEquals, gvkLess, type GvkSelector } from '../model/resid.js';
import { mergeAll, sortFieldSpecs, type FieldSpec } from './fieldspec.js';

/** A kind and the fields of other kinds that refer to it by name. */
export interface NameBackReference extends GvkSelector {
  referrers: FieldSpec[];
}

/** The field specs of every built-in transformer. */
export interface TransformerConfig {
  namePrefix: FieldSpec[];
  nameSuffix: FieldSpec[];
  namespace: FieldSpec[];
  commonLabels: FieldSpec[];
  labels: FieldSpec[];
  templateLabels: FieldSpec[];
  commonAnnotations: FieldSpec[];
  nameReference: NameBackReference[];
  varReference: FieldSpec[];
  images: FieldSpec[];
  replicas: FieldSpec[];
}

export const FIELD_SPEC_LISTS = ['namePrefix', 'nameSuffix', 'namespace', 'commonLabels', 'labels', 'templateLabels', 'commonAnnotations', 'varReference', 'images', 'replicas'] as const;

/** An empty configuration. */
export function emptyTransformerConfig(): TransformerConfig {
  return { namePrefix: [], nameSuffix: [], namespace: [], commonLabels: [], labels: [], templateLabels: [], commonAnnotations: [], nameReference: [], varReference: [], images: [], replicas: [] };
}

function mergeBackReferences(list: readonly NameBackReference[], incoming: readonly NameBackReference[]): NameBackReference[] {
  let result = list.map((r) => ({ ...r, referrers: [...r.referrers] }));
  for (const other of incoming) {
    let found = false;
    result = result.map((c) => {
      if (!gvkEquals(c, other)) return c;
      found = true;
      return { ...c, referrers: mergeAll(c.referrers, other.referrers) };
    });
    if (!found) result.push({ ...other, referrers: [...other.referrers] });
  }
  return result;
}

/** Sorts every list by kind, as kustomize does after loading or merging a configuration. */
export function sortTransformerConfig(config: TransformerConfig): TransformerConfig {
  for (const key of FIELD_SPEC_LISTS) sortFieldSpecs(config[key]);
  config.nameReference.sort((a, b) => (gvkLess(a, b) ? -1 : gvkLess(b, a) ? 1 : 0));
  return config;
}

/** `TransformerConfig.Merge`: every list merged (equivalent specs once), then sorted. */
export function mergeTransformerConfigs(base: TransformerConfig, input: TransformerConfig | undefined): TransformerConfig {
  if (input === undefined) return base;
  const merged = emptyTransformerConfig();
  try {
    for (const key of FIELD_SPEC_LISTS) merged[key] = mergeAll(base[key], input[key]);
    merged.nameReference = mergeBackReferences(base.nameReference, input.nameReference);
  } catch (err) {
    throw new KustomizeError(`failed to merge fieldSpec: ${(err as Error).message}`);
  }
  return sortTransformerConfig(merged);
}
