/**
 * `replicas:` (kustomize's ReplicaCountTransformer): sets the replica count of the resources with
 * the given name (current or previous) whose kind has a configured replicas field.
 */
import type { FieldSpec } from '../config/fieldspec.js';
import { fsGvk } from '../config/fieldspec.js';
import { KustomizeError } from '../errors.js';
import type { Replica } from '../load/kustomization.js';
import { gvkSelected, gvkString } from '../model/resid.js';
import type { ResMap } from '../model/resmap.js';
import { applyFieldSpec, setScalar } from './fieldspec-filter.js';

export function transformReplicas(resources: ResMap, replica: Replica, fieldSpecs: readonly FieldSpec[]): void {
  let found = false;
  const count = replica.count ?? 0;
  for (const fs of fieldSpecs) {
    const matched = resources.byAnyId((id) => id.name === (replica.name ?? '') && gvkSelected(id.gvk, fsGvk(fs)));
    if (matched.length === 0) continue;
    found = true;
    for (const res of matched) {
      applyFieldSpec(res.obj, () => res.curId(), fs, (ref) => {
        setScalar(ref, String(count));
        ref.set(count);
      }, 'scalar');
    }
  }
  if (!found) {
    const gvks = fieldSpecs.map((fs) => gvkString(fsGvk(fs)));
    throw new KustomizeError(`resource with name ${replica.name ?? ''} does not match a config with the following GVK [${gvks.join(' ')}]`);
  }
}
