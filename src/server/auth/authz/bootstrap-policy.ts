/**
 * The default cluster roles and bindings created at start-up, as kube-apiserver's bootstrap
 * policy: cluster-admin (bound to `system:masters`), the aggregated user-facing roles admin, edit
 * and view, discovery and basic-user for authenticated users, public-info-viewer (health and
 * version) for everyone, system:node, and system:auth-delegator. Missing objects are created;
 * existing ones annotated `rbac.authorization.platform.io/autoupdate: "true"` get back the
 * permissions and subjects they lack (nothing is removed), as kube-apiserver reconciles them;
 * with the annotation set to anything else they are left as the cluster's owners changed them.
 */
import type { ClusterRole, ClusterRoleBinding, PolicyRule } from '../../../sdk/types/generated/rbac-v1.js';
import type { ObjectMeta } from '../../../sdk/types/generated/meta-v1.js';
import { DOMAIN, GROUPS } from '../../../sdk/naming.js';
import type { RbacObjects, RbacPolicyStore } from './rbac/policy-store.js';
import type { PolicyWriter } from './policy-writer.js';
import { covers } from '../../../machinery/rbac/policy-rule.js';
import { rulesOf } from './rbac/rules.js';
import { jsonEqual } from '../../../machinery/json/equal.js';

/** Label of the objects of the bootstrap policy. */
export const BOOTSTRAPPING_LABEL = `${DOMAIN}/bootstrapping`;
/** Annotation marking objects the server keeps up to date. */
export const AUTOUPDATE_ANNOTATION = `rbac.authorization.${DOMAIN}/autoupdate`;
/** Aggregation labels of the user-facing roles. */
export const AGGREGATE_TO = {
  admin: `rbac.authorization.${DOMAIN}/aggregate-to-admin`,
  edit: `rbac.authorization.${DOMAIN}/aggregate-to-edit`,
  view: `rbac.authorization.${DOMAIN}/aggregate-to-view`,
} as const;

const READ = ['get', 'list', 'watch'];
const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];
const ALL = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function r(apiGroups: string[], resources: string[], verbs: string[]): PolicyRule {
  return { verbs, apiGroups, resources };
}

function urls(nonResourceURLs: string[], verbs: string[]): PolicyRule {
  return { verbs, nonResourceURLs };
}

function meta(name: string, labels: Record<string, string> = {}): ObjectMeta {
  return { name, labels: { [BOOTSTRAPPING_LABEL]: 'rbac-defaults', ...labels }, annotations: { [AUTOUPDATE_ANNOTATION]: 'true' } };
}

function clusterRole(name: string, rules: PolicyRule[], labels: Record<string, string> = {}): ClusterRole {
  return { apiVersion: `${GROUPS.rbac}/v1`, kind: 'ClusterRole', metadata: meta(name, labels), rules };
}

function aggregated(name: string, label: string, labels: Record<string, string> = {}): ClusterRole {
  return {
    apiVersion: `${GROUPS.rbac}/v1`, kind: 'ClusterRole', metadata: meta(name, labels),
    aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [label]: 'true' } }] }, rules: [],
  };
}

function binding(name: string, role: string, subjects: { kind: 'Group' | 'User'; name: string }[]): ClusterRoleBinding {
  return {
    apiVersion: `${GROUPS.rbac}/v1`, kind: 'ClusterRoleBinding', metadata: meta(name),
    roleRef: { apiGroup: GROUPS.rbac, kind: 'ClusterRole', name: role },
    subjects: subjects.map((s) => ({ apiGroup: GROUPS.rbac, kind: s.kind, name: s.name })),
  };
}

const { apps, batch, autoscaling, policy, coordination, networking, discovery, authorization, authentication, rbac, certificates } = GROUPS;

