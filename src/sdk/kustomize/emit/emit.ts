/**
 * The last stage: objects annotated as local configuration are left out, the rest sorted, given
 * the managed-by label when asked, and stripped of kustomize's build annotations.
 */
import { KUSTOMIZE } from '../../naming.js';
import type { KubeObject } from '../../types/meta.js';
import { KustomizeError } from '../errors.js';
import { isMap, lookupCreateMap, setKey } from '../model/json.js';
import { resIdString } from '../model/resid.js';
import type { Resource } from '../model/resource.js';
import type { SortOptions } from '../load/kustomization.js';
import { sortResources } from './sort.js';

/** Options of {@link emitResources}. */
export interface EmitOptions {
  sortOptions: SortOptions | undefined;
  /** `buildMetadata: [managedByLabel]`: the label and its value. */
  managedBy: { label: string; value: string } | undefined;
}

function checkFinite(value: unknown, where: string): void {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new KustomizeError(`json: unsupported value: ${Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf'} (in ${where})`);
  if (Array.isArray(value)) for (const v of value) checkFinite(v, where);
  else if (isMap(value)) for (const v of Object.values(value)) checkFinite(v, where);
}

/** The objects to print, in order. */
export function emitResources(resources: readonly Resource[], options: EmitOptions): KubeObject[] {
  const kept = resources.filter((r) => {
    const local = r.getAnnotations()[KUSTOMIZE.localConfigAnnotation];
    return local === undefined || local === 'false';
  });
  const sorted = sortResources(kept, options.sortOptions);
  return sorted.map((r) => {
    if (options.managedBy !== undefined) setKey(lookupCreateMap(r.obj, ['metadata', 'labels']), options.managedBy.label, options.managedBy.value);
    r.removeBuildAnnotations();
    checkFinite(r.obj, resIdString(r.curId()));
    return r.obj as KubeObject;
  });
}
