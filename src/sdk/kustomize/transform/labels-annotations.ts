/**
 * `labels`, `commonLabels` and `commonAnnotations` (kustomize's Label- and AnnotationsTransformer):
 * each key, in sorted order, set in every field the field specs reach, creating the maps where
 * the spec says so.
 */
import type { FieldSpec } from '../config/fieldspec.js';
import { mergeAll, mergeOne } from '../config/fieldspec.js';
import type { TransformerConfig } from '../config/transformer-config.js';
import type { Label } from '../load/kustomization.js';
import type { ResMap } from '../model/resmap.js';
import { applyFieldSpec, setEntry } from './fieldspec-filter.js';

/** Sets every pair in every field the specs reach (the LabelTransformer and AnnotationsTransformer). */
export function transformMapEntries(resources: ResMap, pairs: Record<string, string> | undefined, fieldSpecs: readonly FieldSpec[]): void {
  const keys = Object.keys(pairs ?? {}).sort();
  if (keys.length === 0) return;
  for (const res of resources.resources()) {
    for (const key of keys) {
      const value = (pairs as Record<string, string>)[key] as string;
      for (const fs of fieldSpecs) applyFieldSpec(res.obj, () => res.curId(), fs, (ref) => setEntry(ref, key, value), 'map');
    }
  }
}

/** The field specs of one `labels` entry, as kustomize builds them. */
export function labelFieldSpecs(label: Label, config: TransformerConfig): FieldSpec[] {
  let specs = mergeAll(label.fields ?? [], config.labels);
  if (label.includeSelectors === true) return mergeAll(specs, config.commonLabels);
  if (label.includeTemplates === true) specs = mergeAll(specs, config.templateLabels);
  return mergeOne(specs, { path: 'metadata/labels', create: true });
}
