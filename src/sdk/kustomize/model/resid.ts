/**
 * kustomize's resource identities: group/version/kind ({@link Gvk}) plus name and namespace
 * ({@link ResId}), with the string forms its messages and build annotations use
 * (`Kind.version.group/name.namespace`, `[noGrp]` for an empty part).
 */

/** Group, version and kind, and whether the kind is known to be cluster-scoped. */
export interface Gvk {
  group: string;
  version: string;
  kind: string;
  clusterScoped: boolean;
}

/** A selector of kinds: empty parts match anything. */
export interface GvkSelector {
  group?: string | undefined;
  version?: string | undefined;
  kind?: string | undefined;
}

/** A resource's identity. */
export interface ResId {
  gvk: Gvk;
  name: string;
  namespace: string;
}

export const DEFAULT_NAMESPACE = 'default';
/** The "namespace" cluster-scoped resources are grouped under. */
export const NOT_A_NAMESPACE = '_non_namespaceable_';

export { parseApiVersion as parseGroupVersion } from '../../../machinery/group-version.js';

/** `Kind.version.group` with `[noKind]`, `[noVer]`, `[noGrp]` for empty parts. */
export function gvkString(gvk: GvkSelector): string {
  return [gvk.kind || '[noKind]', gvk.version || '[noVer]', gvk.group || '[noGrp]'].join('.');
}

/** `Kind.version.group/name.namespace` with `[noName]` and `[noNs]` for empty parts. */
export function resIdString(id: ResId): string {
  return `${gvkString(id.gvk)}/${id.name || '[noName]'}.${id.namespace || '[noNs]'}`;
}

/** Go's `%#v` of a ResId, as kustomize prints it in some errors. */
export function resIdGoString(id: ResId): string {
  const g = id.gvk;
  return `resid.ResId{Gvk:resid.Gvk{Group:${JSON.stringify(g.group)}, Version:${JSON.stringify(g.version)}, Kind:${JSON.stringify(g.kind)}, isClusterScoped:${String(g.clusterScoped)}}, Name:${JSON.stringify(id.name)}, Namespace:${JSON.stringify(id.namespace)}}`;
}

/** Same group, version and kind. */
export function gvkEquals(a: GvkSelector, b: GvkSelector): boolean {
  return (a.group ?? '') === (b.group ?? '') && (a.version ?? '') === (b.version ?? '') && (a.kind ?? '') === (b.kind ?? '');
}

/** Whether `gvk` is matched by `selector` (its non-empty parts must be equal). */
export function gvkSelected(gvk: GvkSelector, selector: GvkSelector | undefined): boolean {
  if (selector === undefined) return true;
  if (selector.group && gvk.group !== selector.group) return false;
  if (selector.version && gvk.version !== selector.version) return false;
  if (selector.kind && gvk.kind !== selector.kind) return false;
  return true;
}

/** The namespace used for comparisons: `default` for none, a marker for cluster-scoped kinds. */
export function effectiveNamespace(id: ResId): string {
  if (id.gvk.clusterScoped) return NOT_A_NAMESPACE;
  return id.namespace === '' || id.namespace === DEFAULT_NAMESPACE ? DEFAULT_NAMESPACE : id.namespace;
}

/** Same effective namespace. */
export function nsEquals(a: ResId, b: ResId): boolean {
  return effectiveNamespace(a) === effectiveNamespace(b);
}

/** Same name and kind. */
export function gvknEquals(a: ResId, b: ResId): boolean {
  return a.name === b.name && gvkEquals(a.gvk, b.gvk);
}

/** Same identity (namespace compared effectively). */
export function idEquals(a: ResId, b: ResId): boolean {
  return nsEquals(a, b) && gvknEquals(a, b);
}

/** Exactly the same fields (Go's `==` on ResId). */
export function idIdentical(a: ResId, b: ResId): boolean {
  return a.name === b.name && a.namespace === b.namespace && gvkEquals(a.gvk, b.gvk) && a.gvk.clusterScoped === b.gvk.clusterScoped;
}

/** kustomize's ordering of kinds in transformer configs (`Gvk.IsLessThan`). */
const ORDER_FIRST = [
  'Namespace', 'ResourceQuota', 'StorageClass', 'CustomResourceDefinition', 'ServiceAccount', 'PodSecurityPolicy', 'Role', 'ClusterRole',
  'RoleBinding', 'ClusterRoleBinding', 'ConfigMap', 'Secret', 'Endpoints', 'Service', 'LimitRange', 'PriorityClass', 'PersistentVolume',
  'PersistentVolumeClaim', 'Deployment', 'StatefulSet', 'CronJob', 'PodDisruptionBudget',
];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];

/** Rank of a kind in kustomize's legacy order: negative first, 0 the rest, positive last. */
export function kindRank(kind: string, first: readonly string[] = ORDER_FIRST, last: readonly string[] = ORDER_LAST): number {
  const i = first.indexOf(kind);
  if (i >= 0) return -first.length + i;
  const j = last.indexOf(kind);
  return j >= 0 ? 1 + j : 0;
}

export { ORDER_FIRST as LEGACY_ORDER_FIRST, ORDER_LAST as LEGACY_ORDER_LAST };

function stableSortString(gvk: GvkSelector): string {
  return [gvk.group || '~G', gvk.version || '~V', gvk.kind || '~K'].join('_');
}

/** `Gvk.IsLessThan`. */
export function gvkLess(a: GvkSelector, b: GvkSelector): boolean {
  const ra = kindRank(a.kind ?? '');
  const rb = kindRank(b.kind ?? '');
  if (ra !== rb) return ra < rb;
  return stableSortString(a) < stableSortString(b);
}
