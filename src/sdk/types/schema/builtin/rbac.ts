/**
 * Schemas of RBAC (rbac.authorization/v1): Roles, ClusterRoles and their bindings.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import { GROUPS } from '../../../naming.js';
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, kind, message } from './build.js';
import { LABEL_SELECTOR, OBJECT_META } from './meta.js';
import { STRING } from './scalars.js';

/** PolicyRule (rbac/v1). */
export const POLICY_RULE: StructSchema = message('api.rbac.v1', 'PolicyRule', 'A permission: verbs on resources (or on non-resource URLs).', {
  verbs: [1, atomicList(STRING), 'Verbs allowed (get, list, watch, create, update, patch, delete, deletecollection ...); `*` allows all.', 're'],
  apiGroups: [2, atomicList(STRING), 'API groups of the resources; `""` is the core group, `*` all groups.'],
  resources: [3, atomicList(STRING), 'Resources the rule applies to, `resource/subresource` for sub-resources; `*` all.'],
  resourceNames: [4, atomicList(STRING), 'Object names the rule is limited to; all when empty.'],
  nonResourceURLs: [5, atomicList(STRING), 'URL paths (`/healthz`, `/api/*`) the rule applies to, for ClusterRoles only; not together with resources.'],
});

/** Role (rbac/v1). */
export const ROLE: StructSchema = kind('api.rbac.v1', 'Role', [{ group: GROUPS.rbac, version: 'v1', kind: 'Role' }], 'Permissions within one namespace, as a set of rules.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  rules: [2, atomicList(POLICY_RULE), 'The permissions granted.', 'e'],
});

/** AggregationRule (rbac/v1). */
export const AGGREGATION_RULE: StructSchema = message('api.rbac.v1', 'AggregationRule', 'How a ClusterRole\'s rules are aggregated from others.', {
  clusterRoleSelectors: [1, atomicList(LABEL_SELECTOR), 'ClusterRoles whose rules are added; any selector matches.'],
});

/** ClusterRole (rbac/v1). */
export const CLUSTER_ROLE: StructSchema = kind('api.rbac.v1', 'ClusterRole', [{ group: GROUPS.rbac, version: 'v1', kind: 'ClusterRole' }], 'Permissions across the cluster, or a reusable set of rules for RoleBindings.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  rules: [2, atomicList(POLICY_RULE), 'The permissions granted.', 'e'],
  aggregationRule: [3, AGGREGATION_RULE, 'Build the rules from other ClusterRoles by label; the controller then owns the rules.', 'p'],
});

/** Subject (rbac/v1). */
export const SUBJECT: StructSchema = message('api.rbac.v1', 'Subject', 'A user, group or service account.', {
  kind: [1, STRING, 'User, Group or ServiceAccount.', 're'],
  apiGroup: [2, STRING, 'API group of the subject: `rbac.authorization.platform.io` for users and groups, empty for service accounts.'],
  name: [3, STRING, 'Name of the subject.', 're'],
  namespace: [4, STRING, 'Namespace of a service account.'],
}, { atomic: true });

/** RoleRef (rbac/v1). */
export const ROLE_REF: StructSchema = message('api.rbac.v1', 'RoleRef', 'A reference to a Role or ClusterRole.', {
  apiGroup: [1, STRING, 'API group of the role.', 're'],
  kind: [2, STRING, 'Role or ClusterRole.', 're'],
  name: [3, STRING, 'Name of the role.', 're'],
}, { atomic: true });

/** RoleBinding (rbac/v1). */
export const ROLE_BINDING: StructSchema = kind('api.rbac.v1', 'RoleBinding', [{ group: GROUPS.rbac, version: 'v1', kind: 'RoleBinding' }], 'Grants the permissions of a Role or ClusterRole to subjects within one namespace.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  subjects: [2, atomicList(SUBJECT), 'Users, groups and service accounts granted the role.'],
  roleRef: [3, ROLE_REF, 'The Role (same namespace) or ClusterRole granted. Cannot be changed.', 're'],
});

/** ClusterRoleBinding (rbac/v1). */
export const CLUSTER_ROLE_BINDING: StructSchema = kind('api.rbac.v1', 'ClusterRoleBinding', [{ group: GROUPS.rbac, version: 'v1', kind: 'ClusterRoleBinding' }], 'Grants the permissions of a ClusterRole to subjects across the cluster.', {
  metadata: [1, OBJECT_META, 'The object\'s metadata: name, namespace, labels, annotations, and what the server maintains.'],
  subjects: [2, atomicList(SUBJECT), 'Users, groups and service accounts granted the role.'],
  roleRef: [3, ROLE_REF, 'The ClusterRole granted. Cannot be changed.', 're'],
});