const VIEW_RULES: PolicyRule[] = [
  r([''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers',
    'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status'], READ),
  r([''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status',
    'resourcequotas', 'resourcequotas/status'], READ),
  r([''], ['namespaces'], READ),
  r([discovery], ['endpointslices'], READ),
  r([apps], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status',
    'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status'], READ),
  r([autoscaling], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status'], READ),
  r([batch], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status'], READ),
  r([policy], ['poddisruptionbudgets', 'poddisruptionbudgets/status'], READ),
  r([networking], ['ingresses', 'ingresses/status', 'networkpolicies'], READ),
];

const EDIT_RULES: PolicyRule[] = [
  r([''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy'], READ),
  r([''], ['serviceaccounts'], ['impersonate']),
  r([''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy'], WRITE),
  r([''], ['pods/eviction'], ['create']),
  r([''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets',
    'serviceaccounts', 'services', 'services/proxy'], WRITE),
  r([''], ['serviceaccounts/token'], ['create']),
  r([apps], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale',
    'statefulsets', 'statefulsets/scale'], WRITE),
  r([autoscaling], ['horizontalpodautoscalers'], WRITE),
  r([batch], ['cronjobs', 'jobs'], WRITE),
  r([networking], ['ingresses', 'networkpolicies'], WRITE),
  r([policy], ['poddisruptionbudgets'], WRITE),
  r([coordination], ['leases'], ALL),
];

const ADMIN_RULES: PolicyRule[] = [
  r([authorization], ['localsubjectaccessreviews'], ['create']),
  r([rbac], ['rolebindings', 'roles'], ALL),
];

/** The ClusterRoles of the bootstrap policy, in creation order. */
export function bootstrapClusterRoles(): ClusterRole[] {
  return [
    clusterRole('cluster-admin', [r(['*'], ['*'], ['*']), urls(['*'], ['*'])]),
    clusterRole('system:discovery', [urls(['/api', '/api/*', '/apis', '/apis/*', '/healthz', '/livez', '/openapi', '/openapi/*', '/readyz', '/version', '/version/'], ['get'])]),
    clusterRole('system:public-info-viewer', [urls(['/healthz', '/livez', '/readyz', '/version', '/version/'], ['get'])]),
    clusterRole('system:basic-user', [
      r([authorization], ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], ['create']),
      r([authentication], ['selfsubjectreviews'], ['create']),
    ]),
    clusterRole('system:auth-delegator', [r([authentication], ['tokenreviews'], ['create']), r([authorization], ['subjectaccessreviews'], ['create'])]),
    clusterRole('system:node', [
      r([authentication], ['tokenreviews'], ['create']),
      r([authorization], ['localsubjectaccessreviews', 'subjectaccessreviews'], ['create']),
      r([''], ['services', 'endpoints'], READ),
      r([''], ['nodes'], ['create', 'get', 'list', 'watch', 'delete', 'patch', 'update']),
      r([''], ['nodes/status'], ['patch', 'update']),
      r([''], ['events'], ['create', 'patch', 'update']),
      r([''], ['pods'], READ),
      r([''], ['pods'], ['create', 'delete']),
      r([''], ['pods/status'], ['patch', 'update']),
      r([''], ['pods/eviction'], ['create']),
      r([''], ['configmaps', 'secrets', 'persistentvolumeclaims', 'persistentvolumes'], ['get']),
      r([''], ['serviceaccounts/token'], ['create']),
      r([certificates], ['certificatesigningrequests'], ['create', 'get', 'list', 'watch']),
      r([coordination], ['leases'], ['create', 'delete', 'get', 'patch', 'update']),
    ]),
    aggregated('admin', AGGREGATE_TO.admin),
    aggregated('edit', AGGREGATE_TO.edit, { [AGGREGATE_TO.admin]: 'true' }),
    aggregated('view', AGGREGATE_TO.view, { [AGGREGATE_TO.edit]: 'true' }),
    clusterRole('system:aggregate-to-admin', ADMIN_RULES, { [AGGREGATE_TO.admin]: 'true' }),
    clusterRole('system:aggregate-to-edit', EDIT_RULES, { [AGGREGATE_TO.edit]: 'true' }),
    clusterRole('system:aggregate-to-view', VIEW_RULES, { [AGGREGATE_TO.view]: 'true' }),
    // What metrics-server installs with itself: the resource metrics readable by view, edit and admin.
    clusterRole('system:aggregated-metrics-reader', [r([GROUPS.metrics], ['pods', 'nodes'], READ)], {
      [AGGREGATE_TO.view]: 'true', [AGGREGATE_TO.edit]: 'true', [AGGREGATE_TO.admin]: 'true',
    }),
  ];
}

/** The ClusterRoleBindings of the bootstrap policy. */
export function bootstrapClusterRoleBindings(): ClusterRoleBinding[] {
  return [
    binding('cluster-admin', 'cluster-admin', [{ kind: 'Group', name: 'system:masters' }]),
    binding('system:discovery', 'system:discovery', [{ kind: 'Group', name: 'system:authenticated' }]),
    binding('system:basic-user', 'system:basic-user', [{ kind: 'Group', name: 'system:authenticated' }]),
    binding('system:public-info-viewer', 'system:public-info-viewer', [
      { kind: 'Group', name: 'system:authenticated' }, { kind: 'Group', name: 'system:unauthenticated' },
    ]),
  ];
}

function autoupdate(obj: ClusterRole | ClusterRoleBinding): boolean {
  return obj.metadata?.annotations?.[AUTOUPDATE_ANNOTATION] === 'true';
}

/** Adds to `live` the rules (or aggregation selectors) `want` has and it lacks. Returns false when nothing is missing. */
export function reconcileRole(live: ClusterRole, want: ClusterRole): boolean {
  let changed = false;
  const wantSelectors = want.aggregationRule?.clusterRoleSelectors;
  if (wantSelectors !== undefined) {
    const rule = live.aggregationRule ?? {};
    const selectors = [...(rule.clusterRoleSelectors ?? [])];
    for (const s of wantSelectors) {
      if (!selectors.some((x) => jsonEqual(x, s))) {
        selectors.push(structuredClone(s));
        changed = true;
      }
    }
    if (changed) live.aggregationRule = { ...rule, clusterRoleSelectors: selectors };
    return changed;
  }
  const liveRules = rulesOf(live);
  // A stored role's `rules` is null when empty (Go encodes it without omitempty).
  const rules = [...(live.rules ?? [])];
  for (const r of want.rules ?? []) {
    if (covers(liveRules, rulesOf({ rules: [r] })).covered) continue;
    rules.push(structuredClone(r));
    changed = true;
  }
  if (changed) live.rules = rules;
  return changed;
}

/** Adds to `live` the subjects `want` has and it lacks. Returns false when nothing is missing. */
export function reconcileBinding(live: ClusterRoleBinding, want: ClusterRoleBinding): boolean {
  let changed = false;
  const subjects = [...(live.subjects ?? [])];
  for (const s of want.subjects ?? []) {
    if (!subjects.some((x) => jsonEqual(x, s))) {
      subjects.push(structuredClone(s));
      changed = true;
    }
  }
  if (changed) live.subjects = subjects;
  return changed;
}

async function ensure<P extends 'clusterroles' | 'clusterrolebindings'>(policy: RbacPolicyStore, writer: PolicyWriter, plural: P, objects: RbacObjects[P][],
  reconcile: (live: RbacObjects[P], want: RbacObjects[P]) => boolean): Promise<void> {
  const def = policy.def(plural);
  for (const want of objects) {
    const name = want.metadata?.name ?? '';
    const live = policy.get(plural, '', name);
    if (live === undefined) await writer.createIfMissing(def, '', want);
    else if (autoupdate(live) && reconcile(structuredClone(live), want)) {
      await writer.update(def, '', name, (obj) => autoupdate(obj) && reconcile(obj, want));
    }
  }
}

/** Creates the missing objects of the bootstrap policy and reconciles the auto-updated ones. */
export async function ensureBootstrapPolicy(policy: RbacPolicyStore, writer: PolicyWriter): Promise<void> {
  await ensure(policy, writer, 'clusterroles', bootstrapClusterRoles(), reconcileRole);
  await ensure(policy, writer, 'clusterrolebindings', bootstrapClusterRoleBindings(), reconcileBinding);
}
