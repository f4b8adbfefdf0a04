/**
 * `namespace:` (kustomize's NamespaceTransformer): sets `metadata.namespace` on every object not
 * known to be cluster-scoped, the name of Namespace objects, the namespace fields the
 * configuration lists, and the namespace of (Cluster)RoleBinding subjects named `default`.
 */
import type { FieldSpec } from '../config/fieldspec.js';
import { KustomizeError } from '../errors.js';
import { getKey, isMap, setKey } from '../model/json.js';
import { idEquals, resIdString } from '../model/resid.js';
import type { ResMap } from '../model/resmap.js';
import type { Resource } from '../model/resource.js';
import { applyFieldSpec, setScalar, type NodeRef } from './fieldspec-filter.js';

const METADATA_NAMESPACE: FieldSpec = { path: 'metadata/namespace', create: true };

function applyToResource(res: Resource, namespace: string, fieldSpecs: readonly FieldSpec[]): void {
  const object = res.obj;
  const apiVersion = res.getApiVersion();
  const set = (ref: NodeRef): void => setScalar(ref, namespace);
  // kustomize drops these from the list and handles metadata.namespace itself.
  let specs = fieldSpecs.filter((fs) => fs.path !== 'metadata/namespace' && (apiVersion === 'v1' || fs.path !== 'metadata/name'));
  const gvk = res.gvk();
  if (!gvk.clusterScoped) applyFieldSpec(object, () => res.curId(), METADATA_NAMESPACE, set, 'scalar');
  if (gvk.kind === 'RoleBinding' || gvk.kind === 'ClusterRoleBinding') {
    specs = specs.filter((fs) => !((fs.kind === 'RoleBinding' || fs.kind === 'ClusterRoleBinding') && fs.path === 'subjects/namespace'));
    const subjects = getKey(object, 'subjects');
    if (Array.isArray(subjects)) {
      for (const subject of subjects) {
        if (!isMap(subject) || getKey(subject, 'name') !== 'default') continue;
        setKey(subject, 'namespace', namespace);
      }
    }
  }
  for (const fs of specs) applyFieldSpec(object, () => res.curId(), fs, set, 'scalar');
}

/** Sets `namespace` on every resource; two resources may not end up with the same identity. */
export function transformNamespace(resources: ResMap, namespace: string, fieldSpecs: readonly FieldSpec[]): void {
  if (namespace === '') return;
  for (const res of resources.resources()) {
    if (res.isDeleted()) continue;
    res.storePreviousId();
    try {
      applyToResource(res, namespace, fieldSpecs);
    } catch (err) {
      throw new KustomizeError(`namespace transformation failed: ${(err as Error).message}`);
    }
    const id = res.curId();
    const matches = resources.byCurrentId((other) => idEquals(other, id));
    if (matches.length !== 1) throw new KustomizeError(`namespace transformation produces ID conflict: ${matches.map((m) => resIdString(m.curId())).join(', ')}`);
  }
}
